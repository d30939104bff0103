import FlowModel

extension Simulator {
    mutating func execute(_ command: Command) throws(CommandFailure) {
        switch command {
        case .perform(let identifier, let on, let sender):
            let source = try receiver(on)
            let senderValue = SenderValue(text: sender == "self" ? describe(source) : sender)
            try crashing { s throws(CrashSignal) in
                // Not a finding (`EventDetail.findings`): its text is made only for a shell.
                if s.eventDetail == .all {
                    s.emit(.called(id: source, method: "performSegue(withIdentifier:sender:)", detail: "\"\(identifier)\""))
                }
                try s.performSegue(identifier: identifier, source: source, sender: senderValue)
            }
        case .tap(let control, let on):
            let vc = try receiver(on)
            let controls = state[vc].scene.map { flow.scenes[$0].controls } ?? []
            guard controls.contains(control) else {
                let beside = on == nil ? besideHint("tap \(control)") { $0.controls.contains(control) } : ""
                throw .rejected(Rejection(
                    (controls.isEmpty ? "\(describe(vc)) has no controls to tap" : "no control '\(control)' on \(describe(vc)); it has \(controls.joined(separator: ", "))") + beside,
                    suggestions: beside.isEmpty ? NameSuggester.nearest(to: control, in: controls) : []))
            }
            try crashing { s throws(CrashSignal) in try s.trigger(.control(control), on: vc, sender: SenderValue(.control(control))) }
        case .select(let section, let row, let on):
            let vc = try receiver(on)
            let rows = state[vc].scene.map { flow.scenes[$0].rows } ?? []
            guard !rows.isEmpty else {
                let words = "select \(row)" + (section == 0 ? "" : " \(section)")
                let beside = on == nil ? besideHint(words) { !$0.rows.isEmpty } : ""
                throw .rejected(Rejection("\(describe(vc)) has no rows to select" + beside))
            }
            guard section < rows.count, row < rows[section] else {
                throw .rejected(Rejection("no row [\(section), \(row)] on \(describe(vc)); it has \(rows.enumerated().map { "\($0.element) in section \($0.offset)" }.joined(separator: ", "))"))
            }
            try crashing { s throws(CrashSignal) in
                s.state[vc].selection = RowSelection(section: section, row: row)
                s.emit(.note("selected row [\(section), \(row)]"))
                try s.selectRow(section: section, row: row, on: vc)
            }
        case .call(let name, let on):
            let vc = try receiver(on)
            let actions = info(of: vc).actions
            guard let k = actions.firstIndex(where: { $0.name == name || $0.name.hasPrefix(name + "(") }) else {
                throw .rejected(Rejection(
                    actions.isEmpty ? "\(describe(vc)) has no code actions" : "no action '\(name)' on \(describe(vc))",
                    suggestions: NameSuggester.nearest(to: name, in: actions.map(\.name))))
            }
            try crashing { s throws(CrashSignal) in try s.run(actions[k], number: k, on: vc) }
        case .back:
            // A listed tab's root in the More navigation controller: back to the More list.
            if let tabBar = moreListBack() {
                backToMoreList(tabBar)
                return
            }
            if let f = state.frontmost, state.showsMoreList(f) {
                throw .rejected(Rejection("nothing to go back to: the More list is the root of the More navigation controller"))
            }
            guard let front = state.frontmost, let nav = nearestAncestor(of: front, kind: .navigation, includingSelf: true) else {
                throw .rejected(Rejection("nothing to go back to: the front-most view controller is not in a navigation controller"))
            }
            guard state[nav].childCount > 1 else {
                throw .rejected(Rejection("nothing to go back to: \(describe(state.children(of: nav).first ?? nav)) is the root of \(describe(nav))"))
            }
            try crashing { s throws(CrashSignal) in try s.loadPopTarget(of: nav) }
            pop(nav)
        case .dismiss:
            // The level the user sees in front: the top level, or a context presentation in it.
            guard let front = state.frontmost, case let level = state.levelRoot(of: front), state[level].presenter != nil else {
                throw .rejected(Rejection("nothing is presented"))
            }
            // The user's swipe (or tap outside a popover): only where UIKit offers it.
            try userDismiss(level)
        case .tab(let index):
            // A context presentation inside a tab leaves the tab bar on screen.
            guard let front = state.frontmost, let tabBar = nearestAncestor(of: front, kind: .tabBar, includingSelf: true, onScreen: true) else {
                throw .rejected(Rejection("there is no tab bar controller on screen"))
            }
            let count = state.tabCount(of: tabBar)
            if index == AppState.moreListSelection {
                // `tab more`: the More item itself (MoreTab.swift).
                guard state.showsMoreTab(tabBar) else {
                    throw .rejected(Rejection("\(describe(tabBar)) shows no More tab: it has \(count) tabs\(state.compact ? "" : " and a pad shows them all")"))
                }
                showMoreList(of: tabBar)
                return
            }
            guard index >= 0, index < count else {
                throw .rejected(Rejection("no tab \(index); \(describe(tabBar)) has tabs 0 to \(count - 1)"))
            }
            try crashing { s throws(CrashSignal) in try s.selectTab(index, of: tabBar) }
        }
    }

    private mutating func crashing(_ body: (inout Simulator) throws(CrashSignal) -> Void) throws(CommandFailure) {
        do throws(CrashSignal) { try body(&self) } catch { throw .crash(error) }
    }

    private func receiver(_ on: Int?) throws(CommandFailure) -> Int {
        if let on {
            guard on >= 0, on < state.instances.count, !state[on].isReleased else {
                throw .rejected(Rejection("that view controller has been released"))
            }
            return on
        }
        guard let f = state.frontmost else { throw .rejected(Rejection("there is no view controller on screen")) }
        return f
    }

    /// `performSegue(withIdentifier:sender:)`: the segue must belong to the receiver's scene.
    mutating func performSegue(identifier: String, source: Int, sender: SenderValue) throws(CrashSignal) {
        guard let scene = state[source].scene, flow.scenes[scene].nib == nil, let index = index.scenes[scene].byIdentifier[identifier] else {
            let owned = state[source].scene.map { s in flow.segues.filter { $0.source == s }.compactMap(\.identifier) } ?? []
            let near = NameSuggester.nearest(to: identifier, in: owned)
            if !near.isEmpty { emit(.note("\(describe(source)) has segues \(near.map { "'\($0)'" }.joined(separator: ", ")); identifiers are case-sensitive strings")) }
            throw CrashSignal(crash: .exception(
                name: "NSInvalidArgumentException",
                reason: "Receiver (\(describe(source))) has no segue with identifier '\(identifier)'", preamble: []))
        }
        try performSegue(index, source: source, sender: sender, triggered: false)
    }

    /// A control tap or a cell selection: the segues wired to it (through `perform:`, which asks
    /// `shouldPerformSegue`), then the code actions wired to it.
    private mutating func trigger(_ trigger: Trigger, on vc: Int, sender: SenderValue) throws(CrashSignal) {
        var fired = false
        if let scene = state[vc].scene {
            let wired = index.scenes[scene].triggered
            for k in wired.indices where wired[k].trigger == trigger {
                for i in wired[k].segues {
                    fired = true
                    try performSegue(i, source: vc, sender: sender, triggered: true)
                    if state[vc].isReleased { return }
                }
            }
        }
        for (k, action) in info(of: vc).actions.enumerated() where action.trigger == trigger {
            fired = true
            try run(action, number: k, on: vc)
        }
        if !fired { emit(.note("nothing is connected to '\(trigger.control ?? "")' of \(describe(vc))")) }
    }

    /// A row selection: only the segues and actions that fire on that row (a static cell's own
    /// `cell:S:R`, the prototype the row uses, or `cell` for every row), segues first.
    private mutating func selectRow(section: Int, row: Int, on vc: Int) throws(CrashSignal) {
        let sender = SenderValue(.cell(section: section, row: row))
        var fired = false
        var anyRowTrigger = false
        let scene = state[vc].scene
        func fires(_ t: Trigger) -> Bool {
            guard t.isRow else { return false }
            if case .cell = t { return true }
            if let scene { return flow.scenes[scene].fires(t, section: section, row: row) }
            if case .row(let s, let r) = t { return s == section && r == row }
            return true
        }
        if let sceneIndex = state[vc].scene {
            let wired = index.scenes[sceneIndex].triggered
            // Usually one trigger fires (a prototype's `cell`, or the row's own): its segues are
            // already in file order, and no array is made on every selection.
            var firing = -1, more = false
            for k in wired.indices where wired[k].trigger.isRow {
                anyRowTrigger = true
                if fires(wired[k].trigger) { if firing < 0 { firing = k } else { more = true } }
            }
            let segues = more ? wired.indices.filter { wired[$0].trigger.isRow && fires(wired[$0].trigger) }.flatMap { wired[$0].segues }.sorted()
                : firing >= 0 ? wired[firing].segues : []
            for i in segues {
                fired = true
                try performSegue(i, source: vc, sender: sender, triggered: true)
                if state[vc].isReleased { return }
            }
        }
        for (k, action) in info(of: vc).actions.enumerated() where action.trigger.isRow {
            anyRowTrigger = true
            guard fires(action.trigger) else { continue }
            fired = true
            try run(action, number: k, on: vc)
        }
        if !fired { emit(.note(anyRowTrigger ? "nothing is connected to row [\(section), \(row)] of \(describe(vc))" : "nothing is connected to the cells of \(describe(vc))")) }
    }

    /// A code action (seed 003's `present(DetailViewController(with: note))`, seed 002's typed
    /// `performSegue`, `dismiss`, …) through the same machinery as segues.
    /// `number`: the action's index in its class's `actions`.
    /// `appearance`: UIKit runs it from that callback (`AppearanceCode.swift`): a test that fails
    /// there is silent (it runs on every appearance), and `viewDidLoad()` is already shown.
    mutating func run(_ action: CodeAction, number: Int, on vc: Int, appearance: AppearanceCallback? = nil) throws(CrashSignal) {
        let caller = info(of: vc).actionCallers[number]
        let scope = Scope(selfID: vc)
        if appearance != nil, let g = action.guardCondition, !holds(g, in: scope) { return }
        if appearance != .viewDidLoad { emit(.called(id: vc, method: action.name, detail: nil)) }
        if let g = action.guardCondition, !holds(g, in: scope) {
            emit(.note("\(caller): guard \(g) fails, so it returns early"))
            return
        }
        switch action.kind {
        case .performSegue:
            var identifier = action.segue
            // `self` as the sender is kept as the instance, made into text only when read.
            let senderText = try evaluate(action.sender ?? "self", in: scope)
            var sender = senderText == "self" ? SenderValue(.instance(vc, runtimeName: info(of: vc).runtimeName)) : SenderValue(text: senderText)
            if let caseName = action.destination {
                guard let c = flow.destinations.values.flatMap(\.cases).first(where: { $0.name == caseName }) else { return }
                var values: [String: String] = [:]
                for v in action.values { values[v.name] = try evaluate(v.expression, in: scope) ?? "nil" }
                let box = BoxedDestination(caseName: caseName, values: values, order: c.values)
                sender = SenderValue(text: box.text, box: box)
                identifier = c.segue
            }
            guard let identifier else {
                let sent = sender.box?.text ?? sender.text ?? "nil"
                // The case's identifier is nil, and performSegueWithIdentifier: looks nil up like
                // any other name: the exception prints it as '(null)'.
                emit(.called(id: vc, method: "performSegue(withIdentifier:sender:)", detail: "nil, sender \(sent)"))
                emit(.note(".\(action.destination ?? "") maps to no segue identifier, so performSegue gets nil"))
                throw CrashSignal(crash: .exception(
                    name: "NSInvalidArgumentException",
                    reason: "Receiver (\(describe(vc))) has no segue with identifier '(null)'", preamble: []))
            }
            // Not a finding (`EventDetail.findings`): the sender's text is made only for a shell.
            if eventDetail == .all {
                emit(.called(id: vc, method: "performSegue(withIdentifier:sender:)", detail: "\"\(identifier)\", sender \(sender.box?.text ?? sender.text ?? "nil")"))
            }
            try performSegue(identifier: identifier, source: vc, sender: sender)
        case .present, .push, .show, .showDetail:
            var dest: Int
            switch action.className {
            case "self": dest = vc
            case "navigationController":
                guard let nav = nearestAncestor(of: vc, kind: .navigation) else {
                    emit(.note("navigationController is nil, so nothing happens"))
                    return
                }
                dest = nav
            default:
                if let id = action.scene, let scene = index.sceneByID[id] {
                    dest = try instantiate(scene: scene, action: action, scope: scope, caller: caller)
                } else if let identifier = action.storyboardIdentifier {
                    dest = try instantiate(identifier: identifier, action: action, scope: scope, caller: caller)
                } else {
                    dest = try build(className: action.className ?? "UIViewController", initializer: action.initializer, arguments: action.arguments, scope: scope, caller: caller)
                }
            }
            if let type = action.forcedCast { try trapIfForcedCastFails(dest, to: type, action: action, caller: caller) }
            if let site = action.unknown, action.className != "self", action.className != "navigationController" {
                markNilDependenciesUnknown(of: dest, at: site)
            }
            for a in action.set { setDependency(a.name, of: dest, to: try evaluate(a.expression, in: scope), by: caller) }
            try touchOutlets(of: action, on: dest, from: vc, caller: caller)
            if let nav = action.embedIn { dest = embed(dest, in: nav, caller: caller) }
            // A storyboard scene keeps its own modalPresentationStyle wherever it ends up presented.
            // The code's own `vc.modalPresentationStyle = …` before the call wins over it.
            let style = action.presentation?.style ?? state[dest].scene.flatMap { flow.scenes[$0].modalPresentationStyle } ?? .automatic
            switch action.kind {
            case .push:
                guard let nav = nearestAncestor(of: vc, kind: .navigation) else {
                    emit(.note("navigationController is nil, so pushViewController is never sent"))
                    if dest != vc { release(dest) }
                    return
                }
                try push(dest, onto: nav)
            case .show:
                try show(dest, from: vc, style: style)
            case .showDetail:
                try showDetailViewController(dest, from: vc, style: style)
            default:
                try present(dest, from: vc, style: style, transition: action.presentation?.transition, anchored: action.presentation.map { $0.style != .popover || $0.popoverAnchor != nil } ?? true)
            }
        case .dismiss:
            // UIKit forwards it (DismissForwarding.swift): what the receiver or an ancestor
            // presents goes first, else the presentation the receiver is in.
            runDismissAction(action, on: vc)
        case .pop:
            guard let nav = nearestAncestor(of: vc, kind: .navigation), state[nav].childCount > 1 else {
                emit(.note("there is nothing to pop, so popViewController returns nil"))
                return
            }
            try loadPopTarget(of: nav)
            pop(nav)
        }
    }
}

/// Why a command stopped: rejected before it touched the app, or the app crashed.
enum CommandFailure: Error {
    case rejected(Rejection)
    case crash(CrashSignal)
}

extension Simulator {
    /// For a command the front-most view controller cannot take: another view controller on
    /// screen beside it that can (the primary column of an expanded split view, on a pad), and
    /// how to address it, so that the user is not left to guess why the list they see refuses.
    func besideHint(_ words: String, _ can: (Scene) -> Bool) -> String {
        guard let top = state.topLevel, let front = state.frontmost else { return "" }
        for x in state.visibleChain(from: top) where x != front {
            if let s = state[x].scene, can(flow.scenes[s]) {
                return "; \(describe(x)) '\(flow.scenes[s].id)' is on screen beside it: \(words) from \(flow.scenes[s].id)"
            }
        }
        return ""
    }
}
