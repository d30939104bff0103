/// The line of the app's Swift code a fact was read from (`"at": "Views/ListViewController.swift:42"`):
/// where `check` points a finding about that fact, since that line is the one to change.
public struct CodeLocation: Hashable, Sendable, CustomStringConvertible {
    /// As the flow gives it: relative to the working directory when the sources were read from
    /// an app folder, so that SARIF viewers find it in the repository.
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `PATH:LINE`, split at the last colon (a path may hold colons, a line number does not).
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":") else { return nil }
        let digits = text[text.index(after: colon)...]
        let file = String(text[..<colon])
        guard !file.isEmpty, !digits.isEmpty, digits.count <= 9, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let line = Int(digits), line >= 1 else { return nil }
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}

extension Flow {
    /// The Swift line of the part of the flow at a JSON path, or of the nearest part holding it
    /// (`classes.List.prepare[0].set.store` → the prepare case; a dependency without a line →
    /// its class's declaration).
    public func codeLocation(ofPath path: String) -> CodeLocation? {
        guard path.hasPrefix("classes.") || path.hasPrefix("classes[") || path.hasPrefix("launch.") else { return nil }
        guard !codeLocations.isEmpty else { return nil }
        // The longest key that is the path or a prefix of it ending before a `.` or `[`: each
        // such prefix looked up, longest first (a scan of every key per finding made `check`
        // grow with findings × parts read from code).
        if let loc = codeLocations[path] { return loc }
        var end = path.endIndex
        while end > path.startIndex {
            end = path.index(before: end)
            let c = path[end]
            if c == "." || c == "[", let loc = codeLocations[String(path[..<end])] { return loc }
        }
        return nil
    }
}
