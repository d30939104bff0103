import FlowModel
import SwiftSyntax

extension CodeActionReader {
    /// What the code does through the outlets of the controller it built (`vc`) before the
    /// call that shows it (`vc.titleLabel.text = …`, `vc.loadViewIfNeeded()`): its view is not
    /// loaded yet, so those outlets are nil (OutletAccessReader).
    func outletAccesses(to name: String, before call: FunctionCallExprSyntax, className: String?) -> [OutletAccess] {
        guard let cls = className, cls != "self", cls != "navigationController", let body = function.body else { return [] }
        let decls = owner.decls
        let outlets = OutletAccessReader.outletNames(of: cls, decls)
        func isBuilt(_ base: ExprSyntax?) -> Bool { base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text == name }
        let callLine = file.location(of: call).line
        return OutletAccessReader.accesses(
            in: body, file: file, fileName: ClassReader.fileName(file, owner.decl.file),
            outletsOf: { isBuilt($0) ? outlets : nil },
            isMethod: { base, method in isBuilt(base) && decls.declaresMethod(method, in: cls) }
        ).map(\.access).filter { ($0.line ?? callLine) < callLine }
    }
}
