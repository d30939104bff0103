import FlowCheck
@testable import FlowImport
import FlowModel
import TestSupport
import Testing

/// A storyboard cell's or view's custom class that no source declares (issue 30, item 4):
/// UIKit logs "Unknown class" and decodes the element's own class, so `check` names it at the
/// element, with the renamed class when one is near.
@Suite struct ViewClassImportTests {
    static let folder = PackagePaths.root.appendingPathComponent("Tests/FlowImportTests/Fixtures/ViewClasses").path

    static func findings() throws -> [Finding] {
        let flow = try FlowSource.load(path: folder).get().flow
        return Checker.check(flow).findings.filter { $0.rule.id == "unknown-view-class" }
    }

    @Test func aRenamedCellIsNamedWithTheNearestCellClass() throws {
        let f = try #require(try Self.findings().first { $0.message.contains("NoteCell,") })
        // NoteCall is as near in spelling, but a view: a cell was renamed to a cell.
        #expect(f.message.contains("renamed to NotesCell?"))
        #expect(f.message.contains("'Unknown class _TtC6Jotter8NoteCell in Interface Builder file.'"))
        #expect(f.message.contains("a plain UITableViewCell"))
        #expect(f.file.hasSuffix("Base.lproj/Main.storyboard"))
        #expect(f.origin?.position?.line == 19)
    }

    @Test func aRenamedViewInAStoryboardAndInAViewControllersXIBIsNamed() throws {
        let all = try Self.findings()
        let badge = try #require(all.first { $0.message.contains("BadgeView,") })
        #expect(badge.message.contains("renamed to BadgesView?"))
        #expect(badge.message.contains("in scene 'notes'"))
        let avatar = try #require(all.first { $0.message.contains("AvatarView,") })
        #expect(avatar.file.hasSuffix("ProfileViewController.xib"))
        #expect(avatar.message.contains("a plain UIImageView"))
    }

    @Test func aClassWithNoModuleIsPrintedAsWritten() throws {
        let f = try #require(try Self.findings().first { $0.message.contains("RoundButton,") })
        #expect(f.message.contains("'Unknown class RoundButton in Interface Builder file.'"))
        #expect(f.message.contains("renamed to RoundedButton?"))
    }

    @Test func aSceneClassWithNoModuleIsPrintedAsWritten() throws {
        let flow = try FlowSource.load(path: Self.folder).get().flow
        let f = try #require(Checker.check(flow).findings.first { $0.rule.id == "unknown-scene-class" })
        #expect(f.message.contains("'Unknown class ArchiveViewController in Interface Builder file.'"))
        // A class the storyboard names with its module keeps Swift's mangled name.
        #expect(flow.objcRuntimeName(of: "NotesViewController") == "_TtC6Jotter19NotesViewController")
    }

    @Test func declaredPodAndSystemClassesAreNotReported() throws {
        let all = try Self.findings()
        #expect(all.count == 4)
        // A pod's (customModule, no provider; or no module and no near name: an Objective-C
        // framework's), Swift's and Objective-C's declared ones, Apple's (even given the app's
        // module), and a custom segue's class (unknown-segue-class's).
        for name in ["ShimmerView", "SparkleEmitter", "TitleLabel", "LegacyGradientView", "WKWebView", "UITableView", "FadeSegue"] {
            #expect(!all.contains { $0.message.contains("declares \(name),") }, "\(name)")
        }
    }

    @Test func withoutTheSourcesNothingIsSaid() throws {
        let imported = try FlowSource.importDocument(paths: [Self.folder]).get()
        #expect(imported.viewClasses.map(\.className).sorted() == ["AvatarView", "BadgeView", "LegacyGradientView", "NoteCell", "RoundButton", "SparkleEmitter", "TitleLabel"])
        let alone = try FlowSource.load(imported: imported, file: Self.folder).get().flow
        #expect(alone.unknownViewClasses.isEmpty)
    }

    @Test func declaredTypesReadSuperclassesThroughGenericsAndObjectiveC() {
        var d = DeclaredTypes()
        d.scan(Array("class Base<T>: UITableViewCell {}\nfinal class Leaf: Base<Int> {}\n@interface Old : UIView\n@objc(Renamed) class X: NSObject { class func make() {}\n @objc(tableView:didSelect:) func t() {} }".utf8))
        #expect(d.inherits("Leaf", from: "UITableViewCell"))
        #expect(d.inherits("Old", from: "UIView"))
        #expect(d.names.isSuperset(of: ["Base", "Leaf", "Old", "Renamed", "X"]))
        #expect(!d.names.contains("func"))
        #expect(!d.names.contains("tableView"))
    }
}
