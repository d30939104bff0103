import FlowModel

/// Reads a storyboard's or a XIB's XML into a `StoryboardFile`: scenes, their segues and what
/// holds each segue (a control, a static cell, a prototype), with lines and XML ids.
enum StoryboardReader {
    static func read(bytes: [UInt8], file: String) -> Result<StoryboardFile, ImportProblem> {
        if bytes.isEmpty { return .failure(ImportProblem(file: file, line: 1, column: 1, message: "the file is empty; expected a storyboard")) }
        if let nul = bytes.prefix(8192).firstIndex(of: 0) {
            return .failure(ImportProblem(file: file, line: 1, column: 1, message: "this is a binary file (a NUL byte at offset \(nul)), not a storyboard"))
        }
        let doc: XMLDocument
        switch XMLDocument.parse(bytes, file: file) {
        case .success(let d): doc = d
        case .failure(let e):
            return .failure(ImportProblem(file: file, line: e.line, column: e.column, message: "malformed XML: \(e.message)"))
        }
        guard let root = doc.root, root.named("document") else {
            let found = doc.root.map { "<\($0.name)>" } ?? "no element"
            return .failure(ImportProblem(file: file, line: doc.root?.line ?? 1, message: "not a storyboard: expected a <document> element from Interface Builder, found \(found)"))
        }
        let type = root["type"] ?? ""
        let runtime = root["targetRuntime"] ?? ""
        if runtime.hasPrefix("MacOSX") || type.contains(".Cocoa.") {
            var p = ImportProblem(file: file, line: root.line, message: "macOS storyboards are AppKit, not UIKit (targetRuntime \(runtime.isEmpty ? type : runtime)); flownav models iOS apps")
            p.otherPlatform = true
            return .failure(p)
        }
        if runtime.hasPrefix("watchKit") || type.contains(".WatchKit.") {
            var p = ImportProblem(file: file, line: root.line, message: "watchOS storyboards are WatchKit, not UIKit (targetRuntime \(runtime.isEmpty ? type : runtime)); flownav models iOS apps")
            p.otherPlatform = true
            return .failure(p)
        }
        guard type.contains("CocoaTouch") || runtime.hasPrefix("iOS") || runtime.hasPrefix("AppleTV") else {
            return .failure(ImportProblem(file: file, line: root.line, message: "not an iOS storyboard or XIB (document type '\(type)')"))
        }
        let name = baseName(file)
        var sb = StoryboardFile(name: name, file: file, initialXMLID: root["initialViewController"])
        sb.tvOS = runtime.hasPrefix("AppleTV")
        if type.hasSuffix(".Storyboard.XIB") {
            for scene in root.child("scenes")?.children ?? [] where scene.named("scene") {
                guard let objects = scene.child("objects") else { continue }
                // Gesture recognizers and free-standing views are the scene's top-level
                // objects beside the view controller, yet their segues are the scene's.
                let others = objects.children.filter { $0["sceneMemberID"] == nil && !$0.named("placeholder") }
                for object in objects.children where object["sceneMemberID"] == "viewController" {
                    sb.scenes.append(readScene(object, others: others, file: file))
                    ViewCustomClasses.read([object] + others, file: file, sceneXMLID: object["id"] ?? "", into: &sb.viewClasses)
                }
            }
        } else {
            sb.nibOwner = nibOwner(root)
            sb.nibOwnerModule = root.child("objects")?.children.first { $0.named("placeholder") && $0["placeholderIdentifier"] == "IBFilesOwner" }?["customModule"]
            if sb.nibOwner != nil, let objects = root.child("objects") {
                sb.nibActionControls = actionControls(in: objects.children, target: "-1")
                ViewCustomClasses.read(objects.children, file: file, sceneXMLID: nil, into: &sb.viewClasses)
            }
        }
        return .success(sb)
    }

    static func baseName(_ path: String) -> String {
        var n = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = n.lastIndex(of: ".") { n = String(n[..<dot]) }
        return n
    }

    /// A XIB is a view controller's nib when its File's Owner has a custom class and an outlet
    /// `view` (a cell's or a view's XIB has neither).
    private static func nibOwner(_ root: XMLElement) -> String? {
        guard let objects = root.child("objects") else { return nil }
        for o in objects.children where o.named("placeholder") && o["placeholderIdentifier"] == "IBFilesOwner" {
            guard let cls = o["customClass"], !cls.isEmpty else { return nil }
            let outlets = o.child("connections")?.children ?? []
            return outlets.contains { $0.named("outlet") && $0["property"] == "view" } ? cls : nil
        }
        return nil
    }

    private static func readScene(_ vc: XMLElement, others: [XMLElement], file: String) -> StoryboardScene {
        let xmlID = vc["id"] ?? ""
        var s = StoryboardScene(
            xmlID: xmlID, element: vc.name, customClass: vc["customClass"].flatMap { $0.isEmpty ? nil : $0 },
            customModule: vc["customModule"], storyboardIdentifier: vc["storyboardIdentifier"].flatMap { $0.isEmpty ? nil : $0 },
            title: nil, origin: StoryboardOrigin(file: file, line: vc.line, xmlID: xmlID))
        if vc.named("viewControllerPlaceholder") {
            s.reference = (vc["storyboardName"].flatMap { $0.isEmpty ? nil : $0 }, vc["referencedIdentifier"].flatMap { $0.isEmpty ? nil : $0 })
        }
        s.moduleIsTarget = vc["customModuleProvider"] == "target"
        s.definesPresentationContext = vc["definesPresentationContext"] == "YES"
        s.modalPresentationStyle = vc["modalPresentationStyle"]
        if vc.named("splitViewController") {
            // Interface Builder's Style: `allowDoubleColumnStyle="YES"` (Habitica's, with a
            // compact column, which only a column-style split view has), or `style="…"`.
            s.splitStyle = vc["style"] ?? (vc["allowTripleColumnStyle"] == "YES" ? "tripleColumn" : vc["allowDoubleColumnStyle"] == "YES" ? "doubleColumn" : nil)
        }
        var navTitle: String?
        var tabTitle: String?
        for c in vc.children {
            if c.named("navigationItem"), c["key"] == "navigationItem" { navTitle = c["title"] }
            if c.named("tabBarItem"), c["key"] == "tabBarItem" { tabTitle = c["title"] }
        }
        s.title = [vc["title"], navTitle, tabTitle].compactMap { $0 }.first { !$0.isEmpty }

        // The view controller's outlets name the controls they point at.
        var outlets: [String: String] = [:]
        for c in vc.child("connections")?.children ?? [] where c.named("outlet") {
            if let p = c["property"], let d = c["destination"], outlets[d] == nil { outlets[d] = p }
        }
        s.outlets = connectedOutlets(vc)
        var staticCells: [String: (Int, Int)] = [:]
        var sawStaticTable = false
        var controlNames: [String: String] = [:]
        var usedControlNames: Set<String> = []
        // Where the search for a free `NameK` resumes, per name: starting at 2 each time made a
        // scene of many controls of one title quadratic (found by fuzz-import).
        var nextSuffix: [String: Int] = [:]
        var seenPrototypes: Set<String> = []
        var seenCollectionPrototypes: Set<String> = []
        // Names of every control with an id, for popover anchors that hold no segue themselves.
        var anchorNames: [String: String] = [:]
        func walk(_ body: (XMLElement) -> Void) {
            vc.forEachDescendant(body)
            for o in others {
                body(o)
                o.forEachDescendant(body)
            }
        }
        walk { e in
            if (e.named("barButtonItem") || e.named("button")), let id = e["id"] { anchorNames[id] = controlName(e, outlet: outlets[id]) }
        }
        walk { e in
            if e.named("tableView") {
                if e["dataMode"] == "static", let sections = e.child("sections") {
                    var counts: [Int] = []
                    for (si, section) in sections.children.filter({ $0.named("tableViewSection") }).enumerated() {
                        let cells = (section.child("cells")?.children ?? []).filter { $0.named("tableViewCell") }
                        for (ri, cell) in cells.enumerated() { if let id = cell["id"] { staticCells[id] = (si, ri) } }
                        counts.append(cells.count)
                    }
                    if !sawStaticTable { s.staticSections = counts; sawStaticTable = true }
                } else if e["dataMode"] != "static" {
                    s.hasDataCells = true
                }
                if e["dataMode"] != "static", let prototypes = e.child("prototypes") {
                    for cell in prototypes.children where cell.named("tableViewCell") {
                        let n = prototypeName(cell)
                        if seenPrototypes.insert(n).inserted { s.prototypes.append(n) }
                    }
                }
            } else if e.named("collectionView") {
                s.hasDataCells = true
                for cell in e.child("cells")?.children ?? [] where cell.named("collectionViewCell") {
                    let n = prototypeName(cell)
                    if seenCollectionPrototypes.insert(n).inserted { s.collectionPrototypes.append(n) }
                }
            } else if e.named("segue"), let conn = e.parent, conn.named("connections"), let holderElement = conn.parent {
                // Tie-breakers (`reference`) are layout data; keyed children (peek and pop's
                // commit/preview) belong to their parent segue.
                guard e["reference"] == nil, e["key"] == nil else { return }
                var holder: StoryboardSegue.Holder
                func cell(_ key: String) {
                    if s.cellOrigins[key] == nil {
                        s.cellOrigins[key] = StoryboardOrigin(file: file, line: holderElement.line, xmlID: holderElement["id"] ?? "")
                    }
                }
                if holderElement.node == vc.node {
                    holder = .viewController
                } else if holderElement.named("tableViewCell") {
                    if let id = holderElement["id"], let (sec, row) = staticCells[id] {
                        holder = .staticCell(section: sec, row: row)
                        cell("cell:\(sec):\(row)")
                    } else {
                        holder = .prototype(prototypeName(holderElement))
                        cell(prototypeName(holderElement))
                    }
                } else if holderElement.named("collectionViewCell") {
                    holder = .collectionCell(prototypeName(holderElement))
                    cell(prototypeName(holderElement))
                } else if holderElement.named("containerView") {
                    holder = .container
                } else {
                    let id = holderElement["id"] ?? ""
                    if let known = controlNames[id] {
                        holder = .control(known)
                    } else {
                        var n = controlName(holderElement, outlet: outlets[id])
                        if usedControlNames.contains(n) {
                            var k = nextSuffix[n] ?? 2
                            while usedControlNames.contains("\(n)\(k)") { k += 1 }
                            nextSuffix[n] = k + 1
                            n = "\(n)\(k)"
                        }
                        usedControlNames.insert(n)
                        controlNames[id] = n
                        s.controls.append(n)
                        s.controlOrigins[n] = StoryboardOrigin(file: file, line: holderElement.line, xmlID: id)
                        holder = .control(n)
                    }
                }
                if e["trigger"] == "accessoryAction" { holder = .accessory(holder) }
                let segueID = e["id"] ?? ""
                s.segues.append(StoryboardSegue(
                    xmlID: segueID, kind: e["kind"] ?? "", destination: e["destination"],
                    identifier: e["identifier"].flatMap { $0.isEmpty ? nil : $0 },
                    relationship: e["relationship"], creationSelector: e["destinationCreationSelector"],
                    unwindAction: e["unwindAction"], modalPresentationStyle: e["modalPresentationStyle"],
                    modalTransitionStyle: e["modalTransitionStyle"], customClass: e["customClass"],
                    animates: e["animates"] != "NO", popoverAnchor: (e["popoverAnchorBarButtonItem"] ?? e["popoverAnchorView"]).map { anchorID in
                        controlNames[anchorID] ?? anchorNames[anchorID] ?? anchorID
                    },
                    holder: holder, origin: StoryboardOrigin(file: file, line: e.line, xmlID: segueID)))
            }
        }
        // A control with a segue keeps the segue's name for its action too.
        for (selector, n) in actionControls(in: [vc] + others, target: xmlID) {
            s.actionControls[selector] = n
        }
        return s
    }

    private static func prototypeName(_ cell: XMLElement) -> String {
        for candidate in [cell["reuseIdentifier"], cell["customClass"], cell["id"]] {
            if let c = candidate, !c.isEmpty { return Naming.word(c) }
        }
        return "cell"
    }

    /// Controls whose `@IBAction` is sent to `target` (the view controller's XML id, or a nib's
    /// File's Owner `-1`): selector → control name, the first control for each selector.
    static func actionControls(in roots: [XMLElement], target: String) -> [String: String] {
        var out: [String: String] = [:]
        var used: Set<String> = []
        func visit(_ e: XMLElement) {
            if e.named("action"), e["destination"] == target, let selector = e["selector"], out[selector] == nil,
               let conn = e.parent, conn.named("connections"), let control = conn.parent {
                var n = controlName(control, outlet: nil)
                var k = 2
                while used.contains(n) { n = controlName(control, outlet: nil) + "\(k)"; k += 1 }
                used.insert(n)
                out[selector] = n
            }
        }
        for r in roots {
            visit(r)
            r.forEachDescendant(visit)
        }
        return out
    }

    /// For `tap`: userLabel, accessibility identifier, title, system item, outlet, image, XML id.
    private static func controlName(_ e: XMLElement, outlet: String?) -> String {
        var accessibility: String?
        var stateTitle: String?
        var stateImage: String?
        for c in e.children {
            if c.named("accessibility"), let i = c["identifier"], !i.isEmpty { accessibility = i }
            if c.named("state"), c["key"] == "normal" {
                stateTitle = c["title"]
                stateImage = c["image"]
            }
        }
        // A gesture recognizer's XML id means nothing to a user; its kind does (`tap`, `swipe`).
        let gesture = e.name.hasSuffix("GestureRecognizer") ? String(e.name.dropLast("GestureRecognizer".count)) : nil
        let candidates: [String?] = [
            e["userLabel"], accessibility, e["title"] ?? stateTitle, e["systemItem"], outlet, e["image"] ?? stateImage, gesture, e["id"],
        ]
        for candidate in candidates {
            if let c = candidate {
                let w = Naming.lowerCamel(c)
                if !w.isEmpty { return w }
            }
        }
        return e.name
    }
}
