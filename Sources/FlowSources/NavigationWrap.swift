import SwiftSyntax

/// `UINavigationController(rootViewController: vc)`, the navigation controller built in code
/// around a view controller (as a window's root, or to present it): the flow's `embedIn`.
enum NavigationWrap {
    /// The navigation class (UIKit's or a subclass in the sources) and the wrapped expression.
    static func unwrap(_ e: ExprSyntax, _ decls: Declarations) -> (String, ExprSyntax)? {
        guard let call = e.unwrapped.as(FunctionCallExprSyntax.self), call.arguments.count == 1, call.trailingClosure == nil,
              let argument = call.arguments.first, argument.label?.text == "rootViewController" else { return nil }
        let cls = call.calledExpression.trimmedDescription
        return isNavigation(cls, decls) ? (cls, argument.expression) : nil
    }

    static func isNavigation(_ name: String, _ decls: Declarations) -> Bool {
        var current: String? = name
        var seen: Set<String> = []
        while let c = current, seen.insert(c).inserted {
            if c == "UINavigationController" { return true }
            current = decls.superclass(of: c)
        }
        return false
    }
}
