import FlowModel
import SwiftParser
import SwiftSyntax

/// Swift file texts → the code half of a flow: view-controller classes, the protocols they
/// conform to, the app delegate's launch, and notes for what was not understood.
/// Pure: no I/O; the caller reads the files.
public enum SourceReader {
    public static func read(_ files: [SourceFile]) -> SourceFacts {
        var decls = Declarations()
        var refused: [SourceNote] = []
        // Parsing is nearly all of the time and each file parses on its own: spread the files
        // over the cores, then merge them in the order given so the result does not depend on
        // which thread finished first.
        let perFile = ParallelMap.map(files) { f -> FileOutcome in
            if let r = BracketNesting.refusal(f.text) {
                return .refused(SourceNote(
                    location: SwiftLocation(file: f.path, line: r.line, column: r.column), subject: "",
                    text: BracketNesting.message(r)))
            }
            let tree = Parser.parse(source: f.text)
            if let r = SyntaxDepth.refusal(tree, text: f.text) {
                return .refused(SourceNote(
                    location: SwiftLocation(file: f.path, line: r.line, column: r.column), subject: "",
                    text: SyntaxDepth.message(r)))
            }
            let parsed = ParsedFile(f, tree: tree)
            return .read(FileDeclarations(parsed), ReferenceReader.read(parsed, text: f.text), AssignmentSite.collect(parsed))
        }
        var rawReferences: [RawReference] = []
        var assignments: [AssignmentSite] = []
        for outcome in perFile {
            switch outcome {
            case .read(let d, let refs, let sites):
                decls.add(d)
                rawReferences += refs
                assignments += sites
            case .refused(let note): refused.append(note)
            }
        }
        let typed = DestinationReader.read(decls)
        decls.destinations = typed.destinations
        decls.performers = typed.performers
        var facts = SourceFacts()
        facts.destinations = typed.destinations
        facts.notes += refused + typed.notes
        facts.fileCount = files.count
        facts.references = decls.references(rawReferences)
        facts.rawValues = decls.rawValues
        facts.declaredClasses = Set(decls.classParts.keys.filter { name in decls.classParts[name]!.contains { !$0.isExtension } })
        var launch = LaunchReader(decls: decls)

        for name in decls.classOrder {
            guard let parts = decls.classParts[name], let main = parts.first(where: { !$0.isExtension }) else { continue }
            let (kind, outside) = lineage(of: name, decls)
            switch kind {
            case .viewController(let superclass):
                var reader = ClassReader(name: name, superclass: superclass, decls: decls)
                var decl = reader.read()
                if let outside {
                    reader.notes.append(SourceNote(
                        location: main.file.location(of: main.node), subject: name,
                        text: "superclass \(outside) is not in the sources; read as a \(decl.superclass)"))
                }
                facts.notes += reader.notes
                decl.conformsTo = decl.conformsTo.filter { decls.protocols[$0] != nil }
                for p in decl.conformsTo { facts.protocols[p] = ProtocolDecl(name: p, objc: decls.protocols[p]!.objc) }
                facts.classes[name] = decl
            case .delegate:
                launch.read(delegate: name)
            case .other:
                if let (c, notes) = SeguePerformReader.read(name, decls) {
                    facts.segueClasses[name] = c
                    facts.notes += notes
                }
            }
        }
        facts.launch = launch.launch
        facts.splitDelegates = SplitDelegateReader.read(decls)
        SplitDelegateReader.dropDelegateAssignments(&facts.launch)
        PresentationDelegateReader.read(decls, &facts)
        PresentationSettingsReader.read(decls, &facts)
        facts.notes += launch.notes
        // Protocols that launch or prepare cast to are needed too.
        for c in facts.launch.inject + facts.classes.values.flatMap({ $0.prepare ?? [] }) {
            if let cast = c.cast, let p = decls.protocols[cast] { facts.protocols[cast] = ProtocolDecl(name: cast, objc: p.objc) }
        }
        var members = DestinationMembers(decls: decls)
        members.resolve(&facts)
        MethodOutlets(decls: decls).resolve(&facts)
        UnreadAssignments.mark(&facts, sites: assignments, decls: decls)
        facts.notes.sort { ($0.location, $0.text) < ($1.location, $1.text) }
        return facts
    }

    private enum FileOutcome {
        case read(FileDeclarations, [RawReference], [AssignmentSite])
        case refused(SourceNote)
    }

    enum Kind {
        case viewController(superclass: String)
        case delegate
        case other
    }

    /// Follows superclasses through the sources. A chain that leaves the sources at a UIKit
    /// view controller is a view controller; one that leaves them at an unknown class whose
    /// name says controller is read as one, with a note (`outside`).
    static func lineage(of name: String, _ decls: Declarations) -> (Kind, outside: String?) {
        var current = name
        var seen: Set<String> = []
        while let s = decls.superclass(of: current), !seen.contains(s) {
            seen.insert(s)
            if UIKitClass.isKnown(s) {
                return (.viewController(superclass: decls.superclass(of: name)!), nil)
            }
            if decls.classParts[s]?.contains(where: { !$0.isExtension }) == true {
                current = s
                continue
            }
            let conforms = (decls.classParts[name] ?? []).flatMap(\.inherited)
            // A scene delegate may be a plain NSObject (UIWindowSceneDelegate asks no more).
            if (s == "UIResponder" || s == "NSObject") && (conforms.contains("UIApplicationDelegate") || conforms.contains("UIWindowSceneDelegate")) {
                return (.delegate, nil)
            }
            // Left the sources: a UIKit or a pod's view controller stands in as the nearest known class.
            // SwiftUI's UIHostingController is a UIViewController subclass (Habitica's bottom sheets).
            guard ["ViewController", "NavigationController", "TabBarController"].contains(where: { s.hasSuffix($0) }) || s == "UIHostingController" else {
                return (.other, nil)
            }
            let stand = s.contains("TableViewController") ? "UITableViewController"
                : s.contains("CollectionViewController") ? "UICollectionViewController"
                : s.contains("NavigationController") ? "UINavigationController"
                : s.contains("TabBarController") ? "UITabBarController"
                : s.contains("SplitViewController") ? "UISplitViewController"
                : s.contains("PageViewController") ? "UIPageViewController" : "UIViewController"
            let direct = decls.superclass(of: name)!
            return (.viewController(superclass: current == name ? stand : direct), current == name ? s : nil)
        }
        return (.other, nil)
    }
}
