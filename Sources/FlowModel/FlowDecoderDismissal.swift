/// The keys of `PresentationDismissal.swift`: a class's `isModalInPresentation` and
/// `presentationDelegate`, and what a code action sets on what it presents.
extension FlowDecoder {
    static let dismissalClassKeys = ["isModalInPresentation", "presentationDelegate"]
    static let presentationActionKeys = ["modalPresentationStyle", "modalTransitionStyle", "popoverAnchor"]
    static let presentationDelegateKeys = ["for", "shouldDismiss", "willDismiss", "didDismiss", "didAttemptToDismiss", "at"]

    /// `true`, `false` (absent: `false`), or `"unknown"` / `"File.swift:42"`: set by code
    /// flownav did not evaluate (there).
    mutating func decodeModalInPresentation(_ f: Fields) -> ModalInPresentation? {
        guard let node = f["isModalInPresentation"] else { return nil }
        switch node.value {
        case .bool(let b): return b ? .always : nil
        case .string(let s) where s == "unknown": return .unknown(nil)
        case .string(let s) where CodeLocation(s) != nil: return .unknown(CodeLocation(s))
        default:
            sink.error(node.position, f.path("isModalInPresentation"),
                       "expected true, false, \"unknown\" or the Swift file and line of the code that sets it (\"File.swift:42\"), found \(node.typeName)")
            return nil
        }
    }

    /// `{ "for": "self" | "presented", "shouldDismiss": CONDITION, "willDismiss": true,
    /// "didDismiss": true | "ACTION", "didAttemptToDismiss": true | "ACTION" }`.
    mutating func decodePresentationDelegate(_ f: Fields, actions: [CodeAction]) -> PresentationDelegate? {
        guard f.has("presentationDelegate") else { return nil }
        let path = f.path("presentationDelegate")
        guard let node = f["presentationDelegate"], let df = Fields(node, path, known: Self.presentationDelegateKeys, sink: &sink) else { return nil }
        var d = PresentationDelegate(origin: df.origin())
        if df.has("for") { d.role = df.enumValue("for", PresentationDelegate.Role.self, &sink, what: "delegate role") ?? .self }
        if let node = df["shouldDismiss"] {
            switch node.value {
            case .bool(let b): d.shouldDismiss = b ? .always : .never
            case .string(let s) where s == "unknown":
                d.shouldDismissUnread = true
            case .string(let s):
                if let c = Condition(s) { d.shouldDismiss = c } else {
                    sink.error(node.position, df.path("shouldDismiss"), "'\(s)' is not a condition (always, never, selection, noSelection, NAME == nil, NAME != nil)")
                }
            default:
                sink.error(node.position, df.path("shouldDismiss"), "expected a condition or true / false, found \(node.typeName)")
            }
        }
        d.willDismiss = body(df, "willDismiss", actions: actions)
        d.didDismiss = body(df, "didDismiss", actions: actions)
        d.didAttemptToDismiss = body(df, "didAttemptToDismiss", actions: actions)
        return d
    }

    /// `true`: implemented, doing nothing flownav models; a string: the code action it runs.
    private mutating func body(_ f: Fields, _ key: String, actions: [CodeAction]) -> PresentationDelegate.Body? {
        guard let node = f[key] else { return nil }
        switch node.value {
        case .bool(let b): return b ? .nothing : nil
        case .string(let s):
            guard actions.contains(where: { $0.name == s || $0.name.hasPrefix(s + "(") }) else {
                sink.error(node.position, f.path(key), "'\(s)' is not one of the class's actions; name the code action the method's body runs",
                           suggestions: sink.nearestKnown(to: s, in: actions.map(\.name)))
                return .nothing
            }
            return .action(s)
        default:
            sink.error(node.position, f.path(key), "expected true or the name of a code action of the class, found \(node.typeName)")
            return nil
        }
    }

    /// A present / show / showDetail action's `modalPresentationStyle`, `modalTransitionStyle`
    /// and `popoverAnchor`.
    mutating func decodePresentationSettings(_ f: Fields, kind: CodeAction.Kind) -> PresentationSettings? {
        var p = PresentationSettings()
        if f.has("modalPresentationStyle") { p.style = f.enumValue("modalPresentationStyle", ModalPresentationStyle.self, &sink, what: "presentation style") }
        if f.has("modalTransitionStyle") { p.transition = f.enumValue("modalTransitionStyle", ModalTransitionStyle.self, &sink, what: "transition style") }
        p.popoverAnchor = f.string("popoverAnchor", &sink)
        if kind != .present && kind != .show && kind != .showDetail {
            for key in Self.presentationActionKeys where f.has(key) {
                sink.error(f[key]?.position, f.path(key), "'\(key)' belongs only on present, show and showDetail actions")
            }
            return nil
        }
        return p.isEmpty ? nil : p
    }
}
