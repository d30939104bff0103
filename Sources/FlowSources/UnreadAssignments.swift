import FlowModel
import SwiftSyntax

/// A place in the app's Swift that assigns a member by name — `x.NAME = …`, `self.NAME = …`,
/// `NAME = …` in a type's own code, `x?.NAME = …`, `(x as? C)?.NAME = …` — anywhere: any type,
/// extension, closure or free function. Collected per file, before any class is interpreted.
struct AssignmentSite: Hashable, Sendable {
    enum Target: Hashable, Sendable {
        /// `NAME = …` or `self.NAME = …`: the enclosing type's own member.
        case own
        /// `x.NAME = …` where `x` is known to be a `C` (a cast, a construction, an annotation).
        case typed(String)
        /// `y.NAME = …` or `self.y.NAME = …` where `y` is no local: a property of the enclosing
        /// type, whose declared type says what is assigned (a data source's `tableView`).
        case member(String)
        /// `x.NAME = …` where what `x` is was not worked out.
        case untyped
    }

    var name: String
    var location: SwiftLocation
    var target: Target
    /// The type whose code holds it (a class, struct, enum or extension), nil at top level.
    var enclosingType: String?
    /// The Swift name of the function or initializer holding it (`viewDidLoad()`, `init(coder:item:)`).
    var enclosingFunction: String?
    var inInitializer: Bool
    /// A statement of the function's body itself, not inside an `if`, a loop or a closure.
    var topLevel: Bool

    /// Every assignment site of a file.
    static func collect(_ file: ParsedFile) -> [AssignmentSite] {
        let v = AssignmentVisitor(file: file)
        v.walk(file.tree)
        return v.sites
    }
}

/// Marks a dependency `unknown` where code the reader did not model assigns it: a value code
/// flownav did not read may have set is unknown, not nil. The approximation is generous on
/// purpose (a false crash costs more than a missed one): an assignment whose target is not
/// worked out counts for every view controller with a dependency of that name. A dependency no
/// code assigns anywhere stays as it was, so a true crash (never injected) stays.
enum UnreadAssignments {
    static func mark(_ facts: inout SourceFacts, sites: [AssignmentSite], decls: Declarations) {
        let modelled = modelledAssignments(facts)
        let called = modelledCalls(facts)
        var first: [String: [String: SwiftLocation]] = [:]
        for site in sites {
            for owner in owners(of: site, facts: facts, decls: decls) {
                guard let decl = facts.classes[owner] else { continue }
                if isModelled(site, owner: decl, modelled: modelled, called: called) { continue }
                if let known = first[owner]?[site.name], known <= site.location { continue }
                first[owner, default: [:]][site.name] = site.location
            }
        }
        for (owner, names) in first {
            for i in facts.classes[owner]!.dependencies.indices {
                let d = facts.classes[owner]!.dependencies[i]
                // Only what may be nil: a `let` only its initializers assign (read, `sets`), and a
                // property with a default always holds a value, so neither can trap either way.
                guard d.injection == .implicitlyUnwrapped || d.injection == .optional, let at = names[d.name] else { continue }
                facts.classes[owner]!.dependencies[i].unknown = CodeLocation(file: at.file, line: at.line)
            }
        }
    }

    /// The view-controller classes declaring the dependency a site may assign.
    private static func owners(of site: AssignmentSite, facts: SourceFacts, decls: Declarations) -> [String] {
        switch site.target {
        case .own:
            guard let t = site.enclosingType else { return [] }
            // A protocol extension's code runs on the view controllers conforming to it.
            if decls.protocols[t] != nil {
                return everyOwner(of: site.name, facts).filter { facts.classes[$0]!.conformsTo.contains(t) || conformsAlongLineage($0, t, facts, decls) }
            }
            guard let owner = declaring(site.name, from: t, facts: facts, decls: decls) else { return [] }
            return [owner]
        case .member(let property):
            guard let t = site.enclosingType, let type = propertyType(property, of: t, decls) else { return everyOwner(of: site.name, facts) }
            var typed = site
            typed.target = .typed(type)
            return owners(of: typed, facts: facts, decls: decls)
        case .typed(let type):
            if facts.classes[type] != nil {
                return declaring(site.name, from: type, facts: facts, decls: decls).map { [$0] } ?? []
            }
            // A type of the sources that is no view controller (a cell, a model) or a UIKit class
            // has no dependency; a protocol, or a type from elsewhere, may be any of them.
            if UIKitClass.isKnown(type) || (decls.typeNames.contains(type) && decls.protocols[type] == nil) { return [] }
            return everyOwner(of: site.name, facts)
        case .untyped:
            return everyOwner(of: site.name, facts)
        }
    }

    /// The declared type of a stored property of a class of the sources (or of its superclasses
    /// there): its annotation, or what its value says (`= Store()`).
    private static func propertyType(_ property: String, of type: String, _ decls: Declarations) -> String? {
        var current: String? = type
        var seen: Set<String> = []
        while let c = current, !seen.contains(c), let parts = decls.classParts[c] {
            seen.insert(c)
            for part in parts {
                for m in part.members {
                    guard let v = m.decl.as(VariableDeclSyntax.self) else { continue }
                    for b in v.bindings where b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == property {
                        if let t = b.typeAnnotation?.type.trimmedDescription { return AssignmentVisitor.typeName(t) }
                        if let value = b.initializer?.value, let t = AssignmentVisitor.valueType(value), t != AssignmentVisitor.selfMarker { return t }
                        return nil
                    }
                }
            }
            current = decls.superclass(of: c)
        }
        return nil
    }

    /// The class along `type`'s superclasses (itself first) that declares `name` as a dependency.
    private static func declaring(_ name: String, from type: String, facts: SourceFacts, decls: Declarations) -> String? {
        var current: String? = type
        var seen: Set<String> = []
        while let c = current, !seen.contains(c) {
            seen.insert(c)
            if let decl = facts.classes[c], decl.dependencies.contains(where: { $0.name == name }) { return c }
            current = decls.superclass(of: c)
        }
        return nil
    }

    /// Whether a class, or a subclass of it in the sources, conforms to a protocol (the
    /// dependency may be declared on a base class whose subclass conforms).
    private static func conformsAlongLineage(_ owner: String, _ proto: String, _ facts: SourceFacts, _ decls: Declarations) -> Bool {
        facts.classes.values.contains { c in
            guard c.conformsTo.contains(proto) else { return false }
            var current: String? = c.name
            var seen: Set<String> = []
            while let x = current, !seen.contains(x) {
                if x == owner { return true }
                seen.insert(x)
                current = decls.superclass(of: x)
            }
            return false
        }
    }

    private static func everyOwner(of name: String, _ facts: SourceFacts) -> [String] {
        facts.classes.values.filter { $0.dependencies.contains { $0.name == name } }.map(\.name).sorted()
    }

    /// An assignment a read fact stands for: the code half models it, so it is not unknown.
    private static func isModelled(_ site: AssignmentSite, owner decl: ClassDecl, modelled: Set<Key>, called: Set<String>) -> Bool {
        if modelled.contains(Key(file: site.location.file, line: site.location.line, name: site.name)) { return true }
        guard site.target == .own, let t = site.enclosingType, t == decl.name || isOwnCode(t, decl) else { return false }
        if site.inInitializer {
            // What an initializer assigns at its top level is its `sets`, read with it.
            return decl.initializers.contains { $0.name == site.enclosingFunction && $0.sets.contains(site.name) }
        }
        // viewDidLoad's own statements are read (a read after them cannot trap).
        if site.enclosingFunction == "viewDidLoad()" && site.topLevel { return true }
        // A method that injects its argument is read where prepare or the launch calls it.
        if let f = site.enclosingFunction, decl.methods.contains(where: { $0.name == f && $0.sets.contains(site.name) }), called.contains(f) {
            return true
        }
        return false
    }

    private static func isOwnCode(_ type: String, _ decl: ClassDecl) -> Bool { type == decl.name }

    struct Key: Hashable {
        var file: String
        var line: Int
        var name: String
    }

    /// The assignments the read facts hold, by their Swift line.
    private static func modelledAssignments(_ facts: SourceFacts) -> Set<Key> {
        var out: Set<Key> = []
        func add(_ list: [Assignment]) {
            for a in list {
                guard let p = a.origin.position, !a.origin.path.isEmpty else { continue }
                out.insert(Key(file: a.origin.path, line: p.line, name: a.name))
            }
        }
        for c in facts.launch.inject { add(c.set) }
        for decl in facts.classes.values {
            for c in decl.prepare ?? [] { add(c.set) }
            for a in decl.actions { add(a.set) }
            for a in decl.segueActions { add(a.set) }
            for m in decl.methods { for c in m.cases { add(c.set) } }
        }
        return out
    }

    /// The methods read prepare cases and the launch call (`dest.configure(with: item)`).
    private static func modelledCalls(_ facts: SourceFacts) -> Set<String> {
        var out: Set<String> = []
        for c in facts.launch.inject { if let call = c.call { out.insert(call) } }
        for decl in facts.classes.values { for c in decl.prepare ?? [] { if let call = c.call { out.insert(call) } } }
        return out
    }
}

/// Finds assignment sites and what their targets are, from the declarations around them.
final class AssignmentVisitor: SyntaxVisitor {
    let file: ParsedFile
    var sites: [AssignmentSite] = []

    init(file: ParsedFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
    }

    // Parts that hold no statement: not walked (the walk is most of this pass's time).
    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AttributeListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: TypeAnnotationSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ReturnClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let items = Array(node.elements)
        guard items.count >= 3, items[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
        if let (name, target) = target(of: items[0]) {
            let (type, function, isInit, body) = context(of: node)
            sites.append(AssignmentSite(
                name: name, location: file.location(of: node), target: target, enclosingType: type, enclosingFunction: function,
                inInitializer: isInit, topLevel: body.map { isStatement(node, of: $0) } ?? false))
        }
        return .visitChildren
    }

    /// `NAME`, `self.NAME` → own; `x.NAME`, `x?.NAME`, `x!.NAME`, `(x as? C)?.NAME` → x's type.
    private func target(of lhs: ExprSyntax) -> (String, AssignmentSite.Target)? {
        if let ref = lhs.as(DeclReferenceExprSyntax.self) {
            guard case .identifier(let name) = ref.baseName.tokenKind else { return nil }
            // A local or parameter of that name is no member.
            return isLocal(name, at: Syntax(ref)) ? nil : (name, .own)
        }
        guard let m = lhs.as(MemberAccessExprSyntax.self), let base = m.base else { return nil }
        let name = m.declName.baseName.text
        if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { return (name, .own) }
        if let (_, type) = Sequence.cast(base.unwrapped) { return (name, .typed(Self.typeName(type))) }
        let inner = base.unwrapped
        // `self.y.NAME`, `self?.y?.NAME`: a property of the type.
        if let m = inner.as(MemberAccessExprSyntax.self), let b = m.base?.unwrapped.as(DeclReferenceExprSyntax.self),
           b.baseName.tokenKind == .keyword(.self) {
            return (name, .member(m.declName.baseName.text))
        }
        // `self?.NAME` in a `[weak self]` closure, `self!.NAME`.
        if inner.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { return (name, .own) }
        if let ref = inner.as(DeclReferenceExprSyntax.self), case .identifier(let variable) = ref.baseName.tokenKind {
            // `guard let strongSelf = self`: the type's own member.
            guard let type = type(of: variable, at: Syntax(ref)) else {
                return (name, isLocal(variable, at: Syntax(ref)) ? .untyped : .member(variable))
            }
            return (name, type == Self.selfMarker ? .own : .typed(type))
        }
        if let call = inner.as(FunctionCallExprSyntax.self), let type = Self.constructed(call) { return (name, .typed(type)) }
        return (name, .untyped)
    }

    /// `C`, `C?`, `C!`, `Module.C` → `C`.
    static func typeName(_ text: String) -> String {
        var t = text
        while t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast() }
        return t.split(separator: ".").last.map(String.init) ?? t
    }

    /// `C(…)`, `C.init(…)`: the class a call constructs, when its name says it is a type.
    static func constructed(_ call: FunctionCallExprSyntax) -> String? {
        var callee = call.calledExpression.trimmedDescription
        if callee.hasSuffix(".init") { callee = String(callee.dropLast(5)) }
        guard let first = callee.first, first.isUppercase, !callee.contains("("),
              callee.split(separator: ".").allSatisfy({ $0.first?.isUppercase == true }) else { return nil }
        return typeName(callee)
    }

    /// What a variable is, from its declaration in scope: a parameter's type, a binding's
    /// annotation, or its value (a cast, a construction).
    private func type(of variable: String, at node: Syntax) -> String? {
        var current: Syntax? = node.parent
        while let c = current {
            if let found = declaredType(of: variable, in: c, before: node.position) { return found }
            if c.is(FunctionDeclSyntax.self) || c.is(InitializerDeclSyntax.self) { break }
            current = c.parent
        }
        return nil
    }

    /// Whether `name` is a parameter or local binding of the function or closure around `node`.
    private func isLocal(_ name: String, at node: Syntax) -> Bool {
        var current: Syntax? = node.parent
        while let c = current {
            if declares(name, in: c, before: node.position) { return true }
            if c.is(FunctionDeclSyntax.self) || c.is(InitializerDeclSyntax.self) || c.is(AccessorDeclSyntax.self) { break }
            current = c.parent
        }
        return false
    }

    private func declares(_ name: String, in scope: Syntax, before position: AbsolutePosition) -> Bool {
        for (n, _) in bindings(in: scope, before: position) where n == name { return true }
        return false
    }

    private func declaredType(of name: String, in scope: Syntax, before position: AbsolutePosition) -> String? {
        var found: String??
        for (n, type) in bindings(in: scope, before: position) where n == name { found = type }
        return found ?? nil
    }

    /// Names a scope binds ahead of a position, with their types when they can be told:
    /// parameters, `let`/`var` statements of its block, `if let`/`guard let` conditions.
    private func bindings(in scope: Syntax, before position: AbsolutePosition) -> [(String, String?)] {
        var out: [(String, String?)] = []
        if let f = scope.as(FunctionDeclSyntax.self) {
            for p in f.signature.parameterClause.parameters { out.append((SwiftNames.internalName(p), Self.typeName(p.type.trimmedDescription))) }
        } else if let i = scope.as(InitializerDeclSyntax.self) {
            for p in i.signature.parameterClause.parameters { out.append((SwiftNames.internalName(p), Self.typeName(p.type.trimmedDescription))) }
        } else if let c = scope.as(ClosureExprSyntax.self), let sig = c.signature {
            switch sig.parameterClause {
            case .simpleInput(let list)?: for p in list { out.append((p.name.text, nil)) }
            case .parameterClause(let clause)?:
                for p in clause.parameters { out.append(((p.secondName ?? p.firstName).text, p.type.map { Self.typeName($0.trimmedDescription) })) }
            case nil: break
            }
        } else if let items = scope.as(CodeBlockItemListSyntax.self) {
            for item in items where item.position < position {
                guard case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self) else { continue }
                for b in v.bindings {
                    guard let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    out.append((n, b.typeAnnotation.map { Self.typeName($0.type.trimmedDescription) } ?? b.initializer.flatMap { Self.valueType($0.value) }))
                }
            }
        } else if let conditions = scope.as(ConditionElementListSyntax.self) ?? scope.as(IfExprSyntax.self)?.conditions ?? scope.as(GuardStmtSyntax.self)?.conditions
                    ?? scope.as(WhileStmtSyntax.self)?.conditions {
            for c in conditions where c.position < position {
                guard case .optionalBinding(let b) = c.condition, let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                out.append((n, b.typeAnnotation.map { Self.typeName($0.type.trimmedDescription) } ?? b.initializer.flatMap { Self.valueType($0.value) }))
            }
        } else if let forIn = scope.as(ForStmtSyntax.self), let n = forIn.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            out.append((n, nil))
        }
        // A `guard let` binds for the rest of the block it sits in.
        if let items = scope.as(CodeBlockItemListSyntax.self) {
            for item in items where item.position < position {
                guard case .stmt(let s) = item.item, let g = s.as(GuardStmtSyntax.self) else { continue }
                for c in g.conditions {
                    guard case .optionalBinding(let b) = c.condition, let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    out.append((n, b.typeAnnotation.map { Self.typeName($0.type.trimmedDescription) } ?? b.initializer.flatMap { Self.valueType($0.value) }))
                }
            }
        }
        return out
    }

    /// What `valueType` gives for `self` (a binding of it is the type's own instance).
    static let selfMarker = "self"

    /// The type a value has when its text says: `… as? C`, `… as! C`, `C(…)`; `selfMarker` for `self`.
    static func valueType(_ value: ExprSyntax) -> String? {
        if value.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { return selfMarker }
        if let (_, type) = Sequence.cast(value) { return typeName(type) }
        if let call = value.unwrapped.as(FunctionCallExprSyntax.self) { return constructed(call) }
        return nil
    }

    /// The type, function and function body around a node; whether the function is an initializer.
    private func context(of node: SequenceExprSyntax) -> (String?, String?, Bool, CodeBlockSyntax?) {
        var function: String?
        var isInit = false
        var body: CodeBlockSyntax?
        var current: Syntax? = node.parent
        while let c = current {
            if function == nil, let f = c.as(FunctionDeclSyntax.self) {
                function = SwiftNames.function(f)
                body = f.body
            } else if function == nil, let i = c.as(InitializerDeclSyntax.self) {
                function = SwiftNames.initializer(i)
                isInit = true
                body = i.body
            } else if let cls = c.as(ClassDeclSyntax.self) {
                return (cls.name.text, function, isInit, body)
            } else if let s = c.as(StructDeclSyntax.self) {
                return (s.name.text, function, isInit, body)
            } else if let e = c.as(EnumDeclSyntax.self) {
                return (e.name.text, function, isInit, body)
            } else if let a = c.as(ActorDeclSyntax.self) {
                return (a.name.text, function, isInit, body)
            } else if let x = c.as(ExtensionDeclSyntax.self) {
                return (Self.typeName(x.extendedType.trimmedDescription), function, isInit, body)
            }
            current = c.parent
        }
        return (nil, function, isInit, body)
    }

    /// Whether the assignment is one of the body's own statements.
    private func isStatement(_ node: SequenceExprSyntax, of body: CodeBlockSyntax) -> Bool {
        body.statements.contains { item in
            if case .expr(let e) = item.item { return e.id == ExprSyntax(node).id }
            if case .stmt(let s) = item.item, let es = s.as(ExpressionStmtSyntax.self) { return es.expression.id == ExprSyntax(node).id }
            return false
        }
    }
}
