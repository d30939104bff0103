import FlowModel
import FlowSources
import Foundation
import TestSupport
import Testing

/// A small hand-made app whose code names its scenes by storyboard, as SwiftGen's generated
/// `StoryboardScene` enum lets it: the scene delegate's root and a method that presents a scene.
/// Main.storyboard also has a scene with the Storyboard ID 'ShopDetail', so only a link to
/// Shop.storyboard's scene (not a lookup of the ID across storyboards) reaches the right one.
enum ScenesApp {
    static let swift: [String: String] = [
        "Generated/Scenes.swift": """
            import UIKit
            internal enum StoryboardScene {
              internal enum Start: StoryboardType {
                internal static let storyboardName = "Start"
                internal static let initialScene = InitialSceneType<StartViewController>(storyboard: Start.self)
              }
              internal enum Shop: StoryboardType {
                internal static let storyboardName = "Shop"
                internal static let detail = SceneType<ShopDetailViewController>(storyboard: Shop.self, identifier: "ShopDetail")
              }
            }
            """,
        "SceneDelegate.swift": """
            import UIKit
            class SceneDelegate: NSObject, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    guard let windowScene = scene as? UIWindowScene else { return }
                    window = UIWindow(windowScene: windowScene)
                    window?.rootViewController = StoryboardScene.Start.initialScene.instantiate()
                    window?.makeKeyAndVisible()
                }
            }
            """,
        "StartViewController.swift": """
            import UIKit
            class StartViewController: UIViewController {
                func openShop(featured: Bool) {
                    if featured {
                        let detail = StoryboardScene.Shop.detail.instantiate()
                        present(detail, animated: true)
                    }
                }
            }
            class ShopDetailViewController: UIViewController {
                func openSettings() {
                    let board = UIStoryboard(name: "Settings", bundle: nil)
                    if let settings = board.instantiateInitialViewController() {
                        navigationController?.pushViewController(settings, animated: true)
                    }
                }
            }
            class MainViewController: UIViewController {}
            class DecoyViewController: UIViewController {}
            """,
    ]

    static func storyboard(initial: String?, _ scenes: [(id: String, cls: String, storyboardID: String?)]) -> String {
        let body = scenes.enumerated().map { i, s in
            """
                    <scene sceneID="s\(i)"><objects>
                        <viewController \(s.storyboardID.map { "storyboardIdentifier=\"\($0)\" " } ?? "")id="\(s.id)" customClass="\(s.cls)" customModule="Scenes" customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v\(s.id)"/>
                        </viewController>
                    </objects></scene>
            """
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES"\(initial.map { " initialViewController=\"\($0)\"" } ?? "")>
                <scenes>
            \(body)
                </scenes>
            </document>
            """
    }

    /// The app in a temporary folder: the Swift above and three storyboards.
    static func write(into folder: TemporaryFolder) throws -> String {
        let app = folder.path + "/Scenes"
        let fm = FileManager.default
        try fm.createDirectory(atPath: app + "/Generated", withIntermediateDirectories: true)
        for (path, text) in swift { try text.write(toFile: app + "/" + path, atomically: true, encoding: .utf8) }
        let boards = [
            "Main": storyboard(initial: "mn", [("mn", "MainViewController", nil), ("dc", "DecoyViewController", "ShopDetail")]),
            "Start": storyboard(initial: "st", [("st", "StartViewController", nil)]),
            "Shop": storyboard(initial: nil, [("sd", "ShopDetailViewController", "ShopDetail")]),
        ]
        for (name, xml) in boards { try xml.write(toFile: "\(app)/\(name).storyboard", atomically: true, encoding: .utf8) }
        return app
    }
}

@Suite struct StoryboardSceneReaderTests {
    @Test func swiftGenScenesAreReadAsTheStoryboardAndIdentifierTheyName() throws {
        let facts = read(ScenesApp.swift)
        // The scene delegate is a plain NSObject: still read, and its root is Start's initial scene.
        let root = try #require(facts.launch.root)
        #expect(root.storyboardName == "Start")
        #expect(root.storyboardIdentifier == nil)
        #expect(root.origin.path == "SceneDelegate.swift" && root.origin.position?.line == 7)
        // A local declared inside the `if`, presented there: Shop's scene 'ShopDetail'.
        let open = try #require(facts.classes["StartViewController"]?.actions.first)
        #expect(open.name == "openShop(featured:)")
        #expect(open.trigger == .manual)
        #expect(open.kind == .present)
        #expect(open.storyboardName == "Shop" && open.storyboardIdentifier == "ShopDetail")
        #expect(open.className == nil)
        #expect(open.origin.position?.line == 6)
        // `UIStoryboard(name:bundle:)` in a local, its initial view controller pushed.
        let settings = try #require(facts.classes["ShopDetailViewController"]?.actions.first)
        #expect(settings.kind == .push)
        #expect(settings.storyboardName == "Settings" && settings.storyboardIdentifier == nil)
    }

    @Test func aSceneConstantWithAComputedIdentifierIsNotAScene() {
        let facts = read([
            "S.swift": """
                import UIKit
                enum Scenes {
                    static let name = "Dynamic"
                    static let dynamic = SceneType<UIViewController>(storyboard: Main.self, identifier: name)
                }
                class A: UIViewController {
                    @IBAction func go(_ sender: Any) { present(Scenes.dynamic.instantiate(), animated: true) }
                }
                """,
        ])
        #expect(facts.classes["A"]?.actions.isEmpty == true)
    }
}

@Suite(.needsFlownavBinary)
struct StoryboardSceneCheckTests {
    @Test func checkStartsAtTheSceneDelegatesRootAndPresentsTheNamedStoryboardsScene() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = try ScenesApp.write(into: folder)
        let r = try runProcess(FlownavBinary.require(), ["check", "--format", "json", app], stdin: nil, directory: PackagePaths.root, timeout: 600)
        #expect(r.status == 0 || r.status == 1, "\(r)")
        // The launch root and the presented scene are explored, not reported unreachable.
        #expect(r.stdout.contains("\"states\" : 2") || r.stdout.contains("\"states\": 2"), "\(r)")
        #expect(!r.stdout.contains("scene 'ShopDetail2' (ShopDetailViewController) is unreachable"), "\(r)")
        #expect(!r.stdout.contains("scene 'st' (StartViewController) is unreachable") && !r.stdout.contains("(StartViewController) is unreachable"), "\(r)")
        // Main's scene with the same Storyboard ID is not what the code names; Main's entry is replaced by the root.
        #expect(r.stdout.contains("(DecoyViewController) is unreachable: no segue, relationship or code action leads to it from the launch root"), "\(r)")
        #expect(r.stdout.contains("(MainViewController) is unreachable"), "\(r)")
    }

    @Test func importWritesTheSceneItLinksAndANoteForAStoryboardNotImported() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let app = try ScenesApp.write(into: folder)
        let r = try runProcess(FlownavBinary.require(), ["import", app, "--sources", app], stdin: nil, directory: PackagePaths.root, timeout: 600)
        #expect(r.status == 0, "\(r)")
        let flat = r.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        // Shop.storyboard's scene, not Main's with the same Storyboard ID (named 'ShopDetail', first in path order).
        #expect(flat.contains("\"openShop(featured:)\": { \"trigger\": \"manual\", \"do\": \"present\", \"scene\": \"ShopDetail2\""), "\(r)")
        #expect(flat.contains("\"root\": { \"scene\": \"start\""), "\(r)")
        // Settings.storyboard is not in the app: said on the class, at the Swift line.
        #expect(r.stdout.contains("StartViewController.swift:14: openSettings(): shows the initial view controller of Settings.storyboard, which is not imported"), "\(r)")
    }
}
