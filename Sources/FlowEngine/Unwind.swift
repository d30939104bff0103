import FlowModel

extension Simulator {
    /// The unwind search of reference §3.7: up from the source through parents and presenters;
    /// at each, the allowed children (a navigation controller's from the top), depth first,
    /// then the view controller itself. Not found: nothing happens, silently.
    mutating func unwind(_ index: Int, from source: Int, sender: SenderValue) throws(CrashSignal) {
        let first = !searchedWholeTree
        searchedWholeTree = true
        unwindLevelsClimbed = -1
        guard let action = flow.segues[index].unwindAction else { return }
        let identifier = flow.segues[index].identifier
        var asked: [Event] = []
        var levels = 0
        // Taken out while the search appends to it: its storage is reused run after run.
        var searched: [Int32] = []
        swap(&searched, &unwindSearched)
        searched.removeAll(keepingCapacity: true)
        let found = findUnwindDestination(action.selector, from: source, sender: sender, identifier: identifier, asked: &asked, levels: &levels,
                                          searched: &searched)
        swap(&searched, &unwindSearched)
        for e in asked { emit(e) }
        if found != nil && first { unwindLevelsClimbed = levels }
        guard let dest = found else {
            if flow.ownerUnknown(segue: index), !flow.classes.values.contains(where: { $0.unwindActions.contains { SelectorName($0).selector == action.selector } }) {
                emit(.note("no class is known to implement the unwind action \(action.selector) (import the sources or add it to a class's unwindActions); flownav cannot tell where it returns, and stays"))
                return
            }
            // A view controller of the app that implements it, but that the search did not reach
            // or that said no: the overrides decided, not a missing method.
            let implementer = state.instances.indices.first {
                $0 != source && state[$0].appearance != .released && info(of: $0).unwindActions[action.selector] != nil
            }
            if let implementer {
                emit(.note("no view controller the unwind search asks from \(describe(source)) can perform \(action.selector); \(describe(implementer)) implements it, but the search does not reach it (allowedChildrenForUnwinding(from:)) or it answers no (canPerformUnwindSegueAction(_:from:sender:)), so the unwind does nothing (UIKit is silent)"))
            } else {
                emit(.note("no view controller above \(describe(source)) implements \(action.selector), so the unwind does nothing (UIKit is silent)"))
            }
            return
        }
        try prepare(source: source, destination: dest, identifier: identifier, sender: sender)
        guard let name = info(of: dest).unwindActions[action.selector] else {
            // A canPerformUnwindSegueAction override said yes for an action the class lacks.
            throw CrashSignal(crash: .exception(
                name: "NSInvalidArgumentException",
                reason: "-[\(info(of: dest).runtimeName) \(action.selector)]: unrecognized selector sent to instance \(Simulator.address(dest))", preamble: []))
        }
        emit(.called(id: dest, method: name, detail: "unwind action"))
        try unwindTransition(from: source, to: dest)
    }

    /// `asked`: the overridden `allowedChildrenForUnwinding(from:)` and
    /// `canPerformUnwindSegueAction(_:from:sender:)` calls the search made, in order.
    func findUnwindDestination(_ selector: String, from source: Int, sender: SenderValue = SenderValue(text: nil),
                               identifier: String? = nil, asked: inout [Event]) -> Int? {
        var levels = 0
        var searched: [Int32] = []
        return findUnwindDestination(selector, from: source, sender: sender, identifier: identifier, asked: &asked, levels: &levels, searched: &searched)
    }

    /// `levels`: the presenter links climbed that leave a level presented from the window's
    /// root (see `unwindLevelsClimbed`), up to where the destination was found. `searched`: each
    /// view controller asked, in order (see `unwindSearched`).
    func findUnwindDestination(_ selector: String, from source: Int, sender: SenderValue, identifier: String?, asked: inout [Event],
                               levels: inout Int, searched: inout [Int32]) -> Int? {
        var previous = source
        if leavesLevel(source) { levels += 1 }
        var current = next(forUnwindFrom: source)
        while let vc = current {
            if let found = search(vc, selector: selector, source: source, excluding: previous, sender: sender, identifier: identifier, asked: &asked,
                                  searched: &searched) { return found }
            previous = vc
            if leavesLevel(vc) { levels += 1 }
            current = next(forUnwindFrom: vc)
        }
        return nil
    }

    /// Whether the climb from `id` goes to its presenter, out of a level presented from the
    /// window's root's chain (not a context presentation, which covers only part of a level).
    private func leavesLevel(_ id: Int) -> Bool {
        state[id].parent == nil && state[id].presenter != nil && !state.isContextPresentation(id)
    }

    private func next(forUnwindFrom id: Int) -> Int? {
        state[id].parent ?? state[id].presenter
    }

    /// `_destinationForUnwindingFromSource`: allowed children first, then the view controller.
    private func search(_ vc: Int, selector: String, source: Int, excluding path: Int?, sender: SenderValue, identifier: String?,
                        asked: inout [Event], searched: inout [Int32]) -> Int? {
        searched.append(Int32(truncatingIfNeeded: vc))
        let cls = info(of: vc)
        var children = state.children(of: vc).filter { $0 != path }
        if cls.container == .navigation { children.reverse() }
        if let allowed = cls.declarations.lazy.compactMap(\.allowedChildrenForUnwinding).first {
            switch allowed {
            case .default: break
            case .none: children = []
            case .selected:
                let shown = state.shownContent(of: vc)
                children = children.filter { $0 == shown }
            }
            let list = children.map { describe($0) }.joined(separator: ", ")
            asked.append(.called(id: vc, method: "allowedChildrenForUnwinding(from:)", detail: CallDetail("→ [\(list)]")))
        }
        for c in children {
            if let found = search(c, selector: selector, source: source, excluding: nil, sender: sender, identifier: identifier, asked: &asked,
                                  searched: &searched) { return found }
        }
        // super's answer: the class implements the action and is not the source.
        let implements = vc != source && cls.unwindActions[selector] != nil
        if let overrides = cls.declarations.lazy.compactMap(\.canPerformUnwind).first {
            let result: Bool
            if let condition = overrides[selector] {
                result = holds(condition, in: Scope(selfID: vc, sender: sender, identifier: identifier))
            } else {
                result = implements
            }
            asked.append(.called(id: vc, method: "canPerformUnwindSegueAction(_:from:sender:)", detail: CallDetail("\(selector) → \(result)")))
            return result ? vc : nil
        }
        return implements ? vc : nil
    }

    /// Dismiss what is presented above the destination's level, then let each container on
    /// the way select or pop toward it (`unwindForSegue:towardsViewController:`), from the top
    /// down: UIKit's unwind chain walks from the common ancestor to the destination, so a tab
    /// bar selects the destination's tab first (its navigation stack appears as it was) and
    /// then that navigation controller pops, on screen.
    private mutating func unwindTransition(from source: Int, to dest: Int) throws(CrashSignal) {
        // The modal ancestor containing the source, nearest the destination: the presented view
        // controller up the source's way whose presenter is the destination or contains it
        // (a level below, or the view controller a context presentation covers).
        var modal: Int?
        var x = source
        while x != dest && !state.ancestors(of: dest).contains(x) {
            if let p = state[x].parent {
                x = p
            } else if let p = state[x].presenter {
                modal = x
                x = p
            } else {
                break
            }
        }
        if let modal { dismiss(modal) }
        let path = state.ancestors(of: dest).reversed() + [dest]
        for k in path.indices.dropLast() {
            let ancestor = path[k], child = path[k + 1]
            switch info(of: ancestor).container {
            case .navigation:
                // UINavigationController's unwindForSegue:towardsViewController: pops to the
                // child on the path in one popToViewController:, not one pop at a time.
                pop(ancestor, to: child)
            case .tabBar:
                let tabs = state.children(of: ancestor).filter { state[$0].role == .tab }
                if let i = tabs.firstIndex(of: child), i != state[ancestor].selectedTab { try selectTab(i, of: ancestor) }
            default:
                break
            }
        }
    }
}
