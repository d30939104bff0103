import SwiftSyntax

/// Segue identifiers made typed by a per-class enum, as in the SegueHandlerType idiom (seed 001):
/// `switch segueIdentifier(for: segue) { case .TheRedPillExperience: … }`, where the enum is
/// `ViewController.SegueIdentifier: String` and each case's raw value is the identifier.
extension Declarations {
    /// `.Name` resolved through a string enum nested in the class or one of its superclasses.
    func nestedIdentifier(_ e: ExprSyntax, owner: String) -> String? {
        guard let m = e.as(MemberAccessExprSyntax.self), m.base == nil else { return nil }
        return nestedIdentifier(named: m.declName.baseName.text, owner: owner)
    }

    /// The raw value of the case `name` of a string enum nested in `owner` or a superclass;
    /// nil when none has it, or when two enums of one class do.
    func nestedIdentifier(named name: String, owner: String) -> String? {
        var current: String? = owner
        var seen: Set<String> = []
        while let c = current, !seen.contains(c) {
            seen.insert(c)
            // Only an enum directly inside the class: `Owner.Enum.Name`.
            let found = Set(rawValues.filter { k, _ in
                k.hasPrefix(c + ".") && k.hasSuffix("." + name) && k.split(separator: ".").count == 3
            }.values)
            if found.count == 1 { return found.first }
            if found.count > 1 { return nil }
            current = superclass(of: c)
        }
        return nil
    }

    /// Whether a switch subject is the segue's identifier turned into such an enum:
    /// a call given the segue (`segueIdentifier(for: segue)`, `segueIdentifierForSegue(segue)`),
    /// or `SegueIdentifier(rawValue: segue.identifier …)`.
    static func isTypedIdentifier(_ subject: ExprSyntax, segue: String) -> Bool {
        guard let call = subject.unwrapped.as(FunctionCallExprSyntax.self) else { return false }
        if call.arguments.count == 1, call.arguments.first?.expression.trimmedDescription == segue { return true }
        if call.arguments.first?.label?.text == "rawValue",
           call.arguments.first?.expression.trimmedDescription.hasPrefix("\(segue).identifier") == true { return true }
        return false
    }
}
