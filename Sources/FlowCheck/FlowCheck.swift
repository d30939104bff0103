// The checker lives here (issue 6).
