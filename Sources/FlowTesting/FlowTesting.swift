import FlowEngine
import FlowModel
import FlowShell

/// A simulated app for an app team's own tests, driven with the shell's commands. It works
/// with Swift Testing and XCTest alike: nothing here depends on a test framework.
///
/// ```swift
/// var app = try FlowApp(path: "flows/segue-actions.json")
/// try app.send("select 1")
/// #expect(app.frontmost?.className == "DetailViewController")
/// #expect(app.dependency("item", of: "detail")?.value == "viewModel.item(for: [0, 1])")
/// ```
public struct FlowApp: Sendable {
    /// The shell session underneath (for anything this API does not cover).
    public private(set) var session: Session
    /// What launching printed (the `load`'s lines, launch events).
    public let launch: Response

    /// Loads a flow file (relative to the working directory) and launches its app.
    /// Throws the loader's diagnostics when the flow cannot be used.
    public init(path: String) throws(LoadError) {
        switch FlowLoader.load(path: path) {
        case .success(let loaded): self.init(loaded, path: path)
        case .failure(let e): throw LoadError(e)
        }
    }

    /// Loads a flow file whose relative path starts from the folder of `file`: pass `#filePath`
    /// and the test finds its flow under Xcode (whose working directory is not the package) and
    /// `swift test` alike. `FlowApp(path: "Flows/app.json", relativeTo: #filePath)`.
    public init(path: String, relativeTo file: String) throws(LoadError) {
        try self.init(path: Self.resolve(path, relativeTo: file))
    }

    /// `path` from the folder of `file` (a `#filePath`); an absolute path as it is.
    public static func resolve(_ path: String, relativeTo file: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        guard let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }

    /// Loads a flow from JSON text; `name` stands for its file in diagnostics.
    public init(json: String, name: String = "flow.json") throws(LoadError) {
        switch FlowLoader.load(text: json, file: name) {
        case .success(let loaded): self.init(loaded, path: nil)
        case .failure(let e): throw LoadError(e)
        }
    }

    private init(_ loaded: LoadedFlow, path: String?) {
        var s = Session()
        let out = s.launch(loaded, path: path)
        session = s
        launch = Response(command: "load", output: out)
    }

    /// The flow built into flownav (`flows/segue-actions.json`), launched.
    public static func demo() -> FlowApp {
        FlowApp(session: Session.demo())
    }

    private init(session: Session) {
        self.session = session
        launch = Response(command: "load", output: Output())
    }

    // MARK: Commands

    /// Runs a shell command (`select 1`, `tap add`, `perform ShowDetail sender self`, `back`,
    /// `dismiss`, …) and returns what it printed. A crash is a result, not an error (check
    /// `crashed`); a command the shell rejects — an unknown command or control, a bad argument,
    /// any app command after a crash — throws `Rejected`.
    @discardableResult
    public mutating func send(_ command: String) throws(Rejected) -> Response {
        let out = session.execute(command)
        var response = Response(command: command, output: out)
        if let sim = session.sim {
            response.calls = out.events.compactMap { event in
                switch event {
                case .called(let id, let method, _): Call(viewController: id.map { viewController($0, in: sim) }, method: method)
                case .lifecycle(let id, let callback): Call(viewController: viewController(id, in: sim), method: callback.rawValue)
                default: nil
                }
            }
        }
        if response.status == .rejected { throw Rejected(command: command, lines: response.lines) }
        return response
    }

    /// What one command printed and did.
    public struct Response: Sendable, CustomStringConvertible {
        public enum Status: Int, Sendable {
            case ok = 0
            case rejected = 1
            case loadFailed = 2
            case crashed = 3
        }

        public var command: String
        /// The lines the shell printed, without colour.
        public var lines: [String]
        public var status: Status
        /// The engine's events behind the lines (`import FlowEngine` to match on them).
        public var events: [Event]
        /// Every method UIKit or the app called, in order, with the view controller it was
        /// called on: what the shell prints as `call <Items.DetailViewController: 0x…>
        /// viewDidLoad()` is `Call(viewController: detail, method: "viewDidLoad()")`.
        public var calls: [Call] = []

        /// Whether `method` (`viewDidLoad()`, `prepare(for:sender:)`) was called on an instance
        /// of `className`, or of the scene `scene`.
        public func called(_ method: String, on className: String? = nil, scene: String? = nil) -> Bool {
            calls.contains { c in
                c.method == method && (className == nil || c.viewController?.className == className)
                    && (scene == nil || c.viewController?.scene == scene)
            }
        }

        init(command: String, output: Output) {
            self.command = command
            lines = output.lines.map(\.text)
            status = Status(rawValue: output.status.rawValue) ?? .ok
            events = output.events
        }

        /// The lines joined with newlines.
        public var text: String { lines.joined(separator: "\n") }
        public var crashed: Bool { status == .crashed }
        public var description: String { Transcript.marker + command + "\n" + text }
    }

    /// The shell refused a command; `lines` says why (with a caret under the culprit).
    public struct Rejected: Error, Sendable, CustomStringConvertible {
        public var command: String
        public var lines: [String]
        public var description: String { "flownav rejected '\(command)':\n" + lines.joined(separator: "\n") }
    }

    /// The flow could not be loaded: every diagnostic, `file:line:column: error: …`.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var diagnostics: [Diagnostic]

        init(_ e: FlowLoadError) { diagnostics = e.diagnostics }

        public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
        public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
    }

    // MARK: State

    /// A method called during a command, and on which view controller (nil for a class
    /// method such as an initializer called before the instance exists).
    public struct Call: Sendable, Equatable, CustomStringConvertible {
        public var viewController: ViewController?
        public var method: String
        public var description: String { "call     \(viewController?.description ?? "") \(method)" }
    }

    /// The view controller an engine event's instance number stands for (`Event` carries
    /// numbers: `.lifecycle(id: 2, callback: .viewDidLoad)`).
    public func viewController(id: Int) -> ViewController? {
        guard let sim = session.sim, id >= 0, id < sim.state.instances.count else { return nil }
        return viewController(id, in: sim)
    }

    /// A view controller instance as the simulated runtime sees it.
    public struct ViewController: Sendable, Equatable, CustomStringConvertible {
        /// The Swift class name from the flow (`DetailViewController`).
        public var className: String
        /// The storyboard scene it was decoded from (nil when built in code).
        public var scene: String?
        /// `0x600000c04400`: deterministic, as in the shell's output.
        public var address: String
        /// `<Items.DetailViewController: 0x600000c04400>`, as UIKit prints it.
        public var description: String
    }

    /// The front-most view controller (what the user sees and `back`/`tap` act on).
    public var frontmost: ViewController? {
        guard let sim = session.sim, let id = sim.state.frontmost else { return nil }
        return viewController(id, in: sim)
    }

    /// The instance that a scene id (its live instance, the visible one first) or an address
    /// names.
    public func viewController(_ target: String) -> ViewController? {
        guard let sim = session.sim, let id = session.instanceID(target) else { return nil }
        return viewController(id, in: sim)
    }

    private func viewController(_ id: Int, in sim: Simulator) -> ViewController {
        let i = sim.state[id]
        return ViewController(className: sim.state.className(of: id), scene: i.scene.map { sim.flow.scenes[$0].id },
                              address: Simulator.address(id), description: sim.describe(id))
    }

    /// The window's view-controller tree, as `where` prints it.
    public var tree: String { session.treeLines.joined(separator: "\n") }

    /// What `inspect` prints for a scene or address (the front-most when nil).
    public func inspect(_ target: String? = nil) -> String? {
        session.inspectLines(target)?.joined(separator: "\n")
    }

    /// A dependency of an instance and where its value came from.
    public struct Dependency: Sendable, Equatable, CustomStringConvertible {
        public var name: String
        /// `let item: DetailItem`, as the class declares it.
        public var declaration: String
        /// The value as an expression of the app (`viewModel.item(for: [0, 1])`); nil when unset.
        public var value: String?
        /// The code that set it (`createDetailViewController(coder:sender:segueIdentifier:) through init(coder:item:)`).
        public var provenance: String
        public var description: String { "\(declaration) = \(value ?? "nil")  ← \(provenance)" }
    }

    /// The dependency `name` of the instance that `target` (a scene id or an address) names.
    public func dependency(_ name: String, of target: String) -> Dependency? {
        guard let sim = session.sim, let id = session.instanceID(target) else { return nil }
        return dependencies(id, in: sim).first { $0.name == name }
    }

    /// Every dependency of the instance that `target` names (the front-most when nil).
    public func dependencies(of target: String? = nil) -> [Dependency] {
        guard let sim = session.sim, let id = target.map({ session.instanceID($0) }) ?? sim.state.frontmost else { return [] }
        return dependencies(id, in: sim)
    }

    private func dependencies(_ id: Int, in sim: Simulator) -> [Dependency] {
        let className = sim.state.className(of: id)
        return sim.state.dependencies(of: id).map { slot in
            Dependency(name: slot.name,
                       declaration: sim.flow.dependency(slot.name, of: className)?.declaration ?? slot.name,
                       value: slot.value, provenance: slot.provenance)
        }
    }

    /// The console lines of the crash (`Items/AddItemViewController.swift:12: Fatal error: …`),
    /// or nil while the app runs.
    public var crash: [String]? { session.sim?.state.crash?.consoleLines }

    // MARK: Transcripts

    /// Why a transcript could not be run: `path:line:column: error: message`.
    public typealias TranscriptError = FlowShell.TranscriptError

    /// A transcript's verdict.
    public struct TranscriptReport: Sendable, CustomStringConvertible {
        public var path: String
        public var passed: Bool
        /// Commands run.
        public var commands: Int
        /// For a failure: a unified diff from the file (expected) to the output (actual).
        public var diff: String
        /// For a failure: the transcript with the actual output, as `flownav test --update`
        /// would write it.
        public var updatedText: String?

        public var description: String {
            passed ? "\(path): passed (\(commands) command\(commands == 1 ? "" : "s"))" : "\(path): failed\n\(diff)"
        }
    }

    /// Replays a transcript (`.flownav`) as `flownav test` does: a fresh session, the demo flow
    /// unless it starts with `load`, relative paths from the transcript's folder. Throws when
    /// the file cannot be read or is not a transcript (with the line and column).
    public static func runTranscript(path: String) throws(TranscriptError) -> TranscriptReport {
        if let problem = missing(path) { throw problem }
        let r = TranscriptRunner.run(path: path)
        if case .invalid(let e) = r.outcome { throw e }
        return TranscriptReport(path: r.path, passed: r.passed, commands: r.commands, diff: r.diff,
                                updatedText: r.passed ? nil : r.updatedText)
    }

    /// Replays transcript text as if it were the file at `path` (which fixes the folder that
    /// relative `load` paths start from).
    public static func runTranscript(text: String, path: String) throws(TranscriptError) -> TranscriptReport {
        let r = TranscriptRunner.run(text: text, path: path)
        if case .invalid(let e) = r.outcome { throw e }
        return TranscriptReport(path: r.path, passed: r.passed, commands: r.commands, diff: r.diff,
                                updatedText: r.passed ? nil : r.updatedText)
    }

    /// Replays a transcript whose relative path starts from the folder of `file` (`#filePath`).
    public static func runTranscript(path: String, relativeTo file: String) throws(TranscriptError) -> TranscriptReport {
        try runTranscript(path: resolve(path, relativeTo: file))
    }

    /// The `.flownav` files under a folder, recursively, sorted: arguments for a parameterised
    /// test (`@Test(arguments: FlowApp.transcripts(in: "flows"))`). A folder that does not
    /// exist, or holds no transcript, gives itself as the one case, so that `runTranscript`
    /// fails the test with the reason instead of the run passing with no cases (a typo).
    public static func transcripts(in folder: String) -> [String] {
        let found = TranscriptFinder.transcripts(in: folder)
        return found.isEmpty ? [folder] : found
    }

    /// `transcripts(in:)` for a folder relative to the folder of `file` (`#filePath`).
    public static func transcripts(in folder: String, relativeTo file: String) -> [String] {
        transcripts(in: resolve(folder, relativeTo: file))
    }

    /// Why `path` cannot be a transcript: missing, or a folder `transcripts(in:)` found empty.
    private static func missing(_ path: String) -> TranscriptError? {
        switch TranscriptFinder.find(path) {
        case .failure:
            return TranscriptError(path: path, message: "no such file or folder; check the transcripts folder's name (relative paths start from the working directory, or from the test file with relativeTo: #filePath)")
        case .success(let found) where found.isEmpty:
            return TranscriptError(path: path, message: "a folder with no .flownav transcripts in it")
        case .success(let found) where found != [path]:
            return TranscriptError(path: path, message: "a folder, not a transcript; pass FlowApp.transcripts(in:) as the test's arguments")
        case .success:
            return nil
        }
    }
}
