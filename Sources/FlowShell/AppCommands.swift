import FlowEngine
import FlowModel

extension Session {
    /// Commands that act on or look at the simulated app.
    mutating func appCommand(_ name: CommandID, _ command: Word, _ args: [Word], sim: inout Simulator, into out: inout Output) throws(InputError) {
        let trace = self.trace
        descriptions.update(sim)
        switch name {
        case .where:
            if let a = args.first { throw InputError("unexpected argument '\(a.text)'", at: a) }
            TreeView(sim: sim, names: descriptions).write(into: &out)
            return
        case .scenes:
            if let a = args.first { throw InputError("unexpected argument '\(a.text)'", at: a) }
            let width = sim.flow.scenes.map(\.id.count).max() ?? 0
            // One pass over every instance ever made (released ones stay in the state).
            var liveIDs = [[Int]](repeating: [], count: sim.flow.scenes.count)
            sim.state.instances.withUnsafeBufferPointer { instances in
                for k in instances.indices where instances[k].appearance != .released {
                    if let s = instances[k].scene { liveIDs[s].append(k) }
                }
            }
            for (i, s) in sim.flow.scenes.enumerated() {
                let live = liveIDs[i].map { Simulator.address($0) }
                var line = "\(s.id.padding(to: width))  \(s.className)"
                if let sb = s.storyboardIdentifier { line += "  Storyboard ID \(sb)" }
                if let nib = s.nib { line += "  XIB \(nib)" }
                if i == sim.flow.initial(on: sim.device) { line += "  (initial)" }
                if !live.isEmpty { line += "  live: " + live.joined(separator: ", ") }
                out.add(line)
            }
            return
        case .inspect:
            if args.count > 1 { throw InputError("unexpected argument '\(args[1].text)'", at: args[1]) }
            let id = try args.first.map { w throws(InputError) in try instance(w, in: sim, allowReleased: true) } ?? sim.state.frontmost
            guard let id else { throw InputError("there is no view controller to inspect", column: command.column) }
            InspectView(sim: sim).write(for: id, names: &descriptions, into: &out)
            return
        case .graph:
            try graph(args, sim: sim, into: &out)
            return
        case .segues:
            let rest = try options(args, allowed: .from, sim: sim, subjectFirst: false)
            if let extra = rest.positional.first { throw InputError("unexpected argument '\(extra.text)'", at: extra) }
            guard let id = rest.from ?? sim.state.frontmost else { throw InputError("there is no view controller on screen", column: command.column) }
            SegueListView.write(for: id, sim: sim, names: &descriptions, into: &out)
            return
        case .relaunch, .device:
            if name == .device {
                guard let a = args.first else {
                    out.add("the app runs on a \(sim.device.rawValue)", .note)
                    return
                }
                guard let d = Device(rawValue: a.text) else {
                    throw InputError("expected 'phone' or 'pad'", at: a, suggestions: NameSuggester.nearest(to: a.text, in: ["phone", "pad"], limit: 1))
                }
                if let extra = args.dropFirst().first { throw InputError("unexpected argument '\(extra.text)'", at: extra) }
                sim.device = d
                deviceOverride = d
                out.add("the app runs on a \(d.rawValue) now; relaunching", .note)
            } else if let a = args.first {
                throw InputError("unexpected argument '\(a.text)'", at: a)
            }
            // `launch` starts from an empty state; the flow's index is kept, not rebuilt.
            let events = sim.launch()
            walked.removeAll()
            out.events = events
            descriptions.reset()
            descriptions.update(sim)
            EventFormatter.write(events, sim: sim, names: descriptions, trace: trace, into: &out)
            if sim.hasCrashed { out.status = .crashed }
            return
        default:
            break
        }
        let engineCommand = try parse(name, command, args, sim: sim)
        if sim.hasCrashed {
            out.add("error: the app has crashed; only inspection ('where', 'inspect', 'segues', 'scenes', 'history', 'help'), 'relaunch' and 'load' work now", .error)
            out.status = .rejected
            return
        }
        // Into the output's own event list, whose storage a reused output keeps.
        var events: [Event] = []
        swap(&events, &out.events)
        let rejection = sim.run(engineCommand, into: &events)
        swap(&events, &out.events)
        if let rejection {
            out.add("error: \(rejection.message)\(Suggest.phrase(rejection.suggestions))", .error)
            out.status = .rejected
            return
        }
        // The line is the last of `history` (appended before dispatch): kept by its number, so a
        // long replay pays no string per command.
        walked.append((engineCommand, history.count - 1))
        descriptions.update(sim)
        EventFormatter.write(out.events, sim: sim, names: descriptions, trace: trace, into: &out)
        if sim.hasCrashed {
            out.add("the app has crashed; 'relaunch' to start it again", .note)
            out.status = .crashed
        }
    }

    private func parse(_ name: CommandID, _ command: Word, _ args: [Word], sim: Simulator) throws(InputError) -> Command {
        let afterCommand = command.column + command.text.count + 1
        switch name {
        case .perform:
            let o = try options(args, allowed: .fromAndSender, sim: sim)
            guard let id = o.positional.first else { throw InputError("perform needs a segue identifier: perform ID [from SCENE] [sender EXPR]", column: afterCommand) }
            if o.positional.count > 1 { throw InputError("unexpected argument '\(o.positional[1].text)'", at: o.positional[1]) }
            return .perform(identifier: id.text, on: o.from, sender: o.sender)
        case .tap:
            let o = try options(args, allowed: .from, sim: sim)
            guard let control = o.positional.first else { throw InputError("tap needs a control name", column: afterCommand) }
            if o.positional.count > 1 { throw InputError("unexpected argument '\(o.positional[1].text)'", at: o.positional[1]) }
            return .tap(control: control.text, on: o.from)
        case .call:
            let o = try options(args, allowed: .from, sim: sim)
            guard let action = o.positional.first else { throw InputError("call needs an action name", column: afterCommand) }
            if o.positional.count > 1 { throw InputError("unexpected argument '\(o.positional[1].text)'", at: o.positional[1]) }
            return .call(action: action.text, on: o.from)
        case .select:
            let o = try options(args, allowed: .from, sim: sim)
            guard let rowWord = o.positional.first else { throw InputError("select needs a row number (from 0)", column: afterCommand) }
            guard let row = Int(rowWord.text), row >= 0 else { throw InputError("expected a row number (from 0), found '\(rowWord.text)'", at: rowWord) }
            var section = 0
            if o.positional.count > 1 {
                guard let s = Int(o.positional[1].text), s >= 0 else { throw InputError("expected a section number (from 0), found '\(o.positional[1].text)'", at: o.positional[1]) }
                section = s
            }
            if o.positional.count > 2 { throw InputError("unexpected argument '\(o.positional[2].text)'", at: o.positional[2]) }
            return .select(section: section, row: row, on: o.from)
        case .back:
            if let a = args.first { throw InputError("unexpected argument '\(a.text)'", at: a) }
            return .back
        case .dismiss:
            if let a = args.first { throw InputError("unexpected argument '\(a.text)'", at: a) }
            return .dismiss
        case .tab:
            guard let w = args.first else { throw InputError("tab needs a tab number (from 0)", column: afterCommand) }
            if args.count > 1 { throw InputError("unexpected argument '\(args[1].text)'", at: args[1]) }
            // The More item of a phone's tab bar with more than five tabs (MoreTab.swift).
            if w.text == "more" { return .tab(AppState.moreListSelection) }
            guard let n = Int(w.text), n >= 0 else { throw InputError("expected a tab number (from 0) or 'more', found '\(w.text)'", at: w) }
            return .tab(n)
        default:
            throw InputError("'\(name.info.name)' is not an app command", at: command)
        }
    }

    /// The option words a command takes.
    enum Allowed {
        case from
        case fromAndSender

        func contains(_ word: String) -> Bool { word == "from" || (self == .fromAndSender && word == "sender") }
    }

    struct Options {
        var positional: [Word] = []
        var from: Int?
        var sender: String?
    }

    /// Positional words plus `from SCENE|ADDRESS` and `sender EXPR` (the rest of the line).
    private func options(_ args: [Word], allowed: Allowed, sim: Simulator, subjectFirst: Bool = true) throws(InputError) -> Options {
        var o = Options()
        var i = 0
        while i < args.count {
            let w = args[i]
            // The first word of perform/tap/call/select is always its subject, even if it reads "from".
            // `from SCENE` may also come first (`perform from detail ShowMore`), when a subject follows it.
            let leadingFrom = w.text == "from" && o.positional.isEmpty && o.from == nil && i + 2 < args.count
            if allowed.contains(w.text) && (!o.positional.isEmpty || !subjectFirst || leadingFrom) {
                guard i + 1 < args.count else { throw InputError("'\(w.text)' needs a value", column: w.column + w.text.count + 1) }
                if w.text == "from" {
                    o.from = try instance(args[i + 1], in: sim, allowReleased: false)
                    i += 2
                } else {
                    o.sender = args[(i + 1)...].map(\.text).joined(separator: " ")
                    i = args.count
                }
                continue
            }
            o.positional.append(w)
            i += 1
        }
        return o
    }

    /// A scene id (its live instance, the visible one first) or an address.
    func instance(_ w: Word, in sim: Simulator, allowReleased: Bool) throws(InputError) -> Int {
        if w.text.hasPrefix("0x") {
            guard let id = sim.instance(address: w.text) else {
                throw InputError("no instance at \(w.text)", at: w, suggestions: NameSuggester.nearest(to: w.text, in: sim.state.live.map { Simulator.address($0.id) }))
            }
            if !allowReleased && sim.state[id].isReleased { throw InputError("\(sim.describe(id)) has been released", at: w) }
            return id
        }
        guard let scene = sim.flow.sceneIndex(w.text) else {
            throw InputError("no scene '\(w.text)'", at: w, suggestions: NameSuggester.nearest(to: w.text, in: sim.flow.scenes.map(\.id)))
        }
        // The visible instance of the scene (the newest if several), else its newest live one.
        // The state keeps released instances, so the fallback scans from the newest down.
        let state = sim.state
        if let top = state.topLevel {
            var found: Int?
            for v in state.visibleChain(from: top) where state[v].scene == scene && !state[v].isReleased {
                found = max(found ?? v, v)
            }
            if let found { return found }
        }
        let newest: Int? = state.instances.withUnsafeBufferPointer { instances in
            var k = instances.count - 1
            while k >= 0 {
                if instances[k].scene == scene && instances[k].appearance != .released { return k }
                k -= 1
            }
            return nil
        }
        if let newest { return newest }
        throw InputError("scene '\(w.text)' has no live instance now", at: w)
    }
}
