import Foundation
import TestSupport
import Testing

/// Issue 31 item 2 on the shared apps: the most common storyboard crash, a segue whose
/// destination became a navigation controller while prepare still force-casts it, is found
/// at its Swift line; the apps' own forced casts, which hold, are no finding.
@Suite(.needsSharedData, .needsFlownavBinary)
struct ForcedCastAppTests {
    func check(_ folder: String) throws -> RunResult {
        try runProcess(FlownavBinary.require(), ["check", folder], stdin: nil, directory: PackagePaths.root, timeout: 600)
    }

    func copy(_ name: String, into folder: TemporaryFolder) throws -> String {
        let app = PackagePaths.app(name)!
        for item in try FileManager.default.contentsOfDirectory(atPath: app) {
            try FileManager.default.copyItem(atPath: app + "/" + item, toPath: folder.path + "/" + item)
        }
        return folder.path
    }

    func replace(_ old: String, _ new: String, in file: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(old), "\(file) no longer has \(old)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: file, atomically: true, encoding: .utf8)
    }

    @Test func tiliosEditSegueEmbeddedInANavigationControllerTrapsAtTheCast() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = try copy("TILiOS", into: folder)
        // The storyboard change: EditAcronymSegue now presents a navigation controller around
        // the form (our own scene XML), as a developer embedding the form would make it.
        try replace(#"<segue destination="vSF-0N-Jro" kind="show" identifier="EditAcronymSegue" id="Ioc-gK-VfW"/>"#,
                    #"<segue destination="fcN-av-001" kind="presentation" identifier="EditAcronymSegue" id="Ioc-gK-VfW"/>"#,
                    in: app + "/Base.lproj/Main.storyboard")
        try replace("    </scenes>", """
                    <scene sceneID="fcN-scn-001">
                        <objects>
                            <navigationController id="fcN-av-001" sceneMemberID="viewController">
                                <navigationBar key="navigationBar" contentMode="scaleToFill" id="fcN-bar-001">
                                    <rect key="frame" x="0.0" y="0.0" width="414" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                </navigationBar>
                                <connections>
                                    <segue destination="vSF-0N-Jro" kind="relationship" relationship="rootViewController" id="fcN-rel-001"/>
                                </connections>
                            </navigationController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="fcN-fr-001" userLabel="First Responder" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>
                </scenes>
            """, in: app + "/Base.lproj/Main.storyboard")
        let swift = app + "/ViewControllers/AcronymsDetailTableViewController.swift"
        try replace("""
                  guard
                    let destination = segue.destination
                      as? CreateAcronymTableViewController
                  else {
                    return
                  }
            """, "      let destination = segue.destination as! CreateAcronymTableViewController\n", in: swift)
        let r = try check(app)
        let line = try #require(r.stdout.split(separator: "\n").first { $0.contains(": Could not cast value of type") }, "\(r.stdout)")
        #expect(line.contains("AcronymsDetailTableViewController.swift:90: error: "), "\(line)")
        #expect(line.hasSuffix("Could not cast value of type 'UINavigationController' (0x1e5f08050) to 'TILiOS.CreateAcronymTableViewController' (0x10000c720)."), "\(line)")
        #expect(r.stdout.contains("forced-cast-fails"))
        // One mistake, one error: the lint on the same line is left to it.
        #expect(!r.stdout.contains("destination-cast-fails"), "\(r.stdout)")

        // The fix: through the navigation controller's top.
        try replace("let destination = segue.destination as! CreateAcronymTableViewController",
                    "let destination = (segue.destination as! UINavigationController).topViewController as! CreateAcronymTableViewController", in: swift)
        let fixed = try check(app)
        #expect(!fixed.stdout.contains("Could not cast"), "\(fixed.stdout)")
        #expect(!fixed.stdout.contains(": error: "), "\(fixed.stdout)")
    }

    @Test func tinodesForcedCastsHoldAndAreNoFinding() throws {
        let r = try check(PackagePaths.app("tinode-ios")!)
        #expect(!r.stdout.contains("forced-cast-fails"), "\(r.stdout)")
        #expect(!r.stdout.contains("destination-cast-fails"), "\(r.stdout)")
        #expect(!r.stdout.contains("is read as as?"), "\(r.stdout)")
        #expect(!r.stdout.contains(": error: "), "\(r.stdout)")
    }
}
