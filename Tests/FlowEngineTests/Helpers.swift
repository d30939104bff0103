import FlowEngine
import FlowModel
import Foundation
import TestSupport
import Testing

/// A `DependencySlot` as the tests compare it (the engine's type has no public initializer).
struct Slot: Equatable, CustomStringConvertible {
    var name: String
    var value: String?
    var provenance: String

    init(name: String, value: String?, provenance: String) {
        self.name = name
        self.value = value
        self.provenance = provenance
    }

    init(_ slot: DependencySlot) {
        self.init(name: slot.name, value: slot.value, provenance: slot.provenance)
    }

    var description: String { "\(name) = \(value ?? "nil") (\(provenance))" }
}

/// A flow file that did not load: its diagnostics, one a line.
struct FlowDidNotLoad: Error, CustomStringConvertible {
    var description: String
}

/// A launched simulator built from a small inline flow (or a bundled seed flow), with helpers to
/// find instances by class and to run commands that are expected to be accepted.
struct App {
    var sim: Simulator
    /// What `launch()` returned.
    var launchEvents: [Event]

    /// `body` is the inside of the flow's top-level object without `format`, `name` and `module`
    /// (the module is `App` unless given), e.g. `"initial": "a", "scenes": {…}`.
    init(_ body: String, module: String = "App", patch: (inout Flow) -> Void = { _ in }) throws {
        let text = "{ \"format\": 1, \"name\": \"Test\", \"module\": \"\(module)\",\n\(body)\n}"
        var flow = try Self.load(FlowLoader.load(text: text, file: "inline.json"))
        patch(&flow)
        self.init(flow: flow)
    }

    /// A bundled seed flow, by file name (`segue-actions.json`).
    init(seed file: String) throws {
        try self.init(flow: Self.load(FlowLoader.load(path: Self.flowsDirectory + "/" + file)))
    }

    init(flow: Flow) {
        sim = Simulator(flow: flow)
        launchEvents = sim.launch()
    }

    static let flowsDirectory = PackagePaths.flows.path

    private static func load(_ result: Result<LoadedFlow, FlowLoadError>) throws -> Flow {
        switch result {
        case .success(let loaded): return loaded.flow
        case .failure(let error): throw FlowDidNotLoad(description: error.diagnostics.map(\.description).joined(separator: "\n"))
        }
    }

    var state: AppState { sim.state }

    /// The `nth` instance (in creation order, released ones included) of a class.
    func id(_ className: String, _ nth: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let all = sim.state.instances.filter { sim.state.className(of: $0.id) == className }
        return try #require(nth < all.count ? all[nth].id : nil, "no instance #\(nth) of \(className)", sourceLocation: sourceLocation)
    }

    func ids(_ className: String) -> [Int] { sim.state.instances.filter { sim.state.className(of: $0.id) == className }.map(\.id) }

    /// `<App.Class: 0x…>` of the `nth` instance of a class.
    func d(_ className: String, _ nth: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        sim.describe(try id(className, nth, sourceLocation: sourceLocation))
    }

    func slot(_ dependency: String, of id: Int) -> Slot? {
        sim.state.dependencies(of: id).first { $0.name == dependency }.map(Slot.init)
    }

    func slots(of id: Int) -> [Slot] { sim.state.dependencies(of: id).map(Slot.init) }

    /// Runs a command that must be accepted (it may crash the app) and returns its events.
    @discardableResult
    mutating func run(_ command: Command, sourceLocation: SourceLocation = #_sourceLocation) -> [Event] {
        switch sim.run(command) {
        case .success(let events): return events
        case .failure(let rejection):
            Issue.record("\(command) was rejected: \(rejection.message)", sourceLocation: sourceLocation)
            return []
        }
    }

    @discardableResult
    mutating func tap(_ control: String, on: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> [Event] {
        run(.tap(control: control, on: on), sourceLocation: sourceLocation)
    }

    @discardableResult
    mutating func perform(_ identifier: String, on: Int? = nil, sender: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> [Event] {
        run(.perform(identifier: identifier, on: on, sender: sender), sourceLocation: sourceLocation)
    }

    @discardableResult
    mutating func select(_ row: Int, section: Int = 0, on: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> [Event] {
        run(.select(section: section, row: row, on: on), sourceLocation: sourceLocation)
    }

    @discardableResult
    mutating func call(_ action: String, on: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> [Event] {
        run(.call(action: action, on: on), sourceLocation: sourceLocation)
    }

    /// The class of the front-most view controller.
    var front: String? { sim.state.frontmost.map { sim.state.className(of: $0) } }

    /// Class names of a navigation controller's stack (or any container's children), bottom first.
    func children(of id: Int) -> [String] { sim.state.children(of: id).map { sim.state.className(of: $0) } }

    // MARK: Reading events

    /// UIKit's console lines, as `[Category] message`.
    static func console(_ events: [Event]) -> [String] {
        events.compactMap { if case .console(let c, let m) = $0 { return "[\(c)] \(m)" } else { return nil } }
    }

    static func notes(_ events: [Event]) -> [String] {
        events.compactMap { if case .note(let n) = $0 { return n } else { return nil } }
    }

    static func crash(_ events: [Event]) -> Crash? {
        events.lazy.compactMap { if case .crashed(let c) = $0 { return c } else { return nil } }.first
    }

    /// Every event as one short line, with instances named by class, for checking order.
    func trace(_ events: [Event]) -> [String] {
        func n(_ id: Int) -> String { sim.state.className(of: id) }
        return events.map { e in
            switch e {
            case .instantiated(let id, .initCoder): return "new \(n(id)) init(coder:)"
            case .instantiated(let id, .segueAction(let target, let selector, let initializer)):
                return "new \(n(id)) by \(n(target)).\(selector) \(initializer)"
            case .instantiated(let id, .code(let initializer, let caller)): return "new \(n(id)) \(initializer) from \(caller)"
            case .called(let id, let method, _): return id.map { "\(n($0)).\(method)" } ?? method
            case .lifecycle(let id, let callback): return "\(n(id)).\(callback.rawValue)"
            case .injected(let id, let dep, let value, _): return "set \(n(id)).\(dep) = \(value ?? "nil")"
            case .console(let c, let m): return "[\(c)] \(m)"
            case .transition(let t):
                switch t {
                case .setRoot(let a): return "root \(n(a))"
                case .push(let a, let b): return "push \(n(a)) onto \(n(b))"
                case .present(let a, let b, let style): return "present \(n(a)) by \(n(b)) \(style.rawValue)"
                case .pop(let a, let b): return "pop \(n(a)) from \(n(b))"
                case .dismiss(let a, let b): return "dismiss \(n(a)) by \(n(b))"
                case .selectTab(let a, let i, let b): return "tab \(i) \(n(a)) of \(n(b))"
                case .showDetail(let a, let b): return "detail \(n(a)) in \(n(b))"
                case .embed(let a, let b): return "embed \(n(a)) in \(n(b))"
                case .addChild(let a, let b, let role): return "add \(n(a)) to \(n(b)) \(role.rawValue)"
                case .released(let a): return "release \(n(a))"
                }
            case .note: return "note"
            case .crashed: return "crash"
            }
        }
    }

    /// Only the appearance callbacks (`viewWillAppear(_:)`, …, `viewDidLoad()`), as `Class.callback`.
    func appearance(_ events: [Event]) -> [String] {
        trace(events).filter { $0.contains(".view") }
    }
}

extension Flow {
    /// Points a code action at `self` or `navigationController`, which the engine understands but
    /// the loader's validator (FlowModel) does not accept as a class name yet.
    mutating func setActionClass(_ className: String, of action: String, in owner: String) {
        guard let i = classes[owner]?.actions.firstIndex(where: { $0.name == action }) else {
            Issue.record("no action \(action) on \(owner)")
            return
        }
        classes[owner]!.actions[i].className = className
    }
}

extension Array where Element == String {
    /// True when `items` occur in this order (not necessarily adjacent).
    func containsInOrder(_ items: [String]) -> Bool {
        var i = startIndex
        for item in items {
            guard let j = self[i...].firstIndex(of: item) else { return false }
            i = index(after: j)
        }
        return true
    }
}

/// A small storyboard used by several suites: a navigation controller around `A`, which pushes `B`.
enum Fixture {
    static let navAB = """
    "initial": "nav",
    "classes": { "A": {}, "B": {} },
    "scenes": {
      "nav": { "class": "UINavigationController" },
      "a": { "class": "A", "controls": ["go"] },
      "b": { "class": "B" }
    },
    "segues": [
      { "source": "nav", "destination": "a", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "Go", "source": "a", "destination": "b", "kind": "show", "trigger": "control:go" }
    ]
    """
}
