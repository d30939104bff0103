import SwiftSyntax

/// Where a dependency cannot be nil in `viewDidLoad` because the code checked it first:
/// `if item == nil { item = Item() }` (or `{ return }`), `guard item != nil else { … }`,
/// `guard let item = self.item else { … }`, and inside `if item != nil { … }` / `if let x = item { … }`.
/// A read there is no read of a possibly nil value, whatever was injected.
extension DependencyReads {
    /// Per dependency, the spans of `body` where it holds a value.
    static func settledRanges(in body: some SyntaxProtocol, dependencies: Set<String>) -> [String: [Range<AbsolutePosition>]] {
        var out: [String: [Range<AbsolutePosition>]] = [:]
        guard let statements = body.as(CodeBlockSyntax.self)?.statements else { return out }
        let end = body.endPosition
        for item in statements {
            let after = item.endPosition..<end
            if case .stmt(let s) = item.item, let g = s.as(GuardStmtSyntax.self) {
                // A guard's else branch leaves the method: after it, every checked name has a value.
                for name in checked(g.conditions, dependencies, holds: true) { out[name, default: []].append(after) }
                continue
            }
            guard let i = expression(item)?.as(IfExprSyntax.self) else { continue }
            for name in checked(i.conditions, dependencies, holds: true) {
                out[name, default: []].append(i.body.position..<i.body.endPosition)
            }
            let missing = checked(i.conditions, dependencies, holds: false)
            guard !missing.isEmpty else { continue }
            // `else { … }` of `if item == nil`: there it has one.
            if case .codeBlock(let b)? = i.elseBody {
                for name in missing { out[name, default: []].append(b.position..<b.endPosition) }
            }
            // `if item == nil { item = Item(…) }` or `{ return }`, with or without an else: after the if, it has one.
            for name in missing where assignsOrLeaves(i.body.statements, name) {
                out[name, default: []].append(after)
            }
        }
        return out
    }

    /// The dependencies a condition list tests for a value (`holds`: `x != nil`, `let y = x`,
    /// `let x`) or for nil (`x == nil`, alone: with other tests the branch may run anyway).
    private static func checked(_ list: ConditionElementListSyntax, _ dependencies: Set<String>, holds: Bool) -> [String] {
        var out: [String] = []
        for element in list {
            switch element.condition {
            case .optionalBinding(let b) where holds:
                let name = b.initializer?.value.unwrapped.propertyName ?? b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                if let name, dependencies.contains(name) { out.append(name) }
            case .expression(let e):
                guard let (lhs, op, rhs) = Sequence.binary(e), op == (holds ? "!=" : "=="), rhs.isNilLiteral,
                      let name = lhs.unwrapped.propertyName, dependencies.contains(name) else { continue }
                out.append(name)
            default:
                continue
            }
        }
        if !holds && list.count > 1 { return [] }
        return out
    }

    /// Whether the statements assign `name` (`item = …`, `self.item = …`) or leave the method.
    private static func assignsOrLeaves(_ items: CodeBlockItemListSyntax, _ name: String) -> Bool {
        items.contains { item in
            if case .stmt(let s) = item.item, s.is(ReturnStmtSyntax.self) { return true }
            guard let e = expression(item) else { return false }
            if let (lhs, op, _) = Sequence.binary(e), op == "=", lhs.unwrapped.propertyName == name { return true }
            if let call = e.as(FunctionCallExprSyntax.self), ["fatalError", "preconditionFailure"].contains(call.calledExpression.trimmedDescription) {
                return true
            }
            return false
        }
    }
}
