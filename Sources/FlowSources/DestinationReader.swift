import FlowModel
import SwiftSyntax

/// An enum whose cases carry values (`case Devices(userAuth: UserAuthentication, model: DeviceGroup)`):
/// a candidate typed destination (seed 002).
struct AssociatedEnum {
    struct Case {
        var name: String
        /// The associated values' labels; an unlabelled one is named by its position (`_0`).
        var values: [String]
        var location: SwiftLocation
    }

    var name: String
    var cases: [Case]
    var location: SwiftLocation
}

extension AssociatedEnum {
    /// The enum, when at least one of its cases carries values.
    static func read(_ node: EnumDeclSyntax, _ file: ParsedFile) -> AssociatedEnum? {
        var cases: [Case] = []
        var carries = false
        for member in node.memberBlock.members {
            guard let c = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in c.elements {
                let values = element.parameterClause?.parameters.enumerated().map { i, p in p.firstName?.text ?? "_\(i)" } ?? []
                if !values.isEmpty { carries = true }
                cases.append(.init(name: element.name.text, values: values, location: file.location(of: element)))
            }
        }
        return carries ? AssociatedEnum(name: node.name.text, cases: cases, location: file.location(of: node.name)) : nil
    }
}

/// A method that performs a typed destination: it switches on its enum parameter, maps each
/// case to a segue identifier, and performs that segue with the case boxed as the sender
/// (`performSegue(withIdentifier: segue, sender: Box(destination))`). Calls to it are code
/// actions with a `destination` and `values`; the enum becomes one of the flow's `destinations`.
struct DestinationPerformer {
    /// `performSegueWithIdentifier(_:)`.
    var name: String
    var enumName: String
}

enum DestinationReader {
    /// The performers and the destination enums they map, from every class and extension
    /// (an `extension UIViewController` is where the article puts it).
    static func read(_ decls: Declarations) -> (destinations: [String: DestinationEnum], performers: [String: DestinationPerformer], notes: [SourceNote]) {
        var destinations: [String: DestinationEnum] = [:]
        var performers: [String: DestinationPerformer] = [:]
        var notes: [SourceNote] = []
        guard !decls.associatedEnums.isEmpty else { return ([:], [:], []) }
        for name in decls.classOrder {
            for part in decls.classParts[name] ?? [] {
                for member in part.members {
                    guard let f = member.decl.as(FunctionDeclSyntax.self), let body = f.body,
                          f.signature.parameterClause.parameters.count == 1,
                          let p = f.signature.parameterClause.parameters.first,
                          let e = decls.associatedEnums[p.type.trimmedDescription] else { continue }
                    let param = SwiftNames.internalName(p)
                    guard let segues = segueMapping(body, param: param, part.file, &notes, owner: name), !segues.isEmpty else { continue }
                    let swiftName = SwiftNames.function(f)
                    performers[swiftName] = DestinationPerformer(name: swiftName, enumName: e.name)
                    var d = destinations[e.name] ?? DestinationEnum(name: e.name, cases: [], origin: e.location.origin)
                    for c in e.cases where !d.cases.contains(where: { $0.name == c.name }) {
                        d.cases.append(.init(name: c.name, values: c.values, segue: segues[c.name], origin: c.location.origin))
                    }
                    destinations[e.name] = d
                }
            }
        }
        return (destinations, performers, notes)
    }

    /// `switch destination { case .Login: segue = "LoginSegue" … }` followed by
    /// `performSegue(withIdentifier: segue, sender: …)`: case name → identifier. Nil when the
    /// body does not perform a segue with what the switch chose.
    private static func segueMapping(_ body: CodeBlockSyntax, param: String, _ file: ParsedFile, _ notes: inout [SourceNote], owner: String) -> [String: String]? {
        var mapping: [String: String] = [:]
        var variable: String?
        var performs = false
        // Kept only when the method turns out to perform a segue: a switch on such an enum
        // elsewhere (a deep link's handler) is not a typed destination.
        var unread: [SourceNote] = []
        for item in body.statements {
            guard let e = expression(item) else { continue }
            if let s = e.as(SwitchExprSyntax.self), s.subject.unwrapped.trimmedDescription == param {
                for element in s.cases {
                    guard case .switchCase(let c) = element, case .case(let label) = c.label else { continue }
                    var literal: String?
                    for st in c.statements {
                        if let a = expression(st), let (lhs, op, rhs) = Sequence.binary(a), op == "=",
                           let name = lhs.as(DeclReferenceExprSyntax.self)?.baseName.text,
                           let text = rhs.as(StringLiteralExprSyntax.self)?.literalText {
                            variable = name
                            literal = text
                        }
                    }
                    for item in label.caseItems {
                        guard let caseName = caseName(item.pattern) else { continue }
                        if let literal { mapping[caseName] = literal } else {
                            unread.append(SourceNote(location: file.location(of: item), subject: owner, text: "typed destination .\(caseName): no segue identifier read"))
                        }
                    }
                }
            } else if let call = e.as(FunctionCallExprSyntax.self),
                      call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "performSegue"
                        || call.calledExpression.trimmedDescription == "self.performSegue",
                      call.arguments.first?.label?.text == "withIdentifier",
                      let v = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text, v == variable {
                performs = true
            }
        }
        if performs { notes += unread }
        return performs ? mapping : nil
    }

    /// `.Devices`, `.Devices(_, _)`, `.Devices(let a, let b)`, `let .Devices(a, b)` → `Devices`.
    static func caseName(_ pattern: PatternSyntax) -> String? {
        var p = pattern
        if let v = p.as(ValueBindingPatternSyntax.self) { p = v.pattern }
        guard let e = p.as(ExpressionPatternSyntax.self)?.expression else { return nil }
        let callee = e.as(FunctionCallExprSyntax.self)?.calledExpression ?? e
        guard let m = callee.as(MemberAccessExprSyntax.self), m.base == nil else { return nil }
        return m.declName.baseName.text
    }

    /// The names a case pattern binds, in order: `.Devices(let userAuth, let model)` →
    /// ["userAuth", "model"]; nil for a position that binds nothing (`_`).
    static func bindings(_ pattern: PatternSyntax) -> [String?] {
        var p = pattern
        var outerLet = false
        if let v = p.as(ValueBindingPatternSyntax.self) { p = v.pattern; outerLet = true }
        guard let call = p.as(ExpressionPatternSyntax.self)?.expression.as(FunctionCallExprSyntax.self) else { return [] }
        return call.arguments.map { a in
            let e = a.expression
            if let pe = e.as(PatternExprSyntax.self) {
                var inner = pe.pattern
                if let v = inner.as(ValueBindingPatternSyntax.self) { inner = v.pattern }
                return inner.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            if outerLet, let d = e.as(DeclReferenceExprSyntax.self) { return d.baseName.text }
            return nil
        }
    }
}

extension DestinationPerformer {
    /// The case a call passes (`.Devices(userAuth: a, model: b)` or `.Login`) and its values,
    /// each named by the enum's own label for that position.
    func destination(of call: FunctionCallExprSyntax, _ decls: Declarations) -> (name: String, values: [(String, ExprSyntax)])? {
        guard let arg = call.arguments.first?.expression else { return nil }
        let inner = arg.as(FunctionCallExprSyntax.self)
        guard let m = (inner?.calledExpression ?? arg).as(MemberAccessExprSyntax.self), m.base == nil else { return nil }
        let name = m.declName.baseName.text
        let labels = decls.associatedEnums[enumName]?.cases.first { $0.name == name }?.values ?? []
        let values = (inner?.arguments ?? []).enumerated().map { i, a in
            (a.label?.text ?? (i < labels.count ? labels[i] : "_\(i)"), a.expression)
        }
        return (name, values)
    }
}
