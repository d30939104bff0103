/// A storyboard object that is no view controller (a cell, a view, a button, a bar…) whose
/// custom class no source of the app declares, once the Swift sources are read: UIKit logs
/// `Unknown class X in Interface Builder file.` and decodes the element's own UIKit class, so an
/// outlet typed with X or a `dequeueReusableCell(…) as! X` traps later. `"unknownViewClasses"`.
public struct UnknownViewClass: Hashable, Sendable {
    public var className: String
    /// The XML element (`tableViewCell`, `view`, `button`…).
    public var element: String
    /// The element's `customModule`; nil when it names none (then UIKit looks the plain name up).
    public var module: String?
    /// The declared class nearest in name, one of the element's kind first.
    public var nearest: String?
    /// The scene the object belongs to, when the flow has it.
    public var scene: String?
    public var storyboard: StoryboardOrigin?
    public var origin: Origin

    public init(className: String, element: String, origin: Origin) {
        self.className = className
        self.element = element
        self.origin = origin
    }

    /// The UIKit class UIKit decodes instead: the element's (`tableViewCell` → `UITableViewCell`).
    public var elementClass: String { Self.elementClass(of: element) }

    public static func elementClass(of element: String) -> String {
        switch element {
        case "customObject": return "NSObject"
        case "mapView": return "MKMapView"
        case "wkWebView": return "WKWebView"
        case "arscnView": return "ARSCNView"
        case "sceneKitView": return "SCNView"
        case "mtkView": return "MTKView"
        case "glkView": return "GLKView"
        default: return "UI" + element.prefix(1).uppercased() + element.dropFirst()
        }
    }

    /// What UIKit prints in `Unknown class`: the plain name when the storyboard names no module
    /// (the name is looked up as written), else Swift's Objective-C name of the module's class.
    public var runtimeName: String {
        guard let module, !module.isEmpty else { return className }
        return SwiftMangling.objcClassName(module: module, className: className)
    }
}
