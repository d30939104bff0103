import FlowCheck
import FlowModel
import Testing

/// Which part of the flow, and which Swift line, a trap is blamed on.
@Suite struct TrapBlameTests {
    /// Two classes in files of one name in different folders: the trap's `Module/Folder/File.swift`
    /// names one of them (matching only the last path component found neither).
    static let flow = """
        "initial": "list",
        "classes": {
          "ListViewController": { "file": "List/ListViewController.swift" },
          "DetailViewController": {
            "file": "Settings/DetailViewController.swift",
            "initCoder": { "fatalError": "use init(store:)", "line": 12, "at": "Shop/Settings/DetailViewController.swift:12" }
          },
          "ProfileViewController": {
            "file": "Profile/DetailViewController.swift",
            "initCoder": { "fatalError": "use init(user:)", "line": 30 }
          }
        },
        "scenes": {
          "list": { "class": "ListViewController", "controls": ["open", "profile"] },
          "detail": { "class": "DetailViewController" },
          "profile": { "class": "ProfileViewController" }
        },
        "segues": [
          { "source": "list", "destination": "detail", "kind": "presentation", "trigger": "control:open" },
          { "source": "list", "destination": "profile", "kind": "presentation", "trigger": "control:profile" }
        ]
        """

    @Test func aTrapInAClassWhoseFileHasFoldersIsBlamedOnThatClassAndItsSwiftLine() throws {
        let report = try check(Self.flow)
        let traps = report.findings(Rules.trap)
        let settings = try #require(traps.first { $0.message.hasPrefix("App/Settings/DetailViewController.swift:12: Fatal error: use init(store:)") }, "\(report.text)")
        #expect(settings.origin?.path == "classes.DetailViewController.initCoder")
        #expect(settings.code == CodeLocation(file: "Shop/Settings/DetailViewController.swift", line: 12))
        let profile = try #require(traps.first { $0.message.hasPrefix("App/Profile/DetailViewController.swift:30: Fatal error: use init(user:)") }, "\(report.text)")
        #expect(profile.origin?.path == "classes.ProfileViewController.initCoder")
        // No "at": the flow's place only.
        #expect(profile.code == nil)
        #expect(ReportFormat.text(report).contains("  Shop/Settings/DetailViewController.swift:12: error: classes.DetailViewController.initCoder: "))
    }

    @Test func aMalformedSwiftLineIsALoadError() throws {
        let text = Flows.text(Self.flow.replacingOccurrences(of: "\"Shop/Settings/DetailViewController.swift:12\"", with: "\"DetailViewController.swift\""))
        guard case .failure(let e) = FlowLoader.load(text: text, file: "inline.json") else {
            Issue.record("a flow with \"at\" lacking its line loaded")
            return
        }
        #expect(e.diagnostics.contains { $0.path == "classes.DetailViewController.initCoder.at" && $0.message.contains("expected the Swift file and line") }, "\(e.diagnostics)")
    }
}
