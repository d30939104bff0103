import FlowEngine
import FlowModel

/// What `check` does: the lints, then (unless turned off) the exploration.
public struct CheckOptions: Hashable, Sendable {
    public var lint: Bool
    public var explore: Bool
    public var exploration: ExploreOptions

    public init(lint: Bool = true, explore: Bool = true, exploration: ExploreOptions = ExploreOptions()) {
        self.lint = lint
        self.explore = explore
        self.exploration = exploration
    }
}

/// `flownav check`: static lints and exhaustive exploration of a loaded flow.
public enum Checker {
    /// The parts of a check, for `check --stats`'s time split (`ended`).
    public enum Part: String, Sendable {
        case lints
        case exploration
    }

    /// `devices`: explore on each (the flow's own `"device"` when empty); with two, a finding
    /// only one of them reaches says so (`Finding.deviceOnly`). `ended` is called as each part
    /// of the work ends (the caller times them).
    public static func check(_ flow: Flow, options: CheckOptions = CheckOptions(), devices: [Device], ended: (Part) -> Void = { _ in }) -> Report {
        guard let first = devices.first else { return check(flow, options: options, ended: ended) }
        var f1 = flow
        f1.device = first
        var report = check(f1, options: options, ended: ended)
        report.flowDevice = flow.device
        guard devices.count > 1, options.explore, let c1 = report.coverage else { return report }
        report.deviceCoverage = [(first, c1)]
        var lintsOff = options
        lintsOff.lint = false
        var dynamic = report.findings.filter { $0.path != nil }
        let lints = report.findings.filter { $0.path == nil }
        var seen = Set(dynamic.map(\.key))
        var reachedBy: [String: Int] = [:]
        for f in dynamic { reachedBy[f.key] = 1 }
        for d in devices.dropFirst() {
            var fd = flow
            fd.device = d
            let r = check(fd, options: lintsOff, ended: ended)
            if let c = r.coverage { report.deviceCoverage.append((d, c)) }
            for f in r.findings {
                reachedBy[f.key, default: 0] += 1
                if seen.insert(f.key).inserted {
                    dynamic.append(f)
                } else if f.confidence == .definite, let i = dynamic.firstIndex(where: { $0.key == f.key && $0.confidence == .possible }) {
                    // Possible on the first device only (a split view's collapse there rests on
                    // an unread delegate), definite on this one: it is definite.
                    dynamic[i] = f
                }
            }
        }
        for k in dynamic.indices where reachedBy[dynamic[k].key] == 1 { dynamic[k].deviceOnly = true }
        // Shortest first; among equals, the first device's first.
        let order = dynamic.enumerated().sorted { ($0.element.path?.count ?? 0, $0.offset) < ($1.element.path?.count ?? 0, $1.offset) }
        report.findings = lints + order.map(\.element)
        return report
    }

    /// A finding about an imported scene or segue points at its storyboard element (so SARIF
    /// annotates the `.storyboard` in a pull request).
    static func storyboardLocated(_ f: Finding, in flow: Flow, scenes: SceneIndex) -> Finding {
        guard let path = f.origin?.path else { return f }
        var origin: StoryboardOrigin?
        if path.hasPrefix("segues["), let close = path.firstIndex(of: "]"),
           let i = Int(path[path.index(path.startIndex, offsetBy: 7)..<close]), flow.segues.indices.contains(i) {
            origin = flow.segues[i].storyboard
        } else if path.hasPrefix("scenes.") {
            let id = path.dropFirst(7).prefix { $0 != "." && $0 != "[" }
            if let index = scenes.byID[String(id)] {
                let scene = flow.scenes[index]
                origin = scene.storyboard
                // A control or a prototype: its own element.
                let rest = path.dropFirst(7 + id.count)
                if rest.hasPrefix(".controls["), let i = Int(rest.dropFirst(10).prefix { $0 != "]" }), scene.controls.indices.contains(i) {
                    origin = scene.storyboardControls[scene.controls[i]] ?? origin
                } else if rest.hasPrefix(".prototypes."), let p = scene.prototypes.first(where: { rest.dropFirst(12).hasPrefix($0.name) }) {
                    origin = scene.storyboardCells[p.name] ?? origin
                }
            }
        } else if path.hasPrefix("unknownViewClasses["), let close = path.firstIndex(of: "]"),
                  let i = Int(path[path.index(path.startIndex, offsetBy: 19)..<close]), flow.unknownViewClasses.indices.contains(i) {
            origin = flow.unknownViewClasses[i].storyboard
        } else if path.hasPrefix("classes."), !flow.positionsInFile, flow.codeLocation(ofPath: path) == nil {
            // An imported class whose code was not read: the first scene of that class.
            let name = path.dropFirst(8).prefix { $0 != "." && $0 != "[" }
            origin = scenes.firstImported[String(name)].flatMap { flow.scenes[$0].storyboard }
        }
        guard let origin else {
            // An imported flow has no file of its own: its folder, without a line.
            guard !flow.positionsInFile else { return f }
            var f = f
            f.origin?.position = nil
            return f
        }
        var f = f
        f.file = origin.file
        f.origin?.position = SourcePosition(line: origin.line, column: 1)
        return f
    }

    /// A finding about a part read from the Swift sources names the line the part was read from.
    static func codeLocated(_ f: Finding, in flow: Flow) -> Finding {
        guard f.code == nil, let path = f.origin?.path, var loc = flow.codeLocation(ofPath: path) else { return f }
        // A trap names its own line (the read or assert in viewDidLoad): that line, in the
        // file the part was read from, when the trap's file is that file.
        if f.rule == Rules.trap || f.rule == Rules.outletBeforeViewLoaded {
            let parts = f.message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            if parts.count > 2, let line = Int(parts[1]), let name = parts[0].split(separator: "/").last,
               loc.file == name || loc.file.hasSuffix("/" + name) {
                loc.line = line
            }
        }
        var f = f
        f.code = loc
        return f
    }

    public static func check(_ flow: Flow, options: CheckOptions = CheckOptions(), ended: (Part) -> Void = { _ in }) -> Report {
        var findings: [Finding] = []
        let assumptions = Assumptions(flow: flow, perform: options.exploration.perform)
        if options.lint {
            var linter = Linter(flow: flow)
            findings += linter.run().map { f in
                var f = f
                if f.severity > .note { f.assume(assumptions.lint(f)) }
                return f
            }
            ended(.lints)
        }
        var coverage: Coverage?
        if options.explore {
            var explorer = Explorer(flow: flow, options: options.exploration)
            coverage = explorer.run()
            defer { ended(.exploration) }
            var dynamic = explorer.problems.enumerated().map { (n, p) in (n, finding(p, of: explorer, assumptions: assumptions)) }
            definitePaths(&dynamic, flow: flow, options: options.exploration)
            // Shortest first; among equals, in the order found.
            dynamic.sort { ($0.1.path?.count ?? 0, $0.0) < ($1.1.path?.count ?? 0, $1.0) }
            findings += dynamic.map(\.1)
            if let c = coverage, c.states == 1, dynamic.isEmpty, var f = entryLeadsNowhere(flow) {
                f.device = flow.device
                findings.append(f)
            }
        }
        let scenes = SceneIndex(flow)
        findings = findings.map { codeLocated(storyboardLocated($0, in: flow, scenes: scenes), in: flow) }
        findings = ForcedCastFindings.withoutRepeatedLints(findings)
        var report = Report(file: flow.file, flowName: flow.name, scenes: flow.scenes.count, segues: flow.segues.count,
                            findings: [], coverage: coverage)
        var used = Set<Int>()
        for f in findings {
            let path = f.origin?.path ?? ""
            if let i = flow.suppressions.firstIndex(where: { $0.covers(rule: f.rule.id, path: path) }) {
                used.insert(i)
                report.suppressed.append(Suppressed(finding: f, suppression: flow.suppressions[i]))
            } else {
                report.findings.append(f)
            }
        }
        report.unusedSuppressions = flow.suppressions.indices.filter { !used.contains($0) }.map { flow.suppressions[$0] }
        report.flowDevice = flow.device
        return report
    }

    /// An exploration of one state: the first screen leads nowhere. Said, so that a clean
    /// report of an app whose storyboards stop at launch is not read as a clean app.
    static func entryLeadsNowhere(_ flow: Flow) -> Finding? {
        var sim = Simulator(flow: flow)
        _ = sim.launch()
        guard !sim.hasCrashed, let front = sim.state.frontmost else { return nil }
        let sceneIndex = sim.state[front].scene
        let name = sceneIndex.map { "'\(flow.scenes[$0].id)' (\(flow.scenes[$0].className))" } ?? sim.state.className(of: front)
        var message = "the exploration ends at launch: nothing a user can do on \(name), the first screen, leads anywhere in this flow (1 state explored)"
        let imported = sceneIndex.map { flow.scenes[$0].storyboard != nil } ?? false
        var hint = "add the segues or code actions that leave this screen"
        if imported {
            let hasCode = flow.sourcesRead
            message += hasCode
                ? "; its storyboard scene has no segue, control or row that leads on, and the Swift read adds none"
                : "; its storyboard scene has no segue, control or row that leads on, and without the Swift sources what its code does is unknown"
            hint = hasCode
                ? "the app goes on from here in code flownav does not read yet: write it as code actions in a flow naming \"storyboards\""
                : "the app goes on from here in code (a root set by the app delegate, instantiateViewController, present or push): import the app folder with its Swift sources, or write those paths as code actions in a flow naming \"storyboards\""
        }
        // How the import chose this entry, when it had to guess (the flow's top-level notes).
        // And the launch code that sets the window's root in a way the reader did not follow.
        for n in flow.notes where n.contains("entry") || n.contains("initial view controller") || n.contains("the window's root") { message += "; " + n }
        let path = sceneIndex.map { "scenes.\(flow.scenes[$0].id)" } ?? "initial"
        return Finding(rule: Rules.entryLeadsNowhere, message: message, hint: hint, file: flow.file,
                       origin: sceneIndex.map { flow.scenes[$0].origin } ?? Origin(path: path, position: nil), path: [])
    }

    static func hint(for rule: Rule, console: [String] = [], flow: Flow? = nil) -> String {
        if let flow, let stale = staleHint(for: rule, console: console, flow: flow) { return stale }
        if rule.id == Rules.trap.id, let trap = console.last {
            // Say which of Swift's traps it was: the fix differs.
            if trap.contains("Assertion failed") {
                return "an assertion in viewDidLoad fails: inject what it asserts before the view loads (in prepare, a segue action or an initializer) on this path"
            }
            if trap.contains("implicitly unwrapping") {
                // A nil copied from an implicitly unwrapped property of the source: the fix is
                // where the copy came from, not where it is read.
                if let note = console.last(where: { $0.contains(text: ", which copied nil from ") }),
                   let start = note.find("set to nil by ") {
                    let origin = note[note.utf8.index(start, offsetBy: 14)...]
                    return "the nil came from \(origin), while that property of the source was nil itself: inject it into the source before the segue (or make the reader's property Optional and handle nil)"
                }
                return "an implicitly unwrapped dependency is read while nil: inject it on this path (in prepare, a segue action or an initializer)"
            }
            if trap.contains("init(coder:)") || trap.contains("Fatal error") {
                return "UIKit reached init(coder:), which traps: build this view controller with its initializer in a segue action UIKit finds on the source of the segue being performed"
            }
        }
        return switch rule.id {
        case Rules.trap.id: "replay the path and give the view controller the dependency it reads (or a segue action / initializer that does)"
        case Rules.outletBeforeViewLoaded.id: "pass the value in a property and set the outlet in viewDidLoad (or use ?., or call loadViewIfNeeded() first); after the load, connect the outlet in Interface Builder"
        case Rules.uncaughtException.id: "replay the path: the last command makes UIKit throw; fix the call that throws"
        case Rules.unableToFindMethod.id: "implement the segue action on the source of the segue being performed"
        case Rules.segueActionReturnedNil.id: "make the segue action return a view controller on this path"
        case Rules.alreadyPresenting.id: "present from the front-most view controller, or dismiss first"
        case Rules.nilDependencyInViewDidLoad.id: "inject the dependency on every path to this screen (prepare, segue action or initializer)"
        case Rules.silentCastFailure.id: "unwrap the container (navigationTop, tabFirst…) before the cast, or conform the class"
        case Rules.forcedCastFails.id: ForcedCastFindings.hint
        case Rules.unwindWithoutDestination.id: "implement the unwind action on a view controller below the source on this path"
        case Rules.typedDestinationUnhandled.id: "handle the case in the destination's switch, or perform the segue through the enum"
        case Rules.noNavigationController.id: "embed the scene in a navigation controller, or present instead of pushing"
        case Rules.tabBarPushed.id: "present the tab bar controller modally, or make it the root and put navigation controllers in its tabs"
        case Rules.dismissDidNothing.id: "pop instead, or present the screen so that dismiss has something to dismiss"
        default: "replay the path to see the context"
        }
    }

    /// For an unwind that finds nothing, or a segue action UIKit cannot find, whose name no class
    /// declares: the cause is a rename the storyboard kept, not a missing implementation on this
    /// path, so the fix is the one of the stale-name lint. For an unwind whose implementer is in
    /// the app but left out of the search: the overrides are the cause.
    static func staleHint(for rule: Rule, console: [String], flow: Flow) -> String? {
        if rule.id == Rules.unwindWithoutDestination.id,
           console.contains(where: { $0.contains(text: "implements it, but the search does not reach it") }) {
            return "the view controller that implements the action is on this path, but an allowedChildrenForUnwinding(from:) override leaves it out of the search or a canPerformUnwind override answers no: change the override, or unwind from where the search reaches it"
        }
        if rule.id == Rules.unwindWithoutDestination.id,
           let note = console.first(where: { $0.contains(text: "so the unwind does nothing") }),
           let selector = note.between(" implements ", ", so") {
            let declared = flow.classes.values.contains { $0.unwindActions.contains { SelectorName($0).selector == selector } }
            if !declared {
                return "no class declares \(selector) (see undeclared-unwind-action): reconnect the exit to the renamed unwind @IBAction"
            }
        }
        if rule.id == Rules.silentCastFailure.id,
           let note = console.first(where: { $0.contains(text: " is nil, so nothing is injected") || $0.contains(text: ", so the injection is skipped") }),
           let object = note.between(": <", ":") {
            // The cast failed because UIKit made the element's class for a renamed scene class.
            for (i, scene) in flow.scenes.enumerated() where flow.hasUnknownClass(scene: i) && flow.runtimeClass(ofScene: i) == object {
                let log = "[Storyboard] Unknown class \(flow.objcRuntimeName(of: scene.className)) in Interface Builder file."
                if console.contains(log) {
                    return "no class declares \(scene.className), the class of scene '\(scene.id)' (see unknown-scene-class): UIKit made a \(object), which no cast to the app's classes matches; set the scene's class to the renamed class"
                }
            }
        }
        if rule.id == Rules.unableToFindMethod.id,
           let line = console.first(where: { $0.contains(text: "Unable to find method") }),
           let selector = line.between(" ", "]")?.split(separator: " ").last.map(String.init) {
            let declared = flow.classes.values.contains { $0.segueActions.contains { $0.selector == selector } }
            if !declared {
                return "no class declares \(selector) (see undeclared-segue-action): reconnect the segue's Instantiation to the renamed @IBSegueAction"
            }
        }
        return nil
    }

    /// Shell command lines for a path, with `from` resolved the way the shell resolves it.
    /// `unlaunched`: a simulator of the flow (its copy is launched): one made per path resolved
    /// the whole flow's lookups again for every finding.
    public static func steps(_ commands: [Command], from unlaunched: Simulator) -> [Step] {
        var sim = unlaunched
        _ = sim.launch()
        var out: [Step] = []
        for c in commands {
            out.append(Step(command: c, text: text(c, in: sim)))
            _ = sim.run(c)
        }
        return out
    }

    /// `tap add`, `select 1`, `select 0 2`, `tap edit from header`, `perform ShowDetail`.
    public static func text(_ command: Command, in sim: Simulator) -> String {
        func from(_ on: Int?) -> String {
            guard let on else { return "" }
            return " from " + reference(on, in: sim)
        }
        switch command {
        case .tap(let control, let on): return "tap \(control.shellWord)\(from(on))"
        case .select(let section, let row, let on): return "select \(row)\(section == 0 ? "" : " \(section)")\(from(on))"
        case .call(let action, let on): return "call \(action.shellWord)\(from(on))"
        case .perform(let id, let on, let sender): return "perform \(id.shellWord)\(from(on))\(sender.map { " sender \($0)" } ?? "")"
        case .back: return "back"
        case .dismiss: return "dismiss"
        case .tab(let n): return "tab \(n)"
        }
    }

    /// A scene id when the shell resolves it to this instance (the visible one first), else the address.
    static func reference(_ id: Int, in sim: Simulator) -> String {
        let state = sim.state
        if let scene = state.instances[id].scene {
            let live = state.live.filter { $0.scene == scene }.map(\.id)
            let visible = state.topLevel.map { state.visibleChain(from: $0) } ?? []
            if (live.last { visible.contains($0) } ?? live.last) == id { return sim.flow.scenes[scene].id }
        }
        return Simulator.address(id)
    }
}

/// Scenes by id, and the first imported scene of each class, made once for locating findings
/// (a scan of the scenes per finding, with a finding per scene, made `check` quadratic).
struct SceneIndex {
    let byID: [String: Int]
    let firstImported: [String: Int]

    init(_ flow: Flow) {
        var byID: [String: Int] = [:], firstImported: [String: Int] = [:]
        for (i, s) in flow.scenes.enumerated() {
            if byID[s.id] == nil { byID[s.id] = i }
            if s.storyboard != nil, firstImported[s.className] == nil { firstImported[s.className] = i }
        }
        self.byID = byID
        self.firstImported = firstImported
    }
}
