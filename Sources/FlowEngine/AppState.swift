import FlowModel

/// The lifecycle position of a view controller, as its callbacks have left it.
public enum Appearance: String, Hashable, Sendable {
    case notLoaded = "view not loaded"
    case loaded = "view loaded, not in the window"
    case appeared = "appeared"
    case disappeared = "disappeared"
    case released = "released"
}

/// A dependency's current value and the code that gave it that value (a state holds it as a
/// `SlotRecord`; `AppState.dependencies(of:)` gives it back with its texts).
public struct DependencySlot: Hashable, Sendable {
    public var name: String
    /// The value as Swift-like text; nil when the property is nil.
    public var value: String?
    /// Who set it, e.g. `set by makeDetail(coder:sender:segueIdentifier:)`.
    public var provenance: String
}

/// A selected table row: `[section, row]`, as an index path, without an array (an instance is
/// copied with the state on every explored transition; this keeps it free of heap fields).
public struct RowSelection: Hashable, Sendable, ExpressibleByArrayLiteral {
    public var section: Int
    public var row: Int

    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    /// `[section, row]`.
    public init(arrayLiteral elements: Int...) {
        precondition(elements.count == 2, "a row selection is [section, row]")
        self.init(section: elements[0], row: elements[1])
    }

    /// 0: the section, 1: the row, as with `IndexPath`.
    public subscript(_ i: Int) -> Int {
        precondition(i == 0 || i == 1, "a row selection has indices 0 and 1")
        return i == 0 ? section : row
    }
}

/// How a child hangs in its parent.
public enum ChildRole: String, Hashable, Sendable {
    case stack
    case tab
    case primary
    case secondary
    /// A column-style split's supplementary column (visible beside the others on a pad) and its
    /// compact column (what a phone shows instead of the collapsed columns).
    case supplementary
    case compact
    case embedded
}

/// One live (or released) view controller of the simulated app: a plain record of small
/// numbers, without references. The exploration of `flownav check` copies the state for every
/// transition it tries; with no strings or arrays in an instance that copy is one block move,
/// with no reference counting. The class's name, the dependency values and the children live
/// beside the instances in `AppState` (`className(of:)`, `dependencies(of:)`, `children(of:)`).
public struct Instance: Hashable, Sendable {
    // Optional numbers are stored as -1, so that an instance packs into a few words.
    private var _id: Int32
    /// The class's number in the simulator's flow (`AppState.className(of:)` names it): two
    /// instances with the same number have the same class.
    public internal(set) var classID: Int32
    private var _scene: Int32 = -1
    private var _parent: Int32 = -1
    private var _presented: Int32 = -1
    private var _presenter: Int32 = -1
    /// Children as a doubly linked list (-1: none), for walks that must not make arrays.
    public internal(set) var firstChild: Int32 = -1
    public internal(set) var lastChild: Int32 = -1
    public internal(set) var nextSibling: Int32 = -1
    public internal(set) var previousSibling: Int32 = -1
    public internal(set) var childCount: Int32 = 0
    private var _selectedTab: Int32 = 0
    /// `dependencyCount` slots from `firstDependency` in `AppState.slots`.
    public internal(set) var firstDependency: Int32 = 0
    public internal(set) var dependencyCount: Int32 = 0
    private var selectedSection: Int32 = -1
    private var selectedRow: Int32 = 0
    public var appearance: Appearance = .notLoaded
    public var role: ChildRole?
    public var presentationStyle: ModalPresentationStyle?

    init(id: Int, classID: Int32, scene: Int?, firstDependency: Int, dependencyCount: Int) {
        _id = Int32(truncatingIfNeeded: id)
        self.classID = classID
        _scene = scene.map { Int32(truncatingIfNeeded: $0) } ?? -1
        self.firstDependency = Int32(truncatingIfNeeded: firstDependency)
        self.dependencyCount = Int32(truncatingIfNeeded: dependencyCount)
    }

    /// Also the basis of the printed address: a counter, so transcripts are stable.
    public var id: Int { Int(_id) }
    /// The storyboard scene it was decoded from, if any.
    public var scene: Int? { _scene < 0 ? nil : Int(_scene) }
    public var parent: Int? {
        get { _parent < 0 ? nil : Int(_parent) }
        set { _parent = newValue.map { Int32(truncatingIfNeeded: $0) } ?? -1 }
    }
    /// The view controller this one presents, and the one presenting it.
    public var presented: Int? {
        get { _presented < 0 ? nil : Int(_presented) }
        set { _presented = newValue.map { Int32(truncatingIfNeeded: $0) } ?? -1 }
    }
    public var presenter: Int? {
        get { _presenter < 0 ? nil : Int(_presenter) }
        set { _presenter = newValue.map { Int32(truncatingIfNeeded: $0) } ?? -1 }
    }
    public var selectedTab: Int {
        get { Int(_selectedTab) }
        set { _selectedTab = Int32(truncatingIfNeeded: newValue) }
    }
    /// The selected index path, `[section, row]`.
    public var selection: RowSelection? {
        get { selectedSection < 0 ? nil : RowSelection(section: Int(selectedSection), row: Int(selectedRow)) }
        set {
            selectedSection = newValue.map { Int32(truncatingIfNeeded: $0.section) } ?? -1
            selectedRow = newValue.map { Int32(truncatingIfNeeded: $0.row) } ?? 0
        }
    }
    /// Whether a row is selected, without making the index path.
    public var hasSelection: Bool { selectedSection >= 0 }

    public var isReleased: Bool { appearance == .released }
}

/// The names of a flow's classes by number, shared by every copy of a state (one reference).
public final class ClassNames: Hashable, Sendable {
    public let names: [String]

    public init(_ names: [String]) { self.names = names }

    public static func == (a: ClassNames, b: ClassNames) -> Bool { a === b || a.names == b.names }
    public func hash(into hasher: inout Hasher) { hasher.combine(names) }
}

/// The children of a view controller, in order (a navigation stack bottom first), walked in
/// place along the instances' sibling links.
public struct Children: Sequence, Sendable {
    let instances: [Instance]
    let head: Int32
    let tail: Int32
    public let count: Int

    public struct Iterator: IteratorProtocol {
        let instances: [Instance]
        var upcoming: Int32

        public mutating func next() -> Int? {
            guard upcoming >= 0 else { return nil }
            let n = Int(upcoming)
            upcoming = instances[n].nextSibling
            return n
        }
    }

    public func makeIterator() -> Iterator { Iterator(instances: instances, upcoming: head) }
    public var underestimatedCount: Int { count }
    public var isEmpty: Bool { count == 0 }
    public var first: Int? { head < 0 ? nil : Int(head) }
    public var last: Int? { tail < 0 ? nil : Int(tail) }
}

/// Why the simulated app stopped: a Swift runtime trap or an uncaught Objective-C exception.
public enum Crash: Hashable, Sendable {
    /// `Items/DetailViewController.swift:20: Fatal error: init(coder:) has not been implemented`
    case trap(location: String, kind: String, message: String)
    /// `*** Terminating app due to uncaught exception 'NAME', reason: 'REASON'`, after any preamble line.
    case exception(name: String, reason: String, preamble: [String])
    /// A failing `as!`: the runtime prints `message` alone (no location); `location` is the
    /// Swift line of the cast, for `check` and `inspect` (ForcedCast.swift).
    case castFailure(location: String, message: String)

    /// The lines the console shows, exactly as UIKit and the Swift runtime print them.
    public var consoleLines: [String] {
        switch self {
        case .trap(let location, let kind, let message):
            return [message.isEmpty ? "\(location): \(kind)" : "\(location): \(kind): \(message)"]
        case .exception(let name, let reason, let preamble):
            return preamble + ["*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'"]
        case .castFailure(_, let message):
            return [message]
        }
    }
}

/// The whole simulated app: a value, cheap to copy and compare.
public struct AppState: Hashable, Sendable {
    /// Every instance ever made, indexed by id; released ones stay for `inspect`.
    public private(set) var instances: [Instance] = []
    /// Every instance's dependency values, each instance's in one run (`Instance.firstDependency`),
    /// their texts numbered in `texts`.
    public private(set) var slots: [SlotRecord] = []
    /// The texts of the slots, shared by every state of the flow.
    let texts: SlotTexts
    /// By instance: the stamp of the last run of changes to its subtree (itself, its children
    /// and what it presents, down), drawn from the flow's one clock. Not part of the state's
    /// value: two states holding the same stamp for an instance hold the same subtree there
    /// (both descend from the state that run of changes left, and a later change to the subtree
    /// would have stamped it anew), so `flownav check` encodes a subtree once per stamp instead
    /// of once per state.
    public private(set) var stamps: [UInt64] = []
    /// The stamp of the run of changes under way (0: none). A run shares one stamp, so that an
    /// instance changed again, or a parent already stamped, ends the walk up at once (a stamp a
    /// change cost a walk to the root, more than encoding saved). The simulator closes the run
    /// when a command (or a launch, or an `assign`) ends: a state is copied only between them,
    /// and each copy's next change draws a stamp of its own.
    private var openStamp: UInt64 = 0
    public var windowRoot: Int?
    public var crash: Crash?
    /// A compact-width device (a phone): split view controllers are collapsed, showing only
    /// their primary column.
    public internal(set) var compact = false
    /// The flow's class names by number.
    public let classNames: ClassNames
    /// Names of classes the flow does not list, numbered from `classNames.names.count` on.
    private(set) var otherClassNames: [String] = []

    public init(classNames: ClassNames = ClassNames([])) {
        self.init(classNames: classNames, texts: SlotTexts())
    }

    init(classNames: ClassNames, texts: SlotTexts) {
        self.classNames = classNames
        self.texts = texts
    }

    // Slots compare by number within one table (a number names one text for good); states of
    // two tables (two simulators made from a flow apart) compare their texts.
    public static func == (a: AppState, b: AppState) -> Bool {
        guard a.instances == b.instances, a.windowRoot == b.windowRoot, a.crash == b.crash, a.compact == b.compact,
              a.classNames == b.classNames, a.otherClassNames == b.otherClassNames, a.slots.count == b.slots.count else { return false }
        if a.texts === b.texts { return a.slots == b.slots }
        return a.slots.indices.allSatisfy { a.texts.slot(a.slots[$0]) == b.texts.slot(b.slots[$0]) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(instances)
        for r in slots { hasher.combine(texts.slot(r)) }
        hasher.combine(windowRoot)
        hasher.combine(crash)
        hasher.combine(compact)
        hasher.combine(classNames)
        hasher.combine(otherClassNames)
    }

    // A plain getter: an instance is a record of numbers, so a copy of it costs nothing, and a
    // getter inlines where a yielding `_read` was often left as a call (the shell and `check`
    // read instances by the million). Writes yield in place.
    public subscript(_ id: Int) -> Instance {
        @inlinable get { instances[id] }
        _modify {
            defer { stamp(id, changeStamp()) }
            yield &instances[id]
        }
    }

    // MARK: Names, dependencies, children

    /// What `stamps` were drawn from: stamps compare only between states with the same source.
    public var stampSource: any AnyObject & Sendable { texts }

    @inline(__always) private mutating func changeStamp() -> UInt64 {
        if openStamp == 0 { openStamp = texts.stamp() }
        return openStamp
    }

    /// Ends the run of changes that share a stamp (see `openStamp`): call it before the state
    /// may be copied.
    mutating func closeStamp() { openStamp = 0 }

    /// Stamps `id` and everything whose subtree holds it: its parents and presenters, up.
    /// Whatever already has the stamp has it all the way up (every change of this run stamped
    /// its way up, and a new parent was itself changed by taking the child), so the walk ends
    /// there.
    private mutating func stamp(_ id: Int, _ s: UInt64) {
        var x = id
        // A stamp already there means the rest of the way up has it too.
        while stamps[x] != s {
            stamps[x] = s
            let parent = instances[x].parent, presenter = instances[x].presenter
            if let parent {
                if let presenter { stamp(presenter, s) }
                x = parent
            } else if let presenter {
                x = presenter
            } else {
                return
            }
        }
    }

    /// The class of an instance, e.g. `DetailViewController`.
    public func className(of id: Int) -> String { className(classID: instances[id].classID) }

    public func className(classID c: Int32) -> String {
        let n = classNames.names.count
        return Int(c) < n ? classNames.names[Int(c)] : otherClassNames[Int(c) - n]
    }

    /// The number of a class name the flow does not list: a new one the first time.
    mutating func classID(ofOther name: String) -> Int32 {
        let n = classNames.names.count
        if let i = otherClassNames.firstIndex(of: name) { return Int32(n + i) }
        otherClassNames.append(name)
        return Int32(n + otherClassNames.count - 1)
    }

    /// An instance's dependencies, in its class's order, with their texts.
    public func dependencies(of id: Int) -> [DependencySlot] {
        let start = Int(instances[id].firstDependency)
        return slots[start..<start + Int(instances[id].dependencyCount)].map(texts.slot)
    }

    /// The slot of an instance's dependency, by name.
    func slot(_ name: String, of id: Int) -> Int? {
        let start = Int(instances[id].firstDependency)
        for k in start..<start + Int(instances[id].dependencyCount) where texts.matches(slots[k].name, name) { return k }
        return nil
    }

    /// The value of slot `k` (nil when the dependency is nil).
    func value(ofSlot k: Int) -> String? { texts.value(slots[k].value) }

    /// Who set slot `k`.
    func provenance(ofSlot k: Int) -> String { texts.text(slots[k].provenance) }

    /// `provenance`: the number of its text in `texts`.
    mutating func setSlot(_ k: Int, of id: Int, value: String?, provenance: UInt32) {
        slots[k].value = texts.number(value: value)
        slots[k].provenance = provenance
        stamp(id, changeStamp())
    }

    /// Becomes a copy of `other` (of the same flow), writing into its own storage when that is
    /// large enough: `flownav check` tries every command from one state on a reused copy,
    /// instead of making (and freeing) a new one per command.
    mutating func assign(_ other: AppState) {
        // Instances are plain records: the part both states have is copied over in place, and
        // only the difference in length is removed or appended (a state tried from another
        // differs from it by an instance or two).
        Self.copy(other.instances, over: &instances)
        // Slots are records of numbers too: copied in place the same way, so that a command that
        // adds or sets one writes into this state's own buffer (sharing the other's made the
        // command copy the whole buffer).
        Self.copy(other.slots, over: &slots)
        Self.copy(other.stamps, over: &stamps)
        openStamp = 0
        if otherClassNames.count != other.otherClassNames.count { otherClassNames = other.otherClassNames }
        windowRoot = other.windowRoot
        compact = other.compact
        // Only when either has crashed: assigning an optional crash goes through its generic copy.
        if crash != nil || other.crash != nil { crash = other.crash }
    }

    /// Makes `dst` equal to `src`, a plain record each, writing over the part both have.
    private static func copy<T>(_ src: [T], over dst: inout [T]) {
        let n = src.count
        if dst.count > n { dst.removeSubrange(n...) }
        let common = dst.count
        if common > 0 {
            dst.withUnsafeMutableBufferPointer { d in
                src.withUnsafeBufferPointer { s in
                    d.baseAddress!.update(from: s.baseAddress!, count: common)
                }
            }
        }
        if common < n { dst.append(contentsOf: src[common...]) }
    }

    /// Adds an instance with its dependency slots; its id is the next number.
    mutating func add(classID: Int32, scene: Int?, slots new: [SlotRecord]) -> Int {
        let id = instances.count
        instances.append(Instance(id: id, classID: classID, scene: scene, firstDependency: slots.count, dependencyCount: new.count))
        if !new.isEmpty { slots.append(contentsOf: new) }
        stamps.append(changeStamp())
        return id
    }

    /// A view controller's children in order: a navigation stack bottom first, the tabs, the
    /// split columns, embedded children.
    public func children(of id: Int) -> Children {
        Children(instances: instances, head: instances[id].firstChild, tail: instances[id].lastChild, count: Int(instances[id].childCount))
    }

    /// The `k`th child (0-based).
    func child(_ k: Int, of id: Int) -> Int? {
        var c = instances[id].firstChild
        var n = k
        while c >= 0 && n > 0 {
            c = instances[Int(c)].nextSibling
            n -= 1
        }
        return c < 0 ? nil : Int(c)
    }

    mutating func appendChild(_ c: Int, to p: Int) {
        let c32 = Int32(truncatingIfNeeded: c)
        let tail = instances[p].lastChild
        instances[c].previousSibling = tail
        instances[c].nextSibling = -1
        if tail >= 0 { instances[Int(tail)].nextSibling = c32 } else { instances[p].firstChild = c32 }
        instances[p].lastChild = c32
        instances[p].childCount += 1
        stampLinks(c, p, tail)
    }

    /// Stamps a child, its parent (and up) and a sibling whose links changed, with one stamp.
    private mutating func stampLinks(_ c: Int, _ p: Int, _ sibling: Int32, _ other: Int32 = -1) {
        let s = changeStamp()
        stamp(p, s)
        stamp(c, s)
        if sibling >= 0 { stamp(Int(sibling), s) }
        if other >= 0 { stamp(Int(other), s) }
    }

    mutating func prependChild(_ c: Int, to p: Int) {
        let c32 = Int32(truncatingIfNeeded: c)
        let head = instances[p].firstChild
        instances[c].nextSibling = head
        instances[c].previousSibling = -1
        if head >= 0 { instances[Int(head)].previousSibling = c32 } else { instances[p].lastChild = c32 }
        instances[p].firstChild = c32
        instances[p].childCount += 1
        stampLinks(c, p, head)
    }

    /// Unlinks a child from its parent's list (its `parent` is left to the caller).
    mutating func removeChild(_ c: Int, from p: Int) {
        let prev = instances[c].previousSibling, next = instances[c].nextSibling
        if prev >= 0 { instances[Int(prev)].nextSibling = next } else { instances[p].firstChild = next }
        if next >= 0 { instances[Int(next)].previousSibling = prev } else { instances[p].lastChild = prev }
        instances[c].previousSibling = -1
        instances[c].nextSibling = -1
        instances[p].childCount -= 1
        stampLinks(c, p, prev, next)
    }

    // MARK: The tree

    /// The bottom of the presentation chain of `id`'s level: the view controller that is not
    /// itself a child and that presents or is presented.
    public func levelRoot(of id: Int) -> Int {
        var x = id
        while let p = instances[x].parent { x = p }
        return x
    }

    /// Whether `id` is presented over a context: a `currentContext` / `overCurrentContext`
    /// presentation that a view controller inside a level (one that defines the presentation
    /// context) makes. It covers only that view controller; the rest of the level (a tab bar, a
    /// split's other column) stays on screen around it.
    public func isContextPresentation(_ id: Int) -> Bool {
        // A loop, not recursion: a presentation chain may be thousands deep, and tests and
        // `check` run on threads with small stacks.
        var x = id
        while let p = instances[x].presenter {
            if instances[p].parent != nil { return true }
            x = p
        }
        return false
    }

    /// What `x` presents over its context, if it does.
    func contextPresentation(on x: Int) -> Int? {
        guard let p = instances[x].presented, isContextPresentation(p) else { return nil }
        return p
    }

    /// One step up what is on screen: the parent, or the view controller a context
    /// presentation covers.
    public func screenParent(of id: Int) -> Int? {
        if let p = instances[id].parent { return p }
        return isContextPresentation(id) ? instances[id].presenter : nil
    }

    /// The view controller that covers the whole screen at `id`'s level: its level root, or,
    /// through context presentations, the level root below them. Full-screen presentations
    /// are forwarded to it (reference §3.5).
    public func screenRoot(of id: Int) -> Int {
        var x = id
        while let p = screenParent(of: x) { x = p }
        return x
    }

    /// The front-most presentation level's root: follow `presented` from the window's root.
    public var topLevel: Int? {
        guard var x = windowRoot else { return nil }
        while let p = instances[x].presented { x = p }
        return x
    }

    /// What the user sees and acts on: the top of the front-most level, through containers.
    public var frontmost: Int? {
        guard let top = topLevel else { return nil }
        return visibleLeaf(from: top)
    }

    /// The content view controller a container shows: the top of a stack, the selected tab,
    /// the secondary column of a split view (the primary when collapsed).
    public func visibleLeaf(from id: Int) -> Int {
        var x = id
        while true {
            if let p = contextPresentation(on: x) {
                x = p
            } else if let next = shownContent(of: x) {
                x = next
            } else {
                return x
            }
        }
    }

    /// The content child a container shows: the top of a stack, the selected tab, the last
    /// split column; nil without content children. Walks in place: this runs on every command.
    func shownContent(of x: Int) -> Int? {
        // The content children's role is the first non-embedded child's.
        var c = instances[x].firstChild
        while c >= 0 && instances[Int(c)].role == .embedded { c = instances[Int(c)].nextSibling }
        guard c >= 0, let role = instances[Int(c)].role else { return nil }
        if role == .tab {
            // The More list (MoreTab.swift) is UIKit's own view controller: no child of the app's.
            if instances[x].selectedTab == Self.moreListSelection { return nil }
            // The selected tab, counted among the content children; the last if out of range.
            var n = instances[x].selectedTab
            var last = -1
            while c >= 0 {
                if instances[Int(c)].role != .embedded {
                    if n == 0 { return Int(c) }
                    n -= 1
                    last = Int(c)
                }
                c = instances[Int(c)].nextSibling
            }
            return last
        }
        // A collapsed split view shows its compact column when it has one ("that view controller
        // is shown when isCollapsed is true", UISplitViewController.Column.compact), else its
        // primary column. The visible chain (`appendVisible`) shows the same one.
        let splitColumn = role == .primary || role == .secondary || role == .supplementary || role == .compact
        if compact && splitColumn {
            var k = c
            while k >= 0 {
                if instances[Int(k)].role == .compact { return Int(k) }
                k = instances[Int(k)].nextSibling
            }
            if role == .primary || role == .secondary { return Int(c) }
        } else if splitColumn {
            // In a regular width the compact column is not on screen: the last other column.
            var l = instances[x].lastChild
            while l >= 0 && (instances[Int(l)].role == .embedded || instances[Int(l)].role == .compact) { l = instances[Int(l)].previousSibling }
            if l >= 0 { return Int(l) }
        }
        // The last content child (the top of a stack), found from the end: a stack can be deep.
        var l = instances[x].lastChild
        while l >= 0 && instances[Int(l)].role == .embedded { l = instances[Int(l)].previousSibling }
        return Int(l)
    }

    /// The visible chain from a level root down to its leaf, including embedded children of each.
    public func visibleChain(from id: Int) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(8)
        appendVisible(id, to: &out)
        return out
    }

    /// `visibleChain(from:)` into `out`, reusing its storage.
    func visibleChain(from id: Int, into out: inout [Int]) {
        out.removeAll(keepingCapacity: true)
        appendVisible(id, to: &out)
    }

    /// `visibleChain(from:)` appended to `out` (a caller's buffer: no array made).
    public func appendVisibleChain(from id: Int, to out: inout [Int]) {
        appendVisible(id, to: &out)
    }

    private func appendVisible(_ x: Int, to out: inout [Int]) {
        // A context presentation is on screen over `x`; with currentContext it has removed
        // `x`'s views (and its children's), with overCurrentContext they stay beneath it.
        let context = contextPresentation(on: x)
        if let p = context, instances[p].presentationStyle != .overCurrentContext {
            appendVisible(p, to: &out)
            return
        }
        defer { if let p = context { appendVisible(p, to: &out) } }
        out.append(x)
        var firstRole: ChildRole?
        var c = instances[x].firstChild
        while c >= 0 {
            if instances[Int(c)].role != .embedded {
                firstRole = instances[Int(c)].role
                break
            }
            c = instances[Int(c)].nextSibling
        }
        switch firstRole {
        case .stack?, .tab?:
            if let shown = shownContent(of: x) { appendVisible(shown, to: &out) }
        case .primary?, .secondary?, .supplementary?, .compact?:
            if compact {
                // A column-style split shows its compact column in a compact width, if it has one.
                if let c = children(of: x).first(where: { instances[$0].role == .compact }) {
                    appendVisible(c, to: &out)
                } else if let shown = shownContent(of: x) {
                    appendVisible(shown, to: &out)
                }
            } else {
                for c in children(of: x) where instances[c].role != .embedded && instances[c].role != .compact { appendVisible(c, to: &out) }
            }
        default:
            break
        }
        var e = instances[x].firstChild
        while e >= 0 {
            if instances[Int(e)].role == .embedded { appendVisible(Int(e), to: &out) }
            e = instances[Int(e)].nextSibling
        }
    }

    /// How many tab children `x` has, counted in place.
    func tabCount(of x: Int) -> Int {
        var n = 0
        var c = instances[x].firstChild
        while c >= 0 {
            if instances[Int(c)].role == .tab { n += 1 }
            c = instances[Int(c)].nextSibling
        }
        return n
    }

    /// The `n`th tab child of `x` (0-based), found in place.
    func tab(_ n: Int, of x: Int) -> Int? {
        var k = n
        var c = instances[x].firstChild
        while c >= 0 {
            if instances[Int(c)].role == .tab {
                if k == 0 { return Int(c) }
                k -= 1
            }
            c = instances[Int(c)].nextSibling
        }
        return nil
    }

    /// Parents, nearest first.
    public func ancestors(of id: Int) -> [Int] {
        var out: [Int] = []
        var x = instances[id].parent
        while let p = x {
            out.append(p)
            x = instances[p].parent
        }
        return out
    }

    /// Live instances, in creation order.
    public var live: [Instance] { instances.filter { !$0.isReleased } }
}
