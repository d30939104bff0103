import FlowEngine
import FlowModel

/// The canonical navigation state, as a short run of 32-bit words: the view-controller tree
/// from the window's root, each node by scene and class (never by address), with its lifecycle
/// position, place in its parent, selection (set or not), selected tab, presentation style and
/// which dependencies are nil. Two states with the same key behave the same for every command:
/// the engine reads values only as text, and decides only on nil-ness, selection and the tree.
///
/// Per node: `w0` = scene + 1 (0: built in code without a XIB) | class code << 16 (0: the scene's
/// class); `w1` = appearance (3 bits) | selection set (1) | role (3) | presentation style (4) |
/// presents (1) | selected tab (8) | child count (12); then the nil-mask of the class's
/// dependencies (one bit each, 32 a word; the class fixes how many words); then the children in
/// order, then the presented view controller.
struct StateEncoder {
    /// The class number (`Instance.classID`) of each scene's class.
    private let sceneClassIDs: [Int32]
    private var classCodes: [String: UInt32] = [:]

    init(_ sim: Simulator) {
        sceneClassIDs = sim.flow.scenes.indices.map { sim.classID(ofScene: $0) }
    }

    /// Instances still to encode, deepest last (reused, so a key costs no allocation).
    private var pending: [Int32] = []

    /// Encodes `state` into the front of `key` (grown as needed) and returns the key's length.
    mutating func encode(_ state: AppState, into key: inout [UInt32]) -> Int {
        guard let root = state.windowRoot else { return 0 }
        // At most 4 words an instance and a nil-mask word per 32 slots, plus one per instance:
        // room enough to write without a capacity check per word.
        let bound = state.instances.count * 5 + state.slots.count / 32 + 1
        if key.count < bound { key = [UInt32](repeating: 0, count: max(bound, 2 * key.count)) }
        if pending.count < state.instances.count { pending = [Int32](repeating: 0, count: max(state.instances.count, 2 * pending.count)) }
        let flowClasses = state.classNames.names.count
        var n = 0
        // Taken out of `self` while in use: a copy would share the buffer, and writing to it
        // would copy the whole stack on every call.
        var stack: [Int32] = []
        swap(&stack, &pending)
        defer { swap(&stack, &pending) }
        state.instances.withUnsafeBufferPointer { p in
            state.slots.withUnsafeBufferPointer { slots in
                key.withUnsafeMutableBufferPointer { out in
                    stack.withUnsafeMutableBufferPointer { todo in
                        // Preorder, without recursion (this runs for every node of every state):
                        // a node, its children in order, then what it presents.
                        var depth = 1
                        todo[0] = Int32(truncatingIfNeeded: root)
                        while depth > 0 {
                            depth -= 1
                            let id = Int(todo[depth])
                            n = word(id, p, slots, flowClasses, state, out, n)
                            if p[id].presented != nil {
                                todo[depth] = Int32(truncatingIfNeeded: p[id].presented!)
                                depth += 1
                            }
                            var c = p[id].lastChild
                            while c >= 0 {
                                todo[depth] = c
                                depth += 1
                                c = p[Int(c)].previousSibling
                            }
                        }
                    }
                }
            }
        }
        return n
    }

    /// Writes one node's words at `n` and returns the position after them.
    @inline(__always)
    private mutating func word(_ id: Int, _ p: UnsafeBufferPointer<Instance>, _ slots: UnsafeBufferPointer<DependencySlot>,
                               _ flowClasses: Int, _ state: AppState, _ key: UnsafeMutableBufferPointer<UInt32>, _ start: Int) -> Int {
        var n = start
        let classID = p[id].classID
        var w0: UInt32 = 0
        if let s = p[id].scene {
            w0 = UInt32(truncatingIfNeeded: s + 1) & 0xFFFF
            if classID != sceneClassIDs[s] { w0 |= classCode(classID, flowClasses, state) << 16 }
        } else {
            w0 = classCode(classID, flowClasses, state) << 16
        }
        var w1 = Self.appearanceCode(p[id].appearance)
        if p[id].hasSelection { w1 |= 1 << 3 }
        w1 |= Self.roleCode(p[id].role) << 4
        w1 |= Self.styleCode(p[id].presentationStyle) << 7
        if p[id].presented != nil { w1 |= 1 << 11 }
        let tab = p[id].selectedTab, children = Int(p[id].childCount)
        let escaped = tab >= 255 || children >= 4095
        w1 |= escaped ? (0xFF << 12) | (0xFFF << 20) : UInt32(tab) << 12 | UInt32(children) << 20
        key[n] = w0
        key[n + 1] = w1
        n += 2
        if escaped {
            key[n] = UInt32(truncatingIfNeeded: tab)
            key[n + 1] = UInt32(truncatingIfNeeded: children)
            n += 2
        }
        let dependencies = Int(p[id].dependencyCount)
        if dependencies > 0 {
            let first = Int(p[id].firstDependency)
            var mask: UInt32 = 0
            var bit: UInt32 = 0
            for k in first..<first + dependencies {
                if slots[k].value != nil { mask |= 1 << bit }
                bit += 1
                if bit == 32 {
                    key[n] = mask
                    n += 1
                    mask = 0
                    bit = 0
                }
            }
            if bit > 0 {
                key[n] = mask
                n += 1
            }
        }
        return n
    }

    /// A class's code: its number in the flow + 1, or for a class the flow does not list (a
    /// number that depends on the order the path met them), a code of its own from 0x8000 up.
    private mutating func classCode(_ c: Int32, _ flowClasses: Int, _ state: AppState) -> UInt32 {
        if Int(c) < flowClasses { return UInt32(c) + 1 }
        return classCode(state.className(classID: c)) | 0x8000
    }

    private mutating func classCode(_ name: String) -> UInt32 {
        if let c = classCodes[name] { return c }
        let c = UInt32(classCodes.count + 1)
        classCodes[name] = c
        return c
    }

    private static func appearanceCode(_ a: Appearance) -> UInt32 {
        switch a {
        case .notLoaded: 0
        case .loaded: 1
        case .appeared: 2
        case .disappeared: 3
        case .released: 4
        }
    }

    private static func roleCode(_ r: ChildRole?) -> UInt32 {
        switch r {
        case nil: 0
        case .stack: 1
        case .tab: 2
        case .primary: 3
        case .secondary: 4
        case .embedded: 5
        }
    }

    private static func styleCode(_ s: ModalPresentationStyle?) -> UInt32 {
        guard let s else { return 0 }
        switch s {
        case .automatic: return 1
        case .fullScreen: return 2
        case .pageSheet: return 3
        case .formSheet: return 4
        case .currentContext: return 5
        case .custom: return 6
        case .overFullScreen: return 7
        case .overCurrentContext: return 8
        case .popover: return 9
        case .none: return 10
        case .blurOverFullScreen: return 11
        }
    }
}

/// The visited set: every key once, in one contiguous arena of words, found through an
/// open-addressing table of state numbers (linear probing, at most half full).
struct StateSet {
    private(set) var arena: [UInt32] = []
    /// `starts[i] ..< starts[i + 1]`: state i's key in the arena.
    private var starts: [UInt32] = [0]
    private var hashes: [UInt32] = []
    /// State number + 1; 0 is empty.
    private var slots: [UInt32]
    private var mask: Int

    init(capacity: Int = 1 << 12) {
        var n = 16
        while n < capacity * 2 { n <<= 1 }
        slots = [UInt32](repeating: 0, count: n)
        mask = n - 1
    }

    var count: Int { hashes.count }

    /// Bytes held per state: its key, its start and hash, and two table slots (the table is
    /// kept at most half full; its initial size is not charged to small explorations).
    var bytesPerState: Double {
        guard count > 0 else { return 0 }
        return Double(arena.count * 4) / Double(count) + 4 + 4 + 2 * 4
    }

    static func hash(_ key: UnsafeBufferPointer<UInt32>) -> UInt32 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count)
        for w in key {
            h = (h ^ UInt64(w)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
        }
        h ^= h >> 29
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 32
        return UInt32(truncatingIfNeeded: h)
    }

    /// The state number of `key`, and whether it is new.
    mutating func insert(_ key: [UInt32]) -> (index: Int, inserted: Bool) {
        insert(key, count: key.count)
    }

    /// The state number of the first `count` words of `key`, and whether it is new.
    mutating func insert(_ key: [UInt32], count: Int) -> (index: Int, inserted: Bool) {
        key.withUnsafeBufferPointer { whole in
            let k = UnsafeBufferPointer(rebasing: whole[..<count])
            let h = Self.hash(k)
            var pos = Int(h) & mask
            while true {
                let slot = slots[pos]
                if slot == 0 { break }
                let index = Int(slot - 1)
                if hashes[index] == h && equal(index, k) { return (index, false) }
                pos = (pos + 1) & mask
            }
            let index = hashes.count
            hashes.append(h)
            arena.append(contentsOf: k)
            starts.append(UInt32(truncatingIfNeeded: arena.count))
            slots[pos] = UInt32(index + 1)
            if hashes.count * 2 > slots.count { grow() }
            return (index, true)
        }
    }

    private func equal(_ index: Int, _ k: UnsafeBufferPointer<UInt32>) -> Bool {
        let start = Int(starts[index]), end = Int(starts[index + 1])
        guard end - start == k.count else { return false }
        return arena.withUnsafeBufferPointer { a in
            for j in 0..<k.count where a[start + j] != k[j] { return false }
            return true
        }
    }

    private mutating func grow() {
        let n = slots.count * 2
        var fresh = [UInt32](repeating: 0, count: n)
        let m = n - 1
        for (index, h) in hashes.enumerated() {
            var pos = Int(h) & m
            while fresh[pos] != 0 { pos = (pos + 1) & m }
            fresh[pos] = UInt32(index + 1)
        }
        slots = fresh
        mask = m
    }
}
