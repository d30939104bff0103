import FlowModel

extension Simulator {
    /// `onScreen`: also up from a context presentation to the view controller it covers (what
    /// is on screen around it), not only up the parents.
    func nearestAncestor(of id: Int, kind: ContainerKind, includingSelf: Bool = false, onScreen: Bool = false) -> Int? {
        var x: Int? = includingSelf ? id : (onScreen ? state.screenParent(of: id) : state[id].parent)
        while let c = x {
            if info(of: c).container == kind { return c }
            x = onScreen ? state.screenParent(of: c) : state[c].parent
        }
        return nil
    }

    /// `pushViewController(_:animated:)` with UIKit's exceptions.
    mutating func push(_ dest: Int, onto nav: Int) throws(CrashSignal) {
        if info(of: dest).container == .navigation {
            throw CrashSignal(crash: .exception(name: "NSInvalidArgumentException", reason: "Pushing a navigation controller is not supported", preamble: []))
        }
        if state[dest].parent == nav {
            throw CrashSignal(crash: .exception(name: "NSInvalidArgumentException", reason: "Pushing the same view controller instance more than once is not supported (\(describe(dest)))", preamble: []))
        }
        if state[dest].parent != nil || state[dest].presenter != nil {
            throw CrashSignal(crash: .exception(
                name: "UIViewControllerHierarchyInconsistency",
                reason: "child view controller:\(describe(dest)) should have parent view controller:\(describe(state[dest].parent ?? state[dest].presenter!)) but requested parent is:\(describe(nav))",
                preamble: []))
        }
        if info(of: dest).container == .tabBar {
            // Documented as unsupported, but not checked: UIKit pushes it (no exception is on
            // record), and its tab bar then sits inside the navigation stack.
            emit(.note("pushing a tab bar controller is not supported (Apple: the pushed object \"cannot be a tab bar controller\"); UIKit pushes \(describe(dest)) anyway, without an exception"))
        }
        let from = state.children(of: nav).last
        // A push from the viewDidLoad of a view controller being pushed (not yet on screen)
        // joins that push: its appearance callbacks are the outer push's (AppearanceCode.swift).
        let visible = state[nav].appearance == .appeared && (from.map { state[$0].appearance == .appeared } ?? true)
        emit(.lifecycle(id: dest, callback: .willMoveToParent))
        attach(dest, to: nav, role: .stack)
        emit(.transition(.push(dest, onto: nav)))
        if visible {
            let old = from.map { state.visibleChain(from: $0) } ?? []
            var new = try loadVisibleChain(from: dest)
            // Code run while `dest` loaded pushed past it: the new top is what appears.
            if let top = state.children(of: nav).last, top != dest { new = try loadVisibleChain(from: top) }
            swapAppearance(from: old, to: new)
        }
        emit(.lifecycle(id: dest, callback: .didMoveToParent))
    }

    /// `present(_:animated:)`: forwarded to the view controller that covers the screen, or, for
    /// a currentContext / overCurrentContext presentation, to the nearest view controller from
    /// the source up that defines the presentation context; a warning and nothing else when
    /// that one already presents.
    /// `transition`, `anchored`: the presented controller's `modalTransitionStyle` and whether its
    /// popover has an anchor, for the presentations UIKit refuses (`RefusedPresentations.swift`).
    mutating func present(_ dest: Int, from source: Int, style: ModalPresentationStyle, transition: ModalTransitionStyle? = nil, anchored: Bool = true) throws(CrashSignal) {
        let context = (style == .currentContext || style == .overCurrentContext) ? contextDefiner(from: source) : nil
        let presenter = context ?? state.screenRoot(of: source)
        if let already = state[presenter].presented {
            emit(.console(category: "Presentation", message: "Attempt to present \(describe(dest)) on \(describe(presenter)) (from \(describe(source))) which is already presenting \(describe(already))."))
            // Nothing holds the dropped view controller (or its children) any more: it is deallocated.
            if state[dest].parent == nil && state[dest].presenter == nil && state.windowRoot != dest { release(dest) }
            return
        }
        if let by = state[dest].presenter {
            // Reference §3.5: a view controller that is already presented cannot be presented again.
            throw CrashSignal(crash: .exception(name: "NSInvalidArgumentException", reason: "Application tried to present modally a view controller \(describe(dest)) that is already being presented by \(describe(by)).", preamble: []))
        }
        if state[dest].parent != nil || state.windowRoot == dest {
            throw CrashSignal(crash: .exception(name: "NSInvalidArgumentException", reason: "Application tried to present modally an active controller \(describe(dest)).", preamble: []))
        }
        try refusePresentation(dest, from: source, presenter: presenter, style: style, transition: transition, anchored: anchored)
        if refuseOutsideWindow(dest, on: presenter, from: source) { return }
        if let context, context != state.screenRoot(of: source) {
            emit(.note("\(describe(context)) defines the presentation context, so the \(style.rawValue) presentation covers only it and it is the presenting view controller"))
        }
        if state.compact && style == .popover {
            emit(.note("in compact width (phone) a popover adapts to a sheet, as formSheet does"))
        }
        // What was on screen, read before the presentation joins the tree (a context
        // presentation is part of its presenter's visible chain).
        let old = removesPresenterViews(style) ? state.visibleChain(from: presenter) : []
        state[presenter].presented = dest
        state[dest].presenter = presenter
        state[dest].presentationStyle = style
        emit(.transition(.present(dest, by: presenter, style: style)))
        let new = try loadVisibleChain(from: dest)
        swapAppearance(from: old, to: new)
    }

    /// Apple (`definesPresentationContext`): "UIKit starts at the presenting view controller and
    /// walks up the view controller hierarchy. If it finds a view controller whose value for
    /// this property is true, it asks that view controller to present the new view controller."
    /// Nil when none does: the presentation then goes to the view controller covering the screen.
    func contextDefiner(from source: Int) -> Int? {
        var x: Int? = source
        while let v = x {
            if let s = state[v].scene, flow.scenes[s].definesPresentationContext { return v }
            x = state.screenParent(of: v)
        }
        return nil
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
        // A level's visible chain includes the context presentations in it: each once. Only
        // what is on screen disappears: an intermediate level a full-screen presentation
        // already covered had its disappear callbacks then (see `DismissCascade.swift`).
        var old: [Int] = []
        for g in gone.reversed() { for x in state.visibleChain(from: g) where !old.contains(x) && isOnScreenForDismissal(x) { old.append(x) } }
        emit(.transition(.dismiss(presented, by: presenter)))
        state[presenter].presented = nil
        let back = removesPresenterViews(style) ? state.visibleChain(from: presenter) : []
        swapAppearance(from: old, to: back)
        state[presented].presenter = nil
        release(presented)
    }

    /// Pops the top of a navigation stack.
    mutating func pop(_ nav: Int) {
        let top = state[nav].lastChild
        guard state[nav].childCount > 1, top >= 0 else { return }
        pop(nav, to: Int(state[Int(top)].previousSibling))
    }

    /// `popToViewController(_:animated:)`: everything above `target` leaves in one transition.
    /// Only the old top and `target` get appearance callbacks (the ones in between are not on
    /// screen); each popped one gets `willMove(toParent: nil)` / `didMove(toParent: nil)` and is
    /// released, top first (reference §3.9, pop B→A).
    mutating func pop(_ nav: Int, to target: Int) {
        let stack = Array(state.children(of: nav))
        guard let i = stack.firstIndex(of: target), i < stack.count - 1, let top = stack.last else { return }
        let popped = Array(stack[(i + 1)...].reversed())
        let visible = state[nav].appearance == .appeared
        for p in popped { emit(.lifecycle(id: p, callback: .willMoveToParent)) }
        for p in popped { emit(.transition(.pop(p, from: nav))) }
        if visible {
            let old = state.visibleChain(from: top)
            let new = state.visibleChain(from: target)
            swapAppearance(from: old, to: new)
        }
        for p in popped { state.removeChild(p, from: nav) }
        for p in popped {
            state[p].parent = nil
            emit(.lifecycle(id: p, callback: .didMoveToParent))
        }
        for p in popped { release(p) }
    }

    mutating func selectTab(_ index: Int, of tabBar: Int) throws(CrashSignal) {
        // Four tabs and More on a phone (MoreTab.swift).
        if state.showsMoreTab(tabBar) { return try selectTabWithMore(index, of: tabBar) }
        // The tabs are counted and found in place: no array of them is made.
        let count = state.tabCount(of: tabBar)
        let old = state.tab(min(state[tabBar].selectedTab, count - 1), of: tabBar)!
        guard index != state[tabBar].selectedTab else {
            emit(.note("tab \(index) is already selected"))
            return
        }
        let new = state.tab(index, of: tabBar)!
        state[tabBar].selectedTab = index
        emit(.transition(.selectTab(new, index: index, of: tabBar)))
        let oldChain = state.visibleChain(from: old)
        let newChain = try loadVisibleChain(from: new)
        swapAppearance(from: oldChain, to: newChain)
    }

    /// `showDetailViewController(_:sender:)` in a split view: the new detail replaces the old.
    mutating func showDetail(_ dest: Int, in split: Int) throws(CrashSignal) {
        let old = state.children(of: split).first { state[$0].role == .secondary }
        let visible = state[split].appearance == .appeared
        attach(dest, to: split, role: .secondary)
        emit(.transition(.showDetail(dest, in: split)))
        if let old {
            state.removeChild(old, from: split)
            state[old].parent = nil
        }
        if visible {
            let oldChain = old.map { state.visibleChain(from: $0) } ?? []
            let newChain = try loadVisibleChain(from: dest)
            swapAppearance(from: oldChain, to: newChain)
        }
        if let old { release(old) }
    }

    /// `showDetailViewController(_:sender:)`: only a split view controller overrides it (installing
    /// the new detail). UINavigationController overrides `show(_:sender:)` alone, so with no split
    /// view controller up the chain the default implementation presents modally — even inside a
    /// navigation controller (reference §3.4: "Displays the view controller modally unless a parent
    /// view controller implements the action method").
    mutating func showDetailViewController(_ dest: Int, from source: Int, style: ModalPresentationStyle) throws(CrashSignal) {
        if let split = nearestAncestor(of: source, kind: .split, includingSelf: true) {
            if state.compact {
                try showCollapsed(dest, from: source, in: split, style: style)
            } else {
                try showDetail(dest, in: split)
            }
        } else {
            try present(dest, from: source, style: style)
        }
    }

    /// A collapsed split view controller's `showDetailViewController(_:sender:)` calls
    /// `show(_:sender:)` (reference §3.4): the primary column's navigation controller pushes. A
    /// navigation controller destination is unwrapped, as UIKit's collapse does with a
    /// secondary navigation controller: its root view controller is pushed, and the wrapper,
    /// now empty, is deallocated. With no navigation controller in the primary column, `show`
    /// presents.
    private mutating func showCollapsed(_ dest: Int, from source: Int, in split: Int, style: ModalPresentationStyle) throws(CrashSignal) {
        let primary = state.children(of: split).first { state[$0].role == .primary }
        var nav = nearestAncestor(of: source, kind: .navigation).flatMap { n in state.ancestors(of: n).contains(split) ? n : nil }
        if nav == nil, let primary, info(of: primary).container == .navigation { nav = primary }
        guard let nav else {
            try present(dest, from: source, style: style)
            return
        }
        var pushed = dest
        if info(of: dest).container == .navigation, let root = state.children(of: dest).first(where: { state[$0].role == .stack }) {
            emit(.note("the split view controller is collapsed (phone): \(describe(dest))'s root view controller is pushed onto the primary column's \(describe(nav)) instead"))
            state.removeChild(root, from: dest)
            state[root].parent = nil
            release(dest)
            pushed = root
        } else {
            emit(.note("the split view controller is collapsed (phone): showDetailViewController shows \(describe(dest)) on the primary column's \(describe(nav))"))
        }
        try push(pushed, onto: nav)
    }

    /// `show(_:sender:)`: a navigation controller up the chain pushes (unless the new one is itself
    /// a navigation controller, which cannot be pushed and is presented); otherwise present.
    mutating func show(_ dest: Int, from source: Int, style: ModalPresentationStyle) throws(CrashSignal) {
        if let nav = nearestAncestor(of: source, kind: .navigation), info(of: dest).container != .navigation {
            try push(dest, onto: nav)
        } else {
            noteMoreNavigationGap(source)
            try present(dest, from: source, style: style)
        }
    }
}
