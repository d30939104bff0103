import FlowModel

/// The user's own dismissal: a sheet pulled down, a popover tapped outside of
/// (docs/uikit-reference-additions.md, "Dismissals a user can make"). Code that dismisses
/// (`dismiss(animated:)`, a control's action, an unwind) is a code action or a segue, not this.
extension Simulator {
    /// Why no user can swipe away the presentation whose presented view controller is
    /// `presented`, or nil when its style offers the gesture. Apple: "the default presentation
    /// style [is] a card-like sheet that users can dismiss by swiping down"; full-screen and
    /// context styles have no such gesture, and a custom presentation controller has only the
    /// gestures the app's own code adds.
    public func swipeRefusal(_ presented: Int) -> String? {
        let style = state[presented].presentationStyle ?? .automatic
        if Self.offersSwipe(style) { return nil }
        if style == .custom {
            return "\(describe(presented)) is presented with a custom presentation controller, whose gestures are app code flownav does not run"
        }
        return "\(describe(presented)) is presented \(style.rawValue), which has no swipe to dismiss"
    }

    /// The sheets (a popover adapts to one on a phone, and is tapped away on a pad).
    static func offersSwipe(_ style: ModalPresentationStyle) -> Bool {
        switch style {
        case .automatic, .pageSheet, .formSheet, .popover: true
        case .fullScreen, .overFullScreen, .currentContext, .overCurrentContext, .blurOverFullScreen, .none, .custom: false
        }
    }

    /// The first view controller on screen in the presentation (the presented one, then what it
    /// shows) whose class sets `isModalInPresentation`, with what it sets.
    func modalInPresentation(of presented: Int) -> (Int, ModalInPresentation)? {
        for x in state.visibleChain(from: presented) {
            if let m = info(of: x).declarations.lazy.compactMap(\.modalInPresentation).first { return (x, m) }
        }
        return nil
    }

    /// Whether `check` should explore a user's dismissal of this presentation: its style offers
    /// the gesture and no view controller of it is certainly modal. A value flownav could not
    /// evaluate leaves the swipe possible, so it is explored.
    public func userCanSwipe(_ presented: Int) -> Bool {
        // Asked for every state `check` explores: the style alone, no refusal text built.
        guard Self.offersSwipe(state[presented].presentationStyle ?? .automatic) else { return false }
        if case .always? = modalInPresentation(of: presented)?.1 { return false }
        return true
    }

    /// The presentation controller's delegate: a view controller of the presentation that is the
    /// delegate of its own (or its container's) presentation, else one on the presenting side
    /// that made itself the delegate of what it presents.
    func presentationDelegate(of presented: Int) -> (Int, PresentationDelegate)? {
        for x in state.visibleChain(from: presented) {
            if let d = info(of: x).declarations.lazy.compactMap(\.presentationDelegate).first, d.role == .self { return (x, d) }
        }
        guard let presenter = state[presented].presenter else { return nil }
        for x in state.visibleChain(from: presenter) where state.levelRoot(of: x) != presented {
            if let d = info(of: x).declarations.lazy.compactMap(\.presentationDelegate).first, d.role == .presented { return (x, d) }
        }
        return nil
    }

    /// The swipe: UIKit asks `presentationControllerShouldDismiss`, calls
    /// `presentationControllerWillDismiss`, dismisses, then `presentationControllerDidDismiss`;
    /// refused by `isModalInPresentation` or a `false`, it calls
    /// `presentationControllerDidAttemptToDismiss` and nothing is dismissed.
    mutating func userDismiss(_ presented: Int) throws(CommandFailure) {
        if let why = swipeRefusal(presented) {
            throw .rejected(Rejection("a user cannot swipe this away: \(why); \(dismissingCommands(presented))"))
        }
        let delegate = presentationDelegate(of: presented)
        do throws(CrashSignal) {
            if let (x, m) = modalInPresentation(of: presented) {
                switch m {
                case .always:
                    emit(.note("isModalInPresentation is true on \(describe(x)), so UIKit refuses the swipe"))
                    try attempted(delegate)
                    return
                case .unknown(let site):
                    emit(.note("isModalInPresentation of \(describe(x)) is set by code flownav did not evaluate\(site.map { ", at \($0)" } ?? ""): the swipe may be refused; it is taken as allowed"))
                }
            }
            if let (id, d) = delegate, let condition = d.shouldDismiss {
                let result = holds(condition, in: Scope(selfID: id))
                emit(.called(id: id, method: "presentationControllerShouldDismiss(_:)", detail: "returns \(result)"))
                if !result {
                    emit(.note("presentationControllerShouldDismiss returned false, so UIKit refuses the swipe"))
                    try attempted(delegate)
                    return
                }
            }
            if let (id, d) = delegate, d.shouldDismissUnread {
                // What rests on this swipe rests on the unread answer (check: possible).
                emit(.called(id: id, method: "presentationControllerShouldDismiss(_:)", detail: "its answer is code flownav did not read: taken as true"))
            }
            if let (id, d) = delegate, let body = d.willDismiss {
                emit(.called(id: id, method: "presentationControllerWillDismiss(_:)", detail: nil))
                try runBody(body, on: id)
            }
            dismiss(presented)
            // Sent after the dismissal, to a delegate that may have gone with it (its body then
            // runs on a released view controller, which flownav does not model: noted).
            if let (id, d) = delegate, let body = d.didDismiss {
                emit(.called(id: id, method: "presentationControllerDidDismiss(_:)", detail: nil))
                try runBody(body, on: id)
            }
        } catch {
            throw .crash(error)
        }
    }

    /// What the app itself offers to leave the presentation: the commands of its code actions
    /// that dismiss and of its unwind segues, on the view controllers on screen in it.
    func dismissingCommands(_ presented: Int) -> String {
        var words: [String] = []
        for x in state.visibleChain(from: presented) {
            for a in info(of: x).actions where a.kind == .dismiss {
                if case .control(let c) = a.trigger { words.append("tap \(c)") } else if a.trigger == .manual { words.append("call \(a.name)") }
            }
            if let scene = state[x].scene {
                for s in flow.segues where s.source == scene && s.kind == .unwind {
                    if case .control(let c) = s.trigger { words.append("tap \(c)") }
                }
            }
        }
        guard !words.isEmpty else { return "the app offers no control or code action that dismisses it, that flownav knows of" }
        return "use what the app provides: " + words.joined(separator: ", ")
    }

    private mutating func attempted(_ delegate: (Int, PresentationDelegate)?) throws(CrashSignal) {
        guard let (id, d) = delegate, let body = d.didAttemptToDismiss else { return }
        emit(.called(id: id, method: "presentationControllerDidAttemptToDismiss(_:)", detail: nil))
        try runBody(body, on: id)
    }

    private mutating func runBody(_ body: PresentationDelegate.Body, on id: Int) throws(CrashSignal) {
        guard case .action(let name) = body else { return }
        if state[id].isReleased {
            emit(.note("\(describe(id)) was dismissed with the presentation, so what \(name) does from it is not modelled"))
            return
        }
        let actions = info(of: id).actions
        guard let k = actions.firstIndex(where: { $0.name == name || $0.name.hasPrefix(name + "(") }) else { return }
        try run(actions[k], number: k, on: id)
    }
}
