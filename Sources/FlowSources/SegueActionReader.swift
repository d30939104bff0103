import FlowModel
import SwiftSyntax

/// A view controller built in code: `DetailViewController(coder: coder, item: item)`.
struct Construction {
    var className: String
    var initializer: String
    var arguments: [Assignment]
    /// Properties set on the built controller after its initializer.
    var set: [Assignment] = []
}

/// Reads an `@IBSegueAction`: the class it builds (from the body, not the declared return
/// type), the initializer and its arguments, properties set after construction, and the
/// `guard … else { return nil }` that makes it return nil without a selection.
struct SegueActionReader {
    let owner: ClassReader
    let function: FunctionDeclSyntax
    let file: ParsedFile
    var notes: [SourceNote] = []
    private var locals = Locals()
    private var built: [String: Construction] = [:]
    private var result: Construction?
    private var nilWhen: Condition?

    init(owner: ClassReader, function: FunctionDeclSyntax, file: ParsedFile) {
        self.owner = owner
        self.function = function
        self.file = file
    }

    private mutating func note(_ node: some SyntaxProtocol, _ text: String) {
        notes.append(SourceNote(location: file.location(of: node), subject: owner.name, text: "\(SwiftNames.function(function)): \(text)"))
    }

    mutating func read() -> SegueAction? {
        let swiftName = SwiftNames.function(function)
        // `@objc(makeDetail:sender:)` is the selector storyboards store; the flow keeps it as `selector`.
        let selector = SwiftNames.objcName(function.attributes) ?? ObjCSelector.derive(fromSwiftName: swiftName)
        if let body = function.body {
            // A body that is one expression returns it (SE-0255): `{ Detail(coder: coder, item: item) }`.
            if body.statements.count == 1, let only = body.statements.first, case .expr(let e) = only.item {
                readReturned(e, at: only)
            } else {
                block(body.statements)
            }
        }
        if result == nil {
            note(function.name, "the class it builds is not read; the scene's class is assumed")
        }
        return SegueAction(
            swiftName: swiftName, selector: selector, returns: result?.className,
            initializer: result.map { $0.initializer == "init(coder:)" ? nil : $0.initializer } ?? nil,
            arguments: result?.arguments ?? [], nilWhen: nilWhen, set: result?.set ?? [], origin: file.location(of: function).origin)
    }

    private mutating func block(_ items: CodeBlockItemListSyntax) {
        for item in items {
            if case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self) {
                for b in v.bindings {
                    guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = b.initializer?.value else { continue }
                    if let c = construction(value) { built[name] = c } else { locals.values[name] = locals.text(value) }
                }
                continue
            }
            if case .stmt(let s) = item.item, let g = s.as(GuardStmtSyntax.self) {
                readGuard(g)
                continue
            }
            if case .stmt(let s) = item.item, let r = s.as(ReturnStmtSyntax.self) {
                readReturn(r)
                continue
            }
            guard let e = expression(item) else { continue }
            if let (lhs, op, rhs) = Sequence.binary(e), op == "=",
               let m = lhs.unwrapped.as(MemberAccessExprSyntax.self) ?? lhs.as(MemberAccessExprSyntax.self),
               let base = m.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, built[base] != nil {
                built[base]!.set.append(Assignment(name: m.declName.baseName.text, expression: locals.text(rhs), origin: file.location(of: e).origin))
                continue
            }
            if mentionsBuilt(e) { note(e, "statement not read: \(e.trimmedDescription)") }
        }
    }

    private func mentionsBuilt(_ node: some SyntaxProtocol) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { t in
            if case .identifier(let n) = t.tokenKind { return built[n] != nil }
            return false
        }
    }

    private mutating func readGuard(_ g: GuardStmtSyntax) {
        var selection = false
        var other: [String] = []
        for c in g.conditions {
            switch c.condition {
            case .optionalBinding(let b):
                guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = b.initializer?.value else { continue }
                let text = value.trimmedDescription
                if SelectionShapes.isSenderCell(value) {
                    locals.values[name] = "sender"
                    selection = true
                } else if SelectionShapes.isIndexPath(value) {
                    locals.values[name] = "selection"
                    selection = true
                } else if let c = construction(value) {
                    built[name] = c
                    other.append(text)
                } else {
                    locals.values[name] = locals.text(value)
                    other.append(text)
                }
            default:
                other.append(c.trimmedDescription)
            }
        }
        // What the else branch returns decides: nil makes the whole action return nil.
        let returnsNil = g.body.statements.contains { item in
            if case .stmt(let s) = item.item, let r = s.as(ReturnStmtSyntax.self) { return r.expression?.isNilLiteral ?? false }
            return false
        }
        guard returnsNil else { return }
        if selection && other.isEmpty {
            nilWhen = .noSelection
        } else {
            note(g, "returns nil unless \(other.joined(separator: ", ")); not modelled")
        }
    }

    private mutating func readReturn(_ r: ReturnStmtSyntax) {
        guard let e = r.expression else { return }
        readReturned(e, at: r)
    }

    private mutating func readReturned(_ e: ExprSyntax, at r: some SyntaxProtocol) {
        if e.isNilLiteral {
            note(r, "returns nil here; not modelled")
            return
        }
        if let c = construction(e) {
            result = c
        } else if let name = e.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text, let c = built[name] {
            result = c
        } else {
            note(r, "returns \(e.trimmedDescription), not a construction that is read")
        }
    }

    /// `X(coder: coder, a: …)`, `X.init(coder:…)`; the arguments are named by the dependency
    /// the initializer assigns them to, when X's source is here.
    private func construction(_ e: ExprSyntax) -> Construction? {
        guard let call = e.unwrapped.as(FunctionCallExprSyntax.self) else { return nil }
        var callee = call.calledExpression.trimmedDescription
        if callee.hasSuffix(".init") { callee = String(callee.dropLast(5)) }
        guard let first = callee.first, first.isUppercase, call.arguments.first?.label?.text == "coder" else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let initializer = "init(" + labels.map { $0 + ":" }.joined() + ")"
        let mapping = owner.decls.parameterTargets(of: callee, initializer: initializer)
        var args: [Assignment] = []
        for (i, a) in call.arguments.enumerated() where i > 0 {
            let label = labels[i]
            args.append(Assignment(name: mapping[label] ?? label, expression: locals.text(a.expression), origin: file.location(of: a).origin))
        }
        return Construction(className: callee, initializer: initializer, arguments: args)
    }
}

/// How segue actions and actions reach the selection.
enum SelectionShapes {
    /// `sender as? UITableViewCell`, `sender as? UICollectionViewCell`, or a cell subclass.
    static func isSenderCell(_ e: ExprSyntax) -> Bool {
        guard let (base, type) = Sequence.cast(e) else { return false }
        return base.trimmedDescription == "sender" && type.hasSuffix("Cell")
    }

    /// `tableView.indexPath(for: cell)`, `tableView.indexPathForSelectedRow`, and the collection-view ones.
    static func isIndexPath(_ e: ExprSyntax) -> Bool {
        let t = e.trimmedDescription
        return t.contains("indexPath(for:") || t.contains("indexPathForSelectedRow") || t.contains("indexPathsForSelectedItems")
    }
}

extension Declarations {
    /// For `init(coder:item:)` of `className`: parameter label → the property it is assigned to.
    func parameterTargets(of className: String, initializer: String) -> [String: String] {
        guard let parts = classParts[className] else { return [:] }
        for part in parts {
            for m in part.members {
                guard let i = m.decl.as(InitializerDeclSyntax.self), SwiftNames.initializer(i) == initializer else { continue }
                var byInternal: [String: String] = [:]
                for p in i.signature.parameterClause.parameters { byInternal[SwiftNames.internalName(p)] = p.firstName.text }
                var out: [String: String] = [:]
                for item in i.body?.statements ?? [] {
                    guard let e = expression(item), let (lhs, op, rhs) = Sequence.binary(e), op == "=",
                          let property = lhs.propertyName, let param = rhs.as(DeclReferenceExprSyntax.self)?.baseName.text,
                          let label = byInternal[param] else { continue }
                    out[label] = property
                }
                return out
            }
        }
        return [:]
    }
}
