import FlowModel
import SwiftSyntax

/// Reads a code path: an `@IBAction` or `tableView(_:didSelectRowAt:)` that performs a segue
/// by identifier, presents / pushes / shows a view controller built in code, dismisses or pops.
struct CodeActionReader {
    let owner: ClassReader
    let function: FunctionDeclSyntax
    let file: ParsedFile
    var notes: [SourceNote] = []
    private var locals = Locals()
    private var found: [CodeAction] = []
    /// The call each of `found` was read from.
    private var calls: [Syntax] = []
    /// Set by `built` for a scene instantiated by its Storyboard ID.
    private var storyboardIdentifier: String?
    /// Set by `built` for a scene of a storyboard the code names (`StoryboardScene.Main.x`).
    private var storyboardScene: StoryboardSceneName?
    /// Set by `built` for `UINavigationController(rootViewController: …)` around what is built.
    private var embedIn: String?
    /// Set by `built`: the local holding what is shown (`detail` in `push(detail, …)`), whose
    /// properties set before the call are the action's `set`, and the class the code names for it.
    private var builtLocal: String?
    private var builtClass: String?
    /// `… as! X` around the instantiated scene: `CodeAction.forcedCast`.
    private var forcedCast: String?

    init(owner: ClassReader, function: FunctionDeclSyntax, file: ParsedFile) {
        self.owner = owner
        self.function = function
        self.file = file
    }

    private var name: String { SwiftNames.function(function) }

    private mutating func note(_ node: some SyntaxProtocol, _ text: String) {
        notes.append(SourceNote(location: file.location(of: node), subject: owner.name, text: "\(name): \(text)"))
    }

    mutating func read() -> CodeAction? {
        guard let body = function.body else { return nil }
        if trigger == .cell, let p = function.signature.parameterClause.parameters.dropFirst().first {
            locals.values[SwiftNames.internalName(p)] = "selection"
        }
        visit(Syntax(body))
        if found.count > 1 {
            if let at = Self.exclusiveBranches(calls) {
                // `if c { performSegue("A") } else { performSegue("B") }`: not a sequence. One action
                // has one path, so the first branch's is read and the others are named, not run.
                let others = found.dropFirst().map(Self.describe).joined(separator: ", ")
                note(at, "navigates in \(found.count) alternative ways (branches of one \(at.is(SwitchExprSyntax.self) ? "switch" : "if")); "
                    + "the first branch's (\(Self.describe(found[0]))) is read, the others (\(others)) are not explored")
            } else {
                note(function.name, "navigates in \(found.count) ways; the first (\(found[0].kind.rawValue)) is read")
            }
        } else if let first = calls.first, let condition = Self.enclosingCondition(of: first) {
            // `if acronym != nil { … performSegue(…) }`, a `case .success` of a completion's
            // result: the action is explored as if the test always held, which is an assumption
            // (at the test's line, so a lint of the call's own identifier stays definite).
            note(condition.node, "navigates (\(Self.describe(found[0]))) only when \(condition.text) \(condition.text.contains(" and ") ? "hold" : "holds"), which flownav does not evaluate; it is explored as if it always held")
        }
        return found.first
    }

    /// The `if`s and `switch` cases between a call and the method's body that the call sits in
    /// a branch of (not in a condition), outermost first: where the first is, and every test.
    static func enclosingCondition(of call: Syntax) -> (node: Syntax, text: String)? {
        var tests: [(node: Syntax, text: String)] = []
        var child = call
        while let parent = child.parent, !parent.is(FunctionDeclSyntax.self) {
            if let i = parent.as(IfExprSyntax.self), child.id == i.body.id || child.id == i.elseBody?.id,
               !(child.id == i.body.id && bindsOnlyWhatIsShown(i, call)) {
                let test = "`" + i.conditions.trimmedDescription + "`"
                tests.append((parent, child.id == i.body.id ? test : "not " + test))
            } else if let c = parent.as(SwitchCaseSyntax.self) {
                tests.append((parent, "`" + c.label.trimmedDescription + "`"))
            }
            child = parent
        }
        guard let outermost = tests.last else { return nil }
        return (outermost.node, tests.reversed().map(\.text).joined(separator: " and "))
    }

    private mutating func visit(_ node: Syntax) {
        if let v = node.as(VariableDeclSyntax.self) {
            for b in v.bindings {
                if let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = b.initializer?.value {
                    locals.values[n] = locals.text(value)
                    if SelectionShapes.isIndexPath(value) { locals.values[n] = "selection" }
                }
            }
        }
        if let call = node.as(FunctionCallExprSyntax.self), let action = navigation(call) {
            found.append(action)
            calls.append(node)
        }
        if node.is(ClosureExprSyntax.self) && !found.isEmpty { return }
        for child in node.children(viewMode: .sourceAccurate) { visit(child) }
    }

    /// `performSegue 'A'`, `present DetailViewController`, `dismiss`.
    static func describe(_ a: CodeAction) -> String {
        if let s = a.segue { return "\(a.kind.rawValue) '\(s)'" }
        if let d = a.destination { return "\(a.kind.rawValue) .\(d)" }
        if let c = a.className ?? a.storyboardIdentifier.map({ "'\($0)'" }) { return "\(a.kind.rawValue) \(c)" }
        return a.kind.rawValue
    }

    /// `if let vc = Detail(coder: coder) { present(vc, …) }`: the test is whether what is shown
    /// was built, which the action's reading already models (nothing is shown without it).
    /// So is `if let presentingViewController { presentingViewController.dismiss(…) }` (or `= x`
    /// of the same name): an unwrap of the receiver under its own name, which the action's
    /// receiver already reads (nothing is sent when there is none).
    static func bindsOnlyWhatIsShown(_ i: IfExprSyntax, _ call: Syntax) -> Bool {
        guard let f = call.as(FunctionCallExprSyntax.self) else { return false }
        let used = Set(f.arguments.compactMap { $0.expression.as(DeclReferenceExprSyntax.self)?.baseName.text })
        let receiver = f.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        return i.conditions.allSatisfy { c in
            guard let b = c.condition.as(OptionalBindingConditionSyntax.self),
                  let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return false }
            if used.contains(name) { return true }
            guard name == receiver else { return false }
            guard let value = b.initializer?.value else { return true }
            if let r = value.as(DeclReferenceExprSyntax.self) { return r.baseName.text == name }
            if let m = value.as(MemberAccessExprSyntax.self), m.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                return m.declName.baseName.text == name
            }
            return false
        }
    }

    /// The `if` (the head of its `else if` chain) or `switch` whose different branches hold the
    /// first two calls, when every two of the calls are in different branches of an if or
    /// switch (so at most one of them runs).
    static func exclusiveBranches(_ calls: [Syntax]) -> Syntax? {
        // Each call's ancestors, paired with the child they were reached through.
        func path(_ n: Syntax) -> [(node: Syntax, via: Syntax)] {
            var out: [(node: Syntax, via: Syntax)] = []
            var child = n
            while let p = child.parent {
                out.append((p, child))
                child = p
            }
            return out
        }
        let paths = calls.map(path)
        var first: Syntax?
        for a in paths.indices {
            for b in paths.indices where b > a {
                guard let (common, viaA) = paths[a].first(where: { x in paths[b].contains { $0.node.id == x.node.id } }),
                      let viaB = paths[b].first(where: { $0.node.id == common.id })?.via, viaA.id != viaB.id else { return nil }
                var head: Syntax
                if let i = common.as(IfExprSyntax.self) {
                    // Both the body and the else branch, not the condition.
                    let branches = [i.body.id] + (i.elseBody.map { [$0.id] } ?? [])
                    guard branches.contains(viaA.id), branches.contains(viaB.id) else { return nil }
                    head = common
                    // An `else if` is an if in the else branch of another: name the chain's head.
                    while let up = head.parent?.as(IfExprSyntax.self), up.elseBody?.id == head.id { head = Syntax(up) }
                } else if common.is(SwitchCaseListSyntax.self), let sw = common.parent, sw.is(SwitchExprSyntax.self) {
                    head = sw
                } else {
                    return nil
                }
                if a == 0 && b == 1 { first = head }
            }
        }
        return first
    }

    private var trigger: Trigger {
        if let c = AppearanceCallback(swiftName: name) { return .appearance(c) }
        return name == "tableView(_:didSelectRowAt:)" || name == "collectionView(_:didSelectItemAt:)" ? .cell : .manual
    }

    /// Whether the call `read` read sits in a closure (which runs later: a completion, a handler).
    var readCallInClosure: Bool {
        calls.first.map { $0.ancestorOrSelf(mapping: { $0.as(ClosureExprSyntax.self) }) != nil } ?? false
    }

    private func make(_ kind: CodeAction.Kind, _ call: FunctionCallExprSyntax) -> CodeAction {
        CodeAction(
            name: name, trigger: trigger, kind: kind, segue: nil, sender: nil, destination: nil, values: [],
            className: nil, initializer: nil, arguments: [], guardCondition: nil, origin: file.location(of: call).origin)
    }

    private mutating func navigation(_ call: FunctionCallExprSyntax) -> CodeAction? {
        let callee = call.calledExpression.trimmedDescription
        let method = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
        // `self?.present(…)` is how a `[weak self]` closure says it.
        let onSelf = !callee.contains(".") || callee.hasPrefix("self.") || callee.hasPrefix("self?.")
        let onNavigation = callee.hasPrefix("navigationController") || callee.hasPrefix("self.navigationController") || callee.hasPrefix("self?.navigationController")
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        if onSelf, let performer = owner.decls.performers[method + "(" + labels.map { $0 + ":" }.joined() + ")"] {
            // Seed 002: a typed destination, performed through the method that maps it to a segue.
            guard let (name, values) = performer.destination(of: call, owner.decls) else {
                note(call, "typed destination not read: \(call.trimmedDescription)")
                return nil
            }
            var a = make(.performSegue, call)
            a.destination = name
            a.values = values.map { Assignment(name: $0.0, expression: locals.text($0.1), origin: file.location(of: $0.1).origin) }
            return a
        }
        switch (method, labels.first) {
        case ("performSegue", "withIdentifier"), ("perform", "segue"):
            guard onSelf, let idExpr = call.arguments.first?.expression else { return nil }
            let id = idExpr.as(StringLiteralExprSyntax.self)?.literalText ?? owner.decls.typedIdentifier(idExpr)
            guard let id else {
                note(call, "segue identifier computed at run time: \(idExpr.trimmedDescription)")
                return nil
            }
            var a = make(.performSegue, call)
            a.segue = id
            if let s = call.arguments.first(where: { $0.label?.text == "sender" }) {
                let text = locals.text(s.expression)
                // `sender: nil` is a nil sender (no Box reaches prepare); the flow's default is `self`.
                a.sender = text == "self" ? nil : text
            }
            return a
        case ("present", "_") where onSelf, ("pushViewController", "_") where onNavigation,
             ("show", "_") where onSelf, ("showDetailViewController", "_") where onSelf:
            guard let arg = call.arguments.first?.expression else { return nil }
            let kind: CodeAction.Kind = method == "present" ? .present : method == "pushViewController" ? .push : method == "show" ? .show : .showDetail
            storyboardIdentifier = nil
            storyboardScene = nil
            embedIn = nil
            builtLocal = nil
            builtClass = nil
            forcedCast = nil
            guard let (className, initializer, args) = built(arg) else { return nil }
            var a = make(kind, call)
            a.embedIn = embedIn
            a.builtClass = builtClass
            a.forcedCast = forcedCast
            if let name = builtLocal { a.set = assignments(to: name, before: call) }
            if let name = builtLocal { a.outlets = outletAccesses(to: name, before: call, className: className ?? builtClass) }
            a.storyboardIdentifier = storyboardIdentifier
            if let scene = storyboardScene {
                a.storyboardName = scene.storyboard
                a.storyboardIdentifier = scene.identifier
            }
            a.className = className
            a.initializer = initializer
            a.arguments = args
            return a
        // UIKit's is dismiss(animated:completion:); a `dismiss()` of the app's or a pod's is not it.
        case ("dismiss", "animated") where DismissCallee.isSelf(callee) || DismissCallee.receiver(callee) != nil:
            var a = make(.dismiss, call)
            a.receiver = DismissCallee.receiver(callee)
            return a
        case ("popViewController", _) where onNavigation:
            return make(.pop, call)
        default:
            return nil
        }
    }

    /// The view controller an expression builds: `X(a: b)`, a local holding one, or a scene
    /// instantiated by identifier. Alerts and other UIKit classes are not navigation.
    private mutating func built(_ e: ExprSyntax) -> (String?, String?, [Assignment])? {
        var expr = e.unwrapped
        if let name = expr.as(DeclReferenceExprSyntax.self)?.baseName.text {
            if builtLocal == nil { builtLocal = name }
            guard let value = declaration(of: name, before: e.position)?.initializer?.value ?? binding(of: name) else { return nil }
            expr = value.unwrapped
        }
        // `makeDetail(for: item)`, `Detail.instantiate()`, `UIStoryboard.main().instantiateViewController(…)`:
        // a helper read through what it returns.
        let inlined = owner.decls.inliningHelpers(expr, owner: owner.name)
        var foreign = false
        if inlined.id != expr.id {
            // Its nodes may be another file's (or a new tree): positions come from the call here.
            foreign = inlined.root.id != expr.root.id
            // What the helper returns names its parameters: read them as the arguments passed.
            for (name, value) in owner.decls.helperArguments(expr, owner: owner.name) { locals.values[name] = locals.text(value) }
            expr = inlined.unwrapped
        }
        let here: Syntax = foreign ? Syntax(e) : Syntax(expr)
        if embedIn == nil, let (nav, inner) = NavigationWrap.unwrap(expr, owner.decls) {
            embedIn = nav
            return built(inner)
        }
        // A scene of a storyboard the code names; its class is the storyboard's to say.
        let resolve: (String) -> ExprSyntax? = { [self] n in declaration(of: n, before: e.position)?.initializer?.value }
        let sceneExpr = Sequence.cast(expr)?.0 ?? expr
        builtClass = Sequence.cast(expr)?.1 ?? Creator.builtClass(sceneExpr)
        forcedCast = Sequence.isForcedCast(expr) ? Sequence.cast(expr)?.1 : nil
        if let scene = owner.decls.storyboardScene(sceneExpr, resolve: resolve) {
            storyboardScene = scene
            return creator(sceneExpr)
        }
        // A scene by Storyboard ID (`storyboard?.instantiateViewController(withIdentifier: "X") as! X`,
        // or iOS 13's `identifier:creator:`, whose type comes from the block): the flow's
        // `identifier`, whose class is the scene's; a `class` beside it would not load.
        if let call = sceneExpr.unwrapped.as(FunctionCallExprSyntax.self),
           call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "instantiateViewController",
           let id = Creator.identifier(call) {
            if let (_, type) = Sequence.cast(expr), owner.decls.classParts[type] != nil {
                guard case .viewController = SourceReader.lineage(of: type, owner.decls).0 else {
                    note(here, "presents \(type), which is not read as a view controller (its superclass chain leaves the sources at a class not known to be one); not modelled")
                    return nil
                }
            }
            storyboardIdentifier = id
            return creator(sceneExpr)
        }
        if let (base, type) = Sequence.cast(expr) {
            guard owner.decls.classParts[type] != nil else { return nil }
            guard case .viewController = SourceReader.lineage(of: type, owner.decls).0 else {
                note(here, "presents \(type), which is not read as a view controller (its superclass chain leaves the sources at a class not known to be one); not modelled")
                return nil
            }
            if let call = base.unwrapped.as(FunctionCallExprSyntax.self),
               call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "instantiateViewController",
               let id = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.literalText {
                storyboardIdentifier = id
            } else {
                note(here, "builds \(type) as \(expr.trimmedDescription); read as \(type) through init(coder:)")
            }
            return (type, nil, [])
        }
        guard let call = expr.as(FunctionCallExprSyntax.self) else { return nil }
        // `Sheet<Content>(rootView: …)` builds a Sheet: the flow names classes, not specializations.
        let calleeExpr = call.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression ?? call.calledExpression
        let callee = calleeExpr.trimmedDescription
        guard owner.decls.classParts[callee] != nil else { return nil }
        guard case .viewController = SourceReader.lineage(of: callee, owner.decls).0 else {
            note(foreign ? here : Syntax(call), "presents \(callee), which is not read as a view controller (its superclass chain leaves the sources at a class not known to be one); not modelled")
            return nil
        }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let initializer = labels.isEmpty ? nil : "init(" + labels.map { $0 + ":" }.joined() + ")"
        // `X(coder: archive)`: UIKit's own decoding initializer, whose argument is no dependency.
        if initializer == "init(coder:)" { return (callee, initializer, []) }
        let mapping = initializer.map { owner.decls.parameterTargets(of: callee, initializer: $0) } ?? [:]
        let args = call.arguments.map { a in
            Assignment(name: mapping[a.label?.text ?? "_"] ?? (a.label?.text ?? "_"), expression: locals.text(a.expression),
                       origin: foreign ? file.location(of: e).origin : file.location(of: a).origin)
        }
        return (callee, initializer, args)
    }

    /// The creator block of a scene instantiated from a storyboard, when there is one: its
    /// initializer (`init(coder:recipe:)`) and arguments. Without one, UIKit's `init(coder:)`.
    private mutating func creator(_ e: ExprSyntax) -> (String?, String?, [Assignment]) {
        switch Creator.built(by: e, owner.decls, file, text: { [locals] in locals.text($0) }) {
        case .initCoder:
            return (nil, nil, [])
        case .initializer(let name, let args):
            return (nil, name, args)
        case .unread(let closure):
            note(closure, "creator block not read (one call of an initializer taking the coder is): \(closure.trimmedDescription); read as init(coder:)")
            return (nil, nil, [])
        }
    }

    /// `name.x = value` (or `name?.x`, `name!.x`) written before `call`: properties set on the
    /// built controller before it is shown. Which of them are its dependencies is checked once
    /// every class is read (`DestinationMembers`).
    private func assignments(to name: String, before call: FunctionCallExprSyntax) -> [Assignment] {
        guard let body = function.body else { return [] }
        var out: [Assignment] = []
        func walk(_ node: Syntax) {
            if node.position >= call.position { return }
            if node.is(ClosureExprSyntax.self) { return }
            if let e = node.as(ExprSyntax.self), let (lhs, op, rhs) = Sequence.binary(e), op == "=",
               let m = lhs.as(MemberAccessExprSyntax.self) ?? lhs.unwrapped.as(MemberAccessExprSyntax.self),
               m.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text == name {
                let property = m.declName.baseName.text
                if !out.contains(where: { $0.name == property }) {
                    out.append(Assignment(name: property, expression: locals.text(rhs), origin: file.location(of: e).origin))
                }
                return
            }
            for child in node.children(viewMode: .sourceAccurate) { walk(child) }
        }
        walk(Syntax(body))
        return out
    }

    /// `if let vc = X(coder: coder)` / `guard let vc = …`: the value a conditional binding gives the name.
    private func binding(of name: String) -> ExprSyntax? {
        guard let body = function.body else { return nil }
        for token in body.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let n) = token.tokenKind, n == name,
                  let b = token.parent?.parent?.as(OptionalBindingConditionSyntax.self) ?? token.parent?.as(OptionalBindingConditionSyntax.self),
                  let value = b.initializer?.value else { continue }
            return value
        }
        return nil
    }

    /// The `let`/`var` that gives a local its value: the last one declared before `use`, at any
    /// depth (`if skill.target == "task" { let nav = StoryboardScene.Main.x.instantiate(); present(nav, …) }`).
    private func declaration(of name: String, before use: AbsolutePosition? = nil) -> PatternBindingSyntax? {
        guard let body = function.body else { return nil }
        var found: PatternBindingSyntax?
        for token in body.tokens(viewMode: .sourceAccurate) {
            if let use, token.position >= use { break }
            guard case .identifier(let n) = token.tokenKind, n == name,
                  let b = token.parent?.as(IdentifierPatternSyntax.self)?.parent?.as(PatternBindingSyntax.self),
                  b.parent?.parent?.is(VariableDeclSyntax.self) == true else { continue }
            found = b
        }
        return found
    }
}
