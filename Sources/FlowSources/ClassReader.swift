import FlowModel
import SwiftSyntax

/// Reads one view-controller class (its declaration and extensions) into a `ClassDecl`.
struct ClassReader {
    let name: String
    let decls: Declarations
    var notes: [SourceNote] = []
    var decl: ClassDecl
    /// Functions of the class by Swift name, for `viewDidLoad`'s one-call-deep reads.
    var functions: [String: (FunctionDeclSyntax, ParsedFile)] = [:]
    /// Initializers ending in `self.init(…)`: (Swift name, the one it calls, the note if that
    /// one is not read), resolved once every initializer is.
    var delegations: [(String, String, SourceNote)] = []

    init(name: String, superclass: String, decls: Declarations) {
        self.name = name
        self.decls = decls
        let parts = decls.classParts[name] ?? []
        let main = parts.first { !$0.isExtension } ?? parts[0]
        let loc = main.file.location(of: main.node)
        decl = ClassDecl(name: name, superclass: superclass, origin: loc.origin)
        // Traps print `#fileID`, the module and the file's name without its folders.
        decl.file = main.file.path.split(separator: "/").last.map(String.init) ?? main.file.path
    }

    /// A class declared twice in the sources (two copies of a file, one of them outside the
    /// target) would give the flow duplicate action keys: the first declaration is kept.
    private mutating func addAction(_ a: CodeAction, _ node: some SyntaxProtocol, _ file: ParsedFile) {
        if decl.actions.contains(where: { $0.name == a.name }) {
            note(node, file, "\(a.name) is declared again (is the file in the sources twice?); the first declaration is read")
        } else {
            decl.actions.append(a)
        }
    }

    mutating func note(_ node: some SyntaxProtocol, _ file: ParsedFile, _ text: String) {
        notes.append(SourceNote(location: file.location(of: node), subject: name, text: text))
    }

    mutating func read() -> ClassDecl {
        let parts = decls.classParts[name] ?? []
        for part in parts {
            for p in part.inherited where decls.protocols[p] != nil && !decl.conformsTo.contains(p) {
                decl.conformsTo.append(p)
            }
            for member in part.members {
                if let f = member.decl.as(FunctionDeclSyntax.self) { functions[SwiftNames.function(f)] = (f, part.file) }
            }
        }
        for part in parts {
            for member in part.members {
                let d = member.decl
                if let v = d.as(VariableDeclSyntax.self) { readProperty(v, part.file) }
            }
        }
        for part in parts {
            for member in part.members {
                let d = member.decl
                if let i = d.as(InitializerDeclSyntax.self) {
                    readInitializer(i, part.file)
                } else if let f = d.as(FunctionDeclSyntax.self) {
                    readFunction(f, part.file)
                } else if let c = d.as(IfConfigDeclSyntax.self) {
                    note(c, part.file, "members inside #if are not read")
                }
            }
        }
        resolveDelegations()
        return decl
    }

    // MARK: Stored properties

    private mutating func readProperty(_ v: VariableDeclSyntax, _ file: ParsedFile) {
        for o in OutletAccessReader.outlets(v, file) where !decl.outlets.contains(where: { $0.name == o.name }) { decl.outlets.append(o) }
        for dep in Self.dependencies(v, file) where !decl.dependencies.contains(where: { $0.name == dep.name }) {
            decl.dependencies.append(dep)
        }
    }

    /// The dependencies a stored-property declaration gives: outlets, constants with a value,
    /// `static`, `lazy`, `override` and computed properties give none.
    static func dependencies(_ v: VariableDeclSyntax, _ file: ParsedFile) -> [Dependency] {
        if v.attributes.has("IBOutlet") || v.modifiers.contains(where: { ["static", "class", "lazy", "override"].contains($0.name.text) }) {
            return []
        }
        let isLet = v.bindingSpecifier.tokenKind == .keyword(.let)
        var out: [Dependency] = []
        for b in v.bindings {
            guard let id = b.pattern.as(IdentifierPatternSyntax.self) else { continue }
            if let accessors = b.accessorBlock, !accessors.isObserversOnly { continue }  // computed
            let name = id.identifier.text
            let typeSyntax = b.typeAnnotation?.type
            let value = b.initializer?.value
            let origin = file.location(of: id).origin
            if let iuo = typeSyntax?.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                out.append(Dependency(name: name, type: iuo.wrappedType.trimmedDescription, injection: .implicitlyUnwrapped, defaultValue: nil, origin: origin))
            } else if let opt = typeSyntax?.as(OptionalTypeSyntax.self) {
                if isLet { continue }
                out.append(Dependency(name: name, type: opt.wrappedType.trimmedDescription, injection: .optional, defaultValue: nil, origin: origin))
            } else if let value {
                // A `let` with a value is a constant, not something injected.
                if isLet { continue }
                let type = typeSyntax?.trimmedDescription ?? inferredType(value)
                out.append(Dependency(name: name, type: type, injection: .property, defaultValue: value.trimmedDescription, origin: origin))
            } else if let typeSyntax {
                out.append(Dependency(name: name, type: typeSyntax.trimmedDescription, injection: .initializer, defaultValue: nil, origin: origin))
            }
        }
        return out
    }

    /// `Foo()`, `[Foo]()`, literals: enough to show a declaration; otherwise the value's text.
    private static func inferredType(_ value: ExprSyntax) -> String {
        if let call = value.as(FunctionCallExprSyntax.self) {
            let callee = call.calledExpression.trimmedDescription
            if let first = callee.first, first.isUppercase || first == "[" { return callee }
        }
        if value.is(StringLiteralExprSyntax.self) { return "String" }
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(FloatLiteralExprSyntax.self) { return "Double" }
        return "_"
    }

    // MARK: Initializers

    private mutating func readInitializer(_ i: InitializerDeclSyntax, _ file: ParsedFile) {
        let swiftName = SwiftNames.initializer(i)
        let loc = file.location(of: i)
        if swiftName == "init(coder:)" {
            if let (message, line) = fatalError(in: i.body, file) {
                decl.initCoder = .fatalError(message: message, line: line)
                decl.initCoderOrigin = Origin(path: file.path, position: SourcePosition(line: line, column: 1))
                return
            }
            decl.initCoder = .inherited
            // What a working init(coder:) assigns (`viewModel = …` before `super.init(coder:)`)
            // is set on every storyboard instance; the flow keeps it as that initializer's `sets`.
        }
        guard let body = i.body else { return }
        var sets: [String] = []
        var callsSuper: SuperInitializer?
        var nib: String?
        // Assignments under `#if` count: whichever configuration is built must compile, so it
        // sets every `let` too (SubscriptionViewController sets its validator under #if DEBUG).
        for item in body.statements.withConditionalBranches {
            guard let e = expression(item) else { continue }
            if let (lhs, op, _) = Sequence.binary(e), op == "=", let p = lhs.propertyName,
               decl.dependencies.contains(where: { $0.name == p }) {
                if !sets.contains(p) { sets.append(p) }
            } else if let call = e.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
                      m.declName.baseName.text == "init", let base = m.base?.trimmedDescription {
                let labels = call.arguments.map { $0.label?.text ?? "_" }
                if base == "super" || base == "self" {
                    if labels.first == "coder" {
                        callsSuper = .initCoder
                    } else if labels.first == "nibName" {
                        callsSuper = .initNibBundle
                        nib = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.literalText
                        if nib == nil, let first = call.arguments.first?.expression, !first.isNilLiteral {
                            note(first, file, "\(swiftName) loads a nib whose name is computed: \(first.trimmedDescription)")
                        }
                    } else if base == "self" {
                        let target = "init(" + labels.map { $0 + ":" }.joined() + ")"
                        delegations.append((swiftName, target, SourceNote(location: file.location(of: call), subject: name,
                            text: "\(swiftName) delegates to self.init(\(labels.map { $0 + ":" }.joined())), read as ending in init(nibName:bundle:)")))
                    }
                }
            }
        }
        if swiftName == "init(coder:)" && sets.isEmpty { return }
        let initializer = Initializer(
            name: swiftName, sets: sets,
            callsSuper: callsSuper ?? (swiftName.hasPrefix("init(coder:") ? .initCoder : .initNibBundle),
            nib: nib, origin: loc.origin)
        record(initializer)
        // A call may leave out parameters with default values and still call this initializer
        // (`Edit(coder: coder)` for `init?(coder:item:mode: = .add)`): each such name is it too.
        for alias in Self.namesOmittingDefaults(i.signature.parameterClause.parameters) where alias != "init(coder:)" {
            if !decl.initializers.contains(where: { $0.name == alias }) {
                var a = initializer
                a.name = alias
                decl.initializers.append(a)
            }
        }
    }

    /// Overloads share a Swift name (`init(title: String, …)` and a convenience
    /// `init(title: NSAttributedString, …)`), and so does a class read twice: one initializer
    /// of that name stands for them, setting what any of them sets.
    private mutating func record(_ initializer: Initializer) {
        guard let i = decl.initializers.firstIndex(where: { $0.name == initializer.name }) else {
            decl.initializers.append(initializer)
            return
        }
        for s in initializer.sets where !decl.initializers[i].sets.contains(s) { decl.initializers[i].sets.append(s) }
    }

    /// The Swift names a call may use by leaving out defaulted parameters (at most 4 of them
    /// considered, 15 names), without the full name itself.
    static func namesOmittingDefaults(_ parameters: FunctionParameterListSyntax) -> [String] {
        let all = Array(parameters)
        let defaulted = all.indices.filter { all[$0].defaultValue != nil }.prefix(4)
        guard !defaulted.isEmpty else { return [] }
        var out: [String] = []
        for mask in 1..<(1 << defaulted.count) {
            let omitted = Set(defaulted.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element))
            let name = "init(" + all.indices.filter { !omitted.contains($0) }.map { all[$0].firstName.text + ":" }.joined() + ")"
            if !out.contains(name) { out.append(name) }
        }
        return out
    }

    /// A convenience initializer ending in `self.init(…)` of another initializer of the class
    /// sets what that one sets and calls what it calls; one whose target was not read keeps
    /// the note that it is read as ending in `init(nibName:bundle:)`.
    private mutating func resolveDelegations() {
        // An overload of the same name calling another is one initializer already (`record`).
        for (from, target, unresolved) in delegations where target != from {
            guard let t = decl.initializers.first(where: { $0.name == target }) else {
                notes.append(unresolved)
                continue
            }
            for i in decl.initializers.indices where decl.initializers[i].name == from {
                for s in t.sets where !decl.initializers[i].sets.contains(s) { decl.initializers[i].sets.append(s) }
                decl.initializers[i].callsSuper = t.callsSuper
                decl.initializers[i].nib = decl.initializers[i].nib ?? t.nib
            }
        }
    }

    private func fatalError(in body: CodeBlockSyntax?, _ file: ParsedFile) -> (String, Int)? {
        guard let body else { return nil }
        for item in body.statements {
            guard let call = expression(item)?.as(FunctionCallExprSyntax.self),
                  call.calledExpression.trimmedDescription == "fatalError" else { continue }
            let message = call.arguments.first.flatMap { $0.expression.as(StringLiteralExprSyntax.self)?.literalText } ?? ""
            return (message, file.location(of: call).line)
        }
        return nil
    }

    // MARK: Methods

    private mutating func readFunction(_ f: FunctionDeclSyntax, _ file: ParsedFile) {
        let swiftName = SwiftNames.function(f)
        let params = f.signature.parameterClause.parameters
        if f.attributes.has("IBSegueAction") {
            var r = SegueActionReader(owner: self, function: f, file: file)
            if let action = r.read() { decl.segueActions.append(action) }
            notes += r.notes
            return
        }
        let firstType = params.first?.type.trimmedDescription
        if f.attributes.has("IBAction"), params.count == 1,
           firstType == "UIStoryboardSegue" || firstType == "UIStoryboardSegue?" || firstType == "UIStoryboardSegue!" {
            // `@objc(backToList:)` is the selector a storyboard's unwind segue names; unwindActions take selectors too.
            let name = SwiftNames.objcName(f.attributes) ?? swiftName
            if !decl.unwindActions.contains(name) {
                decl.unwindActions.append(name)
                decl.unwindActionOrigins[name] = file.location(of: f).origin
            }
            return
        }
        switch swiftName {
        case "viewDidLoad()":
            readViewDidLoad(f, file)
            readAppearance(f, file, .viewDidLoad)
        case "viewWillAppear(_:)", "viewDidAppear(_:)":
            readAppearance(f, file, swiftName == "viewDidAppear(_:)" ? .viewDidAppear : .viewWillAppear)
        case "prepare(for:sender:)":
            var r = PrepareReader(owner: self, function: f, file: file)
            decl.prepare = r.read()
            notes += r.notes
        case "shouldPerformSegue(withIdentifier:sender:)":
            var r = ShouldPerformReader(owner: self, function: f, file: file)
            decl.shouldPerform = r.read()
            notes += r.notes
        default:
            if let m = injectingMethod(f, file), !decl.methods.contains(where: { $0.name == m.name }) { decl.methods.append(m) }
            var r = CodeActionReader(owner: self, function: f, file: file)
            if f.attributes.has("IBAction") || swiftName == "tableView(_:didSelectRowAt:)" || swiftName == "collectionView(_:didSelectItemAt:)" {
                if let a = r.read() { addAction(a, f, file) }
                notes += r.notes
            } else if f.modifiers.contains(where: { $0.name.text == "override" }) == false, let a = r.read(), a.kind == .performSegue || a.storyboardName != nil || a.storyboardIdentifier != nil {
                // A plain method that performs a segue by identifier (after a network call, say),
                // or shows a scene of a storyboard it names: a code action reached with `call`.
                addAction(a, f, file)
                notes += r.notes
            }
        }
    }

    // MARK: viewDidLoad

    mutating func readViewDidLoad(_ f: FunctionDeclSyntax, _ file: ParsedFile) {
        guard let body = f.body else { return }
        var reads = DependencyReads(dependencies: Set(allDependencyNames()))
        reads.optionals = Set(decl.dependencies.filter { $0.injection == .optional }.map(\.name))
        reads.file = file
        reads.assignedByBody = DependencyReads.assignments(of: body)
        reads.walk(body)
        let settled = DependencyReads.settledRanges(in: body, dependencies: reads.dependencies)
        // One call deep: `assertDependencies()` and the like, declared on this class.
        for item in body.statements {
            guard let call = expression(item)?.as(FunctionCallExprSyntax.self) else { continue }
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? call.calledExpression.as(MemberAccessExprSyntax.self).flatMap { $0.base?.trimmedDescription == "self" ? $0.declName.baseName.text : nil }
            guard let callee else { continue }
            let name = callee + "(" + call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
            if let (g, gf) = functions[name], let gb = g.body {
                // The trap is at the call in viewDidLoad when the function is in another file.
                reads.file = gf.path == file.path ? gf : nil
                reads.checkedBefore = Set(settled.filter { $0.value.contains { $0.contains(call.position) } }.keys)
                reads.walk(gb)
                reads.checkedBefore = []
                reads.file = file
            }
        }
        decl.viewDidLoad = ViewDidLoad(uses: reads.uses, asserts: reads.asserts, line: file.location(of: f).line, origin: file.location(of: f).origin)
        decl.viewDidLoad?.lines = reads.lines
        let outlets = viewDidLoadOutlets(body, file)
        decl.viewDidLoad?.outlets = outlets
    }

    /// Dependencies of this class and of its superclasses in the sources, read by the same
    /// rule as the class's own: a superclass's constants and outlets are not dependencies.
    func allDependencyNames() -> [String] {
        decl.dependencies.map(\.name) + decls.inheritedDependencies(of: name).map(\.name)
    }
}

extension Declarations {
    /// The dependencies the superclasses of `name` declare in the sources, nearest first.
    func inheritedDependencies(of name: String) -> [Dependency] {
        var out: [Dependency] = []
        var current = superclass(of: name)
        var seen: Set<String> = [name]
        while let c = current, !seen.contains(c), let parts = classParts[c] {
            seen.insert(c)
            for part in parts {
                for m in part.members {
                    guard let v = m.decl.as(VariableDeclSyntax.self) else { continue }
                    out += ClassReader.dependencies(v, part.file)
                }
            }
            current = superclass(of: c)
        }
        return out
    }
}

extension AccessorBlockSyntax {
    /// `{ didSet { … } }` keeps a property stored; `{ get … }` or `{ return … }` makes it computed.
    var isObserversOnly: Bool {
        guard case .accessors(let list) = accessors else { return false }
        return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }
}

extension CodeBlockItemListSyntax {
    /// The statements, with those of every `#if` clause in place of the `#if`.
    var withConditionalBranches: [CodeBlockItemSyntax] {
        var out: [CodeBlockItemSyntax] = []
        for item in self {
            guard case .decl(let d) = item.item, let c = d.as(IfConfigDeclSyntax.self) else {
                out.append(item)
                continue
            }
            for clause in c.clauses {
                if case .statements(let list)? = clause.elements { out += list.withConditionalBranches }
            }
        }
        return out
    }
}

/// The expression of a statement, when it is one.
func expression(_ item: CodeBlockItemSyntax) -> ExprSyntax? {
    switch item.item {
    case .expr(let e): return e
    case .stmt(let s): return s.as(ExpressionStmtSyntax.self)?.expression
    default: return nil
    }
}

/// Reads of dependencies that would trap on a nil implicitly unwrapped value: bare uses,
/// not `x?.y`, `x == nil`, or `if let x`; and `assert(x != nil)` / `precondition(…)`.
struct DependencyReads {
    let dependencies: Set<String>
    var uses: [String] = []
    var asserts: [String] = []
    /// The line of each dependency's first read or assert, in `file` (reads in another file,
    /// one call deep into an extension elsewhere, keep none: the trap's file is the class's).
    var lines: [String: Int] = [:]
    var file: ParsedFile?

    init(dependencies: Set<String>) { self.dependencies = dependencies }

    /// Optional dependencies: only a force unwrap (`x!`) traps, so only that is a use.
    var optionals: Set<String> = []
    /// What viewDidLoad's own statements assign: a closure that reads one of them (a callback,
    /// `retrieveShopInventory { self.refresher.endRefreshing() }`) runs after they did.
    var assignedByBody: Set<String> = []
    /// Checked for a value before the call being walked (`if item == nil { item = Item() }`
    /// in viewDidLoad, then `configure()`): no read of them there can trap.
    var checkedBefore: Set<String> = []

    /// The names the statements of `body` itself assign (`x = …`, `self.x = …`).
    static func assignments(of body: CodeBlockSyntax) -> Set<String> {
        var out: Set<String> = []
        for item in body.statements {
            guard let list = item.item.as(SequenceExprSyntax.self)?.elements else { continue }
            let items = Array(list)
            guard items.count >= 3, items[1].is(AssignmentExprSyntax.self) else { continue }
            if let ref = items[0].as(DeclReferenceExprSyntax.self) {
                out.insert(ref.baseName.text)
            } else if let m = items[0].as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == "self" {
                out.insert(m.declName.baseName.text)
            }
        }
        return out
    }

    mutating func walk(_ node: some SyntaxProtocol) {
        // A local of the same name (`if let item = item { item.name }`), or a closure's parameter
        // (`{ [weak self] groupID in … }`), shadows the dependency.
        var shadowed: Set<String> = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let n) = token.tokenKind, let parent = token.parent else { continue }
            if parent.is(IdentifierPatternSyntax.self) || parent.is(ClosureShorthandParameterSyntax.self) || parent.is(ClosureParameterSyntax.self) {
                shadowed.insert(n)
            }
        }
        // Assigned by a statement of the body itself (not inside an `if` or a closure) before it
        // is read: the method set it, the read after it cannot trap (`refresher = …` then
        // `refresher.addTarget(…)`).
        var assigned: Set<String> = []
        let settled = Self.settledRanges(in: node, dependencies: dependencies)
        for token in node.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let n) = token.tokenKind, dependencies.contains(n), !checkedBefore.contains(n),
                  let ref = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            if settled[n]?.contains(where: { $0.contains(token.position) }) == true { continue }
            let qualified = ref.parent?.as(MemberAccessExprSyntax.self).map { $0.declName.id == ref.id } ?? false
            if shadowed.contains(n) && !qualified { continue }
            var expr = Syntax(ref)
            if let m = ref.parent?.as(MemberAccessExprSyntax.self) {
                // `other.x` is someone else's property; `self.x` is ours.
                if m.declName.id == ref.id {
                    guard m.base?.trimmedDescription == "self" else { continue }
                    expr = Syntax(m)
                }
            }
            if enclosingAssert(expr) != nil {
                if !asserts.contains(n) { asserts.append(n) }
                if lines[n] == nil, let file { lines[n] = file.location(of: token).line }
                continue
            }
            if assigned.contains(n) { continue }
            if assignedByBody.contains(n) && expr.ancestorOrSelf(mapping: { $0.as(ClosureExprSyntax.self) }) != nil { continue }
            if isAssignmentTarget(expr) {
                if isStatement(of: node, expr) { assigned.insert(n) }
                continue
            }
            if isSafeRead(expr) { continue }
            if optionals.contains(n) && expr.parent?.is(ForceUnwrapExprSyntax.self) != true { continue }
            if !uses.contains(n) { uses.append(n) }
            if lines[n] == nil, let file { lines[n] = file.location(of: token).line }
        }
    }

    /// Whether `e` is the left side of `=`.
    private func isAssignmentTarget(_ e: Syntax) -> Bool {
        guard let list = e.parent?.as(ExprListSyntax.self) else { return false }
        let items = Array(list)
        guard let i = items.firstIndex(where: { $0.id == e.id }) else { return false }
        return i + 1 < items.count && items[i + 1].is(AssignmentExprSyntax.self)
    }

    /// Whether the statement holding `e` is one of `body`'s own statements.
    private func isStatement(of body: some SyntaxProtocol, _ e: Syntax) -> Bool {
        var node = e.parent
        while let n = node {
            if n.is(CodeBlockItemSyntax.self) { return n.parent?.parent?.id == body.id }
            if n.is(ClosureExprSyntax.self) { return false }
            node = n.parent
        }
        return false
    }

    private func isSafeRead(_ e: Syntax) -> Bool {
        guard let parent = e.parent else { return false }
        if parent.is(OptionalChainingExprSyntax.self) { return true }
        if parent.is(OptionalBindingConditionSyntax.self) { return true }
        if parent.is(InitializerClauseSyntax.self), parent.parent?.is(OptionalBindingConditionSyntax.self) == true { return true }
        if let list = parent.as(ExprListSyntax.self) {
            let items = Array(list)
            if let i = items.firstIndex(where: { $0.id == e.id }) {
                // `x == nil`, `x != nil`, and the left side of an assignment.
                if i + 2 < items.count, items[i + 2].isNilLiteral { return true }
                if i >= 2, items[i - 2].isNilLiteral { return true }
                if i + 1 < items.count, items[i + 1].is(AssignmentExprSyntax.self) { return true }
            }
        }
        return false
    }

    private func enclosingAssert(_ e: Syntax) -> FunctionCallExprSyntax? {
        var node = e.parent
        while let n = node {
            if let call = n.as(FunctionCallExprSyntax.self),
               ["assert", "precondition"].contains(call.calledExpression.trimmedDescription) {
                return call
            }
            if n.is(CodeBlockItemSyntax.self) { return nil }
            node = n.parent
        }
        return nil
    }
}
