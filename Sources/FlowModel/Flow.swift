/// Where a part of the flow was declared, for messages and for `check`'s findings.
public struct Origin: Hashable, Sendable {
    public var path: String
    public var position: SourcePosition?

    public init(path: String, position: SourcePosition?) {
        self.path = path
        self.position = position
    }
}

/// A loaded, validated flow (format 1): the storyboard half and the code half of an app.
/// Scenes and segues are referenced by index so the engine's states stay small.
public struct Flow: Hashable, Sendable {
    public var file: String
    public var name: String
    public var module: String
    /// Index into `scenes` of the storyboard's initial view controller.
    public var initial: Int?
    /// The initial view controller on a pad when the app names its own storyboard for one
    /// (Info.plist's `UIMainStoryboardFile~ipad`); nil: `initial` on both.
    public var padInitial: Int?
    public var launch: Launch
    public var protocols: [String: ProtocolDecl]
    public var destinations: [String: DestinationEnum]
    public var classes: [String: ClassDecl]
    /// The app's `UIStoryboardSegue` subclasses, for `custom` segues; nil when the flow does
    /// not say (then every `customClass` is taken to exist).
    public var segueClasses: [String]?
    /// What each segue class's `perform()` does, when the flow says (`SegueClass`).
    public var segueClassPerforms: [String: SegueClass] = [:]
    /// Storyboard objects other than view controllers whose class no source declares.
    public var unknownViewClasses: [UnknownViewClass] = []
    /// Scene classes the storyboards name with no `customModule`: a compiled storyboard stores
    /// them as written, so UIKit prints the plain name (`Unknown class NoteViewController`).
    public var classesWithoutModule: Set<String> = []
    /// In file order.
    public var scenes: [Scene]
    /// In file order (the order of tabs follows it).
    public var segues: [Segue]
    /// What cannot be known from the storyboards alone (an import's top-level notes).
    public var notes: [String] = []
    /// Whether the classes were read from the app's Swift sources (`sources`): then an imported
    /// segue's action that no class declares is stale, not unknown.
    public var sourcesRead = false
    /// Strings the Swift code uses to name segues, Storyboard IDs and storyboards (`references`).
    public var references: [SourceReference] = []
    /// The storyboard files of the app folder, by name without extension, those not imported
    /// (another platform's) included and launch screens not; nil: not known (a hand-written flow).
    public var storyboardNames: [String]?
    /// The scene the app starts with on `device`.
    public func initial(on device: Device) -> Int? {
        device == .pad ? (padInitial ?? initial) : initial
    }

    /// The idiom the app runs on unless the user says otherwise (`--device`, `device`).
    public var device: Device = .phone
    /// `check` findings the flow's authors intend (`suppress`), in file order.
    public var suppressions: [Suppression] = []
    /// The Swift lines parts of the flow were read from (`"at"`), by the part's JSON path:
    /// where `check` points a finding about that part (see `codeLocation(ofPath:)`).
    public var codeLocations: [String: CodeLocation] = [:]
    /// Whether the parts' positions are lines of `file`: not for a flow imported in memory from
    /// storyboards or an app folder, which has no JSON file (its parts point into the storyboard
    /// and the Swift files instead).
    public var positionsInFile = true

    /// An imported segue whose owner nothing tells: the storyboard was read without its sources.
    public func ownerUnknown(segue i: Int) -> Bool { segues[i].storyboard != nil && !sourcesRead }

    public init(
        file: String, name: String, module: String, initial: Int?, launch: Launch = Launch(),
        protocols: [String: ProtocolDecl] = [:], destinations: [String: DestinationEnum] = [:],
        classes: [String: ClassDecl] = [:], scenes: [Scene] = [], segues: [Segue] = []
    ) {
        self.file = file
        self.name = name
        self.module = module
        self.initial = initial
        self.launch = launch
        self.protocols = protocols
        self.destinations = destinations
        self.classes = classes
        self.segueClasses = nil
        self.scenes = scenes
        self.segues = segues
    }

    public func sceneIndex(_ id: String) -> Int? { scenes.firstIndex { $0.id == id } }

    /// The class UIKit instantiates for a scene: its class, or when no code declares that class
    /// (a stale name after a rename), the storyboard element's UIKit class, as UIKit does after
    /// logging `Unknown class X in Interface Builder file.`
    public func runtimeClass(ofScene i: Int) -> String {
        let s = scenes[i]
        return isKnownClass(s.className) ? s.className : s.elementClass ?? "UIViewController"
    }

    /// Whether a scene names a class that no code declares.
    public func hasUnknownClass(scene i: Int) -> Bool { !isKnownClass(scenes[i].className) }

    /// The Objective-C runtime name of a class of the module: as written when the storyboard
    /// names no module for it (`classesWithoutModule`), else `@objc(Name)`'s Name, else Swift's
    /// mangling of module and class (`_TtC4Acts18DestViewController`); UIKit's own classes keep
    /// their names. What a compiled storyboard stores and UIKit prints in `Unknown class` and
    /// `-[… initWithCoder:]`.
    public func objcRuntimeName(of className: String) -> String {
        if UIKitClass.isKnown(className) || classesWithoutModule.contains(className) { return className }
        if let n = classes[className]?.objcName { return n }
        return SwiftMangling.objcClassName(module: module, className: className)
    }
}

/// The user interface idiom: a compact-width iPhone or a regular-width iPad.
public enum Device: String, Hashable, Sendable, CaseIterable {
    case phone
    case pad
}

public struct ProtocolDecl: Hashable, Sendable {
    public init(name: String, objc: Bool) {
        self.name = name
        self.objc = objc
    }

    public var name: String
    public var objc: Bool
}

/// Seed 002's `StoryboardDestination`: cases with associated values, each mapped to a segue identifier.
public struct DestinationEnum: Hashable, Sendable {
    public struct Case: Hashable, Sendable {
        public init(name: String, values: [String], segue: String?, origin: Origin) {
            self.name = name
            self.values = values
            self.segue = segue
            self.origin = origin
        }

        public var name: String
        public var values: [String]
        public var segue: String?
        public var origin: Origin
    }

    public init(name: String, cases: [Case], origin: Origin) {
        self.name = name
        self.cases = cases
        self.origin = origin
    }

    public var name: String
    public var cases: [Case]
    public var origin: Origin
}

/// `name = expression`, in declaration order.
public struct Assignment: Hashable, Sendable {
    public init(name: String, expression: String, origin: Origin) {
        self.name = name
        self.expression = expression
        self.origin = origin
    }

    public var name: String
    public var expression: String
    public var origin: Origin
}

/// A condition of a `guard`, `nilWhen` or `shouldPerform`.
public enum Condition: Hashable, Sendable, CustomStringConvertible {
    case always
    case never
    case selection
    case noSelection
    case isNil(String)
    case isNotNil(String)

    public init?(_ text: String) {
        let t = text.trimmingSpaces
        switch t {
        case "always", "true": self = .always
        case "never", "false": self = .never
        case "selection": self = .selection
        case "noSelection": self = .noSelection
        default:
            // `NAME == nil`, `NAME != nil`, with or without spaces around the operator.
            guard t.hasSuffix("nil") else { return nil }
            let lhs = String(t.dropLast(3)).trimmingSpaces
            guard lhs.hasSuffix("==") || lhs.hasSuffix("!=") else { return nil }
            let name = String(lhs.dropLast(2)).trimmingSpaces.droppingSelf
            guard name.isIdentifier else { return nil }
            self = lhs.hasSuffix("==") ? .isNil(name) : .isNotNil(name)
        }
    }

    public var description: String {
        switch self {
        case .always: "always"
        case .never: "never"
        case .selection: "selection"
        case .noSelection: "noSelection"
        case .isNil(let n): "\(n) == nil"
        case .isNotNil(let n): "\(n) != nil"
        }
    }

    /// The dependency the condition reads, if any.
    public var dependency: String? {
        switch self {
        case .isNil(let n), .isNotNil(let n): n
        default: nil
        }
    }
}

/// How a user reaches a segue or a code action besides performing or calling it by name.
public enum Trigger: Hashable, Sendable, CustomStringConvertible {
    case manual
    /// A prototype cell: every row of the table.
    case cell
    /// One static cell: `cell:S:R` (`cell:R` is section 0).
    case row(section: Int, row: Int)
    /// One of several prototypes: the rows the scene's `prototypes` give it.
    case prototype(String)
    case control(String)
    /// A code action run by UIKit from `viewDidLoad`, `viewWillAppear` or `viewDidAppear`
    /// (actions only: `Trigger(action:)`).
    case appearance(AppearanceCallback)

    public init?(_ text: String) {
        if text == "manual" {
            self = .manual
        } else if text == "cell" {
            self = .cell
        } else if text.hasPrefix("cell:") {
            guard let (section, row) = Trigger.indexPath(text.dropFirst(5)) else { return nil }
            self = .row(section: section, row: row)
        } else if text.hasPrefix("prototype:"), text.count > 10 {
            self = .prototype(String(text.dropFirst(10)))
        } else if text.hasPrefix("control:"), text.count > 8 {
            self = .control(String(text.dropFirst(8)))
        } else {
            return nil
        }
    }

    /// `S:R` or `R` (section 0), non-negative decimal numbers.
    static func indexPath(_ text: Substring) -> (Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        var numbers: [Int] = []
        for p in parts {
            guard !p.isEmpty, p.count <= 9, p.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(p) else { return nil }
            numbers.append(n)
        }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : (0, numbers[0])
    }

    public var description: String {
        switch self {
        case .manual: "manual"
        case .cell: "cell"
        case .row(let s, let r): "cell:\(s):\(r)"
        case .prototype(let p): "prototype:\(p)"
        case .control(let c): "control:\(c)"
        case .appearance(let c): c.rawValue
        }
    }

    public var control: String? {
        if case .control(let c) = self { return c }
        return nil
    }

    /// Fired by selecting a row (`cell`, `cell:S:R`, `prototype:NAME`).
    public var isRow: Bool {
        switch self {
        case .cell, .row, .prototype: true
        case .manual, .control, .appearance: false
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }

    var droppingSelf: String { hasPrefix("self.") ? String(dropFirst(5)) : self }

    public var isIdentifier: Bool {
        // ASCII fast path: the loader asks this of every key it reads, and Unicode property
        // lookups dominated load time.
        // Over the bytes in place where the string has them (a byte at a time through the view
        // cost more than the check).
        func ascii(_ bytes: some Sequence<UInt8>) -> Bool? {
            var first = true
            for b in bytes {
                if b >= 0x80 { return nil }
                let letter = b == 0x5F || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                if !(letter || (!first && b >= 0x30 && b <= 0x39)) { return false }
                first = false
            }
            return !first
        }
        if let answer = utf8.withContiguousStorageIfAvailable({ ascii($0) }) ?? ascii(utf8) { return answer }
        guard let f = unicodeScalars.first, f == "_" || f.properties.isAlphabetic else { return false }
        return unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}

/// The Objective-C name the Swift compiler gives a class without `@objc(Name)`.
public enum SwiftMangling {
    /// `_TtC` + length-prefixed module + length-prefixed class: `_TtC4Acts18DestViewController`.
    /// The standard library's module is the substitution `s`. Lengths count UTF-8 bytes; a
    /// non-ASCII name would be Punycode-encoded first, which flownav does not model.
    public static func objcClassName(module: String, className: String) -> String {
        let m = module == "Swift" ? "s" : "\(module.utf8.count)\(module)"
        return "_TtC\(m)\(className.utf8.count)\(className)"
    }
}
