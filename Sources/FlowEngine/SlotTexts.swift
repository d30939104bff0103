import Synchronization

/// The texts of dependency slots — names, values, provenances — each stored once per flow and
/// named by number, so that a slot is a record of three numbers (`SlotRecord`). `flownav check`
/// copies every slot of a state for each transition it tries, and copying a slot of three
/// strings retained and released each of them; a record of numbers copies as a block.
///
/// Append-only: a number, once given, names the same text for good, so every state of a flow
/// (every copy of its simulator shares the one table) compares and encodes slots by number.
/// The texts the flow itself fixes (dependency names, default values, the provenances of new
/// instances and segue actions) are numbered when the table is made and read without a lock;
/// texts made while the app runs (an evaluated expression, a caller's name) are added under a
/// lock, as copies of a simulator may run on several threads.
public final class SlotTexts: Sendable {
    /// The number of a slot whose value is nil.
    static let nilValue: UInt32 = .max

    private let fixed: [String]
    private let added: Mutex<Added>
    /// The last stamp given (`AppState.stamps`): one clock for every state of the flow, so that
    /// no two changes, in any copy of any state, share a stamp.
    private let clock = Atomic<UInt64>(0)

    /// A stamp no change has had.
    @inline(__always) func stamp() -> UInt64 {
        clock.add(1, ordering: .relaxed).newValue
    }

    /// The texts numbered after `fixed`, and every text's number (one dictionary, so that
    /// numbering a text hashes it once).
    private struct Added {
        var texts: [String] = []
        var numbers: [String: UInt32] = [:]
    }

    /// The provenances of a new instance's slots, by number: every table numbers them first,
    /// so a slot's template is built without looking them up.
    let defaultValue: UInt32 = 0
    let setByInitCoder: UInt32 = 1
    let notSet: UInt32 = 2
    private static let provenances = ["default value", "set by init(coder:)", "not set"]

    /// A table whose first numbers are the provenances above, then `texts`, in order (repeats
    /// keep their first number).
    init(_ texts: [String] = []) {
        var list: [String] = []
        var numbers: [String: UInt32] = [:]
        // Sized once, with room for the texts a run adds first: growing the table rehashed
        // every text (start-up pays for it).
        list.reserveCapacity(texts.count + Self.provenances.count)
        numbers.reserveCapacity(texts.count + Self.provenances.count + 64)
        for t in Self.provenances + texts where numbers[t] == nil {
            numbers[t] = UInt32(list.count)
            list.append(t)
        }
        fixed = list
        added = Mutex(Added(numbers: numbers))
    }

    /// The number of `text`, given now if it has none.
    func number(_ text: String) -> UInt32 {
        let base = fixed.count
        return added.withLock { a in
            if let n = a.numbers[text] { return n }
            let n = UInt32(base + a.texts.count)
            a.texts.append(text)
            a.numbers[text] = n
            return n
        }
    }

    /// `number(_:)` of a value, `nilValue` for nil.
    func number(value: String?) -> UInt32 {
        value.map(number) ?? Self.nilValue
    }

    /// The text numbered `n`.
    func text(_ n: UInt32) -> String {
        let i = Int(n)
        if i < fixed.count { return fixed[i] }
        return added.withLock { $0.texts[i - fixed.count] }
    }

    /// Whether text `n` is `text`: a name lookup, read in place (a name is one of the flow's).
    func matches(_ n: UInt32, _ text: String) -> Bool {
        let i = Int(n)
        return i < fixed.count ? fixed[i] == text : self.text(n) == text
    }

    /// The value numbered `n`: nil for `nilValue`.
    func value(_ n: UInt32) -> String? {
        n == Self.nilValue ? nil : text(n)
    }

    /// A slot's record, its texts numbered.
    func record(_ slot: DependencySlot) -> SlotRecord {
        SlotRecord(name: number(slot.name), value: number(value: slot.value), provenance: number(slot.provenance))
    }

    /// A slot's texts from its record.
    func slot(_ r: SlotRecord) -> DependencySlot {
        DependencySlot(name: text(r.name), value: value(r.value), provenance: text(r.provenance))
    }
}

/// A dependency slot as a state holds it: its texts by number in the flow's `SlotTexts`
/// (`AppState.dependencies(of:)` gives them back as `DependencySlot`s).
public struct SlotRecord: Hashable, Sendable, BitwiseCopyable {
    var name: UInt32
    var value: UInt32
    var provenance: UInt32

    /// Whether the dependency has a value (nil-ness is all a state's key reads of it).
    public var hasValue: Bool { value != SlotTexts.nilValue }
}
