import FlowModel

/// Presentations UIKit refuses with an exception (docs/uikit-reference-additions.md,
/// "Presentations UIKit refuses"). Each is checked after `present` has found its presenting view
/// controller and the hierarchy exceptions of reference §3.5, before the presentation joins the
/// tree: nothing of it is on screen when the app stops.
extension Simulator {
    /// The address printed for the popover's presentation controller: it is no view controller,
    /// so it has no counter of its own; one fixed address keeps transcripts stable.
    static let popoverPresentationControllerAddress = "0x600003a0c000"

    mutating func refusePresentation(_ dest: Int, from source: Int, presenter: Int, style: ModalPresentationStyle,
                                     transition: ModalTransitionStyle?, anchored: Bool) throws(CrashSignal) {
        if style == .none {
            // Apple: "Do not use this style to present a view controller." (UIModalPresentationStyle.none)
            throw CrashSignal(crash: .exception(
                name: "NSInternalInconsistencyException",
                reason: "The specified modal presentation style doesn't have a corresponding presentation controller.", preamble: []))
        }
        if transition == .partialCurl {
            // Apple (partialCurl): "supported only if the parent view controller is presenting a
            // full-screen view and you use the UIModalPresentationStyle.fullScreen modal
            // presentation style. Attempting to use a different form factor or a different
            // presentation style triggers an exception." The logs name the view controller
            // `present` was sent to.
            let presenterCoversScreen = state[presenter].presenter == nil || state[presenter].presentationStyle == .fullScreen
            if style != .fullScreen || !presenterCoversScreen {
                emit(.note(style != .fullScreen
                    ? "a partialCurl transition needs the fullScreen presentation style; this one is \(style.rawValue)\(style == .automatic ? " (a page sheet since iOS 13)" : "")"
                    : "a partialCurl transition needs a presenting view controller that covers the screen; \(describe(presenter)) is itself presented \(state[presenter].presentationStyle?.rawValue ?? "")"))
                throw CrashSignal(crash: .exception(
                    name: "NSInvalidArgumentException",
                    reason: "Application tried to present UIModalTransitionStylePartialCurl to or from non-fullscreen view controller \(describe(source)).", preamble: []))
            }
        }
        if style == .popover && !state.compact && !anchored {
            // In a regular width the popover presentation controller lays the popover out from
            // its anchor as the transition begins; in a compact width it adapts to a sheet first
            // and needs none (the reports of this crash are all from iPads).
            emit(.note("the popover presentation controller has no sourceView, barButtonItem or sourceItem, and a pad shows a real popover"))
            throw CrashSignal(crash: .exception(
                name: "NSGenericException",
                reason: "UIPopoverPresentationController (<UIPopoverPresentationController: \(Self.popoverPresentationControllerAddress)>) should have a non-nil sourceView or barButtonItem set before the presentation occurs.",
                preamble: []))
        }
    }

    /// Whether a storyboard segue's popover has an anchor: the one Interface Builder records
    /// (`popoverAnchorView`, `popoverAnchorBarButtonItem`), or the control or cell the segue is
    /// dragged from, which Interface Builder records as its anchor. A manual segue has neither.
    func segueHasPopoverAnchor(_ index: Int) -> Bool {
        if flow.segues[index].popoverAnchor != nil { return true }
        switch flow.segues[index].trigger {
        case .manual: return false
        default: return true
        }
    }
}
