import FlowModel

/// One storyboard (or XIB) as read from its XML: what navigation needs, nothing of the layout.
struct StoryboardFile {
    /// The storyboard's name as `storyboardName` references spell it: the file name without
    /// extension.
    var name: String
    var file: String
    var initialXMLID: String?
    var scenes: [StoryboardScene] = []
    /// A XIB's File's Owner class when it is a view controller's nib.
    var nibOwner: String?
    /// The File's Owner's `customModule`: the app's module when no storyboard names it.
    var nibOwnerModule: String?
    /// A nib's controls whose `@IBAction` goes to the File's Owner: selector → control name.
    var nibActionControls: [String: String] = [:]
    /// A tvOS document (`targetRuntime="AppleTV"`): UIKit too, but beside iOS ones another target's.
    var tvOS = false
    /// Custom classes of its objects other than view controllers (cells, views, buttons…).
    var viewClasses: [StoryboardViewClass] = []
}

struct StoryboardScene {
    var xmlID: String
    /// The element name: `viewController`, `tableViewController`, `navigationController`, …
    var element: String
    var customClass: String?
    var customModule: String?
    /// `customModuleProvider="target"`: the class is the app target's own, whatever the module.
    var moduleIsTarget = false
    var storyboardIdentifier: String?
    var title: String?
    var origin: StoryboardOrigin
    /// `viewControllerPlaceholder`: a storyboard reference.
    var reference: (storyboard: String?, identifier: String?)?
    var definesPresentationContext = false
    /// A `<splitViewController style="doubleColumn">`: iOS 14's column-style split view.
    var splitStyle: String?
    /// The view controller's outlets (and outlet collections) the scene connects, by property.
    var outlets: [String] = []
    var modalPresentationStyle: String?
    /// Static table: cells per section. Prototype table: the prototypes' names.
    var staticSections: [Int] = []
    var prototypes: [String] = []
    var collectionPrototypes: [String] = []
    /// A table or collection whose cells come from data (prototypes, or cells registered in code).
    var hasDataCells = false
    var segues: [StoryboardSegue] = []
    /// Controls holding segues, by name, in file order.
    var controls: [String] = []
    /// The elements of the controls and of the cells holding segues (static cells by `cell:S:R`,
    /// prototypes by name).
    var controlOrigins: [String: StoryboardOrigin] = [:]
    var cellOrigins: [String: StoryboardOrigin] = [:]
    /// Controls whose `@IBAction` (`<action selector="logIn:" destination=VC>`) goes to the
    /// view controller: selector → control name. They become controls only when the Swift
    /// sources say what the action does (`SourcesMerge`).
    var actionControls: [String: String] = [:]
}

struct StoryboardSegue {
    indirect enum Holder: Hashable {
        case viewController
        case control(String)
        case staticCell(section: Int, row: Int)
        case prototype(String)
        case collectionCell(String)
        case accessory(Holder)
        case container
    }

    var xmlID: String
    var kind: String
    var destination: String?
    var identifier: String?
    var relationship: String?
    var creationSelector: String?
    var unwindAction: String?
    var modalPresentationStyle: String?
    var modalTransitionStyle: String?
    var customClass: String?
    var animates = true
    var popoverAnchor: String?
    var holder: Holder
    var origin: StoryboardOrigin
}

/// Why a file cannot be imported at all.
public struct ImportProblem: Error, Hashable, Sendable {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String
    /// The file is well-formed but for another platform (a macOS storyboard): an app folder
    /// that also holds iOS storyboards (a multiplatform project) imports those and skips it.
    public var otherPlatform = false

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var s = file
        if let line { s += ":\(line)" }
        if let column { s += ":\(column)" }
        return s + ": error: " + message
    }
}
