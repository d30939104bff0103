/// Structure-aware mode for the importer: turns fuzzer bytes into a well-formed storyboard
/// whose shape the bytes choose — containers and their relationships, segues of every kind
/// from view controllers, buttons, bar buttons, static and prototype cells and gesture
/// recognizers, embeds in container views, unwinds through the exit, references to other
/// storyboards, destinations that are not there — so that what random XML almost never
/// reaches (containment cycles, dangling references, duplicate identifiers) is reached.
public enum StoryboardGenerator {
    static let elements = ["viewController", "navigationController", "tabBarController", "splitViewController",
                           "tableViewController", "collectionViewController", "pageViewController", "hostingController"]
    static let kinds = ["show", "showDetail", "presentation", "popoverPresentation", "embed", "unwind", "relationship",
                        "custom", "push", "modal", "replace", "popover", "bogus"]
    static let relationships = ["rootViewController", "viewControllers", "masterViewController", "detailViewController",
                                "supplementaryViewController", "compactViewController", "bogus"]
    static let holders = ["button", "barButtonItem", "tableViewCell", "staticCell", "collectionViewCell", "gesture", "accessory", "containerView", "none"]
    static let classes = ["", "ViewController", "ListViewController", "UINavigationController", "UIViewController", "Détail"]

    public static func storyboard(from bytes: [UInt8]) -> String {
        var input = bytes.makeIterator()
        func next() -> Int { Int(input.next() ?? 0) }
        let sceneCount = 1 + next() % 24
        // Per scene: its element, class and the segues it holds.
        var elements: [String] = []
        var attributes: [String] = []
        for i in 0..<sceneCount {
            elements.append(Self.elements[next() % Self.elements.count])
            var a = " id=\"vc\(i)\""
            let c = classes[next() % classes.count]
            if !c.isEmpty { a += " customClass=\"\(c)\"" + (next() % 2 == 0 ? " customModule=\"App\"" : "") }
            if next() % 3 == 0 { a += " storyboardIdentifier=\"S\(next() % 4)\"" }
            if next() % 4 == 0 { a += " title=\"T\(next() % 3)\"" }
            attributes.append(a)
        }
        var segues = [[String]](repeating: [], count: sceneCount)
        var segueID = 0
        while let b = input.next() {
            let kind = kinds[Int(b) % kinds.count]
            let source = next() % sceneCount
            // A destination past the scenes is a reference (vcN: one not in this file).
            let destination = next() % (sceneCount + 2)
            var s = "<segue destination=\"vc\(destination)\" kind=\"\(kind)\" id=\"sg\(segueID)\""
            segueID += 1
            if kind == "relationship" { s += " relationship=\"\(relationships[next() % relationships.count])\"" }
            if next() % 2 == 0 { s += " identifier=\"id\(next() % 4)\"" }
            if kind == "unwind" { s += " unwindAction=\"back\(next() % 3):\"" }
            if kind == "custom" && next() % 2 == 0 { s += " customClass=\"FadeSegue\"" }
            if next() % 5 == 0 { s += " destinationCreationSelector=\"make\(next() % 3):\"" }
            if next() % 5 == 0 { s += " modalPresentationStyle=\"\(["fullScreen", "formSheet", "popover", "bogus"][next() % 4])\"" }
            let holder = holders[next() % holders.count]
            segues[source].append(holder + "\u{0}" + s + "/>")
        }
        var scenes: [String] = []
        for i in 0..<sceneCount {
            var body = ""
            var outer = ""
            // A counter, not `body.count`, makes ids unique: counting the characters of the
            // body for every segue made a large input quadratic (a 89 KB one took 19 s of CPU
            // in the generator alone, a fuzzer timeout).
            var n = 0
            for entry in segues[i] {
                n += 1
                let parts = entry.split(separator: "\u{0}", maxSplits: 1).map(String.init)
                let (holder, segue) = (parts[0], parts[1])
                switch holder {
                case "button":
                    body += "<button id=\"b\(i)\(n)\"><state key=\"normal\" title=\"Go\"/><connections>\(segue)</connections></button>"
                case "barButtonItem":
                    body += "<barButtonItem title=\"Add\" id=\"bb\(i)\(n)\"><connections>\(segue)</connections></barButtonItem>"
                case "tableViewCell":
                    body += "<tableView id=\"tv\(i)\(n)\"><prototypes><tableViewCell reuseIdentifier=\"Cell\" id=\"tc\(i)\(n)\"><connections>\(segue)</connections></tableViewCell></prototypes></tableView>"
                case "staticCell":
                    body += "<tableView dataMode=\"static\" id=\"st\(i)\(n)\"><sections><tableViewSection id=\"sc\(i)\(n)\"><cells><tableViewCell id=\"c\(i)\(n)\"><connections>\(segue)</connections></tableViewCell></cells></tableViewSection></sections></tableView>"
                case "collectionViewCell":
                    body += "<collectionView id=\"cv\(i)\(n)\"><cells><collectionViewCell reuseIdentifier=\"Item\" id=\"cc\(i)\(n)\"><connections>\(segue)</connections></collectionViewCell></cells></collectionView>"
                case "gesture":
                    outer += "<tapGestureRecognizer id=\"g\(i)\(n)\"><connections>\(segue)</connections></tapGestureRecognizer>"
                case "accessory":
                    body += "<tableView id=\"ta\(i)\(n)\"><prototypes><tableViewCell reuseIdentifier=\"Acc\" id=\"ac\(i)\(n)\"><connections><segue trigger=\"accessoryAction\" \(segue.dropFirst(7))</connections></tableViewCell></prototypes></tableView>"
                case "containerView" where segue.contains("kind=\"embed\""):
                    body += "<containerView id=\"cn\(i)\(n)\"><connections>\(segue)</connections></containerView>"
                default:
                    outer += "<connections>\(segue)</connections>"
                }
            }
            let view = body.isEmpty ? "<view key=\"view\" id=\"v\(i)\"/>" : "<view key=\"view\" id=\"v\(i)\"><subviews>\(body)</subviews></view>"
            scenes.append("""
                <scene sceneID="sc\(i)"><objects><\(elements[i])\(attributes[i]) sceneMemberID="viewController">\(view)\(outer)</\(elements[i])>\
                <placeholder placeholderIdentifier="IBFirstResponder" id="fr\(i)" sceneMemberID="firstResponder"/>\
                <exit id="ex\(i)" userLabel="Exit" sceneMemberID="exit"/></objects></scene>
                """)
        }
        // Two references past the scenes: one to another storyboard, one that names nothing.
        scenes.append("""
            <scene sceneID="r1"><objects><viewControllerPlaceholder storyboardName="Other" referencedIdentifier="S1" id="vc\(sceneCount)" sceneMemberID="viewController"/></objects></scene>
            <scene sceneID="r2"><objects><viewControllerPlaceholder id="vc\(sceneCount + 1)" sceneMemberID="viewController"/></objects></scene>
            """)
        let initial = bytes.first.map { " initialViewController=\"vc\(Int($0) % (sceneCount + 2))\"" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES"\(initial)>
            <scenes>
            \(scenes.joined(separator: "\n"))
            </scenes>
            </document>
            """
    }
}
