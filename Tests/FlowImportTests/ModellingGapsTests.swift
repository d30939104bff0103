import Foundation
import FlowCheck
import FlowEngine
import FlowImport
import FlowModel
import Testing
import TestSupport

/// What an import keeps beyond segues: a pad's own storyboard, tab titles written on storyboard
/// references, one control per accessory button, and the note when the entry leads nowhere.
@Suite struct ModellingGapsTests {
    /// A view controller's own `modalPresentationStyle` (Habitica's buy modal) is kept on its
    /// scene, and a presentation that sets none uses it.
    @Test(.needsSharedData) func aScenesOwnPresentationStyleIsKept() throws {
        let doc = try FlowSource.importDocument(paths: [PackagePaths.shared + "/storyboards/HabitRPG__habitica-ios__BuyModal.storyboard"]).get()
        let flow = try FlowSource.load(imported: doc, file: "BuyModal").get().flow
        let modal = try #require(flow.scenes.first { $0.storyboardIdentifier == "HRPGBuyItemModalViewController" })
        #expect(modal.modalPresentationStyle == .overCurrentContext)
    }

    /// `UIMainStoryboardFile~ipad` names the pad's storyboard: a pad starts at its initial view
    /// controller, a phone at the plain key's.
    @Test func thePadStartsWithItsOwnStoryboard() throws {
        let (_, loaded) = try importedFlow("CopiedBoards")
        let flow = loaded.flow
        let phone = try #require(flow.initial.map { flow.scenes[$0] })
        let pad = try #require(flow.padInitial.map { flow.scenes[$0] })
        #expect(phone.storyboard?.file.hasSuffix("MainStoryboard_iPhone.storyboard") == true)
        #expect(pad.storyboard?.file.hasSuffix("/Main.storyboard") == true)
        var onPad = Simulator(flow: flow, device: .pad)
        _ = onPad.launch()
        #expect(onPad.state.windowRoot.flatMap { onPad.state[$0].scene } == flow.padInitial)
        var onPhone = Simulator(flow: flow, device: .phone)
        _ = onPhone.launch()
        #expect(onPhone.state.windowRoot.flatMap { onPhone.state[$0].scene } == flow.initial)
    }

    /// `--entry` names the one storyboard both devices start with.
    @Test func anExplicitEntryHasNoPadInitial() throws {
        let doc = try FlowSource.importDocument(paths: [fixture("CopiedBoards")], entry: "Main").get()
        #expect(doc.document["padInitial"] == nil)
    }

    /// A flow without `padInitial` starts at `initial` on a pad; a `padInitial` naming no
    /// scene is an error that names the nearest.
    @Test func padInitialLoadsAndIsChecked() throws {
        let base = #"{ "format": 1, "name": "T", "module": "App", "initial": "a", %@ "scenes": { "a": { "class": "UIViewController" }, "b": { "class": "UIViewController" } } }"#
        let ok = try FlowLoader.load(text: base.replacingOccurrences(of: "%@", with: #""padInitial": "b","#), file: "t.json").get().flow
        #expect(ok.initial(on: .pad) == 1 && ok.initial(on: .phone) == 0)
        let plain = try FlowLoader.load(text: base.replacingOccurrences(of: "%@", with: ""), file: "t.json").get().flow
        #expect(plain.initial(on: .pad) == 0)
        guard case .failure(let e) = FlowLoader.load(text: base.replacingOccurrences(of: "%@", with: #""padInitial": "bb","#), file: "t.json") else {
            Issue.record("an unknown padInitial loaded")
            return
        }
        #expect(e.diagnostics.contains { $0.path == "padInitial" && $0.message.contains("'bb'") })
    }

    /// A tab bar item written on a storyboard reference is the referenced scene's tab title;
    /// a stand-in for a storyboard the app lacks keeps it too.
    @Test func aReferencesTabTitleIsKept() throws {
        let (_, loaded) = try importedFlow("TabRefs")
        let flow = loaded.flow
        func scene(_ id: String) -> Scene? { flow.scenes.first { $0.id == id } }
        let settingsNav = try #require(flow.scenes.first { $0.className == "UINavigationController" })
        #expect(settingsNav.title == "Preferences")
        #expect(scene("helpReference")?.title == "Help")
        #expect(scene("home")?.title == "Home")
        // A scene with a title of its own keeps it; the reference's is in a note.
        #expect(scene("settings")?.title == "Settings")
    }

    /// Each accessory button is a control of its own, named after its cell's trigger.
    @Test func accessoryButtonsHaveAControlEach() throws {
        let (doc, loaded) = try importedFlow("StaticSettings.storyboard")
        #expect(doc.warnings.isEmpty, "\(doc.warnings.map(\.description))")
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings.map(\.description))")
        let flow = loaded.flow
        let settings = try #require(flow.scenes.first { $0.id == "settings" })
        #expect(settings.controls.filter { $0.hasPrefix("accessory") } == ["accessory:cell:5:1", "accessory:cell:5:2"])
        let triggers = flow.segues.filter { flow.scenes[$0.source].id == "settings" }.map(\.trigger.description)
        #expect(triggers.contains("control:accessory:cell:5:1") && triggers.contains("control:accessory:cell:5:2"))
        let prototypes = flow.segues.filter { $0.trigger.control?.hasPrefix("accessory") == true && flow.scenes[$0.source].id != "settings" }
        #expect(prototypes.map(\.trigger.description) == ["control:accessory:prototype:rightDetail"])
        // Tapping one performs only its segue.
        var sim = Simulator(flow: flow)
        _ = sim.launch()
        let events = try sim.run(.tap(control: "accessory:cell:5:1", on: nil)).get()
        #expect(events.contains { if case .transition(.present) = $0 { true } else { false } })
        #expect(!events.contains { if case .transition(.push) = $0 { true } else { false } })
    }

    /// An app whose first screen leads nowhere in its storyboards: check says so (one state),
    /// and the import says its entry was a guess when nothing named it.
    @Test(.needsSharedData) func anEntryThatLeadsNowhereIsReported() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flownav-nowhere-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let board = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" initialViewController="%@">
            <scenes><scene sceneID="s"><objects>
                <viewController id="%@" customClass="%@ViewController" sceneMemberID="viewController"><view key="view" id="v"/></viewController>
            </objects></scene></scenes>
        </document>
        """#
        for name in ["Auth", "Chat"] {
            let text = board.replacingOccurrences(of: "%@ViewController", with: name + "ViewController").replacingOccurrences(of: "%@", with: name.lowercased())
            try text.write(toFile: dir.appendingPathComponent("\(name).storyboard").path, atomically: true, encoding: .utf8)
        }
        let loaded = try FlowSource.load(path: dir.path).get()
        #expect(loaded.flow.notes.contains { $0.hasPrefix("no Info.plist names the entry storyboard") && $0.contains("Auth.storyboard") })
        let report = Checker.check(loaded.flow)
        let f = try #require(report.findings.first { $0.rule.id == "entry-leads-nowhere" })
        #expect(f.severity == .note)
        #expect(f.message.contains("'auth' (AuthViewController)") && f.message.contains("without the Swift sources"))
        #expect(f.location.hasSuffix("Auth.storyboard:4:1"))
        // A flow that leads on has no such finding.
        let toDo = try FlowSource.load(path: PackagePaths.shared + "/apps/ToDoList/Base.lproj/Main.storyboard").get().flow
        #expect(!Checker.check(toDo).findings.contains { $0.rule.id == "entry-leads-nowhere" })
    }
}
