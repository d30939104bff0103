import FlowModel

/// `forced-cast-fails` (the exploration reached an `as!` that traps) and `destination-cast-fails`
/// (the lint: every segue reaching `prepare` leads elsewhere) say one mistake when they name
/// one Swift line: the exploration's finding, which has the path, is kept at error and the
/// lint's is left out. The lint still speaks where the exploration does not reach (a source
/// scene no path leads to, a cast the reader could not follow).
enum ForcedCastFindings {
    /// `Module/File.swift:41: Could not cast …` → (`File.swift`, 41).
    static func location(in message: String) -> (file: String, line: Int)? {
        let parts = message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count > 2, let line = Int(parts[1]) else { return nil }
        return (String(parts[0].split(separator: "/").last ?? parts[0]), line)
    }

    /// The prepare or launch case the finding's cast was read from: the part of the flow to
    /// blame, whose `at` is the Swift line.
    static func origin(of message: String, in flow: Flow) -> Origin? {
        guard let (file, line) = location(in: message) else { return nil }
        func matches(_ c: PrepareCase) -> Bool {
            guard c.forced || !c.forcedUnwraps.isEmpty, let loc = flow.codeLocations[c.origin.path] else { return false }
            return loc.line == line && (loc.file == file || loc.file.hasSuffix("/" + file))
        }
        for name in flow.classes.keys.sorted() {
            if let c = flow.classes[name]?.prepare?.first(where: matches) { return c.origin }
        }
        return flow.launch.inject.first(where: matches)?.origin
    }

    /// The findings without the lints an exploration finding repeats at the same Swift line.
    static func withoutRepeatedLints(_ findings: [Finding]) -> [Finding] {
        let found = Set(findings.filter { $0.rule == Rules.forcedCastFails }.compactMap(\.code))
        guard !found.isEmpty else { return findings }
        return findings.filter { f in
            guard f.rule == Rules.destinationCastFails, let code = f.code else { return true }
            return !found.contains(code)
        }
    }

    /// A statement of `prepare` after the cast never runs when the cast traps: what flownav did
    /// not read there (`… at /App/List.swift:93: prepare(for:sender:): …`) is no assumption of it.
    static func withoutStatementsAfterTheCast(_ assumptions: [String], message: String) -> [String] {
        guard let (file, line) = location(in: message) else { return assumptions }
        return assumptions.filter { a in
            guard a.contains(": prepare(for:sender:): "), let at = a.firstRange(of: " at ") else { return true }
            let rest = a[at.upperBound...]
            let parts = rest.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count > 2, let noted = Int(parts[1]) else { return true }
            let sameFile = parts[0] == file || parts[0].hasSuffix("/" + file)
            return !(sameFile && noted > line)
        }
    }

    static let hint = "the object is not of that class or protocol on this path: cast the navigation controller's topViewController (or viewControllers.first) when the destination became one, or use as? and handle the other destinations"
}
