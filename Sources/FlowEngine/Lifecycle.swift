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
        // Made only for a trap: most loads read nothing nil.
        func loc(_ name: String) -> String { location(file: v.file, line: v.lines[name] ?? v.line) }
        for name in v.asserts {
            let slot = state.slot(name, of: id)
            if !(slot.map { state.slots[$0].hasValue } ?? false) {
                let provenance = slot.map { state.provenance(ofSlot: $0) }
                emit(.note("viewDidLoad() asserts \(name) != nil, but \(name) was \(provenance == "not set" ? "never set" : "set to nil")"))
                throw CrashSignal(crash: .trap(location: loc(name), kind: "Assertion failed", message: ""))
            }
        }
        for dep in v.uses {
            let name = dep.name
            let slot = state.slot(name, of: id)
            guard !(slot.map { state.slots[$0].hasValue } ?? false) else { continue }
            // Read only for a note: most loads read nothing nil.
            let provenance = slot.map { state.provenance(ofSlot: $0) }
            switch dep.injection {
            case .implicitlyUnwrapped:
                let how = provenance.map { $0 == "not set" ? "which was never set" : "which was set to nil by \($0)" } ?? "which was never set"
                emit(.note("viewDidLoad() reads \(name), an implicitly unwrapped \(dep.type)!, \(how)"))
                throw CrashSignal(crash: .trap(location: loc(name), kind: "Fatal error", message: Self.nilUnwrap))
            case .optional:
                emit(.note("viewDidLoad() reads \(name), which is nil (\(provenance ?? "not set"))"))
            case .initializer, .property:
                emit(.note("viewDidLoad() reads \(name), which has no value (\(provenance ?? "not set"))"))
            }
        }
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
