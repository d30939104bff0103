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
///
/// A key has one of two forms, told apart by its first word:
/// - `treeForm`, then every node of the tree in that order;
/// - `splitForm`, when the window's root is a tab bar controller whose children are all tabs
///   (the root of most apps): then the root's own words, as their number in `roots`; for each
///   tab, its whole subtree's words, as their number in `segments`; and when the root presents
///   a view controller, the presented subtree's words, numbered the same way (the root's words
///   say whether it presents). A command on the shown tab (or in the presented subtree) changes
///   only that number (and a tab switch, two), so `Explorer` reuses a command's outcome for
///   every state with the same root and shown part, and a state's key is a few words.
/// A state has only one form, so the forms never compare two states wrongly.
struct StateEncoder {
    static let treeForm: UInt32 = 0
    static let splitForm: UInt32 = 1

    /// The class number (`Instance.classID`) of each scene's class.
    private let sceneClassIDs: [Int32]
    /// By class number: whether the class is a tab bar controller.
    private let isTabBar: [Bool]
    private var classCodes: [String: UInt32] = [:]
    /// The tabs' subtrees of split keys, numbered.
    private(set) var segments = StateSet(capacity: 1 << 10)
    /// The roots' own words of split keys, numbered; and by that number, the part the user acts
    /// on: the tab the root shows, or (the number of tabs) what the root presents.
    private(set) var roots = StateSet(capacity: 16)
    private(set) var shownTab: [Int] = []

    init(_ sim: Simulator) {
        sceneClassIDs = sim.flow.scenes.indices.map { sim.classID(ofScene: $0) }
        let flow = sim.flow
        isTabBar = sim.state.classNames.names.map { flow.containerKind(of: $0) == .tabBar }
    }

    /// Instances still to encode, deepest last (reused, so a key costs no allocation).
    private var pending: [Int32] = []
    /// One tab's words, before they are numbered.
    private var scratch: [UInt32] = []

    /// Encodes `state` into the front of `key` (grown as needed) and returns the key's length.
    mutating func encode(_ state: AppState, into key: inout [UInt32]) -> Int {
        guard let root = state.windowRoot else { return 0 }
        let tabs = splitTabs(root, state)
        guard tabs > 0 else {
            if key.isEmpty { key = [0] }
            key[0] = Self.treeForm
            return tree(from: root, state, into: &key, at: 1)
        }
        if key.count < 3 + tabs { key = [UInt32](repeating: 0, count: max(3 + tabs, 2 * key.count)) }
        key[0] = Self.splitForm
        var words: [UInt32] = []
        swap(&words, &scratch)
        defer { swap(&words, &scratch) }
        let n = nodeWords(root, state, into: &words)
        let (r, isNew) = roots.insert(words, count: n)
        if isNew {
            // What the user acts on: the presented subtree (the number after the tabs'), or a tab.
            if state[root].presented != nil {
                shownTab.append(tabs)
            } else {
                let shown = state.visibleChain(from: root).dropFirst().first
                shownTab.append(shown.flatMap { s in Array(state.children(of: root)).firstIndex(of: s) } ?? 0)
            }
        }
        key[1] = UInt32(truncatingIfNeeded: r)
        var k = 2
        var c = state[root].firstChild
        while c >= 0 {
            key[k] = segment(Int(c), state, &words)
            k += 1
            c = state[Int(c)].nextSibling
        }
        if let presented = state[root].presented {
            key[k] = segment(presented, state, &words)
            k += 1
        }
        return k
    }

    /// The number in `segments` of the words of the subtree from `id` (written in `words`).
    private mutating func segment(_ id: Int, _ state: AppState, _ words: inout [UInt32]) -> UInt32 {
        let length = tree(from: id, state, into: &words, at: 0)
        return UInt32(truncatingIfNeeded: segments.insert(words, count: length).index)
    }

    /// The number of tabs when `root` is split (a tab bar controller all of whose children are
    /// tabs), else 0.
    private func splitTabs(_ root: Int, _ state: AppState) -> Int {
        let r = state[root]
        guard r.classID >= 0, Int(r.classID) < isTabBar.count, isTabBar[Int(r.classID)], r.childCount > 0 else { return 0 }
        var c = r.firstChild
        while c >= 0 {
            if state[Int(c)].role != .tab { return 0 }
            c = state[Int(c)].nextSibling
        }
        return Int(r.childCount)
    }

    /// One node's own words (not its children's) into the front of `out`; returns their count.
    private mutating func nodeWords(_ id: Int, _ state: AppState, into out: inout [UInt32]) -> Int {
        let bound = 4 + state.slots.count / 32 + 1
        if out.count < bound { out = [UInt32](repeating: 0, count: max(bound, 2 * out.count)) }
        let flowClasses = state.classNames.names.count
        var n = 0
        state.instances.withUnsafeBufferPointer { p in
            state.slots.withUnsafeBufferPointer { slots in
                out.withUnsafeMutableBufferPointer { o in
                    n = word(id, p, slots, flowClasses, state, o, 0)
                }
            }
        }
        return n
    }

    /// The words of the tree from `root` (preorder), written into `key` from `start` (grown as
    /// needed); returns the position after them.
    private mutating func tree(from root: Int, _ state: AppState, into key: inout [UInt32], at start: Int) -> Int {
        // At most 4 words an instance and a nil-mask word per 32 slots, plus one per instance:
        // room enough to write without a capacity check per word.
        let bound = start + state.instances.count * 5 + state.slots.count / 32 + 1
        if key.count < bound { key = [UInt32](repeating: 0, count: max(bound, 2 * key.count)) }
        if pending.count < state.instances.count { pending = [Int32](repeating: 0, count: max(state.instances.count, 2 * pending.count)) }
        let flowClasses = state.classNames.names.count
        var n = start
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
        case .supplementary: 6
        case .compact: 7
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
