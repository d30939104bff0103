import FlowModel

/// Where `dismiss(animated:completion:)` sent to a view controller goes. Apple's documentation
/// of the method: "The presenting view controller is responsible for dismissing the view
/// controller it presented. If you call this method on the presented view controller itself,
/// UIKit asks the presenting view controller to handle the dismissal. If you present several
/// view controllers in succession, thus building a stack of presented view controllers,
/// calling this method on a view controller lower in the stack dismisses its immediate child
/// view controller and all view controllers above that child on the stack." And of
/// `presentedViewController`: "The view controller that is presented by this view controller,
/// or one of its ancestors in the view controller hierarchy."
///
/// So the receiver's `presentedViewController` goes first: a form inside a presented navigation
/// controller that presents an image picker (the presentation is made by the navigation
/// controller, its ancestor) dismisses only the picker. With nothing presented from it or its
/// ancestors, the presentation it is in is dismissed.
extension Simulator {
    /// The presented view controller that `dismiss` sent to `receiver` removes (with whatever
    /// it presents), or nil when there is none: nothing is presented from it, and neither it
    /// nor its ancestors were presented.
    func dismissalTarget(sentTo receiver: Int) -> Int? {
        var x: Int? = receiver
        while let v = x {
            if let p = state[v].presented { return p }
            x = state[v].parent
        }
        let level = state.levelRoot(of: receiver)
        return state[level].presenter != nil ? level : nil
    }

    /// A code action's `dismiss`, sent to `vc` itself, to its `presentingViewController` or to a
    /// container up its parents (the action's `receiver`).
    mutating func runDismissAction(_ action: CodeAction, on vc: Int) {
        let receiver: Int
        switch action.receiver {
        case "presentingViewController"?:
            // Its presentingViewController dismisses what it presented: the level `vc` is in.
            let level = state.levelRoot(of: vc)
            guard let presenter = state[level].presenter else {
                emit(.note("presentingViewController is nil (\(describe(vc)) is not presented), so dismiss is never sent"))
                return
            }
            receiver = presenter
        case "navigationController"?, "tabBarController"?, "splitViewController"?, "parent"?:
            // A container up the parents; nil (and no call) when there is none.
            let name = action.receiver ?? ""
            let kind: ContainerKind? = name == "navigationController" ? .navigation : name == "tabBarController" ? .tabBar : name == "splitViewController" ? .split : nil
            let found: Int? = if let kind { nearestAncestor(of: vc, kind: kind) } else { state[vc].parent }
            guard let up = found else {
                emit(.note("\(name) is nil, so dismiss is never sent"))
                return
            }
            receiver = up
        default:
            receiver = vc
        }
        guard let target = dismissalTarget(sentTo: receiver) else {
            emit(.note("\(describe(receiver)) neither presents nor is presented, so dismiss does nothing"))
            return
        }
        if target != state.levelRoot(of: receiver) && receiver == vc && state[state.levelRoot(of: vc)].presenter != nil {
            emit(.note("\(describe(vc)) has a presented view controller (its own or an ancestor's), so dismiss removes \(describe(target)), not the presentation \(describe(vc)) is in"))
        }
        dismiss(target)
    }
}
