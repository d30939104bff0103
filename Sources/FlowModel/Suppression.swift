/// A `check` finding the team intends: suppressed by rule and place, with the reason the report
/// shows. `at` is a JSON path of the flow (`segues[5]`, `classes.AddItemViewController`); it
/// covers the finding whose place is that path or inside it.
public struct Suppression: Hashable, Sendable {
    public var rule: String
    public var at: String
    public var reason: String
    public var origin: Origin

    public init(rule: String, at: String, reason: String, origin: Origin) {
        self.rule = rule
        self.at = at
        self.reason = reason
        self.origin = origin
    }

    /// Whether a finding of `rule` placed at the JSON path `path` is covered.
    public func covers(rule: String, path: String) -> Bool {
        guard rule == self.rule else { return false }
        guard path.hasPrefix(at) else { return false }
        let rest = path.dropFirst(at.count)
        return rest.isEmpty || rest.hasPrefix(".") || rest.hasPrefix("[")
    }
}
