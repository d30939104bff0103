import FlowEngine

/// A user's swipe that code flownav did not evaluate may refuse (UserDismiss.swift):
/// `isModalInPresentation` set by unread code, or a `presentationControllerShouldDismiss` whose
/// answer is not read. What a finding reaches through such a swipe rests on that code, so the
/// finding is possible, whichever step found it.
extension Assumptions {
    func unreadSwipes(_ steps: [(command: Command?, events: [Event])], state: AppState) -> [String] {
        var out: [String] = []
        func add(_ a: String) { if !out.contains(a) { out.append(a) } }
        for step in steps where step.command == .dismiss {
            for e in step.events {
                switch e {
                case .note(let text) where text.hasPrefix("isModalInPresentation of ") && text.contains("flownav did not evaluate"):
                    add("a user's swipe assumed allowed: \(text)")
                case .called(let id?, let method, let detail) where method == "presentationControllerShouldDismiss(_:)" && detail?.text.contains("not read") == true:
                    let notes = notes(of: state.className(of: id), member: method)
                    if notes.isEmpty { add("a user's swipe assumed allowed: \(state.className(of: id)).\(method) is code flownav did not read") }
                    for n in notes { add(n) }
                default:
                    break
                }
            }
        }
        return out
    }
}
