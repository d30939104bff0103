import FlowModel

/// The keys of `PresentationDismissal.swift` as `flownav sources` writes them.
extension FlowJSON {
    /// A class's `isModalInPresentation` and `presentationDelegate`, as (key, JSON value).
    static func dismissalMembers(_ c: ClassDecl) -> [(key: String, value: String)] {
        var out: [(key: String, value: String)] = []
        switch c.modalInPresentation {
        case .always?: out.append(("isModalInPresentation", "true"))
        case .unknown(let site)?: out.append(("isModalInPresentation", q(site?.description ?? "unknown")))
        case nil: break
        }
        if let d = c.presentationDelegate {
            var fields = ["\"for\": \(q(d.role.rawValue))"]
            if let s = d.shouldDismiss { fields.append("\"shouldDismiss\": \(q(s.description))") } else if d.shouldDismissUnread { fields.append("\"shouldDismiss\": \"unknown\"") }
            for (key, body) in [("willDismiss", d.willDismiss), ("didDismiss", d.didDismiss), ("didAttemptToDismiss", d.didAttemptToDismiss)] {
                switch body {
                case .nothing?: fields.append("\(q(key)): true")
                case .action(let name)?: fields.append("\(q(key)): \(q(name))")
                case nil: break
                }
            }
            if let p = d.origin.position, !d.origin.path.isEmpty { fields.append("\"at\": " + q("\(d.origin.path):\(p.line)")) }
            out.append(("presentationDelegate", "{ " + fields.joined(separator: ", ") + " }"))
        }
        return out
    }

    /// A code action's `modalPresentationStyle`, `modalTransitionStyle` and `popoverAnchor`.
    static func presentationFields(_ a: CodeAction) -> [String] {
        guard let p = a.presentation else { return [] }
        var fields: [String] = []
        if let s = p.style { fields.append("\"modalPresentationStyle\": \(q(s.rawValue))") }
        if let t = p.transition { fields.append("\"modalTransitionStyle\": \(q(t.rawValue))") }
        if let anchor = p.popoverAnchor { fields.append("\"popoverAnchor\": \(q(anchor))") }
        return fields
    }
}
