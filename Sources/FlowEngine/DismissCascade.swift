import FlowModel

/// Dismissing a stack of presented view controllers at once (A presents B presents C presents
/// D; `A.dismiss(animated:)`, or an unwind from D to A, which UIKit performs as the modal
/// ancestor's `dismiss`, reference §3.7). Apple, `dismiss(animated:completion:)`: "only the
/// top-most view is dismissed in an animated fashion; any intermediate view controllers are
/// simply removed from the stack." An intermediate view controller that a full-screen
/// presentation above it already took off the screen got its `viewWillDisappear` /
/// `viewDidDisappear` then; being removed from the stack does not send them a second time
/// (UIKit sends appearance callbacks on changes of a view's appearance state). One a sheet
/// left on screen disappears now, once, with the rest.
extension Simulator {
    /// Whether `id` is on screen as a dismissal begins, so that it gets disappear callbacks.
    func isOnScreenForDismissal(_ id: Int) -> Bool {
        state[id].appearance == .appeared
    }
}
