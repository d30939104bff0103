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
        if method == "instantiate", call.arguments.isEmpty {
            return sceneConstant(base.trimmedDescription)
        }
        guard method == "instantiateInitialViewController" || method == "instantiateViewController" else { return nil }
        if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text, let value = resolve(name) { base = value.unwrapped }
        guard let make = base.as(FunctionCallExprSyntax.self), make.calledExpression.trimmedDescription == "UIStoryboard",
              make.arguments.first?.label?.text == "name",
              let storyboard = make.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.literalText else { return nil }
        if method == "instantiateInitialViewController" { return call.arguments.isEmpty ? StoryboardSceneName(storyboard: storyboard, identifier: nil) : nil }
        guard call.arguments.count == 1, call.arguments.first?.label?.text == "withIdentifier",
              let id = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.literalText else { return nil }
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
