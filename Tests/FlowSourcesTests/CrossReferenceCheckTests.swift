import Foundation
import TestSupport
import Testing

/// `flownav check APP/` on CrossRefs (Tests/FlowImportTests/Fixtures), an app written for these
/// tests whose code names its storyboards' segues, Storyboard IDs and storyboards from an alert's
/// closure, a main-queue hop, prepare's switch, shouldPerformSegue's guard, a coordinator and a
/// UIStoryboard extension. As written, none of those names is wrong; each planted typo is named
/// at its Swift line by the rule that says what UIKit does with it.
@Suite(.needsFlownavBinary)
struct CrossReferenceCheckTests {
    static let rules = ["unknown-segue-identifier", "segue-identifier-never-matches", "unknown-storyboard-identifier", "unknown-storyboard-name"]

    func check(_ folder: String) throws -> RunResult {
        try runProcess(FlownavBinary.require(), ["check", folder], stdin: nil, directory: PackagePaths.root, timeout: 600)
    }

    /// A copy of the fixture with each (file, text, replacement) planted.
    func planted(_ edits: [(String, String, String)]) throws -> TemporaryFolder {
        let tmp = try TemporaryFolder()
        let fm = FileManager.default
        let source = FixtureAppCheckTests.folder("CrossRefs")
        for item in try fm.contentsOfDirectory(atPath: source) {
            try fm.copyItem(atPath: source + "/" + item, toPath: tmp.path + "/" + item)
        }
        for (file, text, replacement) in edits {
            let path = tmp.path + "/" + file
            let old = try String(contentsOfFile: path, encoding: .utf8)
            #expect(old.contains(text), "\(file) has no \(text)")
            try old.replacingOccurrences(of: text, with: replacement).write(toFile: path, atomically: true, encoding: .utf8)
        }
        return tmp
    }

    @Test func theAppAsWrittenHasNoCrossReferenceFinding() throws {
        let r = try check(FixtureAppCheckTests.folder("CrossRefs"))
        for rule in Self.rules { #expect(!r.stdout.contains(rule + " —"), "\(r)") }
        #expect(r.status == 0 || r.status == 1, "\(r)")
    }

    @Test func eachPlantedTypoIsNamedAtItsSwiftLine() throws {
        let tmp = try planted([
            ("Screens/ListViewController.swift", #"self?.performSegue(withIdentifier: "showDetail""#, #"self?.performSegue(withIdentifier: "showDetial""#),
            ("Screens/ListViewController.swift", #"guard identifier == "showDetail""#, #"guard identifier == "ShowDetail""#),
            ("Support/Router.swift", #"withIdentifier: "Settings""#, #"withIdentifier: "Setings""#),
            ("Support/Router.swift", #"identifier: "Detail")"#, #"identifier: "Detial")"#),
            ("Screens/DetailViewController.swift", #"withIdentifier: "Detail")"#, #"withIdentifier: "Detai")"#),
            ("Support/UIStoryboard+App.swift", #"UIStoryboard(name: "Settings""#, #"UIStoryboard(name: "Setting""#),
        ])
        defer { tmp.remove() }
        let r = try check(tmp.path)
        let out = r.stdout
        #expect(r.status == 1, "\(r)")
        // performSegue in an alert action's closure: one finding for the line, UIKit's text.
        #expect(out.contains("/Screens/ListViewController.swift:11: error:"), "\(r)")
        #expect(out.contains("has no segue with identifier 'showDetial'"), "\(r)")
        // shouldPerformSegue's guard on a typo: a warning, the branch is never taken.
        #expect(out.contains("/Screens/ListViewController.swift:36:"), "\(r)")
        #expect(out.contains("'ShowDetail'"), "\(r)")
        // A Storyboard ID on a storyboard the code does not name, on a named one, and on self's.
        #expect(out.contains("/Support/Router.swift:12: error:"), "\(r)")
        #expect(out.contains("doesn't contain a view controller with identifier 'Setings'"), "\(r)")
        #expect(out.contains("/Support/Router.swift:18: error:") && out.contains("on storyboard 'Main'"), "\(r)")
        #expect(out.contains("/Screens/DetailViewController.swift:11: error:") && out.contains("from its own storyboard ('Main')"), "\(r)")
        #expect(out.contains("did you mean 'Detail'?"), "\(r)")
        // A storyboard name no file has; the instantiate on it is not reported a second time.
        #expect(out.contains("/Support/UIStoryboard+App.swift:4: error:"), "\(r)")
        #expect(out.contains("Could not find a storyboard named 'Setting' in bundle NSBundle"), "\(r)")
        #expect(out.contains("did you mean 'Settings'?"), "\(r)")
    }

    @Test func aTestInPrepareThatNoSegueMatchesIsAWarning() throws {
        let tmp = try planted([("Screens/ListViewController.swift", #"case "showDetail":"#, #"case "ShowDetail":"#)])
        defer { tmp.remove() }
        let r = try check(tmp.path)
        // The prepare case's own lint says it (once: one finding for one mistake).
        #expect(r.stdout.components(separatedBy: "'ShowDetail'").count == 2, "\(r)")
        #expect(r.stdout.contains("warning:"), "\(r)")
        #expect(!r.stdout.contains("error: scenes.List"), "\(r)")
    }
}
