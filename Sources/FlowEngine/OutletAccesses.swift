import FlowModel

/// Outlets and the view (reference §3.9, §3.1): a view controller's outlets are connected while
/// its view loads, so in `prepare(for:sender:)` — after `init(coder:)`, before `loadView` —
/// and in code that builds a controller and configures it before showing it, every outlet is
/// nil. Read through an implicitly unwrapped one, that traps; through `?.`, nothing happens.
/// `view` and `loadViewIfNeeded()` load the view then and there (`viewDidLoad` runs early).
extension Simulator {
    /// In the note before an outlet trap: how `check` tells it from other traps
    /// (`outlet-before-view-loaded`).
    public static let outletTrapMarker = ", an @IBOutlet "

    /// What an outlet holds, as far as the flow says.
    enum OutletValue {
        case connected
        /// The view is not loaded: every outlet is nil, whatever the storyboard connects.
        case beforeLoad
        /// The view is loaded and the storyboard connects no such outlet on the scene.
        case notConnected(scene: String)
        /// The view is loaded by what the flow does not describe (a controller built in code,
        /// a XIB, a scene whose connections were not read): no claim.
        case unknown
    }

    func outletValue(_ name: String, of id: Int) -> OutletValue {
        if state[id].appearance == .notLoaded { return .beforeLoad }
        guard let scene = state[id].scene else { return .unknown }
        let s = flow.scenes[scene]
        // An imported storyboard scene lists every outlet it connects; a XIB's owner does not.
        guard let connected = s.outlets ?? (s.storyboard != nil && s.nib == nil ? [] : nil) else { return .unknown }
        return connected.contains(name) ? .connected : .notConnected(scene: s.id)
    }

    /// The outlet accesses of a `prepare` or launch case on the object it cast (those of the
    /// method it calls first), in the file of the class whose code runs.
    /// The accesses written before the case's sets and call (`beforeSet`), run before them.
    mutating func touchOutletsBeforeSet(of c: PrepareCase, on target: Int, scope: Scope, caller: String) throws(CrashSignal) {
        guard c.outlets.contains(where: \.beforeSet) else { return }
        try touchOutlets(c.outlets.filter(\.beforeSet), of: target, caller: caller, file: codeFile(scope, declaring: { $0.prepare != nil }))
    }

    mutating func touchOutlets(of c: PrepareCase, on target: Int, scope: Scope, caller: String) throws(CrashSignal) {
        guard !c.outlets.isEmpty || c.call != nil else { return }
        if let call = c.call, let m = flow.method(call, of: state.className(of: target)), let inner = m.outlets, !inner.isEmpty {
            try touchOutlets(inner, of: target, caller: "\(call) (called by \(caller))", file: methodFile(call, of: target), depth: 1)
        }
        let after = c.outlets.filter { !$0.beforeSet }
        guard !after.isEmpty else { return }
        try touchOutlets(after, of: target, caller: caller, file: codeFile(scope, declaring: { $0.prepare != nil }))
    }

    /// A code action's accesses to what it built, before it shows it.
    mutating func touchOutlets(of action: CodeAction, on target: Int, from vc: Int, caller: String) throws(CrashSignal) {
        guard !action.outlets.isEmpty else { return }
        let file = flow.declarations(of: state.className(of: vc)).first { d in d.actions.contains { $0.name == action.name } }?.file ?? info(of: vc).file
        try touchOutlets(action.outlets, of: target, caller: caller, file: file)
    }

    /// `file`: where the accesses' lines are, unless an access names its own.
    mutating func touchOutlets(_ accesses: [OutletAccess], of target: Int, caller: String, file: String, depth: Int = 0) throws(CrashSignal) {
        for a in accesses {
            if a.loadsView {
                guard state[target].appearance == .notLoaded else { continue }
                let how = a.name == "view" ? "reads the view of" : "calls loadViewIfNeeded() on"
                emit(.note("\(caller) \(how) \(describe(target)), which loads its view now, before it is shown: viewDidLoad runs here"))
                try loadViewIfNeeded(target)
                continue
            }
            let cls = state.className(of: target)
            if let outlet = outlet(a.name, of: cls) {
                try touch(outlet, a, of: target, caller: caller, file: a.file ?? file)
            } else if depth < 4, let m = flow.method(a.name, of: cls), let inner = m.outlets, !inner.isEmpty {
                // A helper of the destination (`d.configure(with: item)`): its own accesses, in its file.
                try touchOutlets(inner, of: target, caller: "\(a.name) (called by \(caller))", file: methodFile(a.name, of: target), depth: depth + 1)
            }
        }
    }

    private mutating func touch(_ outlet: Outlet, _ a: OutletAccess, of target: Int, caller: String, file: String) throws(CrashSignal) {
        let why: String
        switch outletValue(outlet.name, of: target) {
        case .connected, .unknown: return
        case .beforeLoad: why = "its view is not loaded yet, and outlets are set when it loads"
        case .notConnected(let scene): why = "the storyboard connects no outlet '\(outlet.name)' on scene '\(scene)'"
        }
        let object = describe(target)
        if a.optionalChaining || (outlet.kind == .optional && !a.forceUnwrap) {
            emit(.note("\(caller): \(outlet.name) of \(object) is nil (\(why)), so \(outlet.name)?.… does nothing"))
            return
        }
        if outlet.kind == .nonOptional && !a.forceUnwrap {
            // Swift checks nothing on a non-optional outlet: what a nil there does is not a trap.
            emit(.note("\(caller): \(outlet.name) of \(object), declared non-optional \(outlet.type), is nil (\(why)); what the app does then is not modelled"))
            return
        }
        // Not "…, which is nil": that is how check tells a nil dependency in viewDidLoad.
        emit(.note("\(caller) reads \(outlet.name) of \(object)\(Self.outletTrapMarker)\(outlet.type), nil because \(why)"))
        let message = a.forceUnwrap ? "Unexpectedly found nil while unwrapping an Optional value" : Self.nilUnwrap
        throw CrashSignal(crash: .trap(location: location(file: file, line: a.line), kind: "Fatal error", message: message))
    }

    private func outlet(_ name: String, of className: String) -> Outlet? {
        for d in flow.declarations(of: className) { if let o = d.outlets.first(where: { $0.name == name }) { return o } }
        return nil
    }

    private func methodFile(_ name: String, of target: Int) -> String {
        flow.declarations(of: state.className(of: target)).first { d in d.methods.contains { $0.name == name } }?.file ?? info(of: target).file
    }

    /// The file of the code that runs: the nearest class of `scope`'s object whose declaration
    /// `declares` it; the app delegate's for launch code.
    private func codeFile(_ scope: Scope, declaring: (ClassDecl) -> Bool) -> String {
        guard let id = scope.selfID else { return "AppDelegate.swift" }
        return flow.declarations(of: state.className(of: id)).first(where: declaring)?.file ?? info(of: id).file
    }
}
