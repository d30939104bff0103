/// A storyboard scene (or a XIB, when `nib` is set).
public struct Scene: Hashable, Sendable {
    public var id: String
    public var className: String
    /// The UIKit class of the storyboard element (`<navigationController>` →
    /// `UINavigationController`): what UIKit instantiates when no code declares `className`.
    /// Nil: `UIViewController`.
    public var elementClass: String?
    public var storyboardIdentifier: String?
    public var title: String?
    /// Row counts per section.
    public var rows: [Int]
    /// Whether the flow gave `rows`; without it, the rows are those its `cell:S:R` triggers name.
    public var rowsGiven: Bool
    public var controls: [String]
    /// Which rows use which prototype cell, for `prototype:NAME` triggers, in file order.
    public var prototypes: [PrototypeRows]
    public var nib: String?
    /// `definesPresentationContext`: a currentContext presentation from inside it covers it.
    public var definesPresentationContext = false
    /// The view controller's own `modalPresentationStyle`, used when the segue sets none.
    public var modalPresentationStyle: ModalPresentationStyle?
    /// The outlets of the view controller the storyboard connects (`<connections><outlet
    /// property=…>`), set when its view loads; nil: not known (no storyboard read).
    public var outlets: [String]? = nil
    /// The storyboard element the scene was imported from.
    public var storyboard: StoryboardOrigin?
    /// The elements of its controls and of its cells that hold segues (static cells by
    /// `cell:S:R`, prototypes by name), in the scene's storyboard file.
    public var storyboardControls: [String: StoryboardOrigin] = [:]
    public var storyboardCells: [String: StoryboardOrigin] = [:]
    /// What the flow's author (or the importer) says cannot be known from the storyboard.
    public var notes: [String] = []
    /// A split view controller's `style` (nil: classic) and its delegate's collapse answer.
    public var splitStyle: SplitStyle?
    public var splitCollapse: SplitCollapse?
    public var origin: Origin

    public init(id: String, className: String, origin: Origin = Origin(path: "", position: nil)) {
        self.id = id
        self.className = className
        self.elementClass = nil
        self.storyboardIdentifier = nil
        self.title = nil
        self.rows = []
        self.rowsGiven = false
        self.controls = []
        self.prototypes = []
        self.nib = nil
        self.storyboard = nil
        self.origin = origin
    }

    public var rowCount: Int { rows.reduce(0, +) }

    /// Whether selecting row [section, row] fires what `trigger` connects. A prototype the scene
    /// does not map takes every row that no mapped prototype claims.
    public func fires(_ trigger: Trigger, section: Int, row: Int) -> Bool {
        switch trigger {
        case .manual, .control, .appearance: return false
        case .cell: return true
        case .row(let s, let r): return s == section && r == row
        case .prototype(let name):
            if let p = prototypes.first(where: { $0.name == name }) { return p.covers(section: section, row: row) }
            return !prototypes.contains { $0.covers(section: section, row: row) }
        }
    }
}

/// `"prototypes": { "NAME": ["section:S", "cell:S:R", …] }`: the rows whose cell is that prototype.
public struct PrototypeRows: Hashable, Sendable {
    public enum Rows: Hashable, Sendable, CustomStringConvertible {
        case section(Int)
        case row(section: Int, row: Int)

        public init?(_ text: String) {
            if text.hasPrefix("section:") {
                let digits = text.dropFirst(8)
                guard !digits.isEmpty, digits.count <= 9, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(digits) else { return nil }
                self = .section(n)
            } else if text.hasPrefix("cell:"), let (s, r) = Trigger.indexPath(text.dropFirst(5)) {
                self = .row(section: s, row: r)
            } else {
                return nil
            }
        }

        public var description: String {
            switch self {
            case .section(let s): "section:\(s)"
            case .row(let s, let r): "cell:\(s):\(r)"
            }
        }

        public var section: Int {
            switch self {
            case .section(let s), .row(let s, _): s
            }
        }
    }

    public var name: String
    public var rows: [Rows]
    public var origin: Origin

    public init(name: String, rows: [Rows], origin: Origin) {
        self.name = name
        self.rows = rows
        self.origin = origin
    }

    public func covers(section: Int, row: Int) -> Bool {
        rows.contains {
            switch $0 {
            case .section(let s): s == section
            case .row(let s, let r): s == section && r == row
            }
        }
    }
}

public enum SegueKind: String, Hashable, Sendable, CaseIterable {
    case show
    case showDetail
    case presentation
    case popoverPresentation
    case embed
    case unwind
    case relationship
    case custom
    case push
    case modal
}

public enum Relationship: String, Hashable, Sendable, CaseIterable {
    case rootViewController
    case viewControllers
    case masterViewController
    case detailViewController
    /// iOS 14 column-style split views: the middle column of a triple-column split, and the
    /// controller shown instead of the columns in a compact width.
    case supplementaryViewController
    case compactViewController
}

public enum ModalPresentationStyle: String, Hashable, Sendable, CaseIterable {
    case automatic
    case fullScreen
    case pageSheet
    case formSheet
    case currentContext
    case custom
    case overFullScreen
    case overCurrentContext
    case popover
    case none
    case blurOverFullScreen
}

public enum ModalTransitionStyle: String, Hashable, Sendable, CaseIterable {
    case coverVertical
    case flipHorizontal
    case crossDissolve
    case partialCurl
}

/// An Objective-C selector as storyboards store it, with the Swift name when the flow gave one.
public struct SelectorName: Hashable, Sendable, CustomStringConvertible {
    public var selector: String
    public var swiftName: String?

    public init(_ text: String) {
        if text.contains("(") {
            swiftName = text
            selector = ObjCSelector.derive(fromSwiftName: text)
        } else {
            swiftName = nil
            selector = text
        }
    }

    public var description: String { swiftName ?? selector }
}

public struct Segue: Hashable, Sendable {
    public var identifier: String?
    public var source: Int
    public var destination: Int?
    public var kind: SegueKind
    public var relationship: Relationship?
    public var action: SelectorName?
    public var trigger: Trigger
    public var modalPresentationStyle: ModalPresentationStyle?
    public var modalTransitionStyle: ModalTransitionStyle?
    public var customClass: String?
    public var animates: Bool
    public var unwindAction: SelectorName?
    /// The bar button item or view a popover presentation points at.
    public var popoverAnchor: String?
    /// The `<segue>` element the segue was imported from.
    public var storyboard: StoryboardOrigin?
    public var notes: [String] = []
    public var origin: Origin

    public init(source: Int, destination: Int?, kind: SegueKind, origin: Origin = Origin(path: "", position: nil)) {
        self.identifier = nil
        self.source = source
        self.destination = destination
        self.kind = kind
        self.relationship = nil
        self.action = nil
        self.trigger = .manual
        self.modalPresentationStyle = nil
        self.modalTransitionStyle = nil
        self.customClass = nil
        self.animates = true
        self.unwindAction = nil
        self.storyboard = nil
        self.origin = origin
    }
}

/// Swift name → Objective-C selector, the way the compiler infers it for `@objc` methods.
public enum ObjCSelector {
    /// `makeDetail(coder:sender:segueIdentifier:)` → `makeDetailWithCoder:sender:segueIdentifier:`;
    /// `showResult(_:sender:)` → `showResult:sender:`; `reset()` → `reset`.
    public static func derive(fromSwiftName name: String) -> String {
        // Over bytes for an ASCII name (nearly all): Character by Character, splitting the
        // labels cost 25,000 instructions a name.
        name.utf8.allSatisfy({ $0 < 0x80 }) ? deriveASCII(name) : deriveCharacters(name)
    }

    static func deriveCharacters(_ name: String) -> String {
        guard let open = name.firstIndex(of: "("), name.hasSuffix(")") else { return name }
        let base = String(name[..<open])
        let inner = name[name.index(after: open)..<name.index(before: name.endIndex)]
        let labels = inner.split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
        guard let first = labels.first else { return base }
        var selector = base
        if first != "_" {
            if addsWith(base: Array(base.utf8), firstLabel: Array(first.utf8)) { selector += "With" }
            // String + String only: `+ first.dropFirst()` (a Substring) goes through the generic
            // append(contentsOf:), whose first call has the runtime look up Substring's
            // Collection conformance by scanning every conformance record (a tenth of start-up).
            selector += first.prefix(1).uppercased()
            selector += String(first.dropFirst())
        }
        selector += ":"
        for label in labels.dropFirst() { selector += (label == "_" ? "" : label) + ":" }
        return selector
    }

    /// `derive` for an ASCII name, where a Character is a byte (a CR LF pair is one
    /// Character, but never a parenthesis, a colon or a letter the rules look at).
    static func deriveASCII(_ name: String) -> String {
        let b = Array(name.utf8)
        guard let open = b.firstIndex(of: UInt8(ascii: "(")), b.last == UInt8(ascii: ")") else { return name }
        let base = b[..<open]
        let labels = b[(open + 1)..<(b.count - 1)].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).dropLast()
        guard let first = labels.first else { return String(decoding: base, as: UTF8.self) }
        var out = Array(base)
        if !first.elementsEqual([UInt8(ascii: "_")]) {
            if addsWith(base: Array(base), firstLabel: Array(first)) { out += Array("With".utf8) }
            if let c = first.first {
                out.append((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) ? c - 0x20 : c)
                out += first.dropFirst()
            }
        }
        out.append(UInt8(ascii: ":"))
        for label in labels.dropFirst() {
            if !label.elementsEqual([UInt8(ascii: "_")]) { out += label }
            out.append(UInt8(ascii: ":"))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The compiler's rule: "With" joins the first label to the base name unless the label's
    /// first word or the base name's last word is a preposition (`close(bySegue:)` →
    /// `closeBySegue:`, `unwindTo(list:)` → `unwindToList:`, `prepare(for:)` → `prepareFor:`).
    static func addsWith(base: [UInt8], firstLabel: [UInt8]) -> Bool {
        func isUpper(_ c: UInt8) -> Bool { c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") }
        func lowered(_ w: ArraySlice<UInt8>) -> String { String(decoding: w.map { isUpper($0) ? $0 + 0x20 : $0 }, as: UTF8.self) }
        let firstWord = firstLabel.prefix { !isUpper($0) }
        let lastStart = base.lastIndex(where: isUpper) ?? 0
        return !prepositions.contains(lowered(firstWord[...])) && !prepositions.contains(lowered(base[lastStart...]))
    }

    /// Swift's prepositions for selector names (`PartsOfSpeech.def`).
    static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from",
        "given", "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since",
        "to", "until", "using", "via", "when", "with", "within",
    ]

    /// The number of arguments a selector takes: one per colon.
    public static func argumentCount(_ selector: String) -> Int {
        // Bytes for an ASCII selector (a colon is then a Character); Characters otherwise.
        if selector.utf8.allSatisfy({ $0 < 0x80 }) { return selector.utf8.reduce(0) { $1 == UInt8(ascii: ":") ? $0 + 1 : $0 } }
        return selector.filter { $0 == ":" }.count
    }
}
