import SwiftSyntax

/// Names of Swift declarations as flows spell them.
enum SwiftNames {
    /// `createNext(coder:sender:)`, `unwind(_:)`.
    static func function(_ f: FunctionDeclSyntax) -> String {
        f.name.text + labels(f.signature.parameterClause.parameters)
    }

    /// `init(coder:item:)`.
    static func initializer(_ i: InitializerDeclSyntax) -> String {
        "init" + labels(i.signature.parameterClause.parameters)
    }

    static func labels(_ ps: FunctionParameterListSyntax) -> String {
        "(" + ps.map { $0.firstName.text + ":" }.joined() + ")"
    }

    /// The name a parameter has inside the body.
    static func internalName(_ p: FunctionParameterSyntax) -> String {
        (p.secondName ?? p.firstName).text
    }

    /// `@objc(makeDetailWithCoder:sender:)`, when present.
    static func objcName(_ attributes: AttributeListSyntax) -> String? {
        guard let a = attributes.attribute("objc"), let args = a.arguments,
              case .objCName(let pieces) = args else { return nil }
        return pieces.trimmedDescription
    }
}

/// Expression text with local names replaced by what they stand for, as flows' value
/// expressions are written: `menuItems[indexPath.row]` with `indexPath` bound to the
/// selection reads `menuItems[selection.row]`.
struct Locals {
    var values: [String: String] = [:]

    func text(_ node: some SyntaxProtocol) -> String {
        var out = ""
        var previous: TokenSyntax?
        for token in node.tokens(viewMode: .sourceAccurate) {
            if !out.isEmpty, token.leadingTrivia.contains(where: \.isSpaceOrNewline) || (previous?.trailingTrivia.contains(where: \.isSpaceOrNewline) ?? false) {
                out += " "
            }
            if case .identifier(let name) = token.tokenKind, let v = values[name],
               previous?.tokenKind != .period {
                out += v
            } else {
                out += token.text
            }
            previous = token
        }
        return out
    }
}

extension TriviaPiece {
    var isSpaceOrNewline: Bool {
        switch self {
        case .spaces, .tabs, .newlines, .carriageReturns, .carriageReturnLineFeeds: true
        default: false
        }
    }
}

extension ExprSyntax {
    /// `x`, `self.x` → `x`.
    var propertyName: String? {
        if let d = self.as(DeclReferenceExprSyntax.self) { return d.baseName.text }
        if let m = self.as(MemberAccessExprSyntax.self), let b = m.base?.as(DeclReferenceExprSyntax.self),
           b.baseName.tokenKind == .keyword(.self) {
            return m.declName.baseName.text
        }
        return nil
    }

    /// The expression without `?`, `!` and parentheses around it.
    var unwrapped: ExprSyntax {
        if let o = self.as(OptionalChainingExprSyntax.self) { return o.expression.unwrapped }
        if let f = self.as(ForceUnwrapExprSyntax.self) { return f.expression.unwrapped }
        if let t = self.as(TupleExprSyntax.self), t.elements.count == 1, let e = t.elements.first, e.label == nil {
            return e.expression.unwrapped
        }
        return self
    }

    var isNilLiteral: Bool { self.is(NilLiteralExprSyntax.self) }
}

/// Binary expressions as the parser leaves them without operator folding:
/// `a == b` is a sequence of three elements; `x as? T` is `x`, `as?`, `T`.
enum Sequence {
    /// `lhs OP rhs` for one operator.
    static func binary(_ e: ExprSyntax) -> (lhs: ExprSyntax, op: String, rhs: ExprSyntax)? {
        guard let s = e.as(SequenceExprSyntax.self), s.elements.count >= 3 else { return nil }
        let items = Array(s.elements)
        // Assignment binds loosest: `x = a ?? b` assigns the whole rest.
        if items[1].is(AssignmentExprSyntax.self), items.count > 3 {
            return (items[0], "=", ExprSyntax(SequenceExprSyntax(elements: ExprListSyntax(items.dropFirst(2).map { $0.trimmed }))))
        }
        guard items.count == 3 else { return nil }
        if let op = items[1].as(BinaryOperatorExprSyntax.self) { return (items[0], op.operator.text, items[2]) }
        if items[1].is(AssignmentExprSyntax.self) { return (items[0], "=", items[2]) }
        return nil
    }

    /// `x as? T` / `x as! T` → (x, T).
    static func cast(_ e: ExprSyntax) -> (ExprSyntax, String)? {
        if let a = e.as(AsExprSyntax.self) { return (a.expression, a.type.trimmedDescription) }
        guard let s = e.as(SequenceExprSyntax.self), s.elements.count == 3 else {
            if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let inner = t.elements.first?.expression {
                return cast(inner)
            }
            return nil
        }
        let items = Array(s.elements)
        guard items[1].is(UnresolvedAsExprSyntax.self), let t = items[2].as(TypeExprSyntax.self) else { return nil }
        return (items[0], t.type.trimmedDescription)
    }
}
