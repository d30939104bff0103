/// The view-controller callbacks a code action can run from instead of a user event
/// (`"trigger": "viewDidLoad"`): UIKit calls them, no user does.
public enum AppearanceCallback: String, Hashable, Sendable, CaseIterable {
    /// Once, when the view loads: before it is in any window, so a presentation from here is
    /// refused (*whose view is not in the window hierarchy*), while a push onto the
    /// navigation controller the view controller is already in works.
    case viewDidLoad
    /// Every time the view is about to appear: still not in the window on its first
    /// appearance.
    case viewWillAppear
    /// Every time the view has appeared (after a pop back, a full-screen dismiss, a tab
    /// switch): in the window, so a presentation from here works (the onboarding pattern).
    case viewDidAppear

    /// The Swift name of the overridden method (`viewDidAppear(_:)`), as the reader names it.
    public var swiftName: String {
        switch self {
        case .viewDidLoad: "viewDidLoad()"
        case .viewWillAppear: "viewWillAppear(_:)"
        case .viewDidAppear: "viewDidAppear(_:)"
        }
    }

    /// The callback a Swift method name overrides, if any.
    public init?(swiftName: String) {
        guard let c = Self.allCases.first(where: { $0.swiftName == swiftName }) else { return nil }
        self = c
    }
}

extension Trigger {
    /// A code action's trigger text: the row and control triggers, and the appearance callbacks
    /// (which segues do not take: a storyboard segue fires from a user event or `performSegue`).
    public init?(action text: String) {
        if let c = AppearanceCallback(rawValue: text) {
            self = .appearance(c)
        } else {
            self.init(text)
        }
    }

    /// The callback of an appearance trigger.
    public var appearance: AppearanceCallback? {
        if case .appearance(let c) = self { return c }
        return nil
    }
}

extension ClassDecl {
    /// What `viewWillAppear` or `viewDidAppear` reads and asserts, or `viewDidLoad`'s.
    public func reads(_ callback: AppearanceCallback) -> ViewDidLoad? {
        switch callback {
        case .viewDidLoad: viewDidLoad
        case .viewWillAppear: viewWillAppear
        case .viewDidAppear: viewDidAppear
        }
    }
}

extension Flow {
    /// The nearest declaration along the lineage with reads for that callback, and its class.
    public static func appearanceReads(_ callback: AppearanceCallback, declarations: [ClassDecl]) -> (ViewDidLoad, ClassDecl)? {
        for d in declarations { if let v = d.reads(callback) { return (v, d) } }
        return nil
    }
}
