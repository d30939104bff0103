import FlowModel

extension Simulator {
    /// The segue pipeline of reference §3.1: `shouldPerformSegue` (triggered segues only),
    /// instantiate the destination, `prepare(for:sender:)`, then perform by kind.
    mutating func performSegue(_ index: Int, source: Int, sender: SenderValue, triggered: Bool) throws(CrashSignal) {
        // The segue's fields are read in place: a copy of the whole segue retained and released
        // each of its strings on every perform.
        if triggered, !shouldPerform(index, source: source, sender: sender) { return }
        let kind = flow.segues[index].kind
        if kind == .unwind {
            try unwind(index, from: source, sender: sender)
            return
        }
        guard let destScene = flow.segues[index].destination else { return }
        let identifier = flow.segues[index].identifier
        let outer = OuterSegue(segue: index, source: source, sender: sender, identifier: identifier)
        let dest = try decode(scene: destScene, outer: outer, relationship: nil)
        if kind == .custom, let c = flow.segues[index].customClass, let known = flow.segueClasses, !known.contains(c) {
            // `segueWithDestinationViewController:` gets nil from NSClassFromString and its
            // assertion passes nil for the name (so the reason reads '(null)'), after the
            // destination is made and before prepare(for:sender:).
            emit(.note("no class of the app is named \(c), the customClass of this segue (renamed in code but not in the storyboard?)"))
            throw CrashSignal(crash: .exception(
                name: "NSInternalInconsistencyException",
                reason: "Could not create a segue of class '(null)'",
                preamble: ["*** Assertion failure in -[UIStoryboardSegueTemplate segueWithDestinationViewController:], UIStoryboardSegueTemplate.m:104"]))
        }
        try prepare(source: source, destination: dest, identifier: identifier, sender: sender)
        // The segue's style, else the destination's own (`modalPresentationStyle` of the scene).
        let presentationStyle = flow.segues[index].modalPresentationStyle ?? flow.scenes[destScene].modalPresentationStyle
        let style = segueClassStyle(index) ?? presentationStyle ?? .automatic
        if let c = flow.segues[index].customClass, kind != .custom, flow.segueClassPerforms[c] == nil {
            emit(.note("segue class \(c) may override perform(): that is app code; flownav performs the storyboard's \(kind.rawValue) segue"))
        }
        // The class's perform() (CustomSegues.swift).
        if try performSegueClass(index, source: source, destination: dest, style: style) { return }
        switch kind {
        case .show:
            try show(dest, from: source, style: style)
        case .showDetail:
            try showDetailViewController(dest, from: source, style: style)
        case .push:
            guard let nav = nearestAncestor(of: source, kind: .navigation) else {
                throw CrashSignal(crash: .exception(
                    name: "NSGenericException",
                    reason: "Push segues can only be used when the source controller is managed by an instance of UINavigationController.",
                    preamble: []))
            }
            try push(dest, onto: nav)
        case .presentation, .modal:
            try present(dest, from: source, style: style, transition: flow.segues[index].modalTransitionStyle, anchored: segueHasPopoverAnchor(index))
        case .popoverPresentation:
            try present(dest, from: source, style: presentationStyle ?? .popover, transition: flow.segues[index].modalTransitionStyle, anchored: segueHasPopoverAnchor(index))
        case .custom:
            try unknownTransition("UIStoryboardSegue", kind: kind, destination: dest, source: source, style: style, why: "a custom segue without a class performs nothing flownav knows of")
        case .embed, .relationship, .unwind:
            break
        }
    }

    /// `shouldPerformSegue(withIdentifier:sender:)`, as overridden by the source's class.
    private mutating func shouldPerform(_ index: Int, source: Int, sender: SenderValue) -> Bool {
        let cls = info(of: source)
        guard cls.overridesShouldPerform else { return true }
        let identifier = flow.segues[index].identifier
        let condition = identifier.flatMap { cls.shouldPerform[$0] } ?? .always
        let result = holds(condition, in: Scope(selfID: source, sender: sender, identifier: identifier))
        if eventDetail == .all {
            let id = identifier.map { "\"\($0)\"" } ?? "nil"
            emit(.called(id: source, method: "shouldPerformSegue(withIdentifier:sender:)", detail: "\(id) → \(result)"))
        }
        if !result { emit(.note("shouldPerformSegue returned false, so the segue fails silently")) }
        return result
    }

    /// `prepare(for:sender:)` on the source, with the destination not yet loaded.
    mutating func prepare(source: Int, destination: Int, identifier: String?, sender: SenderValue) throws(CrashSignal) {
        emit(.called(id: source, method: "prepare(for:sender:)",
                     detail: CallDetail(prepare: identifier, destination: destination, runtimeName: info(of: destination).runtimeName)))
        guard let prepare = info(of: source).prepare else { return }
        let scope = Scope(selfID: source, sender: sender, identifier: identifier)
        try applyCases(prepare.cases, setters: prepare.setters, setterNumbers: prepare.setterNumbers, to: destination, scope: scope, caller: prepare.caller, identifier: identifier)
    }

    /// The cases of `prepare` or of the launch code, in order. Cases outside a chain each run on
    /// their own (sequential `if let`s, iuo-copies). Of one `if / else if / else` chain (or
    /// `switch`), as in Swift, only the first branch whose test holds runs; a cast failing in a
    /// branch's test is a silent failure only when no branch of the chain is taken (Habitica's
    /// SplitSocialViewController, whose `else if` handles the navigation controller).
    ///
    /// `setters`, `setterNumbers`: `PrepareInfo`'s, for a class's `prepare`.
    mutating func applyCases(_ cases: [PrepareCase], setters: [String]? = nil, setterNumbers: [UInt32]? = nil, to destination: Int, scope: Scope, caller: String, identifier: String?) throws(CrashSignal) {
        // Chains are few: pairs searched in order rather than dictionaries made on every prepare.
        var taken: [(chain: Int, branch: Int)] = []
        var failed: [(chain: Int, index: Int)] = []
        // Cases are read in place: a copy of each retained and released its strings and arrays.
        try cases.withUnsafeBufferPointer { (cases) throws(CrashSignal) in
            for k in cases.indices {
                guard let b = cases[k].branch else {
                    try trapIfForcedCastFails(cases[k], destination: destination, scope: scope, caller: caller, identifier: identifier)
                    if exits(cases[k], destination: destination, scope: scope, caller: caller, identifier: identifier) { return }
                    try apply(cases[k], to: destination, scope: scope, caller: caller, setter: setters?[k], setterNumber: setterNumbers?[k], identifier: identifier)
                    continue
                }
                if let t = taken.first(where: { $0.chain == b.chain }) {
                    if t.branch == b.index {
                        try trapIfForcedCastFails(cases[k], destination: destination, scope: scope, caller: caller, identifier: identifier)
                        if exits(cases[k], destination: destination, scope: scope, caller: caller, identifier: identifier) { return }
                        try apply(cases[k], to: destination, scope: scope, caller: caller, setter: setters?[k], setterNumber: setterNumbers?[k], identifier: identifier)
                    }
                    continue
                }
                let identifierHolds = cases[k].segue == nil || cases[k].segue == identifier
                try trapIfForcedCastFails(cases[k], destination: destination, scope: scope, caller: caller, identifier: identifier)
                // A guard in a branch's body is reached once the branch is taken, on its test alone.
                if identifierHolds && (b.castInBody || cases[k].exits || castTarget(cases[k], destination) != nil) {
                    taken.append((b.chain, b.index))
                    if exits(cases[k], destination: destination, scope: scope, caller: caller, identifier: identifier) { return }
                    try apply(cases[k], to: destination, scope: scope, caller: caller, setter: setters?[k], setterNumber: setterNumbers?[k], identifier: identifier)
                    continue
                }
                // A branch that sets nothing had nothing to inject: its failing cast is no note.
                if identifierHolds, cases[k].cast != nil, !cases[k].set.isEmpty || cases[k].call != nil, !failed.contains(where: { $0.chain == b.chain }) {
                    failed.append((b.chain, k))
                }
                // After the chain's last case, the note for a chain no branch of which was taken.
                guard !cases[(k + 1)...].contains(where: { $0.branch?.chain == b.chain }),
                      let f = failed.first(where: { $0.chain == b.chain }) else { continue }
                let first = cases.first { $0.branch?.chain == b.chain } ?? cases[k]
                emit(.note(skippedChainNote(cases[f.index], first: first, destination: destination, caller: caller)))
            }
        }
    }

    /// A `guard … else { return }` case (`exits`), reached: whether its test fails, so the method
    /// returns there and no later case runs — in Swift the guard leaves the whole method, not
    /// only the `if` or `case` it is written in.
    private mutating func exits(_ c: PrepareCase, destination: Int, scope: Scope, caller: String, identifier: String?) -> Bool {
        guard c.exits, c.segue == nil || c.segue == identifier else { return false }
        let at = flow.codeLocations[c.origin.path].map { " at \($0)" } ?? ""
        if let g = c.guardCondition, !holds(g, in: scope) {
            emit(.note("\(caller): the guard\(at) fails (\(g)), so it returns and nothing after it runs"))
            return true
        }
        guard castTarget(c, destination) == nil else { return false }
        var unwrapped = c
        unwrapped.cast = nil
        let object = describe(castTarget(unwrapped, destination) ?? destination)
        emit(.note("\(caller): \(object) as? \(c.cast ?? "?") is nil, so the guard\(at) returns and nothing after it runs"))
        return true
    }

    /// `<X: 0x…> as? A is nil and no branch of the if at PATH:LINE is taken, so the injection is skipped`.
    private func skippedChainNote(_ c: PrepareCase, first: PrepareCase, destination: Int, caller: String) -> String {
        var unwrapped = c
        unwrapped.cast = nil
        let object = describe(castTarget(unwrapped, destination) ?? destination)
        let at = flow.codeLocations[first.origin.path].map { " at \($0)" } ?? ""
        return "\(caller): \(object) as? \(c.cast ?? "?") is nil and no branch of the if / else if\(at) is taken, so the injection is skipped"
    }

    /// The object a case's unwraps reach, when its cast (if any) succeeds on it.
    func castTarget(_ c: PrepareCase, _ destination: Int) -> Int? {
        var target = destination
        for step in c.unwrap {
            let kind = info(of: target).container
            let content = state.children(of: target).filter { state[$0].role != .embedded }
            switch step {
            case .navigationTop where kind == .navigation: target = content.last ?? target
            case .navigationRoot where kind == .navigation: target = content.first ?? target
            case .tabFirst where kind == .tabBar: target = content.first ?? target
            case .tabSelected where kind == .tabBar:
                if !content.isEmpty { target = content[min(state[target].selectedTab, content.count - 1)] }
            default: break
            }
        }
        if let cast = c.cast {
            let ok = flow.protocols[cast] != nil ? info(of: target).protocols.contains(cast) : info(of: target).lineage.contains(cast)
            // An `as!` flownav cannot decide did not trap (ForcedCast.swift), so it held.
            if !ok && !(c.forced && !castIsDecidable(target, to: cast)) { return nil }
        }
        return target
    }

    /// One case of `prepare` or of the launch code: match, unwrap, cast, then set or call.
    /// `setter`: what `inspect` names as the setter of the values the case sets
    /// (`PrepareInfo.setters`; nil: worked out here, for the launch code's one-off cases), and
    /// `setterNumber` its number in the flow's `SlotTexts`.
    mutating func apply(_ c: PrepareCase, to destination: Int, scope: Scope, caller: String, setter: String? = nil, setterNumber: UInt32? = nil, identifier: String?) throws(CrashSignal) {
        if let s = c.segue, s != identifier { return }
        if let g = c.guardCondition, !holds(g, in: scope) {
            emit(.note("\(caller): guard \(g) fails, so this case returns early"))
            return
        }
        guard let target = castTarget(c, destination) else {
            if let cast = c.cast {
                // The object the cast was tried on: the destination after the case's unwraps.
                var unwrapped = c
                unwrapped.cast = nil
                emit(.note("\(caller): \(describe(castTarget(unwrapped, destination) ?? destination)) as? \(cast) is nil, so nothing is injected"))
            }
            return
        }
        // `inspect` names the Swift line of the case that set a value, when the flow has it.
        let setter = setter ?? FlowIndex.PrepareInfo.setter(of: c, caller: caller, codeLocations: flow.codeLocations)
        try touchOutletsBeforeSet(of: c, on: target, scope: scope, caller: caller)
        for a in c.set {
            // `dest.x = self.x` with the destination's x Optional (`T!` or `T?`) copies a nil;
            // only a non-optional destination property makes Swift unwrap it here.
            let optionalTarget = info(of: target).dependencyByName[a.name].map { $0.injection == .implicitlyUnwrapped || $0.injection == .optional } ?? false
            let value = try evaluate(a.expression, in: scope, copiesNil: optionalTarget)
            if value == nil && optionalTarget && a.expression != "nil" {
                setDependency(a.name, of: target, to: value, by: "\(setter), which copied nil from \(a.expression)")
            } else {
                setDependency(a.name, of: target, to: value, by: setter, byNumber: setterNumber)
            }
        }
        if let call = c.call, let method = info(of: target).methods[call] {
            // A method that switches on a typed destination takes a `Box`; seed 002's prepare
            // unwraps it with `sender as? Box<StoryboardDestination>` and calls nothing without one.
            if !method.cases.isEmpty && c.with == "sender" && scope.sender.box == nil {
                emit(.note("\(caller): sender \(scope.sender.text ?? "nil") as? Box<…> is nil, so \(call) is not called"))
                return
            }
            // A method that only stores its argument in Optional properties takes an Optional
            // (`inject(_ context: Context!)`): a nil travels through it too.
            let optionalParameter = !method.sets.isEmpty && method.sets.allSatisfy { name in
                info(of: target).dependencyByName[name].map { $0.injection == .implicitlyUnwrapped || $0.injection == .optional } ?? false
            }
            let argument = try c.with.map { e throws(CrashSignal) in try evaluate(e, in: scope, copiesNil: optionalParameter) } ?? nil
            emit(.called(id: target, method: call, detail: argument.map { CallDetail($0) }))
            for name in method.sets { setDependency(name, of: target, to: argument, by: "\(call), from \(caller)") }
            if !method.cases.isEmpty {
                let box = c.with == "sender" ? scope.sender.box : nil
                guard let box, let match = method.cases.first(where: { $0.name == box.caseName }) else {
                    let what = box.map { ".\($0.caseName)" } ?? (argument ?? "nil")
                    emit(.note("\(call): the switch has no case for \(what), so nothing is assigned"))
                    return
                }
                var inner = Scope(selfID: target, sender: scope.sender, identifier: identifier)
                inner.locals = box.values
                for a in match.set {
                    let value = try evaluate(a.expression, in: inner)
                    setDependency(a.name, of: target, to: value, by: "\(call) (case .\(box.caseName)), from \(caller)")
                }
            }
        }
        // OutletAccesses.swift: the destination's view is not loaded yet, so its outlets are nil.
        try touchOutlets(of: c, on: target, scope: scope, caller: caller)
    }

    /// Embed segues run during the parent's view load, through `perform:` (so
    /// `shouldPerformSegue` is asked, with the parent as sender), before its `viewDidLoad`.
    mutating func performEmbed(_ index: Int, in parent: Int) throws(CrashSignal) {
        let sender = SenderValue(.instance(parent, runtimeName: info(of: parent).runtimeName))
        guard shouldPerform(index, source: parent, sender: sender), let destScene = flow.segues[index].destination else { return }
        let identifier = flow.segues[index].identifier
        let outer = OuterSegue(segue: index, source: parent, sender: sender, identifier: identifier)
        let child = try decode(scene: destScene, outer: outer, relationship: nil)
        try prepare(source: parent, destination: child, identifier: identifier, sender: sender)
        attach(child, to: parent, role: .embedded)
        emit(.transition(.embed(child, in: parent)))
        _ = try loadVisibleChain(from: child)
    }
}
