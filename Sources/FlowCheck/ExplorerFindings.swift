import FlowEngine
import FlowModel

/// What a command's events tell the exploration: coverage, and problems with where to blame them.
extension Explorer {
    /// `command`: the number of the command that ran (nil: the launch).
    mutating func analyse(_ events: [Event], after: Simulator, before: Simulator?, node: Int32, command: UInt32?) {
        var lastLoaded: Int?
        for n in events.indices {
            // Matched in place: copying each event would retain and release its strings.
            switch events[n] {
            case .instantiated(let id, _):
                let instances = after.state.instances
                if let s = instances[id].scene {
                    sceneReached[s] = true
                    if let p = instances[id].parent, let ps = instances[p].scene, instances[id].role != .embedded,
                       let r = relationshipOf[ps * flow.scenes.count + s] {
                        segueDone[r] = true
                    }
                }
            case .called(let id, _, let detail):
                if let id, case .prepare(let identifier, let destination, _)? = detail?.kind {
                    performed(from: id, identifier: identifier, destination: destination, in: after)
                }
            case .lifecycle(let id, let callback):
                if callback == .viewDidLoad { lastLoaded = id }
            case .console(let category, let message):
                // The unknown-scene-class lint reports it, at the scene, with the rename.
                if message.hasPrefix("Unknown class ") { continue }
                let rule: Rule
                if message.hasPrefix("Unable to find method") {
                    rule = Rules.unableToFindMethod
                } else if message.contains(text: "returned nil, falling back to") {
                    rule = Rules.segueActionReturnedNil
                } else if message.hasPrefix("Attempt to present"), message.hasSuffix("whose view is not in the window hierarchy.") {
                    rule = Rules.presentOutsideWindow
                } else if message.hasPrefix("Attempt to present") {
                    rule = Rules.alreadyPresenting
                } else {
                    rule = Rules.uikitWarning
                }
                let text = "[\(category)] \(message)"
                record(rule, text, key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
            case .note(let text):
                if text.hasPrefix("viewDidLoad() reads "), text.contains(text: ", which is nil") || text.contains(text: ", which has no value") {
                    let cls = lastLoaded.map { after.state.className(of: $0) } ?? "?"
                    let dep = text.between("viewDidLoad() reads ", ",") ?? ""
                    record(Rules.nilDependencyInViewDidLoad, "\(cls).\(text)", key: "\(cls).\(dep)", events: events, at: n, after: after, before: before, node: node, command: command)
                } else if text.contains(text: " is nil, so nothing is injected") || text.contains(text: ", so the injection is skipped")
                            || text.contains(text: " is nil, so the guard") {
                    record(Rules.silentCastFailure, text, key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                } else if text.hasPrefix("custom segue "), text.contains(text: "so the transition is unknown") {
                    record(Rules.unknownSegueTransition, text, key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                } else if text.contains(text: "so the unwind does nothing") {
                    record(Rules.unwindWithoutDestination, text, key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                } else if text.contains(text: "the switch has no case for") || text.contains(text: "maps to no segue identifier") {
                    record(Rules.typedDestinationUnhandled, text, key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                } else if text.hasPrefix("navigationController is nil") {
                    let who = before.flatMap { b in b.state.frontmost.map { b.state.className(of: $0) } } ?? "?"
                    record(Rules.noNavigationController, "\(who): \(text)", key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                } else if text.hasPrefix("pushing a tab bar controller is not supported") {
                    record(Rules.tabBarPushed, text, key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                } else if text.contains(text: "neither presents nor is presented, so dismiss does nothing") {
                    record(Rules.dismissDidNothing, text, key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                }
            case .crashed(let crash):
                switch crash {
                case .trap:
                    // The engine's note just before names an outlet read while nil (OutletAccesses.swift).
                    let rule = n > 0 && Self.isOutletNote(events[n - 1]) ? Rules.outletBeforeViewLoaded : Rules.trap
                    record(rule, crash.consoleLines.joined(separator: "\n"), key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                case .exception:
                    record(Rules.uncaughtException, crash.consoleLines.last ?? "", key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                case .castFailure(let location, let message):
                    // The runtime prints no line: the finding names the cast's.
                    record(Rules.forcedCastFails, "\(location): \(message)", key: nil, events: events, at: n, after: after, before: before, node: node, command: command)
                }
            case .injected, .transition:
                break
            }
        }
    }

    /// Segue coverage from `prepare(for:sender:)`: its segue's identifier, or without one, its destination.
    mutating func performed(from source: Int, identifier: String?, destination dest: Int, in sim: Simulator) {
        guard let scene = sim.state.instances[source].scene, seguesLeftFrom[scene] > 0 else { return }
        var index: Int?
        if let identifier {
            index = flow.segue(identifier, from: scene)
        } else if let ds = sim.state.instances[dest].scene {
            index = flow.segues.indices.first {
                let s = flow.segues[$0]
                return s.source == scene && s.identifier == nil && (s.destination == ds || s.kind == .unwind)
            }
        }
        if let i = index, !segueDone[i] {
            segueDone[i] = true
            seguesLeftFrom[scene] -= 1
        }
    }

    mutating func record(_ rule: Rule, _ message: String, key explicitKey: String?, events: [Event], at n: Int,
                         after: Simulator, before: Simulator?, node: Int32, command number: UInt32?) {
        let command = number.map { c in before.map { resolved(c, in: $0.state) } ?? commandTable[Int(c)] }
        let key = rule.id + "\u{0}" + (explicitKey ?? Finding.normalised(message))
        guard problemIndex[key] == nil else { return }
        problemIndex[key] = problems.count
        var console: [String] = []
        for e in events {
            switch e {
            case .console(let category, let message): console.append("[\(category)] \(message)")
            case .note(let text): console.append("note: \(text)")
            case .crashed(let c): console += c.consoleLines
            default: break
            }
        }
        let origin = blame(rule, message, events: events, upTo: n, after: after, before: before, command: command)
        problems.append(Problem(rule: rule, message: message, key: key, node: node, command: command, console: console, origin: origin))
    }

    // MARK: Where in the flow file

    /// The part of the flow a dynamic finding is blamed on: for a trap, the class of the file in
    /// its location (its viewDidLoad when that is where it trapped); for an unfound segue
    /// action, the segue naming it; otherwise the segue or code action the command triggered.
    func blame(_ rule: Rule, _ message: String, events: [Event], upTo n: Int, after: Simulator, before: Simulator?, command: Command?) -> Origin? {
        if rule == Rules.forcedCastFails, let o = ForcedCastFindings.origin(of: message, in: flow) { return o }
        if rule == Rules.presentOutsideWindow, let o = appearanceActionOrigin(message, after: after) { return o }
        if rule == Rules.unknownSegueTransition, let name = message.between("custom segue ", ":"), let c = flow.segueClassPerforms[name] { return c.origin }
        if rule == Rules.trap || rule == Rules.outletBeforeViewLoaded, let (cls, line) = trappingClass(message), let decl = flow.classes[cls] {
            let last = events[..<n].reversed().first { if case .lifecycle = $0 { return true } else { return false } }
            if case .lifecycle(let id, .viewDidLoad) = last, flow.isKind(after.state.className(of: id), of: cls),
               let v = decl.viewDidLoad {
                return v.origin
            }
            if case .fatalError(_, let l)? = decl.initCoder, l == line, message.contains("Fatal error") {
                return Origin(path: decl.origin.path + ".initCoder", position: decl.origin.position)
            }
            return decl.origin
        }
        if rule == Rules.unableToFindMethod || rule == Rules.segueActionReturnedNil, let selector = message.between(" ", "]")?.split(separator: " ").last {
            let named = flow.segues.filter { $0.action?.selector == String(selector) }
            if named.count > 1, let command, let before { // several segues name it: the one this command decoded
                if let s = Self.decodingSegue(named, command: command, in: before, flow: flow) { return s.origin }
            }
            if let s = named.first { return s.origin }
        }
        guard let command, let before else { return nil }
        switch command {
        case .tab, .back, .dismiss:
            // These trigger no segue or action of the flow: the code that ran is the viewDidLoad
            // of the view controller that came on screen, not the screen shown before.
            let last = events[..<n].reversed().first { if case .lifecycle(_, .viewDidLoad) = $0 { return true } else { return false } }
            if case .lifecycle(let id, .viewDidLoad) = last {
                let cls = after.state.className(of: id)
                if let v = flow.declarations(of: cls).first(where: { $0.viewDidLoad != nil })?.viewDidLoad { return v.origin }
                if let scene = after.state.instances[id].scene { return flow.scenes[scene].origin }
            }
        default:
            break
        }
        return Self.origin(of: command, in: before, flow: flow)
    }

    /// The class whose file a trap's `Module/Folder/File.swift:LINE` names, and the line. The
    /// flow's `file` may have folders (`Settings/X.swift`): the whole path after the module is
    /// matched, so two files of one name in different folders are told apart.
    func trappingClass(_ message: String) -> (String, Int?)? {
        guard let location = message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).first else { return nil }
        let parts = message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        let line = parts.count > 1 ? Int(parts[1]) : nil
        let prefix = flow.module + "/"
        let file = location.hasPrefix(prefix) ? String(location.dropFirst(prefix.count)) : String(location)
        var names = classByFile[file]
        // A flow whose module is not the one printed: the path after the first folder.
        if names == nil, let slash = file.firstIndex(of: "/") { names = classByFile[String(file[file.index(after: slash)...])] }
        guard let names, let first = names.first else { return nil }
        // Of classes sharing the file, the one whose code is at the printed line.
        let atLine = names.first { n in
            guard let c = flow.classes[n], let line else { return false }
            if case .fatalError(_, line)? = c.initCoder { return true }
            return c.viewDidLoad?.line == line
        }
        return (atLine ?? first, line)
    }

    /// Of the segues naming one segue action, the one whose destination the command decoded: the
    /// segue it performs, or a relationship segue of the containers that segue instantiates (a
    /// presented navigation controller's root, a tab), as UIKit decodes them.
    static func decodingSegue(_ named: [Segue], command: Command, in sim: Simulator, flow: Flow) -> Segue? {
        guard let origin = origin(of: command, in: sim, flow: flow),
              let performed = flow.segues.first(where: { $0.origin == origin }) else { return nil }
        if let s = named.first(where: { $0.origin == origin }) { return s }
        var containers = performed.destination.map { [$0] } ?? []
        var seen = Set(containers)
        while let c = containers.popLast() {
            if let s = named.first(where: { $0.kind == .relationship && $0.source == c }) { return s }
            for r in flow.segues where r.kind == .relationship && r.source == c {
                if let d = r.destination, seen.insert(d).inserted { containers.append(d) }
            }
        }
        return nil
    }

    /// The segue or code action a command triggers (the first one), or the receiver's scene.
    static func origin(of command: Command, in sim: Simulator, flow: Flow) -> Origin? {
        let state = sim.state
        func receiver(_ on: Int?) -> Instance? { (on ?? state.frontmost).map { state.instances[$0] } }
        func triggered(_ t: Trigger, _ i: Instance) -> Origin? {
            if let s = i.scene, let seg = flow.segues.first(where: { $0.source == s && $0.trigger == t }) { return seg.origin }
            if let a = flow.actions(of: state.className(classID: i.classID)).first(where: { $0.trigger == t }) { return a.origin }
            return i.scene.map { flow.scenes[$0].origin }
        }
        switch command {
        case .tap(let control, let on):
            return receiver(on).flatMap { triggered(.control(control), $0) }
        case .select(let section, let row, let on):
            guard let i = receiver(on) else { return nil }
            let scene = i.scene.map { flow.scenes[$0] }
            let fires = { (t: Trigger) in t.isRow && (scene?.fires(t, section: section, row: row) ?? true) }
            if let s = i.scene, let seg = flow.segues.first(where: { $0.source == s && fires($0.trigger) }) { return seg.origin }
            if let a = flow.actions(of: state.className(classID: i.classID)).first(where: { fires($0.trigger) }) { return a.origin }
            return scene?.origin
        case .perform(let id, let on, _):
            guard let i = receiver(on), let s = i.scene else { return nil }
            return flow.segue(id, from: s).map { flow.segues[$0].origin } ?? flow.scenes[s].origin
        case .call(let name, let on):
            guard let i = receiver(on) else { return nil }
            return flow.actions(of: state.className(classID: i.classID)).first { $0.name == name }?.origin
        case .back, .dismiss, .tab:
            return receiver(nil).flatMap { i in i.scene.map { flow.scenes[$0].origin } ?? flow.classes[state.className(classID: i.classID)]?.origin }
        }
    }
}
