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
        let bare = Sequence.cast(e)?.0 ?? e
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

    /// The one expression a static helper returns, for a call `T.f(…)` / `f(…)` or a member `T.v`.
    private func helperReturn(_ e: ExprSyntax, owner: String?) -> ExprSyntax? {
        var type = owner
        let name: String
        let isCall: Bool
        if let call = e.as(FunctionCallExprSyntax.self) {
            isCall = true
            if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                name = ref.baseName.text
            } else if let m = call.calledExpression.as(MemberAccessExprSyntax.self), let b = m.base?.trimmedDescription,
                      b.first?.isUppercase == true || b == "self" {
                name = m.declName.baseName.text
                if b != "self" && b != "Self" { type = b }
            } else {
                return nil
            }
        } else if let m = e.as(MemberAccessExprSyntax.self), let b = m.base?.trimmedDescription, b.first?.isUppercase == true {
            isCall = false
            name = m.declName.baseName.text
            type = b
        } else {
            return nil
        }
        guard let type else { return nil }
        for part in classParts[type] ?? [] {
            for member in part.members {
                if isCall, let f = member.decl.as(FunctionDeclSyntax.self), f.name.text == name, let body = f.body {
                    return Self.onlyReturned(body.statements)
                }
                if !isCall, let v = member.decl.as(VariableDeclSyntax.self),
                   v.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) {
                    for b in v.bindings where b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        if let value = b.initializer?.value { return value }
                        if case .getter(let items)? = b.accessorBlock?.accessors { return Self.onlyReturned(items) }
                    }
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
