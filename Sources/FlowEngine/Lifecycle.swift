import FlowModel

extension Simulator {
    /// `loadViewIfRequired`: `loadView`, the embed segues (so their `prepare` runs before the
    /// parent's `viewDidLoad`), then `viewDidLoad` with its reads and assertions.
    mutating func loadViewIfNeeded(_ id: Int) throws(CrashSignal) {
        guard state[id].appearance == .notLoaded else { return }
        emit(.lifecycle(id: id, callback: .loadView))
        state[id].appearance = .loaded
        if let scene = state[id].scene {
            for e in index.scenes[scene].embeds {
                try performEmbed(e, in: id)
            }
        }
        try viewDidLoad(id)
        try appearanceActions(id, .viewDidLoad)
    }

    private mutating func viewDidLoad(_ id: Int) throws(CrashSignal) {
        emit(.lifecycle(id: id, callback: .viewDidLoad))
        let cls = info(of: id)
        guard cls.hasViewDidLoad, let v = cls.viewDidLoad else { return }
        try checkLifecycleReads(method: "viewDidLoad()", asserts: v.asserts, uses: v.uses, of: id, file: v.file, line: v.line, lines: v.lines)
        if !v.outlets.isEmpty { try touchOutlets(v.outlets, of: id, caller: "viewDidLoad()", file: v.file) }
    }

    /// Loads the views along the visible chain from `id` and returns that chain. An embed segue
    /// runs while its parent's view loads and adds a child to the chain, so the chain is read
    /// again after each load: embedded children then appear together with their parent (UIKit
    /// forwards the appearance callbacks to child view controllers).
    mutating func loadVisibleChain(from id: Int) throws(CrashSignal) -> [Int] {
        var chain = state.visibleChain(from: id)
        while let next = chain.first(where: { state[$0].appearance == .notLoaded }) {
            try loadViewIfNeeded(next)
            // A split view collapses (phone) once its own view has loaded, before its children's:
            // which of them is shown depends on it.
            try collapseIfSplit(next)
            state.visibleChain(from: id, into: &chain)
        }
        return chain
    }

    /// The visible chain from `id` gets its views loaded, then `viewWillAppear` and `viewDidAppear`.
    mutating func appear(from id: Int) throws(CrashSignal) {
        let chain = try loadVisibleChain(from: id)
        willAppear(chain)
        didAppear(chain)
    }

    /// UIKit's interleaving for a transition: the old side's will-disappear, the new side's
    /// will-appear, then the did- callbacks in the same order.
    mutating func swapAppearance(from old: [Int], to new: [Int]) {
        willDisappear(old)
        willAppear(new)
        didDisappear(old)
        didAppear(new)
    }

    mutating func willAppear(_ chain: [Int]) {
        let code = hasAppearanceCode(chain, .viewWillAppear)
        for id in chain {
            emit(.lifecycle(id: id, callback: .viewWillAppear))
            if state[id].selection != nil && info(of: id).clearsSelectionOnAppear { state[id].selection = nil }
            if code { appearanceReads(id, .viewWillAppear) }
        }
        // Navigation from the callback once the chain has had it (UIKit forwards it to children).
        if code { heldAppearanceActions(chain, .viewWillAppear) }
    }

    mutating func didAppear(_ chain: [Int]) {
        let code = hasAppearanceCode(chain, .viewDidAppear)
        for id in chain {
            emit(.lifecycle(id: id, callback: .viewDidAppear))
            state[id].appearance = .appeared
            if code { appearanceReads(id, .viewDidAppear) }
        }
        if code { heldAppearanceActions(chain, .viewDidAppear) }
    }

    mutating func willDisappear(_ chain: [Int]) {
        for id in chain { emit(.lifecycle(id: id, callback: .viewWillDisappear)) }
    }

    mutating func didDisappear(_ chain: [Int]) {
        for id in chain {
            emit(.lifecycle(id: id, callback: .viewDidDisappear))
            state[id].appearance = .disappeared
        }
    }

    /// Releases an instance with its children and what it presents (deinit, deepest first).
    mutating func release(_ id: Int) {
        if let p = state[id].presented { release(p) }
        for c in state.children(of: id).reversed() { release(c) }
        state[id].appearance = .released
        state[id].presented = nil
        emit(.transition(.released(id)))
    }

    /// Presentation styles whose presenter's views are removed (so it disappears and reappears).
    func removesPresenterViews(_ style: ModalPresentationStyle) -> Bool {
        style == .fullScreen || style == .currentContext
    }
}
