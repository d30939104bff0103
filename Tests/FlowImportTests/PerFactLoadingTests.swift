import FlowCheck
@testable import FlowImport
import FlowModel
import Foundation
import TestSupport
import Testing

/// Issue 30 item 3: the code half read from Swift degrades per fact, never per app; every app
/// folder is checked; a storyboard class no Swift declares is named with UIKit's text.
@Suite struct PerFactLoadingTests {
    static func fixture(_ name: String) -> String {
        PackagePaths.root.appendingPathComponent("Tests/FlowImportTests/Fixtures/\(name)").path
    }

    /// A copy of a fixture folder, to change.
    static func copy(_ name: String, into folder: TemporaryFolder) throws -> String {
        let target = folder.path + "/" + name
        try FileManager.default.copyItem(atPath: fixture(name), toPath: target)
        return target
    }

    @Test func aSegueActionCallingAnExtensionsInitializerWithADefaultLoadsItsCodeHalf() throws {
        // BookViewController's initializer is a convenience one in an extension; both calls
        // leave out a defaulted parameter. Before, neither name was declared and the whole
        // code half was refused.
        let loaded = try FlowSource.load(path: Self.fixture("DefaultInits")).get()
        #expect(!loaded.warnings.contains { $0.message.contains("does not load") }, "\(loaded.warnings)")
        let shelf = try #require(loaded.flow.classes["ShelfViewController"])
        let open = try #require(shelf.segueActions.first { $0.swiftName == "openBook(_:)" })
        #expect(open.initializer == "init(coder:book:)")
        #expect(open.unknown == nil)
        let review = try #require(shelf.segueActions.first { $0.swiftName == "review(_:)" })
        #expect(review.initializer == "init(coder:book:)")
        // Leaving out `stars:` still runs the initializer that sets it (to its default).
        let reviewInit = try #require(loaded.flow.initializer("init(coder:book:)", of: "ReviewViewController"))
        #expect(Set(reviewInit.sets) == ["book", "stars"])
        // The convenience initializer ends in init(coder:): what it sets, it sets on top of it.
        let bookInit = try #require(loaded.flow.initializer("init(coder:book:)", of: "BookViewController"))
        #expect(bookInit.callsSuper == .initCoder)
        #expect(bookInit.sets.contains("book"))
    }

    @Test func oneFactThatCannotLoadIsUnknownAndTheRestLoads() throws {
        // playTrailer(_:) returns AVKit's controller, a class the format does not know: that one
        // action is kept (UIKit calls it; no undeclared or owner-unknown finding) with what it
        // builds unknown, and said at its Swift line.
        let loaded = try FlowSource.load(path: Self.fixture("DefaultInits")).get()
        let shelf = try #require(loaded.flow.classes["ShelfViewController"])
        let trailer = try #require(shelf.segueActions.first { $0.swiftName == "playTrailer(_:)" })
        #expect(trailer.unknown?.line == 20)
        #expect(trailer.initializer == nil && trailer.returns == nil)
        #expect(shelf.notes.contains { $0.hasSuffix("ShelfViewController.swift:20: not loaded: unknown class 'AVPlayerViewController'; read as unknown") }, "\(shelf.notes)")
        let report = Checker.check(loaded.flow)
        let rules = Set(report.findings.map(\.rule.id))
        #expect(!rules.contains("owner-unknown") && !rules.contains("undeclared-segue-action") && !rules.contains("trap"), "\(report.findings.map(\.message))")
        #expect(report.findings.contains { $0.rule.id == "not-understood" && $0.message.contains("not loaded: unknown class 'AVPlayerViewController'") })
    }

    @Test func aLoadErrorsPathNamesTheSmallestFact() throws {
        let doc = JSONNode(.object([]), at: SourcePosition(line: 1, column: 1))
        func edit(_ path: String, _ message: String = "unknown dependency 'x'") -> UnloadedFacts.Edit? {
            UnloadedFacts.edit(for: path, message: message, in: doc)
        }
        #expect(UnloadedFacts.steps(of: #"classes.List.segueActions["make(coder:)"].arguments.item"#)
                == [.key("classes"), .key("List"), .key("segueActions"), .key("make(coder:)"), .key("arguments"), .key("item")])
        let action = [UnloadedFacts.Step.key("classes"), .key("List"), .key("segueActions"), .key("make(coder:)")]
        #expect(edit(#"classes.List.segueActions["make(coder:)"].arguments.item"#)?.steps == action)
        #expect(edit(#"classes.List.segueActions["make(coder:)"].returns"#)?.change
                == .unknown(dropping: ["initializer", "arguments", "set", "nilWhen", "returns"]))
        // One name in a prepare case's `sets`, one assignment of an action's `set`: only that.
        #expect(edit("classes.List.prepare[2].sets[1]")?.steps == [.key("classes"), .key("List"), .key("prepare"), .index(2), .key("sets"), .index(1)])
        #expect(edit("classes.List.actions.add.set.item")?.steps.count == 6)
        #expect(edit(#"classes.List.initializers["init(x:)"]"#, "duplicate key 'init(x:)'")?.change == .removeLastDuplicate)
        #expect(edit("launch.inject[0].set")?.steps == [.key("launch"), .key("inject"), .index(0)])
        // The storyboards' part is not the reader's to leave out.
        #expect(edit("scenes.list.class") == nil)
        #expect(edit("segues[3].destination") == nil)
    }

    @Test func degradingKeepsEverythingButTheFact() throws {
        let text = #"""
        { "classes": {
            "A": { "superclass": "UITableViewController", "at": "A.swift:3",
                   "segueActions": { "make(_:)": { "at": "A.swift:9", "returns": "B", "initializer": "init(coder:x:)", "arguments": { "x": "1" } },
                                     "other(_:)": { "at": "A.swift:14", "returns": "B" } },
                   "prepare": [ { "segue": "s", "sets": ["x", "y"] }, { "segue": "t" } ] },
            "B": { "superclass": "UIViewController", "at": "B.swift:2", "dependencies": { "x": { "type": "Int", "injection": "property" } } } },
          "launch": { "root": { "class": "A", "initializer": "init(q:)", "at": "App.swift:5" } } }
        """#
        let doc = try FlowLoader.parse(bytes: Array(text.utf8), file: "t.json").get()
        func error(_ path: String, _ message: String = "unknown") -> Diagnostic { Diagnostic(.error, file: "t.json", position: nil, path: path, message: message) }
        let (out, changed) = UnloadedFacts.degrade(doc, errors: [
            error(#"classes.A.segueActions["make(_:)"].arguments.x"#, "unknown initializer 'init(coder:x:)' of B"),
            error("classes.A.prepare[0].sets[1]"), error("classes.A.prepare[1].segue"),
            error("launch.root.initializer"), error("classes.B", "superclass cycle"),
        ])
        #expect(changed)
        let make = try #require(out["classes"]?["A"]?["segueActions"]?["make(_:)"])
        #expect(make["initializer"] == nil && make["arguments"] == nil && make["returns"] != nil)
        if case .string(let at)? = make["unknown"]?.value { #expect(at == "A.swift:9") } else { Issue.record("no unknown: \(make)") }
        #expect(out["classes"]?["A"]?["segueActions"]?["other(_:)"]?["returns"] != nil)
        // The second case left out, the first kept without its second name.
        guard case .array(let cases)? = out["classes"]?["A"]?["prepare"]?.value, case .array(let sets)? = cases.first?["sets"]?.value else {
            Issue.record("prepare: \(String(describing: out["classes"]?["A"]?["prepare"]))")
            return
        }
        #expect(cases.count == 1 && sets.count == 1)
        #expect(out["launch"]?["root"]?["initializer"] == nil && out["launch"]?["root"]?["unknown"] != nil)
        // A class the error names as a whole stays declared, with only where it is and its notes.
        guard case .object(let b)? = out["classes"]?["B"]?.value else { Issue.record("B is gone"); return }
        #expect(Set(b.map(\.key)) == ["at", "notes"])
        guard case .array(let notes)? = out["classes"]?["A"]?["notes"]?.value else { Issue.record("no notes on A"); return }
        #expect(notes.contains { if case .string(let t) = $0.value { return t == "A.swift:9: not loaded: unknown initializer 'init(coder:x:)' of B; read as unknown" }; return false })
    }

    @Test func aFolderOfCellXIBsIsCheckedWithANote() throws {
        #expect(FlowSource.nothingToExplore(Self.fixture("CellsOnly"))?.hasPrefix("nothing to explore: no storyboard or view-controller XIB in") == true)
        // A folder with a storyboard has something to explore, whatever else fails.
        #expect(FlowSource.nothingToExplore(Self.fixture("DefaultInits")) == nil)
        let empty = try TemporaryFolder()
        defer { empty.remove() }
        #expect(FlowSource.nothingToExplore(empty.path) == nil)
    }

    @Test func otherPlatformsStoryboardsBesideIOSOnesAreLeftOut() throws {
        // An iOS app folder that also holds its tvOS and watchOS targets' storyboards.
        let tmp = try TemporaryFolder()
        defer { tmp.remove() }
        let ios = try String(contentsOfFile: Self.fixture("Multiplatform/iOS/Main.storyboard"), encoding: .utf8)
        let tv = ios.replacingOccurrences(of: #"targetRuntime="iOS.CocoaTouch""#, with: #"targetRuntime="AppleTV""#)
        let watch = ios.replacingOccurrences(of: #"targetRuntime="iOS.CocoaTouch""#, with: #"targetRuntime="watchKit""#)
            .replacingOccurrences(of: "CocoaTouch.Storyboard.XIB", with: "WatchKit.Storyboard")
        try #require(tv != ios && watch != ios)
        for (sub, name, text) in [("", "Main", ios), ("TV", "TVMain", tv), ("Watch", "Interface", watch)] {
            try FileManager.default.createDirectory(atPath: tmp.path + "/" + sub, withIntermediateDirectories: true)
            _ = try tmp.file((sub.isEmpty ? "" : sub + "/") + name + ".storyboard", contents: text)
        }
        let doc = try FlowSource.importDocument(paths: [tmp.path]).get()
        #expect(doc.warnings.contains { $0.message.hasPrefix("a tvOS storyboard or XIB (targetRuntime AppleTV) beside iOS ones is another target's") })
        #expect(doc.warnings.contains { $0.message.hasPrefix("watchOS storyboards are WatchKit, not UIKit") })
        #expect(!doc.sceneOrigins.values.contains { $0.file.hasSuffix("TVMain.storyboard") || $0.file.hasSuffix("Interface.storyboard") })
        // Alone, the tvOS storyboard is an app of its own (UIKit), imported as ever.
        let tvOnly = try FlowSource.importDocument(paths: [tmp.path + "/TV"]).get()
        #expect(!tvOnly.sceneOrigins.isEmpty)
    }

    @Test func mainStoryboardAmongOthersWithNoPlistNamingItIsAGuessedEntry() throws {
        // UIKit loads no storyboard at launch when no Info.plist names one (cwa-app-ios sets its
        // root in code): starting at Main's initial scene is a guess, and findings on paths from
        // it are possible.
        let tmp = try TemporaryFolder()
        defer { tmp.remove() }
        let ios = try String(contentsOfFile: Self.fixture("Multiplatform/iOS/Main.storyboard"), encoding: .utf8)
        _ = try tmp.file("Main.storyboard", contents: ios)
        _ = try tmp.file("Other.storyboard", contents: ios)
        let flow = try FlowSource.load(path: tmp.path).get().flow
        #expect(flow.notes.contains { $0.contains("the flow starts at the initial view controller of Main.storyboard, a guess at the root the app sets in code") }, "\(flow.notes)")
    }

    @Test(.needsFlownavBinary)
    func checkExitsZeroOnCellsOnlyAndTwoOnAnEmptyFolder() throws {
        let r = try runProcess(FlownavBinary.require(), ["check", Self.fixture("CellsOnly")], stdin: nil, directory: PackagePaths.root, timeout: 120)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("(skipped: 2 XIBs of views or cells)"), "\(r)")
        let empty = try TemporaryFolder()
        defer { empty.remove() }
        let e = try runProcess(FlownavBinary.require(), ["check", empty.path], stdin: nil, directory: PackagePaths.root, timeout: 120)
        #expect(e.status == 2, "\(e)")
        #expect(e.stderr.contains("no storyboard or XIB in this folder"), "\(e)")
    }

    @Test func aSegueActionRenamedInSwiftIsNamedOnBothSides() throws {
        // The storyboard keeps review:, Swift now says reviewBook(_:); another segue action of
        // the class does not load (playTrailer), which must not hide the rename.
        let tmp = try TemporaryFolder()
        defer { tmp.remove() }
        let app = try Self.copy("DefaultInits", into: tmp)
        let file = app + "/Screens/ShelfViewController.swift"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "func review(", with: "func reviewBook(").write(toFile: file, atomically: true, encoding: .utf8)
        let report = Checker.check(try FlowSource.load(path: app).get().flow)
        let undeclared = report.findings.filter { $0.rule.id == "undeclared-segue-action" }
        #expect(undeclared.count == 1 && undeclared[0].message.contains("no class declares review:"), "\(report.findings.map(\.message))")
        #expect(undeclared.first?.severity == .warning)
        let unconnected = report.findings.filter { $0.rule.id == "unconnected-action" }
        #expect(unconnected.map(\.message) == ["ShelfViewController.reviewBook(_:) is an @IBSegueAction (reviewBook:) that no storyboard segue names as its Instantiation, so UIKit never calls it"])
        #expect(unconnected.first?.severity == .note)
    }

    @Test func aTrapBehindAManualSegueNoReadCodePerformsIsPossible() throws {
        // cwa-app-ios's shape: manual segues to scenes whose init(coder:) traps, which the app
        // never performs (it builds those screens in code). Only unread code could perform them.
        let tmp = try TemporaryFolder()
        defer { tmp.remove() }
        let app = try Self.copy("DefaultInits", into: tmp)
        let board = app + "/Base.lproj/Main.storyboard"
        let text = try String(contentsOfFile: board, encoding: .utf8)
        let changed = text.replacingOccurrences(of: #"<navigationItem key="navigationItem" title="Shelf" id="shelf-item"/>"#, with: #"""
            <navigationItem key="navigationItem" title="Shelf" id="shelf-item"/>
            <connections><segue destination="review" kind="show" identifier="ReviewLater" id="shelf-later"/></connections>
            """#)
        try #require(changed != text)
        try changed.write(toFile: board, atomically: true, encoding: .utf8)
        let report = Checker.check(try FlowSource.load(path: app).get().flow)
        let trap = try #require(report.findings.first { $0.rule.id == "init-coder-trap-reachable" && $0.message.contains("'ReviewLater'") }, "\(report.findings.map(\.message))")
        #expect(trap.confidence == .possible && trap.severity == .note)
        #expect(trap.assumes.contains { $0.hasPrefix("segue 'ReviewLater' is performed from code flownav did not read") }, "\(trap.assumes)")
        #expect(!report.findings.contains { $0.severity == .error }, "\(report.findings.map(\.message))")
    }

    @Test func aStoryboardClassRenamedInSwiftIsUnknownWithUIKitsText() throws {
        let tmp = try TemporaryFolder()
        defer { tmp.remove() }
        let app = try Self.copy("DefaultInits", into: tmp)
        let board = app + "/Base.lproj/Main.storyboard"
        let text = try String(contentsOfFile: board, encoding: .utf8)
        // One class renamed in the storyboard only; another scene's class from a framework
        // module (no customModuleProvider="target"), which no Swift of the app declares either.
        let changed = text
            .replacingOccurrences(of: #"customClass="BookViewController""#, with: #"customClass="BookViewControler""#)
            .replacingOccurrences(of: #"customClass="ReviewViewController" customModule="Shelf" customModuleProvider="target""#,
                                  with: #"customClass="RatingViewController" customModule="RatingKit""#)
        try #require(changed != text && changed.contains("RatingKit"))
        try changed.write(toFile: board, atomically: true, encoding: .utf8)
        let loaded = try FlowSource.load(path: app).get()
        let report = Checker.check(loaded.flow)
        let unknown = report.findings.filter { $0.rule.id == "unknown-scene-class" }
        #expect(unknown.count == 1, "\(unknown.map(\.message))")
        let message = try #require(unknown.first?.message)
        #expect(message.contains("Unknown class _TtC5Shelf17BookViewControler in Interface Builder file."), "\(message)")
        #expect(message.contains("renamed to BookViewController?"), "\(message)")
        #expect(unknown.first?.severity == .warning)
    }
}
