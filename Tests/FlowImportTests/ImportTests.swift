import Foundation
import FlowImport
import FlowModel
import Testing
import TestSupport

private func load(_ path: String) -> Result<LoadedFlow, FlowLoadError> { FlowSource.load(path: path) }

private func errors(_ r: Result<LoadedFlow, FlowLoadError>) -> [Diagnostic] {
    if case .failure(let e) = r { return e.errors }
    return []
}

@Suite(.needsSharedData) struct SharedStoryboardTests {
    static let storyboards: [String] = {
        let dir = PackagePaths.shared + "/storyboards"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".storyboard") }.sorted().map { dir + "/" + $0 }
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.storyboards.count == 31, "expected ../shared/storyboards beside the package")
    }

    @Test(arguments: storyboards)
    func importsAndLoads(_ path: String) throws {
        let macOS = path.contains("Rectangle")
        let result = load(path)
        if macOS {
            #expect(errors(result).first?.message.contains("macOS storyboards are AppKit, not UIKit") == true)
        } else {
            let loaded = try result.get()
            #expect(!loaded.flow.scenes.isEmpty)
            #expect(loaded.flow.initial != nil)
            // The written form loads to the same flow's shape.
            let doc = try FlowSource.importDocument(paths: [path]).get()
            let text = JSONWriter.write(doc.document)
            let reloaded = try FlowLoader.load(text: text, file: "written.json").get()
            #expect(reloaded.flow.scenes.map(\.id) == loaded.flow.scenes.map(\.id))
            #expect(reloaded.flow.segues.count == loaded.flow.segues.count)
        }
    }
}

@Suite(.needsSharedData) struct AppImportTests {
    @Test(arguments: ["habitica-ios/Storyboards/Base.lproj", "habitica-ios", "Rocket.Chat-iOS"])
    func everyReferenceResolves(_ app: String) throws {
        let doc = try FlowSource.importDocument(paths: [PackagePaths.shared + "/apps/" + app]).get()
        let references = doc.warnings.filter { $0.message.contains("storyboard reference") }
        #expect(references.isEmpty, "\(references.map(\.description))")
        guard case .object(let scenes)? = doc.document["scenes"]?.value else { Issue.record("no scenes"); return }
        #expect(!scenes.contains { $0.key.hasSuffix("Reference") })
        let loaded = try FlowSource.load(imported: doc, file: app).get()
        #expect(loaded.flow.scenes.count == scenes.count)
    }

    @Test func habiticaHasItsNineStoryboards() throws {
        let doc = try FlowSource.importDocument(paths: [PackagePaths.shared + "/apps/habitica-ios"]).get()
        let files = Set(doc.sceneOrigins.values.map { ($0.file as NSString).lastPathComponent })
        #expect(files.filter { $0.hasSuffix(".storyboard") }.count == 9)
    }

    @Test func aSingleFileKeepsItsReferencesAsStandIns() throws {
        let doc = try FlowSource.importDocument(paths: [PackagePaths.shared + "/storyboards/HabitRPG__habitica-ios__Main.storyboard"]).get()
        #expect(doc.warnings.contains { $0.message.contains("Tasks.storyboard, which is not imported") })
    }

    @Test func launchScreensAreLeftOut() {
        let folder = AppFolder.discover(PackagePaths.shared + "/apps/ToDoList")
        #expect(folder.storyboards.count == 1)
        #expect(folder.storyboards.allSatisfy { !$0.contains("LaunchScreen") })
    }
}

@Suite(.needsSharedData) struct GoldenImportTests {
    static let apps = ["ToDoList", "HotelCodable", "OrderApp", "SegueActionDemo"]

    /// Set FLOWNAV_UPDATE_GOLDEN=1 to rewrite the expected files after an intended change.
    @Test(arguments: apps)
    func importedFlowIsAsExpected(_ app: String) throws {
        let doc = try FlowSource.importDocument(paths: [PackagePaths.shared + "/apps/" + app], name: app).get()
        let text = JSONWriter.write(doc.document).replacingOccurrences(of: PackagePaths.shared, with: "../shared")
        let golden = PackagePaths.root.appendingPathComponent("Tests/FlowImportTests/Golden/\(app).json").path
        if ProcessInfo.processInfo.environment["FLOWNAV_UPDATE_GOLDEN"] == "1" {
            try text.write(toFile: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(text == expected)
    }
}

@Suite struct BadInputTests {
    func importing(_ text: String, name: String = "Bad.storyboard") -> ImportProblem? {
        if case .failure(let p) = StoryboardImporter.importApp(files: [ImportInput(path: name, bytes: Array(text.utf8))], name: "Bad") { return p }
        return nil
    }

    @Test func notXML() {
        let p = importing("hello, world")
        #expect(p?.message.hasPrefix("malformed XML") == true)
        #expect(p?.line == 1)
    }

    @Test func malformedXMLHasLineAndColumn() {
        let p = importing("<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n  <scenes>\n</document>\n")
        // libxml2 reports the mismatch where it sees the end of the document.
        #expect((p?.line ?? 0) >= 4)
        #expect(p?.column != nil)
    }

    @Test func xmlThatIsNotAStoryboard() {
        #expect(importing("<?xml version=\"1.0\"?><plist><dict/></plist>")?.message.hasPrefix("not a storyboard") == true)
    }

    @Test func emptyAndBinary() {
        #expect(importing("")?.message.contains("empty") == true)
        #expect(importing("<doc\u{0}ument>")?.message.contains("binary") == true)
    }

    @Test func macOSIsRefused() {
        let p = importing("<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB\" targetRuntime=\"MacOSX.Cocoa\"/>")
        #expect(p?.message.hasPrefix("macOS storyboards are AppKit, not UIKit") == true)
    }

    @Test func externalEntitiesAreNotRead() {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE document [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" targetRuntime="iOS.CocoaTouch" initialViewController="a">
            <scenes><scene sceneID="s"><objects>
            <viewController id="a" title="&x;" sceneMemberID="viewController"/>
            </objects></scene></scenes></document>
            """
        // Either refused or imported with the reference left unexpanded; never the file's text.
        switch StoryboardImporter.importApp(files: [ImportInput(path: "E.storyboard", bytes: Array(xml.utf8))], name: "E") {
        case .success(let doc): #expect(!JSONWriter.write(doc.document).contains("root:"))
        case .failure(let p): #expect(!p.message.contains("root:"))
        }
    }

    @Test func missingIdentifierIsAWarningAndTheSegueStays() throws {
        let main = """
            <?xml version="1.0"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" targetRuntime="iOS.CocoaTouch" initialViewController="a">
            <scenes>
            <scene sceneID="s1"><objects>
            <viewController id="a" customClass="HomeViewController" sceneMemberID="viewController">
              <connections><segue destination="p" kind="show" identifier="Go" id="g1"/></connections>
            </viewController>
            </objects></scene>
            <scene sceneID="s2"><objects>
            <viewControllerPlaceholder storyboardName="Other" referencedIdentifier="Detial" id="p" sceneMemberID="viewController"/>
            </objects></scene>
            </scenes></document>
            """
        let other = """
            <?xml version="1.0"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" targetRuntime="iOS.CocoaTouch">
            <scenes><scene sceneID="s3"><objects>
            <viewController id="d" storyboardIdentifier="Detail" sceneMemberID="viewController"/>
            </objects></scene></scenes></document>
            """
        let doc = try StoryboardImporter.importApp(files: [
            ImportInput(path: "Main.storyboard", bytes: Array(main.utf8)), ImportInput(path: "Other.storyboard", bytes: Array(other.utf8)),
        ], name: "T").get()
        #expect(doc.warnings.contains { $0.message.contains("'Detial'") && $0.message.contains("did you mean 'Detail'") })
        let loaded = try FlowSource.load(imported: doc, file: "T").get()
        #expect(loaded.flow.segues.count == 1)
    }
}

@Suite(.needsSharedData) struct ReimportTests {
    @Test func aReimportKeepsTheSceneIDsOfTheEarlierOne() throws {
        let app = PackagePaths.shared + "/apps/ToDoList"
        let first = try FlowSource.importDocument(paths: [app]).get()
        let renamed = JSONWriter.write(first.document).replacingOccurrences(of: "\"toDoTable\"", with: "\"list\"")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("flownav-reimport-\(UUID().uuidString).json").path
        try renamed.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let keeping = FlowSource.sceneIDsByXMLID(ofFlowAt: path)
        #expect(keeping["Ugs-8g-5qb"] == "list")
        let second = try FlowSource.importDocument(paths: [app], keeping: keeping).get()
        let flow = try FlowSource.load(imported: second, file: "again").get().flow
        #expect(flow.scenes.map(\.id).sorted() == ["list", "toDoDetailTable", "toDoDetailTableNav", "toDoTableNav"])
        #expect(flow.segues.contains { flow.scenes[$0.source].id == "toDoTableNav" && $0.destination.map { flow.scenes[$0].id } == "list" })
    }
}

@Suite struct DuplicateIdentifierTests {
    @Test func twoScenesWithOneStoryboardIDAreAWarning() throws {
        let xml = """
            <?xml version="1.0"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" targetRuntime="iOS.CocoaTouch" initialViewController="a">
            <scenes>
            <scene sceneID="s1"><objects><viewController id="a" storyboardIdentifier="Same" sceneMemberID="viewController"/></objects></scene>
            <scene sceneID="s2"><objects><viewController id="b" storyboardIdentifier="Same" sceneMemberID="viewController"/></objects></scene>
            </scenes></document>
            """
        let doc = try StoryboardImporter.importApp(files: [ImportInput(path: "D.storyboard", bytes: Array(xml.utf8))], name: "D").get()
        #expect(doc.warnings.map(\.description) == [
            "D.storyboard:5:1: warning: two scenes have Storyboard ID 'Same' (the other is at line 4); instantiateViewController(withIdentifier:) finds only one",
        ])
        // Both scenes stay, with distinct ids.
        #expect(try FlowSource.load(imported: doc, file: "D").get().flow.scenes.map(\.id) == ["Same", "Same2"])
    }
}

/// A class, so that the folders its tests write are removed when each test ends (`deinit`).
@Suite(.needsSharedData) final class MergeTests {
    var folders: [URL] = []
    deinit { for f in folders { try? FileManager.default.removeItem(at: f) } }

    func flow(_ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flownav-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        folders.append(dir)
        let path = dir.appendingPathComponent("app.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    var app: String { PackagePaths.shared + "/apps/ToDoList" }

    @Test func theFlowIsMergedOverTheImport() throws {
        let path = try flow("""
            { "format": 1, "name": "ToDo", "module": "ToDoList", "storyboards": ["\(app)"],
              "classes": { "ToDoTableViewController": { "unwindActions": ["unwindToToDoList(segue:)"] } },
              "scenes": { "toDoTable": { "rows": 4 } } }
            """)
        let loaded = try FlowSource.load(path: path).get()
        #expect(loaded.flow.name == "ToDo")
        #expect(loaded.flow.scenes.first { $0.id == "toDoTable" }?.rows == [4])
        #expect(loaded.flow.classes["ToDoTableViewController"]?.unwindActions == ["unwindToToDoList(segue:)"])
        #expect(loaded.flow.classes["ToDoTableViewController"]?.superclass == "UITableViewController")
    }

    @Test func aSceneThatMatchesNothingIsAnErrorWithTheNearestNames() throws {
        let path = try flow("""
            { "format": 1, "name": "ToDo", "module": "ToDoList", "storyboards": ["\(app)"],
              "scenes": { "toDoTabel": { "rows": 4 } } }
            """)
        let e = errors(FlowSource.load(path: path))
        #expect(e.first?.message == "scene 'toDoTabel' matches no imported scene")
        #expect(e.first?.suggestions.first == "toDoTable")
        #expect(e.first?.file == path)
    }

    @Test func aSegueIsMatchedBySourceAndIdentifier() throws {
        let ok = try flow("""
            { "format": 1, "name": "ToDo", "module": "ToDoList", "storyboards": ["\(app)"],
              "segues": [{ "source": "toDoDetailTable", "id": "saveUnwind", "animates": false }] }
            """)
        let loaded = try FlowSource.load(path: ok).get()
        #expect(loaded.flow.segues.contains { $0.identifier == "saveUnwind" && !$0.animates })
        let bad = try flow("""
            { "format": 1, "name": "ToDo", "module": "ToDoList", "storyboards": ["\(app)"],
              "segues": [{ "source": "toDoDetailTable", "id": "saveUnwnd", "animates": false }] }
            """)
        #expect(errors(FlowSource.load(path: bad)).first?.suggestions == ["saveUnwind"])
    }

    @Test func aMissingStoryboardPathIsAnError() throws {
        let path = try flow("""
            { "format": 1, "name": "X", "module": "X", "storyboards": ["nowhere"], "scenes": {} }
            """)
        #expect(errors(FlowSource.load(path: path)).first?.message.contains("no such storyboard or folder") == true)
    }
}

@Suite struct DuplicateControlNameTests {
    /// Controls of one title get numbered names; a title that already reads as a numbered name
    /// takes its number, and the next duplicate skips it. (The search for a free number resumes
    /// where the last one ended, so thousands of same-titled controls stay linear.)
    @Test func sameTitledControlsAreNumberedAroundTakenNames() throws {
        let buttons = ["Go", "Go 2", "Go", "Go", "Bogus kind"].enumerated().map { i, title in
            #"<button id="b\#(i)"><state key="normal" title="\#(title)"/><connections><segue destination="b" kind="\#(title == "Bogus kind" ? "bogus" : "show")" id="g\#(i)"/></connections></button>"#
        }.joined()
        let xml = """
            <?xml version="1.0"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" targetRuntime="iOS.CocoaTouch" initialViewController="a">
            <scenes>
            <scene sceneID="s1"><objects><viewController id="a" sceneMemberID="viewController"><view key="view" id="v"><subviews>\(buttons)</subviews></view></viewController></objects></scene>
            <scene sceneID="s2"><objects><viewController id="b" sceneMemberID="viewController"/></objects></scene>
            </scenes></document>
            """
        let doc = try StoryboardImporter.importApp(files: [ImportInput(path: "D.storyboard", bytes: Array(xml.utf8))], name: "D").get()
        let flow = try FlowSource.load(imported: doc, file: "D").get().flow
        #expect(flow.scenes[0].controls == ["go", "go2", "go3", "go4", "bogusKind"])
        #expect(doc.warnings.filter { $0.message.contains("segue kind 'bogus'") }.count == 1)
    }
}
