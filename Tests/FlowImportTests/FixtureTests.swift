import Foundation
import FlowImport
import FlowModel
import Testing
import TestSupport

/// Hand-written storyboards of kinds real apps have (Tests/FlowImportTests/Fixtures).
func fixture(_ name: String) -> String {
    PackagePaths.root.appendingPathComponent("Tests/FlowImportTests/Fixtures/\(name)").path
}

func importedFlow(_ names: String...) throws -> (ImportedDocument, LoadedFlow) {
    let doc = try FlowSource.importDocument(paths: names.map(fixture)).get()
    let loaded = try FlowSource.load(imported: doc, file: names[0]).get()
    return (doc, loaded)
}

@Suite struct FixtureImportTests {
    /// A gesture recognizer is a top-level object of the scene beside its view controller;
    /// its segue is the scene's, triggered by the recognizer's kind.
    @Test func aGestureRecognizersSegueIsImported() throws {
        let (_, loaded) = try importedFlow("GestureSegue.storyboard")
        let segue = try #require(loaded.flow.segues.first { $0.identifier == "showDetail" })
        #expect(loaded.flow.scenes[segue.source].id == "home")
        #expect(segue.destination.map { loaded.flow.scenes[$0].id } == "Detail")
        #expect(segue.trigger.description == "control:tap")
    }

    /// A prototype whose only segue hangs on its accessory button, or that has none, gets no
    /// `prototype:` name: naming it would warn that no segue has that trigger.
    @Test func prototypesWithoutSelectionSegueLoadWithoutWarnings() throws {
        let (doc, loaded) = try importedFlow("StaticSettings.storyboard")
        #expect(doc.warnings.isEmpty, "\(doc.warnings.map(\.description))")
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings.map(\.description))")
        let table = try #require(loaded.flow.scenes.first { $0.id == "tableViewController" })
        #expect(table.prototypes.map(\.name).sorted() == ["Basic", "Subtitle"])
        #expect(loaded.flow.segues.contains { loaded.flow.scenes[$0.source].id == "settings" && $0.trigger.description == "cell:4:1" })
    }
}

/// An app folder: Info.plist's scene manifest names `Start`; references with and without
/// `storyboardName`/`referencedIdentifier`, to a missing file and a misspelt identifier; a
/// `fr.lproj` copy beside `Base.lproj`; a view controller's XIB and a cell's XIB.
@Suite struct FixtureAppTests {
    @Test func referencesResolveAcrossTheApp() throws {
        let (_, loaded) = try importedFlow("RefApp")
        let ids = loaded.flow.scenes.map(\.id)
        #expect(loaded.flow.initial.map { loaded.flow.scenes[$0].id } == "homeNav")
        func dest(_ trigger: String) -> String? {
            loaded.flow.segues.first { $0.trigger.description == trigger }?.destination.map { loaded.flow.scenes[$0].id }
        }
        #expect(dest("control:profile") == "profile")
        #expect(dest("control:edit") == "EditProfile")
        #expect(dest("control:local") == "Local")
        #expect(dest("control:help") == "helpReference")
        // One copy of Start (Base.lproj), one view-controller XIB, no cell XIB.
        #expect(ids.filter { $0 == "home" || $0.hasPrefix("home") }.count == 2)
        #expect(ids.contains("settingsNib"))
        #expect(!ids.contains { $0.lowercased().contains("photo") })
    }

    /// A reference to a storyboard the app folder lacks does not ask to import the folder.
    @Test func aMissingStoryboardInAnAppImportIsNamedAsMissing() throws {
        let (doc, _) = try importedFlow("RefApp")
        let help = try #require(doc.warnings.first { $0.message.contains("Help.storyboard") })
        #expect(!help.message.contains("import the app's folder"))
        #expect(help.message.contains("none of the 2 imported storyboards (Profile, Start) is Help.storyboard"))
        #expect(doc.warnings.contains { $0.message.contains("did you mean 'EditProfile'?") })
    }
}

/// A multiplatform project: an iOS target's storyboard (Xcode 5's document version 2.0, a
/// custom segue, a popover anchored to a view) beside a macOS target's.
@Suite struct FixtureMultiplatformTests {
    @Test func theMacOSStoryboardIsLeftOutWithAWarning() throws {
        let (doc, loaded) = try importedFlow("Multiplatform")
        #expect(doc.warnings.contains { $0.message.contains("macOS storyboards are AppKit, not UIKit") && $0.message.hasSuffix("left out of this import") })
        #expect(loaded.flow.segues.contains { $0.customClass == "FlipSegue" })
        #expect(loaded.flow.segues.contains { $0.popoverAnchor == "pop" })
    }

    @Test func aMacOSStoryboardAloneIsStillRefused() {
        guard case .failure(let e) = FlowSource.importDocument(paths: [fixture("Multiplatform/macOS")]) else {
            Issue.record("a macOS-only folder imported"); return
        }
        #expect(e.errors.first?.message.contains("macOS storyboards are AppKit, not UIKit") == true)
    }
}

/// Xcode's new storyboard has `<scenes/>`: a clear refusal, not "a bug in the importer".
@Suite struct FixtureEmptyTests {
    @Test func anEmptyStoryboardIsRefusedClearly() {
        guard case .failure(let e) = FlowSource.importDocument(paths: [fixture("Empty.storyboard")]) else {
            Issue.record("an empty storyboard imported"); return
        }
        #expect(e.errors.first?.message == "Empty.storyboard has no scenes (an empty storyboard); nothing to import")
    }
}

/// An Xcode 4-era app with an iPhone storyboard and a copy of it (same XML ids), Info.plist's
/// `UIMainStoryboardFile` naming the iPhone one.
@Suite struct FixtureCopiedBoardsTests {
    @Test func reimportingOverTheEarlierOutputChangesNothing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flownav-copied-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("flow.json").path
        let app = fixture("CopiedBoards")
        let first = JSONWriter.write(try FlowSource.importDocument(paths: [app]).get().document)
        try first.write(toFile: out, atomically: true, encoding: .utf8)
        let again = JSONWriter.write(try FlowSource.importDocument(paths: [app], keeping: FlowSource.sceneIDsByXMLID(ofFlowAt: out)).get().document)
        #expect(again == first)
        let loaded = try FlowLoader.load(text: first, file: out).get()
        let initial = try #require(loaded.flow.initial.map { loaded.flow.scenes[$0] })
        #expect(initial.storyboard?.file.hasSuffix("MainStoryboard_iPhone.storyboard") == true)
    }
}
