import FlowModel

/// Swift's `as!` in `prepare(for:sender:)` and the launch code. A forced cast that fails does
/// not return nil: the runtime's `swift_dynamicCastFailure` prints
/// `Could not cast value of type 'UINavigationController' (0x…) to 'App.DetailViewController' (0x…).`
/// and aborts — with no `FILE:LINE: Fatal error:` prefix, unlike `fatalError` and the
/// implicitly unwrapped nil. The Swift line is kept beside the text (`Crash.castFailure`) for
/// `check` and the transcript's note; the console shows only the runtime's line.
extension Simulator {
    /// A case reached (its `segue` matches, its `guard` holds): its forced casts are made.
    mutating func trapIfForcedCastFails(_ c: PrepareCase, destination: Int, scope: Scope, caller: String, identifier: String?) throws(CrashSignal) {
        guard c.forced || !c.forcedUnwraps.isEmpty, c.segue == nil || c.segue == identifier else { return }
        if let g = c.guardCondition, !holds(g, in: scope) { return }
        try checkForcedCasts(c, destination: destination, caller: caller)
    }

    /// Traps at the first forced cast of the case that fails, in the order Swift makes them: each
    /// unwrap step marked `!` (its container's `as! UINavigationController` or `as!
    /// UITabBarController`), then the case's own cast when `forced`. An object whose class flownav
    /// does not wholly know (a scene's class no code declares, a superclass not read, a cast to a
    /// type the flow does not declare) never fails one: unknown is not a crash.
    mutating func checkForcedCasts(_ c: PrepareCase, destination: Int, caller: String) throws(CrashSignal) {
        guard c.forced || !c.forcedUnwraps.isEmpty else { return }
        var partial = c
        partial.cast = nil
        for k in c.unwrap.indices {
            partial.unwrap = Array(c.unwrap[..<k])
            let object = castTarget(partial, destination) ?? destination
            let needed: ContainerKind = c.unwrap[k] == .navigationTop || c.unwrap[k] == .navigationRoot ? .navigation : .tabBar
            guard info(of: object).container != needed else { continue }
            // A conditional step that does not apply (`if let nav = d as? UINavigationController
            // { … nav.topViewController as! X }` on something else) may be an `if` whose body
            // never runs or a reassignment that keeps the object: which, the case does not say.
            guard c.forcedUnwraps.contains(k) else { return }
            guard castIsDecidable(object, to: needed.rawValue) else { return }
            throw castFailure(c, object: object, to: needed.rawValue, caller: caller)
        }
        guard c.forced, let type = c.cast, castTarget(c, destination) == nil else { return }
        partial.unwrap = c.unwrap
        let object = castTarget(partial, destination) ?? destination
        guard castIsDecidable(object, to: type) else { return }
        throw castFailure(c, object: object, to: type, caller: caller)
    }

    /// `storyboard.instantiateViewController(withIdentifier: "X") as! X` in a code action: the
    /// scene's class is the storyboard's, not the code's.
    mutating func trapIfForcedCastFails(_ object: Int, to type: String, action: CodeAction, caller: String) throws(CrashSignal) {
        let fits = flow.protocols[type] != nil ? info(of: object).protocols.contains(type) : info(of: object).lineage.contains(type)
        guard !fits, castIsDecidable(object, to: type) else { return }
        var c = PrepareCase(origin: action.origin)
        c.cast = type
        c.forced = true
        throw castFailure(c, object: object, to: type, caller: caller)
    }

    /// Whether flownav knows enough to say the cast fails: the type is a class or protocol of
    /// the flow or UIKit's, and every class of the object's lineage is declared (its own code
    /// or UIKit's), so no unread superclass or extension may make it fit.
    func castIsDecidable(_ object: Int, to type: String) -> Bool {
        guard flow.protocols[type] != nil || flow.isKnownClass(type) else { return false }
        if let scene = state[object].scene, index.sceneHasUnknownClass[scene] || flow.scenes[scene].standsInForUnimportedScene { return false }
        let lineage = info(of: object).lineage
        guard !lineage.isEmpty, lineage.allSatisfy({ flow.isKnownClass($0) && !Self.superclassNotRead(flow.classes[$0]) }) else { return false }
        // A subclass of what a segue action flownav did not read returns (its dependencies are
        // unknown): the action may well build that subclass.
        if let first = lineage.first, flow.isKind(type, of: first), type != first,
           state.dependencies(of: object).contains(where: \.isUnknown) {
            return false
        }
        return true
    }

    /// The sources reader's note on a class whose superclass is outside the sources (a pod's
    /// base class), read as a UIKit class: its real lineage is not known.
    static func superclassNotRead(_ decl: ClassDecl?) -> Bool {
        decl?.notes.contains { $0.contains(" is not in the sources; read as a ") } ?? false
    }

    /// The trap, after a note naming the object and the cast's line (the runtime prints neither).
    private mutating func castFailure(_ c: PrepareCase, object: Int, to type: String, caller: String) -> CrashSignal {
        let source = state.className(of: object)
        let location = castLocation(c, caller: caller)
        emit(.note("\(caller): \(describe(object)) as! \(type) fails at \(location), so Swift traps"))
        let message = "Could not cast value of type '\(swiftTypeName(source))' (\(metadataAddress(source))) to '\(swiftTypeName(type))' (\(metadataAddress(type)))."
        return CrashSignal(crash: .castFailure(location: location, message: message))
    }

    /// Where the cast is: the case's Swift line, in the file of the class whose code it is (as
    /// other traps print it), or the line's own file when that class is not in the flow (the
    /// app delegate).
    private func castLocation(_ c: PrepareCase, caller: String) -> String {
        let code = flow.codeLocations[c.origin.path]
        let owner = String(caller.prefix { $0 != "." })
        if flow.classes[owner] != nil { return location(file: info(owner).file, line: code?.line) }
        guard let code else { return location(file: "\(owner).swift", line: nil) }
        let name = code.file.split(separator: "/").last.map(String.init) ?? code.file
        return location(file: name, line: code.line)
    }

    /// The runtime's name for a type (`swift_getTypeName`): UIKit's Objective-C classes bare,
    /// the app's classes and protocols qualified by the module.
    func swiftTypeName(_ name: String) -> String {
        UIKitClass.isKnown(name) ? name : "\(flow.module).\(name)"
    }

    /// A type metadata address, fixed per type so transcripts are deterministic: UIKit's classes
    /// in the shared cache's range, the app's types in the app image's, numbered by name order.
    func metadataAddress(_ name: String) -> String {
        let value: Int
        if UIKitClass.isKnown(name) {
            let n = UIKitClass.superclasses.keys.sorted().firstIndex(of: name) ?? 0
            value = 0x1_e5f0_8000 + n * 0x50
        } else if flow.protocols[name] != nil {
            let n = flow.protocols.keys.sorted().firstIndex(of: name) ?? 0
            value = 0x1_0000_4000 + n * 0x18
        } else {
            let n = flow.classes.keys.sorted().firstIndex(of: name) ?? 0
            value = 0x1_0000_c000 + n * 0x1c8
        }
        return "0x" + String(value, radix: 16)
    }
}
