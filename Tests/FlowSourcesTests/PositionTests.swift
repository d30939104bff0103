import Foundation
import TestSupport
import Testing

/// `flownav check APP/` points into the app: a finding about a storyboard part at the
/// `.storyboard` file and line, a finding about code at the Swift file and line to change — in
/// text, JSON and SARIF, with paths as given on the command line (relative to the working
/// directory, as code scanning resolves them against the repository).
@Suite(.needsFlownavBinary)
struct PositionTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" initialViewController="nav-1">
            <scenes>
                <scene sceneID="s-1">
                    <objects>
                        <navigationController id="nav-1" sceneMemberID="viewController">
                            <connections>
                                <segue destination="lst-1" kind="relationship" relationship="rootViewController" id="rel-1"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="s-2">
                    <objects>
                        <viewController id="lst-1" customClass="ListViewController" customModule="Shop" sceneMemberID="viewController">
                            <navigationItem key="navigationItem" title="List">
                                <barButtonItem key="rightBarButtonItem" systemItem="add" id="add-1">
                                    <connections>
                                        <segue destination="dtl-1" kind="show" identifier="showDetail" id="seg-1"/>
                                    </connections>
                                </barButtonItem>
                            </navigationItem>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s-3">
                    <objects>
                        <viewController id="dtl-1" customClass="DetailViewController" customModule="Shop" sceneMemberID="viewController"/>
                    </objects>
                </scene>
                <scene sceneID="s-4">
                    <objects>
                        <viewController id="orp-1" customClass="OrphanViewController" customModule="Shop" sceneMemberID="viewController"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    /// The list's prepare sets the title but not `store`, which the detail's viewDidLoad reads.
    static let list = """
        import UIKit

        class ListViewController: UIViewController {
            var store = Store()

            override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                if let detail = segue.destination as? DetailViewController {
                    detail.name = "Detail"
                }
            }
        }
        """

    static let detail = """
        import UIKit

        struct Store {
            var name = "shop"
        }

        class DetailViewController: UIViewController {
            var name = ""
            var store: Store!

            override func viewDidLoad() {
                super.viewDidLoad()
                title = store.name
            }
        }

        class OrphanViewController: UIViewController {
        }
        """

    /// The app under a fresh folder as `Shop/`, and that folder (the working directory).
    static func app() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let fm = FileManager.default
        for dir in ["Shop/Base.lproj", "Shop/Screens/List", "Shop/Screens/Detail"] {
            try fm.createDirectory(atPath: folder.path + "/" + dir, withIntermediateDirectories: true)
        }
        _ = try folder.file("Shop/Base.lproj/Main.storyboard", contents: storyboard)
        _ = try folder.file("Shop/Screens/List/ListViewController.swift", contents: list)
        _ = try folder.file("Shop/Screens/Detail/DetailViewController.swift", contents: detail)
        return folder
    }

    func check(_ format: String, in folder: TemporaryFolder) throws -> RunResult {
        try runProcess(FlownavBinary.require(), ["check", "--format", format, "Shop"], stdin: nil, directory: folder.url, timeout: 600)
    }

    /// The line of `text` in `file`'s contents (1-based).
    func line(of text: String, in contents: String) throws -> Int {
        let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    @Test func theTrapPointsAtTheSwiftLineAndTheUnreachedSceneAtTheStoryboardFile() throws {
        let folder = try Self.app()
        defer { folder.remove() }
        // The read of the nil `store` in viewDidLoad, where Swift traps.
        let viewDidLoad = try line(of: "title = store.name", in: Self.detail)
        let orphan = try line(of: "id=\"orp-1\"", in: Self.storyboard)
        let swift = "Shop/Screens/Detail/DetailViewController.swift"

        // Text: the Swift line first, then the storyboard element of the class's scene.
        let text = try check("text", in: folder)
        #expect(text.status == 1, "\(text)")
        let trap = try #require(text.stdout.split(separator: "\n").first { $0.contains("Unexpectedly found nil") }, "\(text)")
        #expect(trap.hasPrefix("  \(swift):\(viewDidLoad): error: classes.DetailViewController.viewDidLoad: "), "\(trap)")
        // The engine's trap prints `Module/File.swift:LINE`, the line of the read.
        #expect(trap.contains(": Shop/DetailViewController.swift:\(viewDidLoad): Fatal error: Unexpectedly found nil"), "\(trap)")
        #expect(text.stdout.contains("Shop/Base.lproj/Main.storyboard:\(orphan):1: warning: scenes.orphan: "), "\(text)")
        #expect(!text.stdout.contains("  Shop:"), "a finding names the folder instead of a file:\n\(text)")

        // JSON: the storyboard or flow place as before, and the Swift line beside it.
        let json = try check("json", in: folder)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(((report["flows"] as? [[String: Any]])?.first?["findings"]) as? [[String: Any]])
        let trapJSON = try #require(findings.first { ($0["rule"] as? String) == "trap" }, "\(json)")
        let code = try #require(trapJSON["swift"] as? [String: Any], "\(trapJSON)")
        #expect(code["file"] as? String == swift)
        #expect(code["line"] as? Int == viewDidLoad)
        let unreached = try #require(findings.first { ($0["jsonPath"] as? String) == "scenes.orphan" }, "\(json)")
        #expect(unreached["file"] as? String == "Shop/Base.lproj/Main.storyboard")
        #expect(unreached["line"] as? Int == orphan)

        // SARIF: the Swift line is the primary location (what code scanning annotates).
        let sarif = try check("sarif", in: folder)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        func physical(_ r: [String: Any], _ key: String = "locations") -> (String?, Int?) {
            let l = (r[key] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return ((l?["artifactLocation"] as? [String: Any])?["uri"] as? String, (l?["region"] as? [String: Any])?["startLine"] as? Int)
        }
        let trapSARIF = try #require(results.first { ($0["ruleId"] as? String) == "trap" }, "\(sarif)")
        #expect(physical(trapSARIF) == (swift, viewDidLoad))
        let orphanSARIF = try #require(results.first { (($0["message"] as? [String: Any])?["text"] as? String)?.contains("orphan") == true }, "\(sarif)")
        #expect(physical(orphanSARIF) == ("Shop/Base.lproj/Main.storyboard", orphan))
    }
}
