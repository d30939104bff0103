import FlowModel
import SwiftSyntax

/// `@IBOutlet`s and what code does through them (see FlowModel's `Outlets.swift`).
///
/// An outlet is used *through* when its value is needed: a member of it (`d.label.text = …`,
/// `d.label.isHidden`, `d.imageView.image = …`), a subscript (`d.labels[0]`), a method call on
/// it; with `?.` (`d.label?.text`) or `!` (`d.label!.text`) said as such. Assigning the outlet
/// itself, copying it (`let l = d.label`: an Optional) or passing it on is not a use through
/// it and is left out: nothing there traps for sure.
enum OutletAccessReader {
    /// `@IBOutlet` properties of one declaration, with their declared type and line.
    static func outlets(_ v: VariableDeclSyntax, _ file: ParsedFile) -> [Outlet] {
        guard v.attributes.has("IBOutlet") else { return [] }
        return v.bindings.compactMap { b in
            guard let id = b.pattern.as(IdentifierPatternSyntax.self), let type = b.typeAnnotation?.type else { return nil }
            let loc = file.location(of: id)
            return Outlet(name: id.identifier.text, type: type.trimmedDescription, line: loc.line, origin: loc.origin)
        }
    }

    /// The outlet names of `className` and of its superclasses in the sources.
    static func outletNames(of className: String, _ decls: Declarations) -> Set<String> {
        var out: Set<String> = []
        var current: String? = className
        var seen: Set<String> = []
        while let c = current, seen.insert(c).inserted, let parts = decls.classParts[c] {
            for part in parts {
                for m in part.members {
                    if let v = m.decl.as(VariableDeclSyntax.self) { out.formUnion(outlets(v, part.file).map(\.name)) }
                }
            }
            current = decls.superclass(of: c)
        }
        return out
    }

    /// One access found, on the expression `base` (nil: implicit `self`).
    struct Found {
        var base: ExprSyntax?
        var access: OutletAccess
    }

    /// The accesses in `node` to members of a base `isBase` accepts, or with `selfOutlets`, to
    /// the outlets of the code's own class (`label.text`, `self.label.text`): outlets (`outletsOf`
    /// gives those of a base), `view` and `loadViewIfNeeded()`, and calls of methods `isMethod`
    /// names (a helper whose own accesses count), in source order.
    static func accesses(
        in node: some SyntaxProtocol, file: ParsedFile, fileName: String?,
        outletsOf: (ExprSyntax?) -> Set<String>?, isMethod: (ExprSyntax?, String) -> Bool
    ) -> [Found] {
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(node)
        var out: [Found] = []
        for (base, memberNode, name) in finder.members {
            guard let outlets = outletsOf(base) else { continue }
            let parent = memberNode.parent
            let loc = file.location(of: memberNode)
            func add(_ n: String, chained: Bool = false, forced: Bool = false) {
                out.append(Found(base: base, access: OutletAccess(
                    name: n, optionalChaining: chained, forceUnwrap: forced, line: loc.line, file: fileName, origin: loc.origin)))
            }
            if let call = parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == memberNode.id {
                let swiftName = name + "(" + call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
                if swiftName == "loadViewIfNeeded()" { add(swiftName) } else if isMethod(base, swiftName) { add(swiftName) }
                continue
            }
            if name == "view", !outlets.contains("view") {
                // Any read of `view` loads it (`_ = d.view`, `d.view.backgroundColor = …`);
                // assigning it (`d.view = v`) does not.
                if !isAssigned(memberNode) { add("view") }
                continue
            }
            guard outlets.contains(name), let parent else { continue }
            if parent.is(OptionalChainingExprSyntax.self) {
                add(name, chained: true)
            } else if parent.is(ForceUnwrapExprSyntax.self) {
                if usedThrough(parent) { add(name, forced: true) }
            } else if usedThrough(memberNode) {
                add(name)
            }
        }
        return out
    }

    /// Whether the value of `node` is needed as a non-optional: something is read or called on it.
    private static func usedThrough(_ node: Syntax) -> Bool {
        guard let parent = node.parent else { return false }
        if let m = parent.as(MemberAccessExprSyntax.self) { return m.base?.id == node.id }
        if let s = parent.as(SubscriptCallExprSyntax.self) { return s.calledExpression.id == node.id }
        if let f = parent.as(ForStmtSyntax.self) { return f.sequence.id == node.id }
        return false
    }

    /// `x.view = …`: the left side of an assignment.
    private static func isAssigned(_ node: Syntax) -> Bool {
        guard let seq = node.parent?.as(SequenceExprSyntax.self) else { return false }
        let items = Array(seq.elements)
        guard items.count >= 3, items[0].id == node.id else { return false }
        return items[1].is(AssignmentExprSyntax.self)
    }

    /// Every `base.name` and bare `name` (implicit self), in source order; a closure's body is
    /// left out (it may run later, after the view has loaded).
    private final class Finder: SyntaxVisitor {
        var members: [(ExprSyntax?, Syntax, String)] = []

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if let base = node.base {
                members.append((base, Syntax(node), node.declName.baseName.text))
            }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            // A bare name that is not itself the member of something (`x.name`'s `name`).
            if let m = node.parent?.as(MemberAccessExprSyntax.self), m.declName.id == node.id { return .skipChildren }
            members.append((nil, Syntax(node), node.baseName.text))
            return .skipChildren
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }

    /// What a method body (or `viewDidLoad`) does through the class's own outlets: bare names
    /// and `self.` ones, unless the body assigns the outlet itself (then it is the code's own).
    static func selfAccesses(in body: CodeBlockSyntax, outlets: Set<String>, file: ParsedFile, fileName: String?) -> [OutletAccess] {
        guard !outlets.isEmpty else { return [] }
        let assigned = DependencyReads.assignments(of: body)
        let own = outlets.subtracting(assigned)
        return accesses(
            in: body, file: file, fileName: fileName,
            outletsOf: { base in
                guard let base else { return own }
                return base.trimmedDescription == "self" ? own : nil
            },
            isMethod: { _, _ in false }
        ).map(\.access).filter { !$0.loadsView }.reduce(into: []) { kept, a in
            // The first read of each kind is where a nil traps; later ones add nothing.
            if !kept.contains(where: { $0.name == a.name && $0.optionalChaining == a.optionalChaining && $0.forceUnwrap == a.forceUnwrap }) { kept.append(a) }
        }
    }
}

extension Declarations {
    /// Whether `className` or a superclass of it in the sources declares a method of this
    /// Swift name.
    func declaresMethod(_ swiftName: String, in className: String) -> Bool {
        var current: String? = className
        var seen: Set<String> = []
        while let c = current, seen.insert(c).inserted, let parts = classParts[c] {
            for part in parts {
                for m in part.members {
                    if let f = m.decl.as(FunctionDeclSyntax.self), SwiftNames.function(f) == swiftName { return true }
                }
            }
            current = superclass(of: c)
        }
        return false
    }
}
