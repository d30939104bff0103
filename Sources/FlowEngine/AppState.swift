import FlowModel

/// The lifecycle position of a view controller, as its callbacks have left it.
public enum Appearance: String, Hashable, Sendable {
    case notLoaded = "view not loaded"
    case loaded = "view loaded, not in the window"
    case appeared = "appeared"
    case disappeared = "disappeared"
    case released = "released"
}

/// A dependency's current value and the code that gave it that value.
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
    case embedded
}

/// One live (or released) view controller of the simulated app.
public struct Instance: Hashable, Sendable {
    /// Also the basis of the printed address: a counter, so transcripts are stable.
    public var id: Int
    public internal(set) var className: String
    /// `className`'s number in the simulator's flow (-1: a class the flow does not know): within
    /// one flow, two instances with the same number ≥ 0 have the same class.
    public internal(set) var classID: Int32 = -1
    /// The storyboard scene it was decoded from, if any.
    public var scene: Int?
    public var dependencies: [DependencySlot]
    public var appearance: Appearance = .notLoaded
    public var parent: Int?
    public var role: ChildRole?
    /// Navigation stack (bottom first), tabs, split columns or embedded children.
    public var children: [Int] = []
    public var selectedTab: Int = 0
    /// The view controller this one presents, and the one presenting it.
    public var presented: Int?
    public var presenter: Int?
    public var presentationStyle: ModalPresentationStyle?
    /// The selected index path, `[section, row]`.
    public var selection: RowSelection?

    public var isReleased: Bool { appearance == .released }
}

/// Why the simulated app stopped: a Swift runtime trap or an uncaught Objective-C exception.
public enum Crash: Hashable, Sendable {
    /// `Items/DetailViewController.swift:20: Fatal error: init(coder:) has not been implemented`
    case trap(location: String, kind: String, message: String)
    /// `*** Terminating app due to uncaught exception 'NAME', reason: 'REASON'`, after any preamble line.
    case exception(name: String, reason: String, preamble: [String])

    /// The lines the console shows, exactly as UIKit and the Swift runtime print them.
    public var consoleLines: [String] {
        switch self {
        case .trap(let location, let kind, let message):
            return [message.isEmpty ? "\(location): \(kind)" : "\(location): \(kind): \(message)"]
        case .exception(let name, let reason, let preamble):
            return preamble + ["*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'"]
        }
    }
}

/// The whole simulated app: a value, cheap to copy and compare.
public struct AppState: Hashable, Sendable {
    /// Every instance ever made, indexed by id; released ones stay for `inspect`.
    public var instances: [Instance] = []
    public var windowRoot: Int?
    public var crash: Crash?

    public init() {}

    // Yielding accessors: reading one field of an instance must not copy the whole instance.
    public subscript(_ id: Int) -> Instance {
        _read { yield instances[id] }
        _modify { yield &instances[id] }
    }

    /// The bottom of the presentation chain of `id`'s level: the view controller that is not
    /// itself a child and that presents or is presented.
    public func levelRoot(of id: Int) -> Int {
        var x = id
        while let p = instances[x].parent { x = p }
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
    /// the secondary column of a split view.
    public func visibleLeaf(from id: Int) -> Int {
        var x = id
        while let next = shownContent(of: x) { x = next }
        return x
    }

    /// The content child a container shows: the top of a stack, the selected tab, the last
    /// split column; nil without content children. Walks in place: this runs on every command.
    func shownContent(of x: Int) -> Int? {
        var firstRole: ChildRole?
        var last = -1
        var selected = -1
        var n = 0
        let selectedTab = instances[x].selectedTab
        for c in instances[x].children {
            let role = instances[c].role
            if role == .embedded { continue }
            if firstRole == nil { firstRole = role }
            if n == selectedTab { selected = c }
            last = c
            n += 1
        }
        switch firstRole {
        case nil, .embedded?: return nil
        case .tab?: return selected >= 0 ? selected : last
        default: return last
        }
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

    private func appendVisible(_ x: Int, to out: inout [Int]) {
        out.append(x)
        var firstRole: ChildRole?
        for c in instances[x].children where instances[c].role != .embedded {
            firstRole = instances[c].role
            break
        }
        switch firstRole {
        case .stack?, .tab?:
            if let shown = shownContent(of: x) { appendVisible(shown, to: &out) }
        case .primary?, .secondary?:
            for c in instances[x].children where instances[c].role != .embedded { appendVisible(c, to: &out) }
        default:
            break
        }
        for e in instances[x].children where instances[e].role == .embedded { appendVisible(e, to: &out) }
    }

    /// How many tab children `x` has, counted in place.
    func tabCount(of x: Int) -> Int {
        var n = 0
        for c in instances[x].children where instances[c].role == .tab { n += 1 }
        return n
    }

    /// The `n`th tab child of `x` (0-based), found in place.
    func tab(_ n: Int, of x: Int) -> Int? {
        var k = n
        for c in instances[x].children where instances[c].role == .tab {
            if k == 0 { return c }
            k -= 1
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
