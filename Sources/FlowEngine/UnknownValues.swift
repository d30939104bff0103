import FlowModel

/// A value set by code flownav did not read. It is a value, not nil: that code may well have
/// set it, and a false crash costs more trust than a missed one. So it never traps (an
/// implicitly unwrapped read included), never fails a cast and never counts as a missing
/// injection; a state's key takes it as set. Copied by an assignment (`dest.x = self.x`) it
/// stays unknown, since the text copied is this one.
enum UnknownValue {
    static let prefix = "‹unknown: "

    /// `‹unknown: set by code flownav did not read, at Songs/ListViewController.swift:42›`,
    /// which `inspect` and the shell show as the value.
    static func text(at site: CodeLocation) -> String { "\(prefix)set by code flownav did not read, at \(site)›" }

    static func isUnknown(_ text: String) -> Bool { text.hasPrefix(prefix) }

    /// What `inspect` shows under the value: who left it unknown.
    static func provenance(at site: CodeLocation) -> String { "code flownav did not read (\(site))" }

    /// A segue action whose body was not understood: what its `Instantiation` names.
    static func initializer(at site: CodeLocation) -> String { "an initializer flownav did not read (\(site))" }
}

extension DependencySlot {
    /// Whether the value was set by code flownav did not read (`UnknownValue`).
    public var isUnknown: Bool { value.map(UnknownValue.isUnknown) ?? false }
}

extension Simulator {
    /// Every dependency of `id` still nil becomes unknown: code flownav did not read, at `site`,
    /// may have set it (a launch root or a built controller whose set-up was not read). What
    /// the read code gave it (an initializer's arguments, a default) stays.
    mutating func markNilDependenciesUnknown(of id: Int, at site: CodeLocation) {
        let count = Int(state[id].dependencyCount)
        guard count > 0 else { return }
        let first = Int(state[id].firstDependency)
        let value = UnknownValue.text(at: site)
        var provenance: UInt32?
        for k in first..<first + count where !state.slots[k].hasValue {
            if provenance == nil { provenance = index.texts.number(UnknownValue.provenance(at: site)) }
            state.setSlot(k, of: id, value: value, provenance: provenance!)
        }
    }
}
