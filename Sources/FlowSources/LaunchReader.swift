import FlowModel
import SwiftSyntax

/// Reads the app or scene delegate's launch code: a window root built in code (seed 003) and
/// injection into the storyboard's root (seed 004).
struct LaunchReader {
    let decls: Declarations
    var launch = Launch()
    var notes: [SourceNote] = []

    static let entryPoints = ["application(_:didFinishLaunchingWithOptions:)", "scene(_:willConnectTo:options:)"]

    init(decls: Declarations) { self.decls = decls }

    mutating func read(delegate name: String) {
        for part in decls.classParts[name] ?? [] {
            for m in part.members {
                guard let f = m.decl.as(FunctionDeclSyntax.self), Self.entryPoints.contains(SwiftNames.function(f)), let body = f.body else { continue }
                let had = launch.root != nil
                readRoot(body, part.file, name)
                // `setupUI()`: a method of the delegate that sets the window's root, one call deep.
                for (helper, file) in ownMethodsCalled(in: body, of: name) where launch.root == nil {
                    readRoot(helper, file, name, mainWindowOnly: true)
                }
                if !had && launch.root == nil { noteRootSetters(body, part.file, name) }
                var p = PrepareReader(launchOwner: name, decls: decls, body: body, file: part.file, label: SwiftNames.function(f))
                launch.inject += p.read()
                notes += p.notes
                followCoordinators(body, part.file, name)
            }
        }
    }

    /// Calls at launch into the app's own code that sets the window's root
    /// (`WindowManager.open(.subscriptions)`, whose body does `window.set(rootViewController: …)`):
    /// which view controller that is depends on what the callee builds from its arguments, which is
    /// not followed; each call is a note at its line, so the reader knows why `check` starts at the
    /// storyboard's initial scene.
    private mutating func noteRootSetters(_ body: CodeBlockSyntax, _ file: ParsedFile, _ owner: String) {
        for token in body.tokens(viewMode: .sourceAccurate) {
            guard let m = token.parent?.as(DeclReferenceExprSyntax.self)?.parent?.as(MemberAccessExprSyntax.self),
                  m.declName.baseName.id == token.id,
                  let call = m.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == m.id,
                  let type = m.base?.as(DeclReferenceExprSyntax.self)?.baseName.text else { continue }
            let method = m.declName.baseName.text
            for part in decls.classParts[type] ?? [] {
                for member in part.members {
                    guard let f = member.decl.as(FunctionDeclSyntax.self), f.name.text == method, let fb = f.body,
                          fb.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "rootViewController" }) else { continue }
                    let callee = "\(type).\(SwiftNames.function(f))"
                    let at = "\(part.file.path):\(part.file.location(of: f.name).line)"
                    notes.append(SourceNote(location: file.location(of: call), subject: "launch",
                        text: "the window's root is set by \(callee) (\(at)) from its arguments (\(call.arguments.trimmedDescription)); which view controller that builds is not followed, so the storyboard's initial scene starts the app"))
                }
            }
        }
    }

    /// The bodies of the delegate's own methods that `body` calls with no arguments, as statements.
    private func ownMethodsCalled(in body: CodeBlockSyntax, of owner: String) -> [(CodeBlockSyntax, ParsedFile)] {
        var out: [(CodeBlockSyntax, ParsedFile)] = []
        for item in body.statements {
            guard let call = expression(item)?.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil else { continue }
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? call.calledExpression.as(MemberAccessExprSyntax.self).flatMap { $0.base?.trimmedDescription == "self" ? $0.declName.baseName.text : nil }
            guard let callee else { continue }
            for part in decls.classParts[owner] ?? [] {
                for m in part.members {
                    if let f = m.decl.as(FunctionDeclSyntax.self), SwiftNames.function(f) == callee + "()", let b = f.body { out.append((b, part.file)) }
                }
            }
        }
        return out
    }

    /// The value a stored property of the delegate starts with (`lazy var navigationController = AppNavigationController()`).
    private func propertyValue(_ name: String, of owner: String) -> ExprSyntax? {
        for part in decls.classParts[owner] ?? [] {
            for m in part.members {
                guard let v = m.decl.as(VariableDeclSyntax.self) else { continue }
                for b in v.bindings where b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name { return b.initializer?.value }
            }
        }
        return nil
    }

    /// `mainWindowOnly`: in a helper, only `window`'s root counts (another window's, a
    /// notification banner's say, is not the app's first screen).
    private mutating func readRoot(_ body: CodeBlockSyntax, _ file: ParsedFile, _ owner: String, mainWindowOnly: Bool = false) {
        var locals: [String: ExprSyntax] = [:]
        for item in body.statements {
            if case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self) {
                for b in v.bindings {
                    if let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = b.initializer?.value { locals[n] = value }
                }
                continue
            }
            guard let e = expression(item), let (lhs, op, rhs) = Sequence.binary(e), op == "=",
                  lhs.unwrapped.trimmedDescription.hasSuffix("rootViewController") else { continue }
            if mainWindowOnly {
                let t = lhs.unwrapped.trimmedDescription
                let base = t.hasPrefix("self.") ? String(t.dropFirst(5)) : t
                guard ["window?.rootViewController", "window!.rootViewController", "window.rootViewController"].contains(base) else { continue }
            }
            var value = rhs.unwrapped
            var rootLocal = value.as(DeclReferenceExprSyntax.self)?.baseName.text
            if let n = rootLocal, let v = locals[n] { value = v.unwrapped }
            // A property of the delegate's, in this file: read as the value it starts with.
            if let n = rootLocal ?? value.propertyName, locals[n] == nil, let v = propertyValue(n, of: owner),
               decls.classParts[owner]?.contains(where: { $0.file.path == file.path }) == true {
                value = v.unwrapped
            }
            var wrapped = false
            defer {
                if let n = rootLocal, launch.root != nil {
                    readRootLocal(n, cast: locals[n].flatMap { Sequence.cast($0)?.1 }, embedded: wrapped, body, file, owner)
                }
            }
            // `UINavigationController(rootViewController: HomeViewController())`: the root is what
            // it wraps, inside a navigation controller built in code.
            var embedIn: String?
            if let (nav, inner) = NavigationWrap.unwrap(value, decls) {
                embedIn = nav
                value = inner.unwrapped
                // `UINavigationController(rootViewController: root)`: `root` is what is injected into.
                if let n = value.as(DeclReferenceExprSyntax.self)?.baseName.text {
                    rootLocal = n
                    wrapped = true
                }
                if let n = value.as(DeclReferenceExprSyntax.self)?.baseName.text, let v = locals[n] { value = v.unwrapped }
            }
            // `UIStoryboard.main().instantiateInitialViewController()`, `Root.instantiate()`: helpers
            // that name a storyboard, read through what they return.
            let sceneExpr = decls.inliningHelpers(Sequence.cast(value)?.0 ?? value, owner: owner)
            if let scene = decls.storyboardScene(sceneExpr, resolve: { locals[$0] }) {
                // A storyboard scene as the root (`StoryboardScene.Intro.initialScene.instantiate()`):
                // the import resolves it to the scene, decoded through init(coder:).
                var root = Launch.Root(className: "", initializer: nil, arguments: [], origin: file.location(of: e).origin)
                root.storyboardName = scene.storyboard
                root.storyboardIdentifier = scene.identifier
                // `instantiateInitialViewController { coder in Root(coder: coder, store: store) }`.
                switch Creator.built(by: Sequence.cast(value)?.0 ?? value, decls, file, text: { $0.trimmedDescription }) {
                case .initCoder:
                    break
                case .initializer(let name, let args):
                    root.initializer = name
                    root.arguments = args
                case .unread(let closure):
                    notes.append(SourceNote(location: file.location(of: closure), subject: owner,
                        text: "window root's creator block not read (one call of an initializer taking the coder is); read as init(coder:)"))
                }
                root.embedIn = embedIn
                launch.root = root
                continue
            }
            // `RootViewController.make()`: a helper that builds the root in code.
            let madeBy = decls.inliningHelpers(value, owner: owner)
            let foreign = madeBy.id != value.id && madeBy.root.id != value.root.id
            if madeBy.id != value.id { value = madeBy.unwrapped }
            guard let call = value.as(FunctionCallExprSyntax.self), let first = call.calledExpression.trimmedDescription.first, first.isUppercase,
                  call.calledExpression.trimmedDescription.split(separator: ".").allSatisfy({ $0.first?.isUppercase == true }) else {
                notes.append(SourceNote(location: file.location(of: e), subject: owner, text: "window root not read: \(e.trimmedDescription)"))
                continue
            }
            let className = call.calledExpression.trimmedDescription
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            let initializer = labels.isEmpty ? nil : "init(" + labels.map { $0 + ":" }.joined() + ")"
            let mapping = initializer.map { decls.parameterTargets(of: className, initializer: $0) } ?? [:]
            let args = call.arguments.map { a in
                Assignment(name: mapping[a.label?.text ?? "_"] ?? (a.label?.text ?? "_"), expression: a.expression.trimmedDescription,
                           origin: foreign ? file.location(of: e).origin : file.location(of: a).origin)
            }
            launch.root = Launch.Root(className: className, initializer: initializer, arguments: args, origin: file.location(of: e).origin)
            launch.root?.embedIn = embedIn
        }
    }

    /// The statements of launch code that use the local the root is assigned from
    /// (`let root = …; root.store = store; window.rootViewController = root`): properties set and
    /// one-argument methods called on it are injection into the root; the root handed to code
    /// not followed (`AppCoordinator(root: root).start()`) may have any dependency set there,
    /// so they are unknown at launch, not nil.
    private mutating func readRootLocal(_ name: String, cast: String?, embedded: Bool, _ body: CodeBlockSyntax, _ file: ParsedFile, _ owner: String) {
        var inject: PrepareCase?
        func add(_ at: some SyntaxProtocol, _ change: (inout PrepareCase) -> Void) {
            if inject == nil {
                inject = PrepareCase(origin: file.location(of: at).origin)
                inject?.cast = cast
                // The window's root is then the navigation controller built around it.
                if embedded { inject?.unwrap = [.navigationRoot] }
            }
            change(&inject!)
        }
        var handedOff: Syntax?
        for item in body.statements {
            guard let e = expression(item) else { continue }
            // `window.rootViewController = UINavigationController(rootViewController: root)` shows it.
            if let (lhs, op, _) = Sequence.binary(e), op == "=", lhs.unwrapped.trimmedDescription.hasSuffix("rootViewController") { continue }
            if let (lhs, op, rhs) = Sequence.binary(e), op == "=",
               let m = lhs.unwrapped.as(MemberAccessExprSyntax.self) ?? lhs.as(MemberAccessExprSyntax.self),
               m.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text == name {
                let property = m.declName.baseName.text
                guard property != "modalPresentationStyle", property != "title" else { continue }
                add(e) { c in
                    if !c.set.contains(where: { $0.name == property }) {
                        c.set.append(Assignment(name: property, expression: rhs.trimmedDescription, origin: file.location(of: e).origin))
                    }
                }
                continue
            }
            if let call = e.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
               m.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text == name, call.arguments.count <= 1, inject?.call == nil {
                let method = m.declName.baseName.text + "(" + call.arguments.map { ($0.label?.text ?? "_") + ":" }.joined() + ")"
                add(e) { c in
                    c.call = method
                    c.with = call.arguments.first?.expression.trimmedDescription
                }
                continue
            }
            if handedOff == nil, Self.passes(name, in: e) { handedOff = Syntax(e) }
        }
        if let inject { launch.inject.append(inject) }
        if let at = handedOff {
            var coordinator = CoordinatorReader(decls: decls, owner: owner)
            let rootText = cast.map { "(window!.rootViewController as? \($0))" } ?? "window!.rootViewController"
            if coordinator.follow(root: name, rootText: rootText, in: body, file) {
                launch.inject += coordinator.cases
                notes += coordinator.notes
                return
            }
            let loc = file.location(of: at)
            launch.root?.unknown = CodeLocation(file: file.path, line: loc.line)
            notes.append(SourceNote(location: loc, subject: owner,
                text: "the window's root is handed to \(at.trimmedDescription), which is not followed: its dependencies are unknown at launch"))
        }
    }

    /// Whether `name` is an argument of a call in `e` (`Coordinator(root: root)`, `start(with: root)`).
    private static func passes(_ name: String, in e: ExprSyntax) -> Bool {
        e.tokens(viewMode: .sourceAccurate).contains { t in
            guard t.text == name, let ref = t.parent?.as(DeclReferenceExprSyntax.self) else { return false }
            return ref.parent?.is(LabeledExprSyntax.self) == true
        }
    }

    /// The storyboard's root handed to a coordinator (`guard let nav = window?.rootViewController
    /// as? UINavigationController …; AppCoordinator(navigationController: nav).start()`): its
    /// method is read as this launch code's injection.
    private mutating func followCoordinators(_ body: CodeBlockSyntax, _ file: ParsedFile, _ owner: String) {
        var roots: [(String, String)] = []
        func consider(_ name: String?, _ value: ExprSyntax?) {
            guard let name, let value else { return }
            let (base, type) = Sequence.cast(value) ?? (value, nil)
            let t = base.unwrapped.trimmedDescription
            guard ["window?.rootViewController", "window!.rootViewController", "window.rootViewController"].contains(t.hasPrefix("self.") ? String(t.dropFirst(5)) : t) else { return }
            roots.append((name, type.map { "(window!.rootViewController as? \($0))" } ?? "window!.rootViewController"))
        }
        for item in body.statements {
            if case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self) {
                for b in v.bindings { consider(b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, b.initializer?.value) }
            } else if case .stmt(let s) = item.item, let g = s.as(GuardStmtSyntax.self) {
                for c in g.conditions {
                    if case .optionalBinding(let b) = c.condition { consider(b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, b.initializer?.value) }
                }
            }
        }
        for (name, text) in roots {
            var coordinator = CoordinatorReader(decls: decls, owner: owner)
            if coordinator.follow(root: name, rootText: text, in: body, file) {
                launch.inject += coordinator.cases
                // The coordinator's statements are read now: the injection reader's "not read" goes.
                notes.removeAll { n in n.location.file == file.path && coordinator.lines.contains(n.location.line) && n.text.contains("statement not read") }
                notes += coordinator.notes
            }
        }
    }
}
