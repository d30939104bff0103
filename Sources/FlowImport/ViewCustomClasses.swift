import FlowModel

/// A storyboard object's custom class as read: any element with `customClass` that is not the
/// scene's view controller (a cell, a view, a button, a bar, a gesture recognizer…).
struct StoryboardViewClass {
    var className: String
    var module: String?
    /// `customModuleProvider="target"`: the app target's own class, whatever the module.
    var moduleIsTarget: Bool
    var element: String
    var origin: StoryboardOrigin
    /// The XML id of the scene's view controller; nil in a XIB.
    var sceneXMLID: String?
}

/// A custom class of the app's module (or of none) on a storyboard object other than a view
/// controller, kept by the import so that, with the Swift sources read, one that no source
/// declares is reported (`unknown-view-class`).
public struct ViewCustomClass: Hashable, Sendable {
    public var className: String
    /// The `customModule`; nil when the storyboard names none.
    public var module: String?
    public var element: String
    public var origin: StoryboardOrigin
    /// The flow's id of the scene (or the nib) holding it.
    public var scene: String?
}

enum ViewCustomClasses {
    /// Custom classes below `root` (a scene's view controller, or a XIB's top-level objects):
    /// segues are left to `unknown-segue-class`, and placeholders and view controllers are
    /// scenes of their own.
    static func read(_ roots: [XMLElement], file: String, sceneXMLID: String?, into out: inout [StoryboardViewClass]) {
        func visit(_ e: XMLElement) {
            guard !e.named("segue"), !e.named("placeholder"), e["sceneMemberID"] != "viewController",
                  let cls = e["customClass"], !cls.isEmpty else { return }
            out.append(StoryboardViewClass(
                className: cls, module: e["customModule"].flatMap { $0.isEmpty ? nil : $0 },
                moduleIsTarget: e["customModuleProvider"] == "target", element: e.name,
                origin: StoryboardOrigin(file: file, line: e.line, xmlID: e["id"] ?? ""), sceneXMLID: sceneXMLID))
        }
        for r in roots {
            visit(r)
            r.forEachDescendant(visit)
        }
    }

    /// The app's classes among `read`'s: a class another module provides (`customModule` other
    /// than the app's, no `customModuleProvider="target"`) is a framework's, and Apple's own
    /// (`MKMapView`, `WKWebView`) exist at run time.
    static func ofApp(_ read: StoryboardViewClass, module: String) -> Bool {
        if let m = read.module, !read.moduleIsTarget, m != module { return false }
        // `UITableView` in the app's module is a slip Interface Builder lets through; whether
        // UIKit finds it is not this lint's to say.
        return !isSystemName(read.className)
    }

    private static let systemPrefixes = ["UI", "NS", "MK", "WK", "CL", "AV", "SCN", "AR", "GLK", "MTK", "PK", "SK", "CN", "PH", "GK", "QL", "SF", "EK", "HK", "INU", "CA"]

    private static func isSystemName(_ name: String) -> Bool {
        if UIKitClass.isKnown(name) { return true }
        for p in systemPrefixes where name.hasPrefix(p) && name.count > p.count {
            let next = name[name.index(name.startIndex, offsetBy: p.count)]
            if next.isUppercase { return true }
        }
        return false
    }

    /// `document` with `"unknownViewClasses"`: the recorded classes that no file of the folder
    /// declares (Swift, or Objective-C's `@interface`), each with the declared class nearest in
    /// name. Unchanged when every one is declared, or a file cannot be read (what cannot be read
    /// may declare it).
    static func adding(to document: JSONNode, uses: [ViewCustomClass], folder: String) -> JSONNode {
        guard !uses.isEmpty, case .object(var top) = document.value else { return document }
        var declared = DeclaredTypes()
        let files = AppFolder.discover(folder, otherExtensions: ["swift", "m", "mm", "h"]).otherFiles.values.flatMap { $0 }
        for f in files {
            guard case .success(let bytes) = FileBytes.read(f) else { return document }
            declared.scan(bytes)
        }
        var items: [J] = []
        var seen: Set<String> = []
        for u in uses where !declared.names.contains(u.className) {
            guard seen.insert(u.origin.file + "\u{0}" + u.origin.xmlID + "\u{0}" + String(u.origin.line)).inserted else { continue }
            let nearest = declared.nearest(to: u.className, kind: UnknownViewClass.elementClass(of: u.element))
            // With no module, a framework's Objective-C class (a pod's `FLAnimatedImageView`)
            // needs none, and the folder need not hold its headers: only a near declared name,
            // the trace of a rename, makes it the app's.
            if u.module == nil && nearest == nil { continue }
            var m = JMembers([("class", .string(u.className)), ("element", .string(u.element))])
            m.add("module", u.module)
            m.add("nearest", nearest)
            m.add("scene", u.scene)
            m.append(("storyboard", u.origin.json))
            items.append(.at(u.origin.line, m.json))
        }
        guard !items.isEmpty else { return document }
        top.append(JSONNode.Member("unknownViewClasses", J.array(items).node()))
        return JSONNode(.object(top), at: document.position)
    }
}

extension ViewCustomClasses {
    /// `document` with `"classesWithoutModule"`, added with the sources read (the import alone
    /// guesses every class, so no text needs it, and its documents stay as they were).
    static func adding(classesWithoutModule names: Set<String>, to document: JSONNode) -> JSONNode {
        guard !names.isEmpty, case .object(var top) = document.value else { return document }
        top.append(JSONNode.Member("classesWithoutModule", J.array(names.sorted().map { .string($0) }).node()))
        return JSONNode(.object(top), at: document.position)
    }
}

/// The type names a folder's sources declare, and each class's superclass as written: a word
/// after `class`, `struct`, `enum`, `actor`, `typealias`, `@interface`, `@implementation` or in
/// `@objc(…)`. A scan of words, not a parse: a name in a comment counts as declared, which only
/// keeps a finding back.
struct DeclaredTypes {
    var names: Set<String> = []
    var superclass: [String: String] = [:]

    private static let keywords: Set<String> = ["class", "struct", "enum", "actor", "typealias", "interface", "implementation"]

    mutating func scan(_ text: [UInt8]) {
        func isWord(_ b: UInt8) -> Bool { b == UInt8(ascii: "_") || (b >= 48 && b <= 57) || (b | 0x20 >= 97 && b | 0x20 <= 122) || b >= 0x80 }
        func skipSpace(_ i: inout Int) { while i < text.count, text[i] == 32 || text[i] == 9 || text[i] == 10 || text[i] == 13 { i += 1 } }
        func word(_ i: inout Int) -> String? {
            let start = i
            while i < text.count, isWord(text[i]) { i += 1 }
            return i > start ? String(decoding: text[start..<i], as: UTF8.self) : nil
        }
        var i = 0
        while i < text.count {
            guard isWord(text[i]), i == 0 || !isWord(text[i - 1]) else { i += 1; continue }
            let at = i > 0 && text[i - 1] == UInt8(ascii: "@")
            guard let w = word(&i) else { i += 1; continue }
            if at, w == "objc", i < text.count, text[i] == UInt8(ascii: "(") {
                var j = i + 1
                skipSpace(&j)
                // `@objc(Name)`, not a selector `@objc(table:didSelect:)`.
                if let n = word(&j), j < text.count, text[j] == UInt8(ascii: ")") { names.insert(n) }
                continue
            }
            guard Self.keywords.contains(w), (w != "interface" && w != "implementation") || at else { continue }
            var j = i
            skipSpace(&j)
            guard let name = word(&j) else { continue }
            // `class func`, `class var`: no declaration.
            if name == "func" || name == "var" || name == "let" || name == "override" || name == "final" || name == "private" { continue }
            names.insert(name)
            guard w == "class" || w == "interface" else { continue }
            skipSpace(&j)
            if j < text.count, text[j] == UInt8(ascii: "<") {
                var depth = 0
                while j < text.count {
                    if text[j] == UInt8(ascii: "<") { depth += 1 }
                    if text[j] == UInt8(ascii: ">") { depth -= 1; if depth == 0 { j += 1; break } }
                    j += 1
                }
                skipSpace(&j)
            }
            guard j < text.count, text[j] == UInt8(ascii: ":") else { continue }
            j += 1
            skipSpace(&j)
            if let s = word(&j), superclass[name] == nil { superclass[name] = s }
            i = j
        }
    }

    /// Whether `name`'s superclasses as declared reach `base`.
    func inherits(_ name: String, from base: String) -> Bool {
        var c = name
        var steps = 0
        while let s = superclass[c], steps < 32 {
            if s == base { return true }
            c = s
            steps += 1
        }
        return false
    }

    /// The declared class nearest to `name` in spelling: among those of the element's kind
    /// (`UITableViewCell` subclasses for a cell) first, then among all.
    func nearest(to name: String, kind: String) -> String? {
        let classes = superclass.keys.sorted()
        let sameKind = classes.filter { inherits($0, from: kind) }
        if let n = NameSuggester.nearest(to: name, in: sameKind, limit: 1).first { return n }
        return NameSuggester.nearest(to: name, in: classes, limit: 1).first
    }
}
