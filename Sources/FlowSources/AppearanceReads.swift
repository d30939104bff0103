import FlowModel
import SwiftSyntax

/// `viewWillAppear(_:)` and `viewDidAppear(_:)`: what they read and assert, by `viewDidLoad`'s
/// rules, and the navigation the three callbacks make (code actions with an appearance
/// trigger). A navigation inside a closure (a completion, a button's handler, a
/// `DispatchQueue.main.async`) runs later, not from the callback, and is not one.
extension ClassReader {
    mutating func readAppearance(_ f: FunctionDeclSyntax, _ file: ParsedFile, _ callback: AppearanceCallback) {
        if callback != .viewDidLoad {
            // The viewDidLoad reader, its result moved to the callback's own key.
            let saved = decl.viewDidLoad
            readViewDidLoad(f, file)
            var v = decl.viewDidLoad
            decl.viewDidLoad = saved
            // Outlets are connected once the view has loaded: no appearance reads them nil.
            v?.outlets = []
            if callback == .viewWillAppear { decl.viewWillAppear = v } else { decl.viewDidAppear = v }
        }
        addFatalGuards(f, file, callback)
        var r = CodeActionReader(owner: self, function: f, file: file)
        guard var a = r.read() else { return }
        if r.readCallInClosure {
            note(f, file, "\(a.name): its navigation (\(CodeActionReader.describe(a))) is in a closure, which runs later, not from \(callback.swiftName); it is not explored")
            return
        }
        var readNotes = r.notes
        // `if session == nil { present(login) }` on a dependency: a test the engine evaluates,
        // so it is the action's guard and no assumption.
        if let (condition, test) = dependencyTest(around: a, in: f, file), a.guardCondition == nil {
            a.guardCondition = condition
            readNotes.removeAll { $0.location.line == file.location(of: test).line && $0.text.contains("which flownav does not evaluate") }
        }
        // `guard shouldOnboard else { return }` before the call: the action runs only past a
        // test flownav does not evaluate.
        if let body = f.body, let line = a.origin.position?.line {
            for item in body.statements {
                guard case .stmt(let st) = item.item, let g = st.as(GuardStmtSyntax.self), file.location(of: g).line < line else { continue }
                readNotes.append(SourceNote(location: file.location(of: g), subject: name,
                    text: "\(a.name): navigates (\(CodeActionReader.describe(a))) only past `guard \(g.conditions.trimmedDescription)`, which flownav does not evaluate; it is explored as if it held"))
                break
            }
        }
        // From viewDidAppear the view is in the window, so the navigation behaves as a user's
        // would: under a test flownav does not evaluate it is a choice `check` explores (`call`),
        // both ways, rather than forced on every appearance (which hid GoMap's tag editor). From
        // viewDidLoad / viewWillAppear it stays on the callback, where UIKit refuses a
        // presentation.
        let untested = readNotes.contains { $0.text.hasPrefix(a.name + ": navigates") && $0.text.contains("which flownav does not evaluate") }
        if untested && callback == .viewDidAppear {
            a.trigger = .manual
            readNotes = readNotes.map { n in
                guard n.text.hasPrefix(a.name + ": navigates"), let r = n.text.firstRange(of: "; it is explored as if it") else { return n }
                var m = n
                m.text = String(n.text[..<r.lowerBound]) + "; it is explored as a choice (call \(a.name)), not on every appearance"
                return m
            }
        }
        notes += readNotes
        if !decl.actions.contains(where: { $0.name == a.name }) { decl.actions.append(a) }
    }

    /// The `if` among the method's own statements whose body holds the action's call, when its
    /// one test is a dependency against nil (`dep == nil`, `dep != nil`, `let x = dep`).
    private func dependencyTest(around a: CodeAction, in f: FunctionDeclSyntax, _ file: ParsedFile) -> (Condition, IfExprSyntax)? {
        guard let body = f.body, let line = a.origin.position?.line else { return nil }
        let names = Set(allDependencyNames())
        for item in body.statements {
            guard let i = expression(item)?.as(IfExprSyntax.self), i.elseBody == nil, i.conditions.count == 1,
                  file.location(of: i.body).line <= line, line <= file.location(of: i.body.rightBrace).line else { continue }
            switch i.conditions.first!.condition {
            case .optionalBinding(let b):
                let name = b.initializer?.value.unwrapped.propertyName ?? b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                if let name, names.contains(name) { return (.isNotNil(name), i) }
            case .expression(let e):
                guard let (lhs, op, rhs) = Sequence.binary(e), op == "==" || op == "!=", rhs.isNilLiteral,
                      let name = lhs.unwrapped.propertyName, names.contains(name) else { continue }
                return (op == "==" ? .isNil(name) : .isNotNil(name), i)
            default:
                continue
            }
        }
        return nil
    }

    /// `guard let x = dependency else { fatalError(…) }`, `guard dependency != nil else {
    /// preconditionFailure() }`, `if dependency == nil { fatalError() }` among the method's own
    /// statements: each traps when the dependency is nil, as an assert does (at its line).
    private mutating func addFatalGuards(_ f: FunctionDeclSyntax, _ file: ParsedFile, _ callback: AppearanceCallback) {
        guard let body = f.body else { return }
        let names = Set(allDependencyNames())
        var found: [(String, Int)] = []
        for item in body.statements {
            if case .stmt(let s) = item.item, let g = s.as(GuardStmtSyntax.self), Self.traps(g.body.statements) {
                for name in Self.tested(g.conditions, names, forValue: true) { found.append((name, file.location(of: g).line)) }
            } else if let i = expression(item)?.as(IfExprSyntax.self), i.elseBody == nil, Self.traps(i.body.statements) {
                for name in Self.tested(i.conditions, names, forValue: false) { found.append((name, file.location(of: i).line)) }
            }
        }
        guard !found.isEmpty else { return }
        func add(_ v: inout ViewDidLoad?) {
            if v == nil { v = ViewDidLoad(uses: [], asserts: [], line: file.location(of: f).line, origin: file.location(of: f).origin) }
            for (name, line) in found where !v!.asserts.contains(name) {
                v!.asserts.append(name)
                if v!.lines[name] == nil { v!.lines[name] = line }
            }
        }
        switch callback {
        case .viewDidLoad: add(&decl.viewDidLoad)
        case .viewWillAppear: add(&decl.viewWillAppear)
        case .viewDidAppear: add(&decl.viewDidAppear)
        }
    }

    private static func traps(_ items: CodeBlockItemListSyntax) -> Bool {
        items.contains { item in
            guard let call = expression(item)?.as(FunctionCallExprSyntax.self) else { return false }
            return ["fatalError", "preconditionFailure"].contains(call.calledExpression.trimmedDescription)
        }
    }

    /// The dependencies a condition list requires a value of (`forValue`: `let x = dep`,
    /// `let dep`, `dep != nil`) or tests for nil (`dep == nil`, alone).
    private static func tested(_ list: ConditionElementListSyntax, _ names: Set<String>, forValue: Bool) -> [String] {
        var out: [String] = []
        for element in list {
            switch element.condition {
            case .optionalBinding(let b) where forValue:
                let name = b.initializer?.value.unwrapped.propertyName ?? b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                if let name, names.contains(name) { out.append(name) }
            case .expression(let e):
                guard let (lhs, op, rhs) = Sequence.binary(e), op == (forValue ? "!=" : "=="), rhs.isNilLiteral,
                      let name = lhs.unwrapped.propertyName, names.contains(name) else { continue }
                out.append(name)
            default:
                continue
            }
        }
        return !forValue && list.count > 1 ? [] : out
    }
}
