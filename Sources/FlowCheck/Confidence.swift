/// Whether a finding holds whatever the code flownav did not read does (issue 30).
public enum Confidence: String, Hashable, Sendable, CaseIterable {
    /// Every step the finding rests on is code flownav read, or UIKit's own behaviour.
    case definite
    /// The finding rests on an assumption (`Finding.assumes`): it may not happen in the app.
    case possible

    public init?(name: String) { self.init(rawValue: name) }
}

extension Finding {
    /// Makes the finding possible, resting on `assumptions` (none: unchanged). A possible error
    /// or warning is a note: a false crash costs more trust than a missed one, so only definite
    /// findings fail the default exit status. The rule, message and key stay, so a baseline or
    /// suppression written before still covers it.
    public mutating func assume(_ assumptions: [String]) {
        guard !assumptions.isEmpty else { return }
        for a in assumptions where !assumes.contains(a) { assumes.append(a) }
        confidence = .possible
        severity = min(severity, .note)
    }

    /// `possible — assumes A; B`, or nil for a definite finding.
    public var confidenceText: String? {
        guard confidence == .possible else { return nil }
        return assumes.isEmpty ? "possible" : "possible — assumes " + assumes.joined(separator: "; ")
    }
}
