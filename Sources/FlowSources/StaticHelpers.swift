import SwiftSyntax

/// Helpers that stand for a storyboard or a view controller: `UIStoryboard.main()` declared in
/// `extension UIStoryboard { static func main() -> UIStoryboard { UIStoryboard(name: "Main", bundle: nil) } }`,
/// `static let main = UIStoryboard(name: …)`, `ShelfViewController.instantiate()` returning
/// `UIStoryboard(…).instantiateInitialViewController() as! Self`, or a method of the caller's own
/// class. Each is replaced by what it returns (one or two calls deep) so that the usual shapes
/// read the result; what cannot be replaced is left as it is.
extension Declarations {
    /// `e` with helpers it calls (as a whole, or as the base of a call: `UIStoryboard.main().instantiate…`)
    /// replaced by the one expression each returns. `owner` is the class bare calls are looked up in.
    /// The result may be a new tree: use it for its shape and text, not for source positions.
    func inliningHelpers(_ e: ExprSyntax, owner: String?, depth: Int = 0) -> ExprSyntax {
        // `helper() as! X` stays a cast of what the helper returns: the cast names the class.
        if let s = e.as(SequenceExprSyntax.self), Sequence.cast(e) != nil, let first = s.elements.first {
            let inner = inliningHelpers(first, owner: owner, depth: depth)
            guard inner.id != first.id else { return e }
            return ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax([inner.trimmed] + s.elements.dropFirst().map { $0.trimmed })))
        }
        let bare = e
        guard depth < 2 else { return e }
        if let returned = helperReturn(bare.unwrapped, owner: owner) {
            return inliningHelpers(returned, owner: owner, depth: depth + 1)
        }
        guard let call = bare.unwrapped.as(FunctionCallExprSyntax.self),
              let m = call.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base else { return e }
        let inner = inliningHelpers(base, owner: owner, depth: depth)
        guard inner.id != base.id else { return e }
        return ExprSyntax(call.with(\.calledExpression, ExprSyntax(m.with(\.base, inner))))
    }

    /// For a call of a helper `inliningHelpers` reads through: each parameter's internal name →
    /// the text of the argument passed (`makeDetail(for: item)` → `id: item`), to read what it returns with.
    func helperArguments(_ e: ExprSyntax, owner: String?) -> [String: ExprSyntax] {
        let bare = (Sequence.cast(e)?.0 ?? e).unwrapped
        guard let call = bare.as(FunctionCallExprSyntax.self), let f = helper(of: call, owner: owner) else { return [:] }
        var out: [String: ExprSyntax] = [:]
        for (p, a) in zip(f.signature.parameterClause.parameters, call.arguments) { out[SwiftNames.internalName(p)] = a.expression }
        return out
    }

    private func helper(of call: FunctionCallExprSyntax, owner: String?) -> FunctionDeclSyntax? {
        var type = owner
        let name: String
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = ref.baseName.text
        } else if let m = call.calledExpression.as(MemberAccessExprSyntax.self), let b = m.base?.trimmedDescription,
                  b.first?.isUppercase == true || b == "self" {
            name = m.declName.baseName.text
            if b != "self" && b != "Self" { type = b }
        } else {
            return nil
        }
        guard let type else { return nil }
        for part in classParts[type] ?? [] {
            for member in part.members {
                if let f = member.decl.as(FunctionDeclSyntax.self), f.name.text == name, f.body != nil { return f }
            }
        }
        return nil
    }

    /// The one expression a static helper returns, for a call `T.f(…)` / `f(…)` or a member `T.v`.
    private func helperReturn(_ e: ExprSyntax, owner: String?) -> ExprSyntax? {
        if let call = e.as(FunctionCallExprSyntax.self) {
            guard let body = helper(of: call, owner: owner)?.body else { return nil }
            return Self.onlyReturned(body.statements)
        }
        guard let m = e.as(MemberAccessExprSyntax.self), let type = m.base?.trimmedDescription, type.first?.isUppercase == true else { return nil }
        let name = m.declName.baseName.text
        for part in classParts[type] ?? [] {
            for member in part.members {
                guard let v = member.decl.as(VariableDeclSyntax.self),
                      v.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) else { continue }
                for b in v.bindings where b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    if let value = b.initializer?.value { return value }
                    if case .getter(let items)? = b.accessorBlock?.accessors { return Self.onlyReturned(items) }
                }
            }
        }
        return nil
    }

    /// `{ X }`, `{ return X }`, or `{ let vc = X; …; return vc }` (what is set on `vc` between is
    /// the caller's to read, if it reads such things).
    private static func onlyReturned(_ items: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard let last = items.last else { return nil }
        let returned: ExprSyntax?
        switch last.item {
        case .expr(let x): returned = x
        case .stmt(let s): returned = s.as(ReturnStmtSyntax.self)?.expression
        default: returned = nil
        }
        guard let returned else { return nil }
        if items.count == 1 { return returned }
        guard let name = returned.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        for item in items {
            guard case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self) else { continue }
            for b in v.bindings where b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return b.initializer?.value
            }
        }
        return nil
    }
}
