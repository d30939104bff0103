import FlowModel

/// Dependencies' names and default values (`SlotTexts.nilValue` for none) by their numbers in
/// the flow's `SlotTexts`. A class's slot templates are built from these, numbered once for all
/// of them: numbering three texts a slot for every template hashed each under a lock.
struct DependencyNumbers: Sendable {
    let names: [UInt32]
    let values: [UInt32]
    /// For a dependency code flownav did not read assigns (`Dependency.unknown`): the unknown
    /// value it starts with and its provenance; `SlotTexts.nilValue` for the others.
    let unknownValues: [UInt32]
    let unknownProvenances: [UInt32]

    /// Numbers `dependencies`' texts one by one.
    init(_ dependencies: [Dependency], texts: SlotTexts) {
        names = dependencies.map { texts.number($0.name) }
        values = dependencies.map { texts.number(value: $0.defaultValue) }
        unknownValues = dependencies.map { d in d.unknown.map { texts.number(UnknownValue.text(at: $0)) } ?? SlotTexts.nilValue }
        unknownProvenances = dependencies.map { d in d.unknown.map { texts.number(UnknownValue.provenance(at: $0)) } ?? SlotTexts.nilValue }
    }

    /// What `init(coder:)` builds for an initializer-injected dependency it sets.
    static func built(_ d: Dependency) -> String { "\(d.type)(…)" }

    /// "never set: … does not set it": the provenance of a slot `initializer` leaves nil.
    static func neverSet(_ initializer: String) -> String { "never set: \(initializer) does not set it" }
}

extension FlowIndex.ClassInfo {
    /// The dependency slots of an instance made by `initializer`, as the records a state
    /// holds, from the dependencies' numbered texts: a property starts at its default, an
    /// initializer-injected one the initializer does not set is never set.
    static func records(of dependencies: [Dependency], _ numbers: DependencyNumbers, initializer: String, sets: [String], texts: SlotTexts) -> [SlotRecord] {
        var neverSet: UInt32?
        var out: [SlotRecord] = []
        out.reserveCapacity(dependencies.count)
        for (k, d) in dependencies.enumerated() {
            let name = numbers.names[k], value = numbers.values[k]
            // Unread code may set it before anything reads it: unknown, unless the initializer
            // sets it (its arguments, or what init(coder:) builds), which is read code.
            if numbers.unknownValues[k] != SlotTexts.nilValue, !sets.contains(d.name) {
                out.append(SlotRecord(name: name, value: numbers.unknownValues[k], provenance: numbers.unknownProvenances[k]))
                continue
            }
            switch d.injection {
            case .property:
                out.append(SlotRecord(name: name, value: value, provenance: texts.defaultValue))
            case .initializer where !sets.contains(d.name):
                var provenance = texts.defaultValue
                if d.defaultValue == nil {
                    if neverSet == nil { neverSet = texts.number(DependencyNumbers.neverSet(initializer)) }
                    provenance = neverSet!
                }
                out.append(SlotRecord(name: name, value: value, provenance: provenance))
            case .initializer where initializer == "init(coder:)":
                // init(coder:) takes no arguments: what it sets it builds itself (Habitica's
                // `viewModel = SubscriptionViewModel(…)`), and a non-optional is never nil.
                out.append(SlotRecord(name: name, value: texts.number(DependencyNumbers.built(d)), provenance: texts.setByInitCoder))
            default:
                out.append(SlotRecord(name: name, value: SlotTexts.nilValue, provenance: texts.notSet))
            }
        }
        return out
    }
}
