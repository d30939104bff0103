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
/// A subtree's words are every node of it in that order (`segments` numbers them). A key has one
/// of two forms, told apart by its first word:
/// - `splitForm`, when the window's root is a tab bar controller whose children are all tabs
///   (the root of most apps): then the root's own words, as their number in `roots`; for each
///   tab, its whole subtree's words, as their number in `segments`; and when the root presents
///   a view controller, the presented subtree's words, numbered the same way (the root's words
///   say whether it presents). A command on the shown tab (or in the presented subtree) changes
///   only that number (and a tab switch, two), so `Explorer` reuses a command's outcome for
///   every state with the same root and shown part, and a state's key is a few words.
/// - `chainForm`, for every other root: the tree cut in two. The *spine* — the visible chain
///   of the window's root and, from each of its nodes that presents, of what it presents — is
///   one number in `spines` (each spine node's words after a tag word: its parent's place in the
///   spine and its position there, or "presented"). Every other child of a spine node (a
///   stack's lower view controllers, the tabs not shown) is a *hidden unit*: its place and its
///   whole subtree's number in `segments`, numbered in `units`; the hidden units, in the
///   spine's order, are one hash-consed list (`lists`: a prefix's number and the last unit).
///   When a view controller is presented from the spine, what it presents is a layer of its
///   own: the layers below the top one are each a record (their list and spine, numbered in
///   `layers`), in a list of their own. So the key is four words — the chain form, the top
///   layer's spine and list, the list of layers below — and a command on the front-most scene
///   changes the spine and the end of the list (a push appends the old top, a back takes it
///   off), or adds a layer (a presentation) or takes one off (a dismiss): `Explorer` reuses an
///   outcome for every state with the same spine and the same units or layer it takes off.
/// A state has only one form, so the forms never compare two states wrongly.
struct StateEncoder {
    static let splitForm: UInt32 = 1
    static let chainForm: UInt32 = 2
    /// The empty list of hidden units.
    static let emptyList: UInt32 = .max

    /// The spines of chain keys, numbered; hidden units (tag, segment), numbered; lists of
    /// hidden units, by number: their prefix's number, last unit and length.
    private(set) var spines = StateSet(capacity: 1 << 10)
    private(set) var units = PairSet(capacity: 1 << 10)
    private(set) var lists = PairSet(capacity: 1 << 12)
    /// By instance: whether it is on the spine being encoded (cleared after each key).
    private var onSpine: [Bool] = []
    private var marked: [Int] = []
    private var spineWords: [UInt32] = []
    private var spineLength = 0
    private var spineCount = 0
    private var hiddenUnits: [UInt32] = []
    /// The roots of the layers of the state last encoded in the chain form (or read by
    /// `hiddenRoots`), the top one last.
    private(set) var layerRoots: [Int] = []
    private var cutSeen = false
    /// Layers below the top one, numbered: (list, spine) pairs.
    private(set) var layers = PairSet(capacity: 1 << 8)
    /// Spines cut at a tab bar (`tabLayout`), numbered.
    var cuts = StateSet(capacity: 1 << 6)

    /// Bytes held by the chain form's tables (the spines' words and the pair tables).
    var chainBytes: Int { spines.bytes + units.bytes + lists.bytes + layers.bytes }

    /// The list `prefix` followed by `unit`, numbered.
    @inline(__always) mutating func cons(_ prefix: UInt32, _ unit: UInt32) -> UInt32 {
        UInt32(truncatingIfNeeded: lists.insert(prefix, unit).index)
    }

    /// List `l` without its last unit, and that unit.
    // The pairs are read as a stored property: through a method of the set, the optimiser
    // copied the whole encoder on each call from a non-mutating caller.
    @inline(__always) func prefix(_ l: UInt32) -> UInt32 { UInt32(truncatingIfNeeded: lists.pairs[Int(l)]) }
    @inline(__always) func last(_ l: UInt32) -> UInt32 { UInt32(truncatingIfNeeded: lists.pairs[Int(l)] >> 32) }

    // Inlined: called on a copy of the whole encoder (a memcpy per call) otherwise.
    /// Whether list `l` has at least `n` units.
    @inline(__always) func hasUnits(_ l: UInt32, atLeast n: Int) -> Bool {
        var l = l
        for _ in 0..<n {
            if l == Self.emptyList { return false }
            l = prefix(l)
        }
        return true
    }

    @inline(__always) func length(ofList l: UInt32) -> Int {
        var l = l, n = 0
        while l != Self.emptyList {
            l = prefix(l)
            n += 1
        }
        return n
    }

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
        // The simulator's index has each class's lineage worked out: asking the flow walked it again.
        isTabBar = sim.state.classNames.names.indices.map { sim.containerKind(classID: Int32($0)) == .tabBar }
    }

    /// Instances still to encode, deepest last (reused, so a key costs no allocation).
    private var pending: [Int32] = []
    /// One tab's words, before they are numbered.
    private var scratch: [UInt32] = []

    /// Segment numbers by subtree stamp (`AppState.stamps`): a subtree is encoded once per
    /// stamp, not once per state that holds it (a hidden tab or a stack's lower view
    /// controllers stay the same across most commands). A table of fixed size, each key
    /// (stamp << 24 | instance, 0: empty) in one place, overwritten by the next that maps there,
    /// so it holds the same memory however long the exploration.
    private var stampKeys = [UInt64](repeating: 0, count: Self.stampTableSize)
    private var stampSegments = [UInt32](repeating: 0, count: Self.stampTableSize)
    private static let stampTableBits = 14
    private static let stampTableSize = 1 << stampTableBits
    /// The stamps' source of the states this encoder keeps stamps for, and whether the state
    /// being encoded has it.
    private var stampSource: (any AnyObject & Sendable)?
    private var stampsUsable = false

    private mutating func useStamps(of state: AppState) {
        let source = state.stampSource
        if stampSource == nil { stampSource = source }
        stampsUsable = stampSource === source
    }

    /// Encodes `state` into the front of `key` (grown as needed) and returns the key's length.
    mutating func encode(_ state: AppState, into key: inout [UInt32]) -> Int {
        guard let root = state.windowRoot else { return 0 }
        useStamps(of: state)
        let tabs = splitTabs(root, state)
        guard tabs > 0 else { return chain(root, state, into: &key) }
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

    /// The chain form's four words (see the type's comment) into `key`.
    private mutating func chain(_ root: Int, _ state: AppState, into key: inout [UInt32]) -> Int {
        if key.count < 4 { key = [UInt32](repeating: 0, count: 4) }
        if onSpine.count < state.instances.count { onSpine = [Bool](repeating: false, count: max(state.instances.count, 2 * onSpine.count)) }
        var words: [UInt32] = []
        swap(&words, &scratch)
        defer { swap(&words, &scratch) }
        // The layers: the window's root, then each view controller presented on the way to the
        // top-level one, when its presenter is on the spine of the layer below (else one layer).
        layerRoots.removeAll(keepingCapacity: true)
        if let top = state.topLevel, top != root {
            var x = top
            layerRoots.append(x)
            while let p = state[x].presenter {
                var r = p
                while let up = state[r].parent { r = up }
                layerRoots.append(r)
                x = r
            }
            layerRoots.reverse()
            if layerRoots.first != root { layerRoots = [root] }
        } else {
            layerRoots.append(root)
        }
        var outer = Self.emptyList
        var i = 0
        while i < layerRoots.count {
            let cut = i + 1 < layerRoots.count ? layerRoots[i + 1] : -1
            let (spine, list, cutSeen) = knownLayer(layerRoots[i], cut: cut, state, &words)
            if cut >= 0 && !cutSeen {
                // The next layer's presenter is not on this one's spine: one layer for all.
                layerRoots = [root]
                outer = Self.emptyList
                i = 0
                continue
            }
            if cut < 0 {
                key[0] = Self.chainForm
                key[1] = spine
                key[2] = list
                key[3] = outer
            } else {
                outer = cons(outer, layerNumber(hidden: list, spine: spine))
            }
            i += 1
        }
        return 4
    }

    /// The number of the layer record (a layer below the top one: its list and spine).
    mutating func layerNumber(hidden: UInt32, spine: UInt32) -> UInt32 {
        UInt32(truncatingIfNeeded: layers.insert(hidden, spine).index)
    }

    /// Layer record `i`'s list of hidden units, and its spine.
    @inline(__always) func layerHidden(_ i: UInt32) -> UInt32 { UInt32(truncatingIfNeeded: layers.pairs[Int(i)]) }
    @inline(__always) func layerSpine(_ i: UInt32) -> UInt32 { UInt32(truncatingIfNeeded: layers.pairs[Int(i)] >> 32) }

    /// Layers (`layer(_:cut:_:_:)`'s spine, list and whether the cut was met) by what a layer
    /// reads: its root's own words, the cut, and the subtrees of its root's children and of what
    /// it presents (when not the cut), each by its stamp. A layer below the top one stays the
    /// same while commands act above it, but its root's own stamp does not (a stamp covers what a
    /// view controller presents: the layers above), so the stamp table cannot tell; its
    /// children's stamps can. A table of fixed size, as the stamp table: an entry's key words
    /// (their count first, 0: empty) in one place, overwritten by the next key that maps there.
    private static let layerTableBits = 10
    private static let layerKeyWords = 32
    private var layerKeys = [UInt32](repeating: 0, count: (1 << layerTableBits) * layerKeyWords)
    private var layerRecords = [UInt32](repeating: 0, count: (1 << layerTableBits) * 3)
    private var layerKey = [UInt32](repeating: 0, count: layerKeyWords)
    /// Whether layers are read from the table (tests compare keys made without it), and how
    /// many were.
    var usesLayerTable = true
    private(set) var layersFound = 0

    /// `layer(_:cut:_:_:)`, from the table when a layer with the same key was encoded before.
    private mutating func knownLayer(_ root: Int, cut: Int, _ state: AppState, _ words: inout [UInt32]) -> (UInt32, UInt32, Bool) {
        // The top layer (no cut) is the one commands act on: it is seldom the same twice.
        guard usesLayerTable, stampsUsable, cut >= 0, let length = layerKey(root, cut: cut, state, &words) else { return layer(root, cut: cut, state, &words) }
        let (place, same) = layerKey.withUnsafeBufferPointer { key in
            var h: UInt64 = 0
            for k in 0..<length { h = (h ^ UInt64(key[k])) &* 0x9E37_79B9_7F4A_7C15 }
            let place = Int(truncatingIfNeeded: h >> (64 - Self.layerTableBits))
            let same = layerKeys.withUnsafeBufferPointer { keys in
                let base = place * Self.layerKeyWords
                var k = 0
                while k < length && keys[base + k] == key[k] { k += 1 }
                return k == length
            }
            return (place, same)
        }
        let base = place * Self.layerKeyWords
        if same {
            layersFound += 1
            return (layerRecords[place * 3], layerRecords[place * 3 + 1], layerRecords[place * 3 + 2] != 0)
        }
        let found = layer(root, cut: cut, state, &words)
        layerKeys.withUnsafeMutableBufferPointer { keys in
            layerKey.withUnsafeBufferPointer { key in
                for k in 0..<length { keys[base + k] = key[k] }
            }
        }
        layerRecords[place * 3] = found.0
        layerRecords[place * 3 + 1] = found.1
        layerRecords[place * 3 + 2] = found.2 ? 1 : 0
        return found
    }

    /// The key of the layer from `root` into `layerKey`, and its length; nil when it does not
    /// fit. Its words: the count, the root, the cut + 1, the width (compact or not) and whether
    /// what the root presents is presented over its context (which reads outside the layer:
    /// the root's own presenters); the root's own words; what it presents (nothing, the cut, or
    /// another subtree by stamp); its children by stamp.
    private mutating func layerKey(_ root: Int, cut: Int, _ state: AppState, _ words: inout [UInt32]) -> Int? {
        let r = state[root]
        var n = 5 + nodeWords(root, state, into: &words)
        guard n + 2 + 2 * Int(r.childCount) <= Self.layerKeyWords, root < 1 << 24 else { return nil }
        layerKey[1] = UInt32(truncatingIfNeeded: root)
        layerKey[2] = UInt32(truncatingIfNeeded: cut + 1)
        layerKey[3] = (state.compact ? 1 : 0) | (r.presented.map { state.isContextPresentation($0) } ?? false ? 2 : 0)
        for j in 0..<n - 5 { layerKey[4 + j] = words[j] }
        n -= 1
        func stamped(_ id: Int) -> Bool {
            let stamp = state.stamps[id]
            guard stamp < 1 << 40, id < 1 << 24 else { return false }
            let key = stamp << 24 | UInt64(id)
            layerKey[n] = UInt32(truncatingIfNeeded: key)
            layerKey[n + 1] = UInt32(truncatingIfNeeded: key >> 32)
            n += 2
            return true
        }
        if let p = r.presented, p != cut {
            layerKey[n] = 2
            n += 1
            guard stamped(p) else { return nil }
        } else {
            layerKey[n] = r.presented == nil ? 0 : 1
            n += 1
        }
        var c = r.firstChild
        while c >= 0 {
            guard stamped(Int(c)) else { return nil }
            c = state[Int(c)].nextSibling
        }
        layerKey[0] = UInt32(truncatingIfNeeded: n)
        return n
    }

    /// One layer from `root`: its spine's number and its list of hidden units; what `cut`'s
    /// presenter presents (the next layer) is left out, and `cutSeen` says it was met.
    private mutating func layer(_ root: Int, cut: Int, _ state: AppState, _ words: inout [UInt32]) -> (UInt32, UInt32, Bool) {
        spineLength = 0
        spineCount = 0
        cutSeen = false
        hiddenUnits.removeAll(keepingCapacity: true)
        mark(root, state)
        visit(root, tag: 0, cut: cut, state, &words)
        for x in marked { onSpine[x] = false }
        marked.removeAll(keepingCapacity: true)
        var list = Self.emptyList
        var j = 0
        while j < hiddenUnits.count {
            list = cons(list, hiddenUnits[j])
            j += 1
        }
        return (UInt32(truncatingIfNeeded: spines.insert(spineWords, count: spineLength).index), list, cutSeen)
    }

    /// The roots of the hidden units of the layer `below` layers below the top one of `state`'s
    /// chain key (0: the top one, 1: the one under it), in its list's order; false when the key
    /// has fewer. The explorer reads the top layer's to see which of them a command released,
    /// and the layers below to see which of them an unwind's search asked.
    mutating func hiddenRoots(ofLayerBelowTop below: Int, of state: AppState, into out: inout [Int]) -> Bool {
        out.removeAll(keepingCapacity: true)
        guard let root = state.windowRoot else { return false }
        useStamps(of: state)
        var key: [UInt32] = []
        _ = chain(root, state, into: &key)
        let layer: Int, cut: Int
        if below == 0 {
            (layer, cut) = (layerRoots.last ?? root, -1)
        } else {
            guard below >= 1, layerRoots.count > below else { return false }
            (layer, cut) = (layerRoots[layerRoots.count - 1 - below], layerRoots[layerRoots.count - below])
        }
        if onSpine.count < state.instances.count { onSpine = [Bool](repeating: false, count: max(state.instances.count, 2 * onSpine.count)) }
        mark(layer, state)
        hidden(under: layer, cut: cut, state, into: &out)
        for x in marked { onSpine[x] = false }
        marked.removeAll(keepingCapacity: true)
        return true
    }

    /// `visit`'s walk, collecting the hidden children instead of numbering them; what presents
    /// `cut` (the next layer) is left out, as `visit` leaves it.
    private mutating func hidden(under id: Int, cut: Int = -1, _ state: AppState, into out: inout [Int]) {
        for c in state.children(of: id) {
            if onSpine[c] { hidden(under: c, cut: cut, state, into: &out) } else { out.append(c) }
        }
        if let presented = state[id].presented, presented != cut {
            mark(presented, state)
            hidden(under: presented, cut: cut, state, into: &out)
        }
    }

    /// Puts the visible chain from `layer` (a window root or a presented view controller) on the
    /// spine, with the view controllers a `currentContext` presentation covers on the way to it.
    /// Those have no views on screen, so the visible chain skips them; but the spine must reach
    /// the presentation through its presenter (`visit` walks children and what a spine node
    /// presents), or the presented chain, where the commands act, would be encoded inside a
    /// hidden unit and the spine would not fix them (`ExplorerChain` learns commands by spine).
    private mutating func mark(_ layer: Int, _ state: AppState) {
        // Appended to `marked` in place: a chain made per spine node was an array each time.
        let start = marked.count
        state.appendVisibleChain(from: layer, to: &marked)
        let end = marked.count
        for k in start..<end { onSpine[marked[k]] = true }
        for k in start..<end where state[marked[k]].parent == nil && marked[k] != layer {
            guard let presenter = state[marked[k]].presenter, !onSpine[presenter], state.isContextPresentation(marked[k]) else { continue }
            var x: Int? = presenter
            while let v = x, !onSpine[v] {
                onSpine[v] = true
                marked.append(v)
                x = state[v].parent
            }
        }
    }

    /// Spine node `id`, after its tag; then its children in order (spine nodes, or hidden units
    /// numbered with their tag), then what it presents. Tags: (the parent's place in the spine
    /// + 1) << 16 | the child's position, or 0xFFFF for what the parent presents (a stack is at
    /// most the exploration's depth, 10,000, deep: positions fit).
    private mutating func visit(_ id: Int, tag: UInt32, cut: Int, _ state: AppState, _ words: inout [UInt32]) {
        let place = UInt32(truncatingIfNeeded: spineCount + 1) << 16
        spineCount += 1
        let bound = spineLength + 1 + 4 + state.slots.count / 32 + 1
        if spineWords.count < bound { spineWords.append(contentsOf: repeatElement(0, count: max(bound - spineWords.count, spineWords.count))) }
        spineWords[spineLength] = tag
        let n = nodeWords(id, state, into: &words)
        for j in 0..<n { spineWords[spineLength + 1 + j] = words[j] }
        spineLength += 1 + n
        var c = state[id].firstChild
        var position: UInt32 = 0
        while c >= 0 {
            if onSpine[Int(c)] {
                visit(Int(c), tag: place | position, cut: cut, state, &words)
            } else {
                let s = segment(Int(c), state, &words)
                hiddenUnits.append(UInt32(truncatingIfNeeded: units.insert(place | position, s).index))
            }
            position += 1
            c = state[Int(c)].nextSibling
        }
        if let presented = state[id].presented {
            if presented == cut {
                cutSeen = true
            } else {
                mark(presented, state)
                visit(presented, tag: place | 0xFFFF, cut: cut, state, &words)
            }
        }
    }

    /// The number in `segments` of the words of the subtree from `id` (written in `words`).
    private mutating func segment(_ id: Int, _ state: AppState, _ words: inout [UInt32]) -> UInt32 {
        let stamp = state.stamps[id]
        guard stampsUsable, stamp < 1 << 40, id < 1 << 24 else { return newSegment(id, state, &words) }
        let key = stamp << 24 | UInt64(id)
        let place = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> (64 - Self.stampTableBits))
        if stampKeys[place] == key { return stampSegments[place] }
        let s = newSegment(id, state, &words)
        stampKeys[place] = key
        stampSegments[place] = s
        return s
    }

    private mutating func newSegment(_ id: Int, _ state: AppState, _ words: inout [UInt32]) -> UInt32 {
        let length = tree(from: id, state, into: &words, at: 0)
        return UInt32(truncatingIfNeeded: segments.insert(words, count: length).index)
    }

    /// The number of tabs when `root` is split (a tab bar controller all of whose children are
    /// tabs), else 0.
    private func splitTabs(_ root: Int, _ state: AppState) -> Int {
        let r = state[root]
        guard r.classID >= 0, Int(r.classID) < isTabBar.count, isTabBar[Int(r.classID)], r.childCount > 0 else { return 0 }
        // Four tabs and More (MoreTab.swift): the More list shows no tab, which split keys do not learn.
        if state.showsMoreTab(root) { return 0 }
        var c = r.firstChild
        while c >= 0 {
            if state[Int(c)].role != .tab { return 0 }
            c = state[Int(c)].nextSibling
        }
        return Int(r.childCount)
    }

    /// One node's own words (not its children's) into the front of `out`; returns their count.
    mutating func nodeWords(_ id: Int, _ state: AppState, into out: inout [UInt32]) -> Int {
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
    private mutating func word(_ id: Int, _ p: UnsafeBufferPointer<Instance>, _ slots: UnsafeBufferPointer<SlotRecord>,
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
                if slots[k].hasValue { mask |= 1 << bit }
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
