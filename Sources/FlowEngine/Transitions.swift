import FlowModel

extension Simulator {
    func nearestAncestor(of id: Int, kind: ContainerKind, includingSelf: Bool = false) -> Int? {
        let candidates = (includingSelf ? [id] : []) + state.ancestors(of: id)
        return candidates.first { flow.containerKind(of: state[$0].className) == kind }
    }

    /// `pushViewController(_:animated:)` with UIKit's exceptions.
    mutating func push(_ dest: Int, onto nav: Int) throws(CrashSignal) {
        if flow.containerKind(of: state[dest].className) == .navigation {
            throw CrashSignal(crash: .exception(name: "NSInvalidArgumentException", reason: "Pushing a navigation controller is not supported", preamble: []))
        }
        if state[nav].children.contains(dest) {
            throw CrashSignal(crash: .exception(name: "NSInvalidArgumentException", reason: "Pushing the same view controller instance more than once is not supported (\(describe(dest)))", preamble: []))
        }
        if state[dest].parent != nil || state[dest].presenter != nil {
            throw CrashSignal(crash: .exception(
                name: "UIViewControllerHierarchyInconsistency",
                reason: "child view controller:\(describe(dest)) should have parent view controller:\(describe(state[dest].parent ?? state[dest].presenter!)) but requested parent is:\(describe(nav))",
                preamble: []))
        }
        let from = state[nav].children.last
        let visible = state[nav].appearance == .appeared
        emit(.lifecycle(id: dest, callback: "willMove(toParent:)"))
        attach(dest, to: nav, role: .stack)
        emit(.transition(.push(dest, onto: nav)))
        if visible {
            try loadViewIfNeeded(dest)
            let old = from.map { state.visibleChain(from: $0) } ?? []
            let new = state.visibleChain(from: dest)
            for id in new { try loadViewIfNeeded(id) }
            willDisappear(old)
            willAppear(new)
            didDisappear(old)
            didAppear(new)
        }
        emit(.lifecycle(id: dest, callback: "didMove(toParent:)"))
    }

    /// `present(_:animated:)`: forwarded to the view controller that covers the screen; a
    /// warning and nothing else when that one already presents.
    mutating func present(_ dest: Int, from source: Int, style: ModalPresentationStyle) throws(CrashSignal) {
        let presenter = state.levelRoot(of: source)
        if let already = state[presenter].presented {
            emit(.console(category: "Presentation", message: "Attempt to present \(describe(dest)) on \(describe(presenter)) (from \(describe(source))) which is already presenting \(describe(already))."))
            state[dest].appearance = .released
            return
        }
        if state[dest].parent != nil || state[dest].presenter != nil || state.windowRoot == dest {
            throw CrashSignal(crash: .exception(name: "NSInvalidArgumentException", reason: "Application tried to present modally an active controller \(describe(dest)).", preamble: []))
        }
        state[presenter].presented = dest
        state[dest].presenter = presenter
        state[dest].presentationStyle = style
        emit(.transition(.present(dest, by: presenter, style: style)))
        let new = state.visibleChain(from: dest)
        for id in new { try loadViewIfNeeded(id) }
        let old = removesPresenterViews(style) ? state.visibleChain(from: presenter) : []
        willDisappear(old)
        willAppear(new)
        didDisappear(old)
        didAppear(new)
    }

    /// Dismisses a presented view controller (and whatever it presents), then releases it.
    mutating func dismiss(_ presented: Int) {
        guard let presenter = state[presented].presenter else { return }
        var gone: [Int] = []
        var x: Int? = presented
        while let p = x {
            gone.append(p)
            x = state[p].presented
        }
        let style = state[presented].presentationStyle ?? .pageSheet
        let old = gone.reversed().flatMap { state.visibleChain(from: $0) }
        let back = removesPresenterViews(style) ? state.visibleChain(from: presenter) : []
        emit(.transition(.dismiss(presented, by: presenter)))
        willDisappear(old)
        willAppear(back)
        didDisappear(old)
        didAppear(back)
        state[presenter].presented = nil
        state[presented].presenter = nil
        release(presented)
    }

    /// Pops the top of a navigation stack.
    mutating func pop(_ nav: Int) {
        guard state[nav].children.count > 1, let top = state[nav].children.last else { return }
        let under = state[nav].children[state[nav].children.count - 2]
        let visible = state[nav].appearance == .appeared
        emit(.lifecycle(id: top, callback: "willMove(toParent:)"))
        emit(.transition(.pop(top, from: nav)))
        if visible {
            let old = state.visibleChain(from: top)
            let new = state.visibleChain(from: under)
            willDisappear(old)
            willAppear(new)
            didDisappear(old)
            didAppear(new)
        }
        state[nav].children.removeLast()
        state[top].parent = nil
        emit(.lifecycle(id: top, callback: "didMove(toParent:)"))
        release(top)
    }

    mutating func selectTab(_ index: Int, of tabBar: Int) throws(CrashSignal) {
        let tabs = state[tabBar].children.filter { state[$0].role == .tab }
        let old = tabs[min(state[tabBar].selectedTab, tabs.count - 1)]
        guard index != state[tabBar].selectedTab else {
            emit(.note("tab \(index) is already selected"))
            return
        }
        state[tabBar].selectedTab = index
        emit(.transition(.selectTab(tabs[index], index: index, of: tabBar)))
        let oldChain = state.visibleChain(from: old)
        let newChain = state.visibleChain(from: tabs[index])
        for id in newChain { try loadViewIfNeeded(id) }
        willDisappear(oldChain)
        willAppear(newChain)
        didDisappear(oldChain)
        didAppear(newChain)
    }

    /// `showDetailViewController(_:sender:)` in a split view: the new detail replaces the old.
    mutating func showDetail(_ dest: Int, in split: Int) throws(CrashSignal) {
        let old = state[split].children.first { state[$0].role == .secondary }
        let visible = state[split].appearance == .appeared
        attach(dest, to: split, role: .secondary)
        emit(.transition(.showDetail(dest, in: split)))
        if let old {
            state[split].children.removeAll { $0 == old }
            state[old].parent = nil
        }
        if visible {
            let oldChain = old.map { state.visibleChain(from: $0) } ?? []
            let newChain = state.visibleChain(from: dest)
            for id in newChain { try loadViewIfNeeded(id) }
            willDisappear(oldChain)
            willAppear(newChain)
            didDisappear(oldChain)
            didAppear(newChain)
        }
        if let old { release(old) }
    }

    /// `show(_:sender:)`: a navigation controller up the chain pushes (unless the new one is itself
    /// a navigation controller, which cannot be pushed and is presented); otherwise present.
    mutating func show(_ dest: Int, from source: Int, style: ModalPresentationStyle) throws(CrashSignal) {
        if let nav = nearestAncestor(of: source, kind: .navigation), flow.containerKind(of: state[dest].className) != .navigation {
            try push(dest, onto: nav)
        } else {
            try present(dest, from: source, style: style)
        }
    }
}
