import FlowModel

/// The simulated UIKit runtime. A value: `run` takes the app from one state to the next and
/// returns what happened as events. It does no I/O and prints nothing.
public struct Simulator: Sendable {
    /// The flow, kept in the shared `FlowIndex`: a copy of a simulator (one per explored
    /// transition) then retains one object instead of every array and dictionary of the flow.
    public var flow: Flow { _read { yield index.flow } }
    public internal(set) var state: AppState
    /// Events of the command being run.
    var events: [Event] = []
    let index: FlowIndex

    /// Which events `launch` and `run` return.
    public enum EventDetail: Sendable {
        /// Everything, for the shell and transcripts.
        case all
        /// What `flownav check` reads: instantiations, `prepare(for:sender:)`, `viewDidLoad()`,
        /// console lines, notes and crashes; not the transitions, injections, other lifecycle
        /// callbacks and other calls, which it would make and destroy by the million unread.
        case findings
    }

    public var eventDetail: EventDetail = .all

    /// A crash in code that runs inside a transition that cannot fail (an appearance callback
    /// during a pop or a dismiss): raised when the command ends, and nothing after it is emitted
    /// (`AppearanceCode.swift`).
    var pendingCrash: Crash? = nil

    /// Whether the last `run` looked at view controllers outside the branch it acted on: an
    /// unwind asks every child of every ancestor (other tabs included) for its action. Every
    /// other command reads only the front-most view controller's ancestors and the subtree it
    /// changes, so `flownav check` reuses such a command's outcome for states that share them.
    public internal(set) var searchedWholeTree = false

    /// When the last `run` made one unwind, and its search found the destination: how many
    /// levels presented from the window's root it climbed below the one it started in (a
    /// presenter link from a view controller that is not a context presentation; a context
    /// presentation stays in its level). The search read only those levels (and the one it
    /// started in), and the transition changes only them, so `flownav check` can reuse its
    /// outcome for states that share them. -1: no unwind, more than one, or one that found
    /// nothing (it also looked at every view controller for its note).
    public internal(set) var unwindLevelsClimbed = -1

    /// The view controllers the last `run`'s unwind search asked, in the order it asked them
    /// (when it made one). Of the levels it climbed, it read these and no other: a view
    /// controller it did not ask cannot change where the unwind goes, so `flownav check` keys
    /// the outcome by the ones it asked.
    public internal(set) var unwindSearched: [Int32] = []

    /// The idiom the app runs on: the flow's `device` unless set; `launch` applies it.
    public var device: Device

    public init(flow: Flow, device: Device? = nil) {
        self.index = FlowIndex(flow)
        self.device = device ?? flow.device
        state = AppState(classNames: index.classNames, texts: index.texts)
        state.compact = self.device == .phone
    }

    public var hasCrashed: Bool { state.crash != nil }

    /// Becomes a copy of `other`, a simulator of the same flow, reusing this one's storage:
    /// what `var copy = other` does, without allocating once this simulator has held a state
    /// as large. For running many commands, one at a time, from the same state.
    public mutating func assign(_ other: Simulator) {
        precondition(index === other.index, "assign(_:) takes a simulator of the same flow")
        state.assign(other.state)
        eventDetail = other.eventDetail
        device = other.device
    }

    /// Starts the app: decodes the initial scene (or builds the root in code), runs the app
    /// delegate's injection, and makes the window visible.
    public mutating func launch() -> [Event] {
        defer { state.closeStamp() }
        state = AppState(classNames: index.classNames, texts: index.texts)
        state.compact = device == .phone
        events = []
        do throws(CrashSignal) {
            var root: Int
            if let scene = flow.launch.root?.scene, let initName = flow.launch.root?.initializer, initName != "init(coder:)" {
                // `instantiateInitialViewController { coder in Root(coder: coder, …) }`: the creator block.
                emit(.called(id: nil, method: "UIStoryboard.instantiateInitialViewController(creator:)", detail: CallDetail("scene \(flow.scenes[scene].id)")))
                root = try create(scene: scene, initializer: initName, arguments: flow.launch.root?.arguments ?? [], scope: Scope(selfID: nil), caller: "AppDelegate")
            } else if let scene = flow.launch.root?.scene {
                root = try decode(scene: scene, outer: nil, relationship: nil)
            } else if let r = flow.launch.root {
                let scope = Scope(selfID: nil)
                root = try build(className: r.className, initializer: r.initializer, arguments: r.arguments, scope: scope, caller: "AppDelegate")
            } else if let initial = flow.initial(on: device) {
                root = try decode(scene: initial, outer: nil, relationship: nil)
            } else {
                return events
            }
            if let site = flow.launch.root?.unknown { markNilDependenciesUnknown(of: root, at: site) }
            if let nav = flow.launch.root?.embedIn { root = embed(root, in: nav, caller: "AppDelegate") }
            state.windowRoot = root
            emit(.transition(.setRoot(root)))
            try applyCases(flow.launch.inject, to: root, scope: Scope(selfID: nil), caller: "AppDelegate.application(_:didFinishLaunchingWithOptions:)", identifier: nil)
            try appear(from: root)
            if let c = pendingCrash { throw CrashSignal(crash: c) }
        } catch {
            crash(pendingCrash ?? error.crash)
        }
        return finish()
    }

    /// Runs one command. A rejected command leaves the app as it was.
    public mutating func run(_ command: Command) -> Result<[Event], Rejection> {
        // Room for a typical command's events at once, rather than growing 1, 2, 4, 8, 16.
        var out: [Event] = []
        out.reserveCapacity(eventDetail == .all ? 16 : 6)
        if let rejection = run(command, into: &out) { return .failure(rejection) }
        return .success(out)
    }

    /// Runs one command, its events replacing the contents of `out` (whose storage is reused:
    /// for callers that run many commands and read each one's events before the next). Returns
    /// why the command was rejected, if it was; a rejected command leaves the app as it was and
    /// `out` empty.
    public mutating func run(_ command: Command, into out: inout [Event]) -> Rejection? {
        out.removeAll(keepingCapacity: true)
        searchedWholeTree = false
        unwindLevelsClimbed = -1
        unwindSearched.removeAll(keepingCapacity: true)
        // The command's changes share a stamp, closed before anyone can copy the state.
        defer { state.closeStamp() }
        if state.crash != nil {
            return Rejection("the app has crashed; only inspection, 'relaunch' and 'load' work now")
        }
        guard state.windowRoot != nil else { return Rejection("the app has no window root; 'relaunch' it") }
        // Every rejection is decided before the command touches the state (see `execute`), so
        // no copy of the state is kept to roll back: copying it would cost O(instances) a command.
        swap(&events, &out)
        defer { swap(&events, &out) }
        do throws(CommandFailure) {
            try execute(command)
            if let c = pendingCrash { throw .crash(CrashSignal(crash: c)) }
        } catch {
            switch error {
            case .crash(let signal):
                crash(pendingCrash ?? signal.crash)
            case .rejected(let rejection):
                events.removeAll(keepingCapacity: true)
                return rejection
            }
        }
        return nil
    }

    private mutating func finish() -> [Event] {
        defer { events = [] }
        return events
    }

    mutating func crash(_ c: Crash) {
        pendingCrash = nil
        state.crash = c
        emit(.crashed(c))
    }

    /// Takes the event (`consuming`): appending a borrowed one copied it, a retain of each of
    /// its strings through the generic value witness.
    @inline(__always)
    mutating func emit(_ e: consuming Event) {
        if eventDetail == .findings && !Self.isFinding(e) { return }
        if pendingCrash != nil { return }
        events.append(e)
    }

    /// What `EventDetail.findings` keeps.
    private static func isFinding(_ e: borrowing Event) -> Bool {
        switch e {
        case .transition, .injected: return false
        case .lifecycle(_, let callback): return callback == .viewDidLoad
        case .called(_, _, let detail):
            if case .prepare? = detail?.kind { return true }
            return false
        default: return true
        }
    }

    // MARK: Descriptions

    /// The runtime class name UIKit prints: `Items.DetailViewController`, or `UINavigationController`.
    public func runtimeName(_ className: String) -> String {
        info(className).runtimeName
    }

    /// What the flow says about a class, resolved once (`FlowIndex`).
    func info(_ className: String) -> FlowIndex.ClassInfo {
        index.classes[className] ?? FlowIndex.resolve(className, in: flow, texts: index.texts)
    }

    /// The number of a class in the flow's table (-1: a name the table lacks, which the state
    /// then numbers itself); a scene's own class without hashing.
    @inline(__always)
    func classID(_ className: String, scene: Int?) -> Int32 {
        if let scene, !index.sceneHasUnknownClass[scene], flow.scenes[scene].className == className { return index.sceneClassIDs[scene] }
        return index.classIDs[className] ?? -1
    }

    /// The class number (`Instance.classID`) of a scene's class.
    public func classID(ofScene scene: Int) -> Int32 { index.sceneClassIDs[scene] }

    /// The container kind of the class numbered `c` in the flow's table (`Flow.containerKind(of:)`,
    /// resolved once per flow).
    public func containerKind(classID c: Int32) -> ContainerKind? { index.classList[Int(c)].container }

    /// What the flow says about a class by number.
    @inline(__always)
    func info(classID c: Int32, _ className: String) -> FlowIndex.ClassInfo {
        c >= 0 && Int(c) < index.classList.count ? index.classList[Int(c)] : info(className)
    }

    /// What the flow says about an instance's class: by number, without hashing its name.
    @inline(__always)
    func info(of id: Int) -> FlowIndex.ClassInfo {
        let c = Int(state[id].classID)
        return c < index.classList.count ? index.classList[c] : info(state.className(of: id))
    }

    /// The class of an instance, e.g. `DetailViewController`.
    public func className(of id: Int) -> String { state.className(of: id) }

    /// An instance's class and superclasses, itself first (resolved once per flow: `Flow.lineage(of:)`).
    public func lineage(of id: Int) -> [String] { info(of: id).lineage }

    /// The flow's declarations along an instance's lineage (`Flow.declarations(of:)`).
    public func declarations(of id: Int) -> [ClassDecl] { info(of: id).declarations }

    /// A dependency of an instance's class by name (`Flow.dependency(_:of:)`).
    public func dependency(_ name: String, of id: Int) -> Dependency? { info(of: id).dependencyByName[name] }

    /// Whether an instance's class implements a segue action (`Flow.segueAction(_:on:) != nil`).
    public func implementsSegueAction(_ selector: String, on id: Int) -> Bool { info(of: id).resolvedSegueActions[selector] != nil }

    /// The kind of container an instance's class is (`Flow.containerKind(of:)`), by number.
    public func containerKind(of id: Int) -> ContainerKind? { info(of: id).container }

    /// The code actions of an instance's class (`Flow.actions(of:)`).
    public func actions(of id: Int) -> [CodeAction] { info(of: id).actions }

    /// `<Items.DetailViewController: 0x600000c04000>`, with a counter-based address.
    public func describe(_ id: Int) -> String {
        "<\(info(of: id).runtimeName): \(Self.address(id))>"
    }

    public static func address(_ id: Int) -> String {
        "0x" + String(addressValue(id), radix: 16)
    }

    /// The printed address of instance `id` as a number: counter-based, so transcripts are stable.
    public static func addressValue(_ id: Int) -> Int { firstAddress + id * addressStride }

    private static let firstAddress = 0x6000_00c0_4000
    private static let addressStride = 0x200

    /// An instance id from a printed address.
    public func instance(address: String) -> Int? {
        let hex = address.lowercased().hasPrefix("0x") ? String(address.dropFirst(2)) : address
        guard let v = Int(hex, radix: 16) else { return nil }
        let d = v - Self.firstAddress
        guard d >= 0, d % Self.addressStride == 0, d / Self.addressStride < state.instances.count else { return nil }
        return d / Self.addressStride
    }
}
