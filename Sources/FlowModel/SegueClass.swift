/// What a `UIStoryboardSegue` subclass's `perform()` does (`"segueClasses": { "Name": { … } }`).
/// UIKit makes the segue, asks `prepare(for:sender:)`, then calls `perform()`: the subclass's
/// override decides the transition (Apple, `UIStoryboardSegue.perform()`: "at the end of it,
/// you're responsible for installing the destination view controller").
public struct SegueClass: Hashable, Sendable {
    public enum Perform: String, Hashable, Sendable, CaseIterable {
        /// No override, or one calling `super.perform()`: the storyboard kind's transition.
        case storyboard
        /// `source.navigationController?.pushViewController(destination, animated:)`.
        case push
        /// `source.show(destination, sender:)`.
        case show
        /// `source.present(destination, animated:)`.
        case present
        /// The window's `rootViewController = destination`.
        case setRoot
        /// Code flownav did not read (an animation, a container it does not model, a branch):
        /// the transition is not guessed.
        case unknown
    }

    public var perform: Perform
    /// `destination.modalPresentationStyle = …` set by `perform()` before it presents (or
    /// before `super.perform()`): it wins over the storyboard's.
    public var modalPresentationStyle: ModalPresentationStyle?
    public var origin: Origin

    public init(perform: Perform, modalPresentationStyle: ModalPresentationStyle? = nil, origin: Origin) {
        self.perform = perform
        self.modalPresentationStyle = modalPresentationStyle
        self.origin = origin
    }
}
