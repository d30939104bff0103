import FlowModel

/// Who a `dismiss(animated:completion:)` call is sent to, read from the text before
/// `.dismiss`: `presentingViewController?.dismiss`, `self.presentingViewController!.dismiss`,
/// `navigationController?.dismiss`, `self?.navigationController?.dismiss` (a `[weak self]`
/// closure). UIKit forwards each from a different view controller, so the flow keeps which
/// (the action's `receiver`); `self` itself is the caller's business (nil here).
enum DismissCallee {
    /// Whether the call goes to the view controller itself: `dismiss`, `self.dismiss`,
    /// `self?.dismiss` (not `self.coordinator.dismiss`, another object's method).
    static func isSelf(_ callee: String) -> Bool {
        callee == "dismiss" || callee == "self.dismiss" || callee == "self?.dismiss" || callee == "self!.dismiss"
    }

    /// `presentingViewController`, or a container up the parents (`navigationController`,
    /// `tabBarController`, `splitViewController`, `parent`), or nil for any other receiver.
    static func receiver(_ callee: String) -> String? {
        var text = Substring(callee)
        for prefix in ["self?.", "self!.", "self."] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
            break
        }
        for name in ["presentingViewController", "navigationController", "tabBarController", "splitViewController", "parent"] where text.hasPrefix(name) {
            // Only the property itself, optional-chained or forced, then `.dismiss`.
            let rest = text.dropFirst(name.count)
            if rest == ".dismiss" || rest == "?.dismiss" || rest == "!.dismiss" { return name }
        }
        return nil
    }
}
