import FlowModel
import SwiftSyntax

/// A `UIStoryboardSegue` subclass's `perform()`: what it does with the destination. It pushes
/// (`source.navigationController?.pushViewController(destination, …)`), shows, presents
/// (`source.present(destination, …)`, after `destination.modalPresentationStyle = …`), makes
/// it the window's root, or calls `super.perform()` (the storyboard kind's transition). Anything
/// else — an animation that installs views itself, a container flownav does not model, a
/// navigation under a test, an override of `destination` — is `unknown`, with a note: no guess.
/// Names of the segue and its view controllers through `self.`, casts, unwraps, locals and
/// `guard let` are followed; a navigation in a completion closure (after an animation) counts.
struct SeguePerformReader {
    let name: String
    let decls: Declarations
    var notes: [SourceNote] = []

    /// The class when its superclasses in the sources reach `UIStoryboardSegue`, else nil.
    static func read(_ name: String, _ decls: Declarations) -> (SegueClass, [SourceNote])? {
        var chain = [name]
        var current = name
        while let s = decls.superclass(of: current) {
            if s == "UIStoryboardSegue" { break }
            guard decls.classParts[s]?.contains(where: { !$0.isExtension }) == true, !chain.contains(s) else { return nil }
            chain.append(s)
            current = s
        }
        guard decls.superclass(of: current) == "UIStoryboardSegue" else { return nil }
        var reader = SeguePerformReader(name: name, decls: decls)
        return (reader.read(chain), reader.notes)
    }

    private mutating func read(_ chain: [String]) -> SegueClass {
        let main = decls.classParts[name]!.first { !$0.isExtension }!
        let classOrigin = main.file.location(of: main.node).origin
        // The nearest override along the chain, this class first.
        for cls in chain {
            for part in decls.classParts[cls] ?? [] {
                for member in part.members {
                    if let v = member.decl.as(VariableDeclSyntax.self), v.modifiers.contains(where: { $0.name.text == "override" }),
                       let n = v.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, n == "destination" || n == "source" {
                        note(v, part.file, "overrides \(n), so the segue's view controllers are code flownav did not read; the transition is unknown")
                        return SegueClass(perform: .unknown, origin: part.file.location(of: v).origin)
                    }
                    if let f = member.decl.as(FunctionDeclSyntax.self), f.name.text == "perform", f.signature.parameterClause.parameters.isEmpty {
                        return classify(f, part.file)
                    }
                }
            }
        }
        // No override: UIStoryboardSegue's, which runs the storyboard kind's perform handler.
        return SegueClass(perform: .storyboard, origin: classOrigin)
    }

    private mutating func note(_ node: some SyntaxProtocol, _ file: ParsedFile, _ text: String) {
        notes.append(SourceNote(location: file.location(of: node), subject: name, text: text))
    }

    // MARK: perform()

    /// What a local stands for: the segue's `source`, `destination`, the source's navigation
    /// controller, or a window.
    private enum Role: String { case source, destination, navigation, window }

    private mutating func classify(_ f: FunctionDeclSyntax, _ file: ParsedFile) -> SegueClass {
        let origin = file.location(of: f).origin
        guard let body = f.body else { return SegueClass(perform: .storyboard, origin: origin) }
        var roles: [String: Role] = [:]
        var outcomes: [(SegueClass.Perform, Syntax)] = []
        var style: ModalPresentationStyle?
        var conditional: Syntax?
        for node in Self.preorder(Syntax(body)) {
            if let v = node.as(VariableDeclSyntax.self) {
                for b in v.bindings {
                    if let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = b.initializer?.value, let r = role(value, roles) { roles[n] = r }
                }
            } else if let b = node.as(OptionalBindingConditionSyntax.self), let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                if let value = b.initializer?.value, let r = role(value, roles) { roles[n] = r } else if b.initializer == nil, let r = roles[n] ?? Self.named(n) { roles[n] = r }
            } else if let call = node.as(FunctionCallExprSyntax.self), let outcome = navigation(call, roles) {
                outcomes.append((outcome, node))
                if conditional == nil, Self.underTest(node, in: body) { conditional = node }
            } else if let seq = node.as(SequenceExprSyntax.self), let (lhs, op, rhs) = Sequence.binary(ExprSyntax(seq)), op == "=",
                      let m = lhs.as(MemberAccessExprSyntax.self), let base = m.base {
                let property = m.declName.baseName.text
                if property == "rootViewController", role(base, roles) == .window, role(rhs, roles) == .destination {
                    outcomes.append((.setRoot, node))
                    if conditional == nil, Self.underTest(node, in: body) { conditional = node }
                } else if property == "modalPresentationStyle", role(base, roles) == .destination {
                    if Self.underTest(node, in: body) {
                        note(node, file, "perform() sets destination.modalPresentationStyle only under a test flownav does not evaluate; the storyboard's style is kept")
                    } else if let raw = rhs.as(MemberAccessExprSyntax.self)?.declName.baseName.text, let s = ModalPresentationStyle(rawValue: raw) {
                        style = s
                    }
                }
            }
        }
        let kinds = outcomes.map(\.0)
        guard let first = kinds.first else {
            note(f, file, "perform() installs the destination in a way flownav does not read (no push, show, present, window root or super.perform()); the transition is unknown")
            return SegueClass(perform: .unknown, origin: origin)
        }
        if let c = conditional {
            note(c, file, "perform() navigates under a test flownav does not evaluate; the transition is unknown")
            return SegueClass(perform: .unknown, origin: origin)
        }
        guard kinds.allSatisfy({ $0 == first }) else {
            note(f, file, "perform() navigates in \(kinds.count) ways (\(kinds.map(\.rawValue).joined(separator: ", "))); the transition is unknown")
            return SegueClass(perform: .unknown, origin: origin)
        }
        return SegueClass(perform: first, modalPresentationStyle: style, origin: file.location(of: outcomes[0].1).origin)
    }

    /// `super.perform()`, `nav.pushViewController(destination, …)`, `source.show(destination, …)`,
    /// `source.present(destination, …)`.
    private func navigation(_ call: FunctionCallExprSyntax, _ roles: [String: Role]) -> SegueClass.Perform? {
        guard let m = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        let method = m.declName.baseName.text
        if method == "perform", m.base?.is(SuperExprSyntax.self) == true, call.arguments.isEmpty { return .storyboard }
        guard let base = m.base, let first = call.arguments.first?.expression, role(first, roles) == .destination else { return nil }
        let on = role(base, roles)
        switch method {
        case "pushViewController" where on == .navigation: return .push
        case "show" where on == .source || on == .navigation: return .show
        case "present" where on == .source || on == .navigation: return .present
        default: return nil
        }
    }

    /// The role of an expression, through `self.`, casts, `!`, `?`, parentheses and locals.
    private func role(_ e: ExprSyntax, _ roles: [String: Role]) -> Role? {
        if let a = e.as(AsExprSyntax.self) { return role(a.expression, roles) }
        // `source as! X` unfolded: [source, as!, X].
        if let s = e.as(SequenceExprSyntax.self), s.elements.count == 3, let first = s.elements.first,
           s.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true {
            return role(first, roles)
        }
        if let u = e.as(ForceUnwrapExprSyntax.self) { return role(u.expression, roles) }
        if let o = e.as(OptionalChainingExprSyntax.self) { return role(o.expression, roles) }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let inner = t.elements.first?.expression { return role(inner, roles) }
        if let d = e.as(DeclReferenceExprSyntax.self) { return roles[d.baseName.text] ?? Self.named(d.baseName.text) }
        guard let m = e.as(MemberAccessExprSyntax.self) else { return nil }
        let property = m.declName.baseName.text
        guard let base = m.base else { return nil }
        if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { return Self.named(property) }
        switch property {
        case "navigationController" where role(base, roles) == .source: return .navigation
        case "window", "keyWindow": return .window
        case "first" where base.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "windows": return .window
        default: return nil
        }
    }

    private static func named(_ n: String) -> Role? {
        switch n {
        case "source", "sourceViewController": .source
        case "destination", "destinationViewController": .destination
        default: nil
        }
    }

    /// Whether the node is in a branch of an `if`, `guard`'s body, a `switch` case or a ternary
    /// between it and the method's body (a closure, such as an animation's completion, is not a test).
    private static func underTest(_ node: Syntax, in body: CodeBlockSyntax) -> Bool {
        var child = node
        while let p = child.parent, p.id != body.id {
            if let i = p.as(IfExprSyntax.self), child.id == i.body.id || child.id == i.elseBody?.id { return true }
            if p.is(SwitchCaseSyntax.self) || p.is(TernaryExprSyntax.self) { return true }
            if let g = p.as(GuardStmtSyntax.self), child.id == g.body.id { return true }
            child = p
        }
        return false
    }

    /// The nodes of a tree, parents before children, in source order.
    private static func preorder(_ root: Syntax) -> [Syntax] {
        var out: [Syntax] = []
        var stack = [root]
        while let n = stack.popLast() {
            out.append(n)
            stack += n.children(viewMode: .sourceAccurate).reversed()
        }
        return out
    }
}
