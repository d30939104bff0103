import FlowModel
import SwiftSyntax

/// Reads `shouldPerformSegue(withIdentifier:sender:)` with literal results:
/// `if identifier == "x" { return false }`, `switch identifier { case "x": return y != nil … }`.
struct ShouldPerformReader {
    let owner: ClassReader
    let function: FunctionDeclSyntax
    let file: ParsedFile
    var notes: [SourceNote] = []
    private var result: [String: Condition] = [:]
    private let identifierName: String

    init(owner: ClassReader, function: FunctionDeclSyntax, file: ParsedFile) {
        self.owner = owner
        self.function = function
        self.file = file
        identifierName = function.signature.parameterClause.parameters.first.map(SwiftNames.internalName) ?? "identifier"
    }

    private mutating func note(_ node: some SyntaxProtocol, _ text: String) {
        notes.append(SourceNote(location: file.location(of: node), subject: owner.name, text: "shouldPerformSegue(withIdentifier:sender:): \(text)"))
    }

    mutating func read() -> [String: Condition] {
        for item in function.body?.statements ?? [] {
            if case .stmt(let s) = item.item, let r = s.as(ReturnStmtSyntax.self) {
                // The fall-through result: flows return true for identifiers not listed.
                if let e = r.expression, condition(e) != .always, !e.trimmedDescription.hasPrefix("super.") {
                    note(r, "returns \(e.trimmedDescription) for every other identifier; not modelled")
                }
                break
            }
            guard let e = expression(item) else { continue }
            if let i = e.as(IfExprSyntax.self) {
                readIf(i)
            } else if let s = e.as(SwitchExprSyntax.self), s.subject.trimmedDescription == identifierName {
                readSwitch(s)
            } else {
                note(e, "statement not read: \(e.trimmedDescription)")
            }
        }
        return result
    }

    private mutating func readIf(_ i: IfExprSyntax) {
        guard i.conditions.count == 1, case .expression(let c) = i.conditions.first!.condition,
              let (lhs, op, rhs) = Sequence.binary(c), op == "==",
              lhs.trimmedDescription == identifierName, let id = identifier(rhs) else {
            note(i.conditions, "condition not read: \(i.conditions.trimmedDescription)")
            return
        }
        if let cond = returned(i.body.statements) { result[id] = cond } else { note(i.body, "result for '\(id)' not read") }
    }

    private mutating func readSwitch(_ s: SwitchExprSyntax) {
        for element in s.cases {
            guard case .switchCase(let c) = element, case .case(let label) = c.label else { continue }
            for item in label.caseItems {
                guard let id = identifier(item.pattern.as(ExpressionPatternSyntax.self)?.expression) else {
                    note(item, "identifier not read: \(item.trimmedDescription)")
                    continue
                }
                if let cond = returned(c.statements) { result[id] = cond } else { note(c, "result for '\(id)' not read") }
            }
        }
    }

    private func returned(_ items: CodeBlockItemListSyntax) -> Condition? {
        guard items.count == 1, case .stmt(let s) = items.first!.item, let e = s.as(ReturnStmtSyntax.self)?.expression else { return nil }
        return condition(e)
    }

    private func condition(_ e: ExprSyntax) -> Condition? {
        if let b = e.as(BooleanLiteralExprSyntax.self) { return b.literal.tokenKind == .keyword(.true) ? .always : .never }
        return Condition(e.trimmedDescription)
    }

    private func identifier(_ e: ExprSyntax?) -> String? {
        guard let e else { return nil }
        if let s = e.as(StringLiteralExprSyntax.self) { return s.literalText }
        return owner.decls.typedIdentifier(e)
    }
}
