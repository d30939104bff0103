import FlowModel

/// Code UIKit runs from `viewDidLoad`, `viewWillAppear(_:)` and `viewDidAppear(_:)` rather than
/// on a user event: the reads and asserts of the two appearance callbacks (as `viewDidLoad`'s),
/// and the code actions with an appearance trigger. The appearance callbacks run inside
/// transitions that cannot fail today (a pop, a dismiss), so a trap there is held in
/// `pendingCrash` and raised when the command ends; nothing after it is emitted.
extension Simulator {
    /// `viewWillAppear` / `viewDidAppear` of one view controller: its reads and asserts. A
    /// trap is held, not thrown (see the type's comment).
    mutating func appearanceReads(_ id: Int, _ callback: AppearanceCallback) {
        guard pendingCrash == nil else { return }
        let decls = info(of: id).declarations
        // In place: a copy of each declaration retained all its arrays, on every appearance.
        guard let k = decls.indices.first(where: { decls[$0].reads(callback) != nil }), let v = decls[k].reads(callback) else { return }
        do throws(CrashSignal) {
            try checkReads(v, file: decls[k].file, of: id, method: callback.swiftName)
        } catch {
            pendingCrash = error.crash
        }
    }

    /// The code actions of the view controller's class that UIKit runs from `callback`, in
    /// order, each on the view controller as it is then (a presentation is refused while its
    /// presenter's view is not in the window: `present`).
    mutating func appearanceActions(_ id: Int, _ callback: AppearanceCallback) throws(CrashSignal) {
        let actions = info(of: id).actions
        for k in actions.indices where actions[k].trigger == .appearance(callback) {
            guard pendingCrash == nil, !state[id].isReleased else { return }
            try run(actions[k], number: k, on: id, appearance: callback)
        }
    }

    /// `appearanceActions` for the callbacks that cannot throw: a crash is held.
    mutating func heldAppearanceActions(_ chain: [Int], _ callback: AppearanceCallback) {
        for id in chain where pendingCrash == nil {
            do throws(CrashSignal) { try appearanceActions(id, callback) } catch { pendingCrash = error.crash }
        }
    }

    /// Whether any class of the chain has code for `callback` (most have none: the common case
    /// pays one scan).
    func hasAppearanceCode(_ chain: [Int], _ callback: AppearanceCallback) -> Bool {
        chain.contains { info(of: $0).appearanceCode.contains(callback) }
    }

    /// The reads and asserts of a lifecycle method, with the traps of `viewDidLoad`: an
    /// assert of a nil dependency, an implicitly unwrapped nil read; an unknown value never traps.
    private mutating func checkReads(_ v: ViewDidLoad, file: String, of id: Int, method: String) throws(CrashSignal) {
        let deps = info(of: id).dependencyByName
        try checkLifecycleReads(method: method, asserts: v.asserts, uses: v.uses.compactMap { deps[$0] }, of: id, file: file, line: v.line, lines: v.lines)
    }

    /// What `viewDidLoad`, `viewWillAppear` and `viewDidAppear` share: an assert of a nil
    /// dependency fails; an implicitly unwrapped nil read traps; other nil reads are notes.
    /// A trap is at the name's line in `lines`, else at `line`.
    mutating func checkLifecycleReads(
        method: String, asserts: [String], uses: [Dependency], of id: Int, file: String, line: Int?, lines: [String: Int]
    ) throws(CrashSignal) {
        // Made only for a trap: most methods read nothing nil.
        func loc(_ name: String) -> String { location(file: file, line: lines[name] ?? line) }
        for name in asserts {
            let slot = state.slot(name, of: id)
            if !(slot.map { state.slots[$0].hasValue } ?? false) {
                let provenance = slot.map { state.provenance(ofSlot: $0) }
                emit(.note("\(method) asserts \(name) != nil, but \(name) was \(provenance == "not set" ? "never set" : "set to nil")"))
                throw CrashSignal(crash: .trap(location: loc(name), kind: "Assertion failed", message: ""))
            }
        }
        for dep in uses {
            let name = dep.name
            let slot = state.slot(name, of: id)
            guard !(slot.map { state.slots[$0].hasValue } ?? false) else { continue }
            let provenance = slot.map { state.provenance(ofSlot: $0) }
            switch dep.injection {
            case .implicitlyUnwrapped:
                let how = provenance.map { $0 == "not set" ? "which was never set" : "which was set to nil by \($0)" } ?? "which was never set"
                emit(.note("\(method) reads \(name), an implicitly unwrapped \(dep.type)!, \(how)"))
                throw CrashSignal(crash: .trap(location: loc(name), kind: "Fatal error", message: Self.nilUnwrap))
            case .optional:
                emit(.note("\(method) reads \(name), which is nil (\(provenance ?? "not set"))"))
            case .initializer, .property:
                emit(.note("\(method) reads \(name), which has no value (\(provenance ?? "not set"))"))
            }
        }
    }

    /// UIKit refuses a presentation whose presenting view controller (after forwarding) is not
    /// in the window: in `viewDidLoad`, and in `viewWillAppear` of a first appearance, the view
    /// is not yet in any window (reference §3.5). The text is the iOS 13+ log's.
    mutating func refuseOutsideWindow(_ dest: Int, on presenter: Int, from source: Int) -> Bool {
        guard state[presenter].appearance != .appeared else { return false }
        emit(.console(category: "Presentation", message: "Attempt to present \(describe(dest)) on \(describe(presenter)) (from \(describe(source))) whose view is not in the window hierarchy."))
        // Nothing holds the dropped view controller any more: it is deallocated.
        if state[dest].parent == nil && state[dest].presenter == nil && state.windowRoot != dest { release(dest) }
        return true
    }
}
