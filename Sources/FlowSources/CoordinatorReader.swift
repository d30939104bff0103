import FlowModel
import SwiftParser
import SwiftSyntax

/// A coordinator that receives the window's root at launch and injects into it:
/// `coordinator = AppCoordinator(navigationController: nav, store: store); coordinator?.start()`
/// with `start()` doing `let list = navigationController.topViewController as! List; list.store = store`.
/// The coordinator's property that holds the root is the root, so its method reads as the
/// delegate's own injection (`PrepareReader`'s launch shapes) with that property for the root.
struct CoordinatorReader {
    let decls: Declarations
    let owner: String
    var cases: [PrepareCase] = []
    var notes: [SourceNote] = []
    /// The launch code's lines that build or start a coordinator that was followed.
    var lines: Set<Int> = []

    /// Follows each coordinator built in `body` with `root` (a local or the root's own text) as an
    /// argument. Whether one was found and every method called on it was read.
    /// `rootText` is how the root is written for `PrepareReader` (`(window!.rootViewController as! UINavigationController)`).
    mutating func follow(root: String, rootText: String, in body: CodeBlockSyntax, _ file: ParsedFile) -> Bool {
        var followed = false
        for item in body.statements {
            guard let e = expression(item) ?? Self.declaredValue(item) else { continue }
            guard let (type, call) = construction(passing: root, in: e) else { continue }
            let initializer = "init(" + call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
            let targets = decls.parameterTargets(of: type, initializer: initializer)
            guard let arg = call.arguments.first(where: { $0.expression.trimmedDescription == root }),
                  let property = targets[arg.label?.text ?? "_"] else { return false }
            let holder = Self.holder(of: e, item)
            let methods = Self.methodsCalled(on: holder, chained: call, in: body)
            guard !methods.isEmpty else { return false }
            for m in methods {
                guard read(type, method: m, rootProperty: property, as: rootText) else { return false }
            }
            for s in body.statements where s.trimmedDescription.contains(call.calledExpression.trimmedDescription) || holder.map({ s.trimmedDescription.hasPrefix($0) }) == true {
                lines.insert(file.location(of: s).line)
            }
            followed = true
        }
        return followed
    }

    /// `X(…, root, …)` of a class in the sources that is not a view controller.
    private func construction(passing root: String, in e: ExprSyntax) -> (String, FunctionCallExprSyntax)? {
        func calls(_ n: Syntax) -> [FunctionCallExprSyntax] {
            (n.as(FunctionCallExprSyntax.self).map { [$0] } ?? []) + n.children(viewMode: .sourceAccurate).flatMap(calls)
        }
        for call in calls(Syntax(e)) {
            let type = call.calledExpression.trimmedDescription
            guard decls.classParts[type]?.contains(where: { !$0.isExtension }) == true,
                  call.arguments.contains(where: { $0.expression.trimmedDescription == root }) else { continue }
            return (type, call)
        }
        return nil
    }

    /// The name the coordinator is kept in (`coordinator = X(…)`, `let c = X(…)`), if any.
    private static func holder(of e: ExprSyntax, _ item: CodeBlockItemSyntax) -> String? {
        if let (lhs, op, _) = Sequence.binary(e), op == "=" { return lhs.unwrapped.propertyName }
        if case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self) {
            return v.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        return nil
    }

    private static func declaredValue(_ item: CodeBlockItemSyntax) -> ExprSyntax? {
        guard case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self), v.bindings.count == 1 else { return nil }
        return v.bindings.first?.initializer?.value
    }

    /// `X(…).start()`, or `holder.start()` / `holder?.start()` in the launch code.
    private static func methodsCalled(on holder: String?, chained: FunctionCallExprSyntax, in body: CodeBlockSyntax) -> [String] {
        var out: [String] = []
        if let m = chained.parent?.as(MemberAccessExprSyntax.self), m.parent?.is(FunctionCallExprSyntax.self) == true {
            out.append(m.declName.baseName.text)
        }
        guard let holder else { return out }
        for item in body.statements {
            guard let call = expression(item)?.as(FunctionCallExprSyntax.self),
                  let m = call.calledExpression.as(MemberAccessExprSyntax.self), call.arguments.isEmpty,
                  m.base?.unwrapped.propertyName == holder else { continue }
            out.append(m.declName.baseName.text)
        }
        return out
    }

    /// The method's body, reparsed with the root property written as the window's root
    /// (on the same lines, so notes and origins keep their lines), read as launch injection.
    private mutating func read(_ type: String, method: String, rootProperty: String, as rootText: String) -> Bool {
        for part in decls.classParts[type] ?? [] {
            for member in part.members {
                guard let f = member.decl.as(FunctionDeclSyntax.self), f.name.text == method,
                      f.signature.parameterClause.parameters.isEmpty, let body = f.body else { continue }
                var text = part.file.tree.description
                let utf8 = Array(text.utf8)
                var edits: [(Int, Int)] = []
                for token in body.tokens(viewMode: .sourceAccurate) where token.text == rootProperty {
                    guard let ref = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                    var start = token.positionAfterSkippingLeadingTrivia.utf8Offset
                    // `self.navigationController` is it; `other.navigationController` is not.
                    if let m = ref.parent?.as(MemberAccessExprSyntax.self), m.declName.id == ref.id {
                        guard m.base?.trimmedDescription == "self" else { continue }
                        start = m.positionAfterSkippingLeadingTrivia.utf8Offset
                    }
                    edits.append((start, token.endPositionBeforeTrailingTrivia.utf8Offset))
                }
                var bytes = utf8
                for (start, end) in edits.reversed() {
                    bytes.replaceSubrange(start..<end, with: Array(rootText.utf8))
                }
                text = String(decoding: bytes, as: UTF8.self)
                let reparsed = ParsedFile(SourceFile(path: part.file.path, text: text))
                guard let g = Self.function(named: method, in: reparsed.tree, line: part.file.location(of: f).line, reparsed) else { return false }
                var p = PrepareReader(launchOwner: owner, decls: decls, body: g.body, file: reparsed, label: "\(type).\(SwiftNames.function(f))")
                cases += p.read()
                notes += p.notes
                return true
            }
        }
        return false
    }

    private static func function(named name: String, in tree: SourceFileSyntax, line: Int, _ file: ParsedFile) -> FunctionDeclSyntax? {
        final class Finder: SyntaxVisitor {
            let name: String
            let line: Int
            let file: ParsedFile
            var found: FunctionDeclSyntax?
            init(_ name: String, _ line: Int, _ file: ParsedFile) {
                self.name = name
                self.line = line
                self.file = file
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                if found == nil, node.name.text == name, file.location(of: node).line == line { found = node }
                return .skipChildren
            }
        }
        let finder = Finder(name, line, file)
        finder.walk(tree)
        return finder.found
    }
}
