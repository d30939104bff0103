import FlowEngine
import FlowModel

/// Rules of appearance-time code and of custom segues' `perform()` (issue 31, items 6 and 7).
extension Rules {
    public static let presentOutsideWindow = Rule(
        id: "present-outside-window", kind: .exploration, severity: .warning,
        summary: "a presentation from viewDidLoad or viewWillAppear that UIKit drops: the presenter's view is not in the window",
        help: "UIKit logs 'Attempt to present … whose view is not in the window hierarchy.' and presents nothing when the view controller that would present is not in a window yet: in viewDidLoad, and in viewWillAppear of a first appearance. It is not a crash, but the screen never shows. Present from viewDidAppear(_:), where the view is in the window.")
    public static let unknownSegueTransition = Rule(
        id: "unknown-segue-transition", kind: .exploration, severity: .note,
        summary: "a custom segue whose perform() flownav did not read: what it shows is not modelled",
        help: "The UIStoryboardSegue subclass overrides perform() with code flownav has no shape for (an animation, a container it does not model, a branch), so the exploration stops at the segue: its destination is made and prepare(for:sender:) runs, and nothing past it is explored. State what perform() does under \"segueClasses\" in a flow naming \"storyboards\" (flows/README.md), or write perform() as a push, a present or super.perform().")
}

extension Explorer {
    /// The appearance-time action a dropped presentation came from: the `(from <X: 0x…>)` of
    /// UIKit's line is the view controller whose code presented (or performed the segue).
    func appearanceActionOrigin(_ message: String, after: Simulator) -> Origin? {
        guard let from = message.between("(from <", ">)"), let address = from.split(separator: " ").last,
              let id = after.instance(address: String(address)) else { return nil }
        let actions = flow.actions(of: after.state.className(of: id))
        return actions.first { $0.trigger.appearance != nil && ($0.kind == .present || $0.kind == .performSegue) }?.origin
    }
}
