import FlowModel
import SwiftSyntax

/// What a code action sets on the controller it presents (`PresentationSettings`), read from the
/// properties the action reader kept (`vc.modalPresentationStyle = .popover`,
/// `vc.modalTransitionStyle = .partialCurl`) and, for a popover, from the method's body: an
/// anchor is any `popoverPresentationController` member it sets (`sourceView`, `barButtonItem`,
/// `sourceItem`, on the local, through `if let`, or in a closure). A local the method hands to
/// another function (`configure(menu)`) may get its anchor there: then it is taken as anchored,
/// so no crash rests on code flownav did not read. A style that is not a literal case (a
/// variable, a ternary) is left out: the scene's style applies, as before.
enum PresentationSettingsReader {
    static let presentingCalls: Set<String> = ["present", "show", "showDetailViewController", "pushViewController"]

    static func read(_ decls: Declarations, _ facts: inout SourceFacts) {
        for name in facts.classes.keys.sorted() {
            for k in facts.classes[name]!.actions.indices {
                let a = facts.classes[name]!.actions[k]
                guard a.kind == .present || a.kind == .show || a.kind == .showDetail else { continue }
                var p = PresentationSettings()
                p.style = a.set.first { $0.name == "modalPresentationStyle" }.flatMap { literal($0.expression, ModalPresentationStyle.self) }
                p.transition = a.set.first { $0.name == "modalTransitionStyle" }.flatMap { literal($0.expression, ModalTransitionStyle.self) }
                if p.style == .popover {
                    guard let line = a.origin.position?.line, let f = function(named: a.name, containing: line, in: decls.classParts[name] ?? []) else {
                        // Not found again: taken as anchored.
                        p.popoverAnchor = "‹not read›"
                        facts.classes[name]!.actions[k].presentation = p
                        continue
                    }
                    p.popoverAnchor = anchor(in: f)
                }
                if !p.isEmpty { facts.classes[name]!.actions[k].presentation = p }
            }
        }
    }

    /// `.popover`, `UIModalPresentationStyle.popover`: the case; anything else nil.
    static func literal<E: RawRepresentable & CaseIterable>(_ text: String, _: E.Type) -> E? where E.RawValue == String {
        guard let dot = text.lastIndex(of: ".") else { return nil }
        let prefix = text[..<dot]
        guard prefix.isEmpty || prefix == "UIModalPresentationStyle" || prefix == "UIModalTransitionStyle" else { return nil }
        return E(rawValue: String(text[text.index(after: dot)...]))
    }

    /// The method of that name declared last before the action's line (overloads and
    /// extensions: the one holding the call).
    private static func function(named action: String, containing line: Int, in parts: [ClassPart]) -> FunctionDeclSyntax? {
        let base = action.split(separator: "(").first.map(String.init) ?? action
        var best: (line: Int, f: FunctionDeclSyntax)?
        for part in parts {
            for item in part.members {
                guard let f = item.decl.as(FunctionDeclSyntax.self), f.name.text == base else { continue }
                let start = part.file.location(of: f).line
                if start <= line, start > (best?.line ?? -1) { best = (start, f) }
            }
        }
        return best?.f
    }

    /// The Swift text set as the popover's anchor, `‹given to NAME›` for a local handed to a
    /// helper, or nil when the method sets none.
    static func anchor(in f: FunctionDeclSyntax) -> String? {
        guard let body = f.body else { return nil }
        for token in body.tokens(viewMode: .sourceAccurate) where ["sourceView", "barButtonItem", "sourceItem"].contains(token.text) {
            var node: Syntax? = token.parent
            for _ in 0..<4 {
                guard let n = node else { break }
                if let seq = n.as(SequenceExprSyntax.self) {
                    let e = Array(seq.elements)
                    // Whatever holds it (`vc.popoverPresentationController?`, a `popover` bound by `if let`).
                    if e.count == 3, e[1].is(AssignmentExprSyntax.self), e[0].trimmedDescription.hasSuffix("." + token.text) {
                        return e[2].trimmedDescription
                    }
                    break
                }
                node = n.parent
            }
        }
        if body.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "popoverPresentationController" }) { return "‹popoverPresentationController set in code›" }
        // A local handed to another function may get its anchor there.
        var locals: Set<String> = []
        for token in body.tokens(viewMode: .sourceAccurate) {
            if let b = token.parent?.parent?.as(PatternBindingSyntax.self), b.pattern.trimmedDescription == token.text { locals.insert(token.text) }
        }
        for token in body.tokens(viewMode: .sourceAccurate) where locals.contains(token.text) {
            guard let arg = token.parent?.parent?.as(LabeledExprSyntax.self), arg.expression.trimmedDescription == token.text,
                  let call = arg.parent?.parent?.as(FunctionCallExprSyntax.self) else { continue }
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? ""
            if !presentingCalls.contains(callee) { return "‹given to \(callee)›" }
        }
        return nil
    }
}
