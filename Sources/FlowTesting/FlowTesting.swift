// The library for app teams' tests lives here (issue 5).
