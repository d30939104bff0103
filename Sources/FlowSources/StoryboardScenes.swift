import FlowModel
import SwiftSyntax

/// A storyboard scene the code names by its storyboard's name: the storyboard and the
/// Storyboard ID, or no ID for the storyboard's initial view controller.
struct StoryboardSceneName: Hashable {
    var storyboard: String
    var identifier: String?
}

/// A constant that stands for a storyboard scene, as SwiftGen generates them:
/// `static let x = SceneType<T>(storyboard: Main.self, identifier: "X")` and
/// `static let initialScene = InitialSceneType<T>(storyboard: Main.self)`, inside
/// `enum Main: StoryboardType { static let storyboardName = "Main" … }`. Read by the shape of the
/// call (a `storyboard:` argument that is a type, an optional literal `identifier:`), not by the
/// generated type names, so a hand-made equivalent reads the same.
struct SceneConstant: Hashable {
    /// The type given as `storyboard:` (`Main`), resolved to its storyboard's name when used.
    var storyboardType: String
    /// The scope the constant was declared in (`StoryboardScene.Main`).
    var scope: String
    var identifier: String?
    var location: SwiftLocation

    static func read(_ value: ExprSyntax, scope: String, _ file: ParsedFile) -> SceneConstant? {
        guard let call = value.as(FunctionCallExprSyntax.self),
              let sb = call.arguments.first(where: { $0.label?.text == "storyboard" })?.expression.as(MemberAccessExprSyntax.self),
              sb.declName.baseName.text == "self", let base = sb.base else { return nil }
        let ids = call.arguments.filter { $0.label?.text == "identifier" }
        var identifier: String?
        if let id = ids.first {
            // A computed identifier is not a scene syntax can name.
            guard let text = id.expression.as(StringLiteralExprSyntax.self)?.literalText else { return nil }
            identifier = text
        }
        guard call.arguments.count == 1 + ids.count else { return nil }
        return SceneConstant(storyboardType: base.trimmedDescription, scope: scope, identifier: identifier, location: file.location(of: value))
    }
}

extension Declarations {
    /// The scene an expression instantiates from a storyboard it names:
    /// `StoryboardScene.Main.x.instantiate()` (a scene constant, module-qualified or not), and
    /// `UIStoryboard(name: "Main", bundle: …).instantiateInitialViewController()` /
    /// `.instantiateViewController(withIdentifier: "X")`, the storyboard possibly in a local
    /// (`resolve` gives a local's value).
    func storyboardScene(_ e: ExprSyntax, resolve: (String) -> ExprSyntax? = { _ in nil }) -> StoryboardSceneName? {
        guard let call = e.unwrapped.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self), var base = member.base?.unwrapped else { return nil }
        let method = member.declName.baseName.text
        // The creator block (iOS 13's `creator:`, SwiftGen's `instantiate(creator:)`) is read by
        // `Creator`; here only the scene counts.
        let args = call.arguments.filter { $0.label?.text != "creator" }
        if method == "instantiate", args.isEmpty {
            return sceneConstant(base.trimmedDescription)
        }
        guard method == "instantiateInitialViewController" || method == "instantiateViewController" else { return nil }
        if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text, let value = resolve(name) { base = value.unwrapped }
        guard let make = base.as(FunctionCallExprSyntax.self), make.calledExpression.trimmedDescription == "UIStoryboard",
              make.arguments.first?.label?.text == "name",
              let storyboard = make.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.literalText else { return nil }
        if method == "instantiateInitialViewController" { return args.isEmpty ? StoryboardSceneName(storyboard: storyboard, identifier: nil) : nil }
        guard let id = Creator.identifier(call) else { return nil }
        return StoryboardSceneName(storyboard: storyboard, identifier: id)
    }

    /// `StoryboardScene.Main.x` (or `Module.StoryboardScene.Main.x`) → Main's scene "X".
    func sceneConstant(_ text: String) -> StoryboardSceneName? {
        var parts = text.split(separator: ".").map(String.init)
        while !parts.isEmpty {
            if let c = sceneConstants[parts.joined(separator: ".")] {
                return StoryboardSceneName(storyboard: storyboardName(of: c), identifier: c.identifier)
            }
            parts.removeFirst()
        }
        return nil
    }

    /// The storyboard a constant's `storyboard:` type stands for: its `storyboardName` literal,
    /// looked up from the constant's scope outwards; else the type's own name.
    private func storyboardName(of c: SceneConstant) -> String {
        var scope = c.scope.split(separator: ".").map(String.init)
        while true {
            let candidate = (scope + [c.storyboardType]).joined(separator: ".")
            if let n = storyboardNames[candidate] { return n }
            // `Main.self` inside `enum Main` itself.
            if scope.last == c.storyboardType, let n = storyboardNames[scope.joined(separator: ".")] { return n }
            if scope.isEmpty { break }
            scope.removeLast()
        }
        return c.storyboardType.split(separator: ".").last.map(String.init) ?? c.storyboardType
    }
}

/// `instantiateViewController(identifier:creator:)` and `instantiateInitialViewController(creator:)`
/// (iOS 13), and SwiftGen's `instantiate(creator:)`: the block builds the view controller with
/// its own initializer, which runs instead of the `init(coder:)` UIKit calls without one.
enum Creator {
    /// The literal Storyboard ID of `instantiateViewController(withIdentifier: "X")` or
    /// `instantiateViewController(identifier: "X", creator: …)`.
    static func identifier(_ call: FunctionCallExprSyntax) -> String? {
        let args = call.arguments.filter { $0.label?.text != "creator" }
        guard args.count == 1, let label = args.first?.label?.text, label == "withIdentifier" || label == "identifier" else { return nil }
        return args.first?.expression.as(StringLiteralExprSyntax.self)?.literalText
    }

    /// The block: a trailing closure or the `creator:` argument.
    static func closure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        if let c = call.trailingClosure { return c }
        return call.arguments.first { $0.label?.text == "creator" }?.expression.as(ClosureExprSyntax.self)
    }

    /// The one call the block returns: `{ coder in X(coder: coder, a: b) }` or `{ return X(…) }`.
    static func construction(in closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        guard closure.statements.count == 1, let item = closure.statements.first else { return nil }
        let e: ExprSyntax? = switch item.item {
        case .expr(let x): x
        case .stmt(let s): s.as(ReturnStmtSyntax.self)?.expression ?? s.as(ExpressionStmtSyntax.self)?.expression
        default: nil
        }
        return e?.unwrapped.as(FunctionCallExprSyntax.self)
    }

    /// What the block builds: `.initCoder` (no block, or one calling only `init(coder:)`),
    /// `.initializer` with its arguments keyed by the property the initializer assigns each to
    /// (as a segue action's are), or `.unread` for a block of another shape.
    enum Built {
        case initCoder
        case initializer(String, [Assignment])
        case unread(ClosureExprSyntax)
    }

    /// The class the creator block builds, when it is one call of an initializer.
    static func builtClass(_ e: ExprSyntax) -> String? {
        guard let call = e.unwrapped.as(FunctionCallExprSyntax.self), let closure = closure(of: call),
              let make = construction(in: closure) else { return nil }
        return (make.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression ?? make.calledExpression).trimmedDescription
    }

    static func built(by e: ExprSyntax, _ decls: Declarations, _ file: ParsedFile, text: (ExprSyntax) -> String) -> Built {
        guard let call = e.unwrapped.as(FunctionCallExprSyntax.self), let closure = closure(of: call) else { return .initCoder }
        guard let make = construction(in: closure), make.arguments.first?.label?.text == "coder" else { return .unread(closure) }
        let cls = (make.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression ?? make.calledExpression).trimmedDescription
        let labels = make.arguments.map { $0.label?.text ?? "_" }
        let initializer = "init(" + labels.map { $0 + ":" }.joined() + ")"
        if initializer == "init(coder:)" { return .initCoder }
        let mapping = decls.parameterTargets(of: cls, initializer: initializer)
        let args = make.arguments.dropFirst().map { a in
            Assignment(name: mapping[a.label?.text ?? "_"] ?? (a.label?.text ?? "_"), expression: text(a.expression), origin: file.location(of: a).origin)
        }
        return .initializer(initializer, Array(args))
    }
}
