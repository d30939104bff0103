/// A `dismiss` action's `receiver`: the view controller the Swift code sends
/// `dismiss(animated:completion:)` to, when it is not `self`. UIKit forwards the call from
/// there (the receiver's presented view controller first, else the presentation it is in), so
/// `presentingViewController?.dismiss` and `self.dismiss` can remove different view controllers.
public enum DismissReceiver {
    /// The receivers the format names; `self` is the default and may be written.
    public static let names = ["self", "presentingViewController", "navigationController", "tabBarController", "splitViewController", "parent"]
}

extension FlowDecoder {
    /// `receiver`, for `dismiss` actions only; nil for `self`.
    mutating func dismissReceiver(_ f: Fields, kind: CodeAction.Kind) -> String? {
        guard f.has("receiver") else { return nil }
        guard kind == .dismiss else {
            sink.error(f["receiver"]?.position, f.path("receiver"), "'receiver' belongs only on dismiss actions")
            return nil
        }
        guard let r = f.string("receiver", &sink) else { return nil }
        guard DismissReceiver.names.contains(r) else {
            sink.error(f["receiver"]?.position, f.path("receiver"), "'receiver' is one of \(DismissReceiver.names.joined(separator: ", ")); got '\(r)'")
            return nil
        }
        return r == "self" ? nil : r
    }
}
