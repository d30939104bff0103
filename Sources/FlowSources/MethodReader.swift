import FlowModel
import SwiftSyntax

/// Plain methods that inject, which `prepare` and launch call on the destination:
/// `func inject(_ text: String) { mainText = text }` assigns its argument (`sets`, seed 001);
/// `func assignDependencies(_ d: Box<StoryboardDestination>) { switch d.value { case .Devices(let userAuth, let model): … } }`
/// switches on a typed destination (`cases`, seed 002).
extension ClassReader {
    func injectingMethod(_ f: FunctionDeclSyntax, _ file: ParsedFile) -> Method? {
        let params = f.signature.parameterClause.parameters
        guard params.count == 1, let p = params.first, let body = f.body,
              !f.modifiers.contains(where: { ["override", "static", "class"].contains($0.name.text) }) else { return nil }
        let param = SwiftNames.internalName(p)
        let own = Set(decl.dependencies.map(\.name))
        let origin = file.location(of: f.name).origin
        var sets: [String] = []
        var cases: [Method.Case] = []
        for item in body.statements {
            guard let e = expression(item) else { continue }
            if let (lhs, op, rhs) = Sequence.binary(e), op == "=", let dep = lhs.propertyName, own.contains(dep),
               rhs.trimmedDescription == param {
                if !sets.contains(dep) { sets.append(dep) }
            } else if let s = e.as(SwitchExprSyntax.self), isDestination(s.subject, param) {
                cases += destinationCases(s, own, file)
            }
        }
        if !sets.isEmpty { return Method(name: SwiftNames.function(f), sets: sets, cases: [], origin: origin) }
        if !cases.isEmpty { return Method(name: SwiftNames.function(f), sets: [], cases: cases, origin: origin) }
        return nil
    }

    /// `dependencies.value` (the box's content) or the parameter itself.
    private func isDestination(_ subject: ExprSyntax, _ param: String) -> Bool {
        let t = subject.unwrapped.trimmedDescription
        return t == param || t == param + ".value"
    }

    /// Each `case .X(let a, let b):` with the dependencies it assigns; the bound names are
    /// renamed to the enum's labels, which is how flows name a case's values.
    private func destinationCases(_ s: SwitchExprSyntax, _ own: Set<String>, _ file: ParsedFile) -> [Method.Case] {
        var out: [Method.Case] = []
        for element in s.cases {
            guard case .switchCase(let c) = element, case .case(let label) = c.label else { continue }
            for item in label.caseItems {
                guard let caseName = DestinationReader.caseName(item.pattern) else { continue }
                let labels = decls.associatedEnums.values.first { e in e.cases.contains { $0.name == caseName } }?
                    .cases.first { $0.name == caseName }?.values ?? []
                var locals = Locals()
                for (i, bound) in DestinationReader.bindings(item.pattern).enumerated() {
                    if let bound, i < labels.count, bound != labels[i] { locals.values[bound] = labels[i] }
                }
                var set: [Assignment] = []
                for st in c.statements {
                    guard let e = expression(st), let (lhs, op, rhs) = Sequence.binary(e), op == "=",
                          let dep = lhs.propertyName, own.contains(dep), !set.contains(where: { $0.name == dep }) else { continue }
                    set.append(Assignment(name: dep, expression: locals.text(rhs), origin: file.location(of: e).origin))
                }
                if !set.isEmpty { out.append(Method.Case(name: caseName, set: set)) }
            }
        }
        return out
    }
}
