import FlowModel
import SwiftSyntax

/// Reads what decides whether a user can swipe a presentation away (`PresentationDismissal.swift`):
/// `isModalInPresentation` assignments and the `UIAdaptivePresentationControllerDelegate`
/// methods of a class that makes itself a presentation controller's delegate.
///
/// `isModalInPresentation`, as a family: on `self` (`isModalInPresentation = …`,
/// `self.isModalInPresentation = …`), on its container (`navigationController?.…`,
/// `tabBarController?.…`, `parent?.…`: a view controller of the same presentation, which is
/// where UIKit looks), or on a controller the code builds before presenting it (`let vc =
/// X(…)` or `… as! X`, then `vc.isModalInPresentation = …`: recorded on X). A literal `true`
/// outside any test (but `if #available`), closure or conditional in an initializer, `loadView`, `viewDidLoad`,
/// `awakeFromNib` or an appearance callback of the class itself is `always`; anything else (an
/// expression, a `false` that may undo it, a test around it, another method, a built
/// controller that may be presented elsewhere without it) is unknown at its line: the swipe is
/// possible, not certain.
///
/// The delegate: `presentationController?.delegate = self` (or `popoverPresentationController`,
/// on `self` or on its container) makes the class the delegate of its own presentation;
/// `x.presentationController?.delegate = self` on anything else, of what it presents. A method
/// body that navigates is linked to the code action the action reader made of it; a
/// `presentationControllerShouldDismiss` that returns anything but a literal is noted and
/// explored as allowing the swipe.
enum PresentationDelegateReader {
    static let setupMethods: Set<String> = ["init", "loadView", "viewDidLoad", "awakeFromNib", "viewWillAppear", "viewDidAppear", "viewIsAppearing"]
    static let ownReceivers: Set<String> = ["", "self", "navigationController", "tabBarController", "parent", "splitViewController"]

    static func read(_ decls: Declarations, _ facts: inout SourceFacts) {
        var modal: [String: [(site: CodeLocation, certain: Bool)]] = [:]
        for name in decls.classOrder {
            guard let parts = decls.classParts[name] else { continue }
            var role: PresentationDelegate.Role?
            var delegateSite: SwiftLocation?
            for part in parts {
                for item in part.members {
                    let function = item.decl.as(FunctionDeclSyntax.self)
                    let methodName = function?.name.text ?? (item.decl.is(InitializerDeclSyntax.self) ? "init" : "")
                    for seq in item.decl.tokens(viewMode: .sourceAccurate).compactMap({ assignment(at: $0) }) {
                        let (lhs, rhs, node) = seq
                        let loc = part.file.location(of: node)
                        let site = CodeLocation(file: loc.file, line: loc.line)
                        if let receiver = receiver(of: lhs, property: "isModalInPresentation") {
                            if ownReceivers.contains(receiver) {
                                let certain = rhs == "true" && setupMethods.contains(methodName) && !isConditional(node, within: item.decl)
                                if rhs != "false" || !certain { modal[name, default: []].append((site, certain)) }
                            } else if let built = builtClass(named: receiver, before: node, in: item.decl) {
                                modal[built, default: []].append((site, false))
                            }
                        } else if rhs == "self", let receiver = receiver(of: lhs, property: "delegate"),
                                  let holder = presentationControllerHolder(receiver) {
                            role = ownReceivers.contains(holder) ? .self : .presented
                            delegateSite = loc
                        }
                    }
                }
            }
            guard let role, let delegateSite, facts.classes[name] != nil else { continue }
            var d = PresentationDelegate(origin: Origin(path: delegateSite.file, position: SourcePosition(line: delegateSite.line, column: delegateSite.column)))
            d.role = role
            var implemented = false
            for part in parts {
                for item in part.members {
                    guard let f = item.decl.as(FunctionDeclSyntax.self) else { continue }
                    let body: PresentationDelegate.Body = facts.classes[name]!.actions.contains { $0.name.hasPrefix(f.name.text + "(") } ? .action(f.name.text) : .nothing
                    switch f.name.text {
                    case "presentationControllerShouldDismiss":
                        implemented = true
                        switch returnedLiteral(f) {
                        case "true"?: d.shouldDismiss = .always
                        case "false"?: d.shouldDismiss = .never
                        default:
                            d.shouldDismissUnread = true
                            let loc = part.file.location(of: f)
                            facts.notes.append(SourceNote(location: loc, subject: name, text: "presentationControllerShouldDismiss(_:): its answer is not read; a user's swipe is explored as allowed"))
                        }
                    case "presentationControllerWillDismiss": implemented = true; d.willDismiss = body
                    case "presentationControllerDidDismiss": implemented = true; d.didDismiss = body
                    case "presentationControllerDidAttemptToDismiss": implemented = true; d.didAttemptToDismiss = body
                    default: continue
                    }
                }
            }
            if implemented { facts.classes[name]!.presentationDelegate = d }
        }
        for (name, sites) in modal where facts.classes[name] != nil {
            if sites.allSatisfy(\.certain) {
                facts.classes[name]!.modalInPresentation = .always
            } else {
                facts.classes[name]!.modalInPresentation = .unknown(sites.first { !$0.certain }?.site)
            }
        }
    }

    /// `lhs = rhs` at a token of its left side's last name, once per assignment.
    private static func assignment(at token: TokenSyntax) -> (String, String, SequenceExprSyntax)? {
        guard token.text == "isModalInPresentation" || token.text == "delegate" else { return nil }
        var node: Syntax? = token.parent
        for _ in 0..<4 {
            guard let n = node else { return nil }
            if let seq = n.as(SequenceExprSyntax.self) {
                let elements = Array(seq.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return nil }
                let lhs = elements[0].trimmedDescription
                guard lhs.hasSuffix(token.text) else { return nil }
                return (lhs, elements[2].trimmedDescription, seq)
            }
            node = n.parent
        }
        return nil
    }

    /// `a.b?.property` → `a.b`; `property` or `self.property` → "".
    private static func receiver(of lhs: String, property: String) -> String? {
        guard lhs == property || lhs.hasSuffix("." + property) else { return nil }
        var r = String(lhs.dropLast(property.count))
        if r.hasSuffix(".") { r.removeLast() }
        if r.hasSuffix("?") || r.hasSuffix("!") { r.removeLast() }
        if r.hasPrefix("self.") { r.removeFirst(5) }
        return r
    }

    /// For `x.presentationController` (or `popoverPresentationController`): `x` ("" for self).
    private static func presentationControllerHolder(_ receiver: String) -> String? {
        for p in ["presentationController", "popoverPresentationController"] {
            if let r = Self.receiver(of: receiver, property: p) { return r }
        }
        return nil
    }

    /// Under an `if`, `guard`, `switch`, ternary or closure of the member: not always run.
    private static func isConditional(_ node: some SyntaxProtocol, within member: DeclSyntax) -> Bool {
        var x = node.parent
        while let n = x, n.id != member.id {
            // `if #available(iOS 13.0, *)`: the property exists only where the test holds.
            if let i = n.as(IfExprSyntax.self), i.conditions.allSatisfy({ $0.condition.is(AvailabilityConditionSyntax.self) }), i.elseBody == nil {
                x = n.parent
                continue
            }
            if n.is(IfExprSyntax.self) || n.is(GuardStmtSyntax.self) || n.is(SwitchExprSyntax.self) || n.is(ClosureExprSyntax.self)
                || n.is(TernaryExprSyntax.self) || n.is(ForStmtSyntax.self) || n.is(WhileStmtSyntax.self) { return true }
            x = n.parent
        }
        return false
    }

    /// `let x = X(…)`, `let x = … as! X` / `as? X` earlier in the member: X.
    private static func builtClass(named local: String, before node: some SyntaxProtocol, in member: DeclSyntax) -> String? {
        guard local.isIdentifier else { return nil }
        var found: String?
        for binding in member.tokens(viewMode: .sourceAccurate).compactMap({ $0.parent?.parent?.as(PatternBindingSyntax.self) }) {
            guard binding.pattern.trimmedDescription == local, binding.position < node.position,
                  let value = binding.initializer?.value else { continue }
            if let cast = value.as(AsExprSyntax.self) {
                found = cast.type.trimmedDescription.trimmingCharacters(in: "?!")
            } else if let call = value.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
                      let first = callee.baseName.text.first, first.isUppercase {
                found = callee.baseName.text
            }
        }
        return found
    }

    /// The literal a one-statement body returns (`return false`, or `false` alone).
    private static func returnedLiteral(_ f: FunctionDeclSyntax) -> String? {
        guard let items = f.body?.statements, items.count == 1 else { return nil }
        let text: String?
        if case .stmt(let s) = items.first!.item { text = s.as(ReturnStmtSyntax.self)?.expression?.trimmedDescription }
        else if case .expr(let e) = items.first!.item { text = e.trimmedDescription } else { text = nil }
        return text == "true" || text == "false" ? text : nil
    }
}

private extension String {
    func trimmingCharacters(in chars: String) -> String {
        var s = Substring(self)
        while let l = s.last, chars.contains(l) { s.removeLast() }
        return String(s)
    }
}
