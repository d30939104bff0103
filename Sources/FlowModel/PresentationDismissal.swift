/// Whether a user can swipe a presentation away (a sheet pulled down, a popover tapped
/// outside of), and what UIKit tells the presentation controller's delegate when they try.
///
/// Apple (`isModalInPresentation`): "When you set it to true, UIKit ignores events outside the
/// view controller's bounds and prevents the interactive dismissal of the view controller while
/// it is onscreen." (`presentationControllerDidAttemptToDismiss(_:)`): "UIKit supports refusing
/// to dismiss a presentation when the presentationController.isModalInPresentation returns true
/// or presentationControllerShouldDismiss(_:) returns false."
public enum ModalInPresentation: Hashable, Sendable {
    /// `isModalInPresentation = true` where it always runs before a user can swipe (an
    /// initializer, `viewDidLoad`, the appearance callbacks), not under a test.
    case always
    /// Set by code flownav did not evaluate (an expression, a test around it, a method whose
    /// callers are not read), at this line: the swipe is possible, not certain.
    case unknown(CodeLocation?)
}

/// A class that is a presentation controller's `UIAdaptivePresentationControllerDelegate`
/// (`presentationController?.delegate = self`), and the methods it implements.
public struct PresentationDelegate: Hashable, Sendable {
    /// Whose presentation controller it is the delegate of.
    public enum Role: String, Hashable, Sendable, CaseIterable {
        /// Its own presentation, or its container's (`navigationController?.presentationController?
        /// .delegate = self` in the root of a presented navigation controller).
        case `self`
        /// What it presents (`vc.presentationController?.delegate = self` before `present`).
        case presented
    }

    /// What a callback's body does that flownav models: nothing, or one of the class's code
    /// actions (a `dismiss`, a `performSegue`, a `present`).
    public enum Body: Hashable, Sendable {
        case nothing
        case action(String)
    }

    public var role: Role = .self
    /// `presentationControllerShouldDismiss(_:)`: the condition under which it returns `true`;
    /// nil: not implemented (UIKit takes `true`).
    public var shouldDismiss: Condition?
    /// `presentationControllerShouldDismiss(_:)` is implemented, but its answer is code flownav
    /// did not evaluate (`"shouldDismiss": "unknown"`): the swipe is taken as allowed, and what
    /// follows it rests on that.
    public var shouldDismissUnread = false
    /// `presentationControllerWillDismiss(_:)`, when implemented.
    public var willDismiss: Body?
    /// `presentationControllerDidDismiss(_:)`, when implemented: after a swipe only, never after
    /// `dismiss(animated:)` in code.
    public var didDismiss: Body?
    /// `presentationControllerDidAttemptToDismiss(_:)`, when implemented: a swipe refused.
    public var didAttemptToDismiss: Body?
    public var origin: Origin

    public init(origin: Origin) { self.origin = origin }
}

/// What a code action sets on the controller it presents before `present(_:animated:)`
/// (`vc.modalPresentationStyle = .popover`, `vc.popoverPresentationController?.sourceView = …`).
public struct PresentationSettings: Hashable, Sendable {
    public var style: ModalPresentationStyle?
    public var transition: ModalTransitionStyle?
    /// The `sourceView`, `barButtonItem` or `sourceItem` it gives the popover presentation
    /// controller (the Swift text); nil: none is set.
    public var popoverAnchor: String?

    public init(style: ModalPresentationStyle? = nil, transition: ModalTransitionStyle? = nil, popoverAnchor: String? = nil) {
        self.style = style
        self.transition = transition
        self.popoverAnchor = popoverAnchor
    }

    public var isEmpty: Bool { style == nil && transition == nil && popoverAnchor == nil }
}
