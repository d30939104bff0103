import FlowModel
import SwiftSyntax

extension Sequence {
    /// `x as! T` (not `as?`), folded or not, through parentheses.
    static func isForcedCast(_ e: ExprSyntax) -> Bool {
        if let a = e.as(AsExprSyntax.self) { return a.questionOrExclamationMark?.tokenKind == .exclamationMark }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let inner = t.elements.first?.expression {
            return isForcedCast(inner)
        }
        guard let s = e.as(SequenceExprSyntax.self), s.elements.count == 3,
              let cast = Array(s.elements)[1].as(UnresolvedAsExprSyntax.self) else { return false }
        return cast.questionOrExclamationMark?.tokenKind == .exclamationMark
    }
}

extension PrepareReader.Target {
    /// Follows a container one step; after `as! UINavigationController` (or tab bar) the step's
    /// container cast is forced: on anything else it traps.
    mutating func appendStep(_ step: UnwrapStep) {
        if containerForced {
            forcedUnwraps.insert(unwrap.count)
            containerForced = false
        }
        unwrap.append(step)
    }
}
