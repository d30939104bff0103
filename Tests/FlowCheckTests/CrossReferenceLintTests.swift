import FlowCheck
import FlowModel
import Testing

/// Issue 30 item 4: strings in Swift that name storyboard things (`references`), held
/// against the storyboards, each at its Swift line.
@Suite("Cross-reference lints")
struct CrossReferenceLintTests {
    static func body(references: String, storyboardNames: String? = #"["Main", "Settings"]"#) -> String {
        """
        "initial": "nav",
        \(storyboardNames.map { "\"storyboardNames\": \($0)," } ?? "")
        "classes": {
          "ListViewController": {}, "DetailViewController": {}, "SettingsViewController": {}, "PopupViewController": {}
        },
        "scenes": {
          "nav": { "class": "UINavigationController", "storyboard": { "file": "App/Base.lproj/Main.storyboard", "line": 3, "id": "n" } },
          "list": { "class": "ListViewController", "storyboardIdentifier": "List", "storyboard": { "file": "App/Base.lproj/Main.storyboard", "line": 9, "id": "l" } },
          "detail": { "class": "DetailViewController", "storyboardIdentifier": "Detail", "storyboard": { "file": "App/Base.lproj/Main.storyboard", "line": 20, "id": "d" } },
          "settings": { "class": "SettingsViewController", "storyboardIdentifier": "Settings", "storyboard": { "file": "App/Settings.storyboard", "line": 4, "id": "s" } }
        },
        "segues": [
          { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "showDetail", "source": "list", "destination": "detail", "kind": "show" },
          { "id": "showAbout", "source": "detail", "destination": "settings", "kind": "show" }
        ],
        "references": [\(references)]
        """
    }

    func lint(_ references: String, storyboardNames: String? = #"["Main", "Settings"]"#) throws -> Report {
        Checker.check(try Flows.load(Self.body(references: references, storyboardNames: storyboardNames)), options: CheckOptions(explore: false))
    }

    @Test("performSegue: the receiver's own scenes decide; a near name is suggested; the Swift line comes first")
    func performSegue() throws {
        let r = try lint("""
            { "kind": "performSegue", "name": "showDetial", "class": "ListViewController", "at": "List.swift:10" },
            { "kind": "performSegue", "name": "showAbout", "class": "ListViewController", "at": "List.swift:11" },
            { "kind": "performSegue", "name": "showDetail", "class": "ListViewController", "at": "List.swift:12" },
            { "kind": "performSegue", "name": "showDetail", "class": "PopupViewController", "at": "Popup.swift:5" },
            { "kind": "performSegue", "name": "showDetail", "at": "Coordinator.swift:7" },
            { "kind": "performSegue", "name": "nowhere", "at": "Coordinator.swift:8" }
            """)
        let found = r.findings(Rules.unknownSegueIdentifier)
        #expect(found.map { $0.code?.description ?? "" } == ["List.swift:10", "List.swift:11", "Popup.swift:5", "Coordinator.swift:8"])
        #expect(found.map(\.severity) == [.error, .error, .note, .error])
        #expect(found[0].message.contains("Receiver (<App.ListViewController: 0x…>) has no segue with identifier 'showDetial'"))
        #expect(found[0].hint.hasPrefix("did you mean 'showDetail'?"))
        // The scene of the receiver is the storyboard element.
        #expect(found[0].origin?.path == "scenes.list")
        #expect(found[1].message.contains("leaves another class's scene"))
    }

    @Test("a typo is definite though the class has unread code elsewhere; a note at its own line makes it possible")
    func classNotesDoNotMakeAStringPossible() throws {
        // The reader's notes on ListViewController: its superclass and an unread statement in
        // another method. Neither changes which identifiers the list's scene owns.
        let notes = #""notes": ["List.swift:2: superclass BaseTableViewController is not in the sources", "List.swift:30: prepare(for:sender:): statement not read: x.y.z = 1", "List.swift:12: openDetail(): statement not read: performSegue(withIdentifier: \"showDetial\", sender: nil)"]"#
        let body = Self.body(references: """
            { "kind": "performSegue", "name": "showDetial", "class": "ListViewController", "at": "List.swift:10" },
            { "kind": "performSegue", "name": "showDetial", "class": "ListViewController", "at": "List.swift:12" }
            """).replacingOccurrences(of: #""ListViewController": {}"#, with: #""ListViewController": { \#(notes), "actions": { "openAbout()": { "do": "performSegue", "segue": "showAbuot", "at": "List.swift:40" } } }"#)
        let r = Checker.check(try Flows.load(body), options: CheckOptions(explore: false))
        let found = r.findings(Rules.unknownSegueIdentifier)
        // The code action's own lint too: a class-wide note (the superclass) does not count.
        let at = found.map { $0.code?.description ?? "" }
        #expect(at.sorted() == ["List.swift:10", "List.swift:12", "List.swift:40"], "\(ReportFormat.text(r))")
        for f in found {
            let noted = f.code?.description == "List.swift:12"
            #expect(f.severity == (noted ? .note : .error) && f.confidence == (noted ? .possible : .definite), "\(ReportFormat.text(r))")
            if noted { #expect(f.assumes.contains { $0.contains("List.swift:12") }) }
        }
    }

    @Test("a test for an identifier no segue of the class's scenes has is a warning: the branch is never taken")
    func identifierTests() throws {
        let r = try lint("""
            { "kind": "segueIdentifierTest", "name": "ShowDetail", "class": "ListViewController", "at": "List.swift:20" },
            { "kind": "segueIdentifierTest", "name": "showDetail", "class": "ListViewController", "at": "List.swift:21" },
            { "kind": "segueIdentifierTest", "name": "showAbout", "class": "PopupViewController", "at": "Popup.swift:9" },
            { "kind": "segueIdentifierTest", "name": "gone", "class": "PopupViewController", "at": "Popup.swift:10" }
            """)
        let found = r.findings(Rules.segueIdentifierNeverMatches)
        #expect(found.map { $0.code?.description ?? "" } == ["List.swift:20", "Popup.swift:10"])
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found[0].message.contains("the branch is never taken"))
    }

    @Test("instantiate: by the storyboard the code names, self's storyboard, or any when unknown")
    func instantiate() throws {
        let r = try lint("""
            { "kind": "instantiate", "name": "Settings", "storyboard": "Main", "at": "Router.swift:3" },
            { "kind": "instantiate", "name": "Settings", "storyboard": "Settings", "at": "Router.swift:4" },
            { "kind": "instantiate", "name": "Detail", "class": "ListViewController", "at": "List.swift:30" },
            { "kind": "instantiate", "name": "Settings", "class": "ListViewController", "at": "List.swift:31" },
            { "kind": "instantiate", "name": "Settings", "at": "Router.swift:5" },
            { "kind": "instantiate", "name": "Setings", "at": "Router.swift:6" },
            { "kind": "instantiate", "name": "Anything", "storyboard": "Missing", "at": "Router.swift:7" }
            """)
        let found = r.findings(Rules.unknownStoryboardIdentifier)
        #expect(found.map { $0.code?.description ?? "" } == ["Router.swift:3", "List.swift:31", "Router.swift:6"])
        #expect(found.allSatisfy { $0.severity == .error })
        #expect(found[0].message.contains("Storyboard (<UIStoryboard: 0x…>) doesn't contain a view controller with identifier 'Settings'"))
        #expect(found[2].hint.hasPrefix("did you mean 'Settings'?"))
    }

    @Test("a storyboard name no file of the app has is an error, only when the import listed the app's storyboards")
    func storyboardNames() throws {
        let refs = """
            { "kind": "storyboardName", "name": "Setting", "at": "Boards.swift:2" },
            { "kind": "storyboardName", "name": "Main", "at": "Boards.swift:3" },
            { "kind": "storyboardName", "name": "LaunchScreen", "at": "Boards.swift:4" }
            """
        let found = try lint(refs).findings(Rules.unknownStoryboardName)
        #expect(found.map { $0.code?.description ?? "" } == ["Boards.swift:2"])
        #expect(found.first?.message.contains("Could not find a storyboard named 'Setting' in bundle NSBundle") == true)
        #expect(found.first?.hint.hasPrefix("did you mean 'Settings'?") == true)
        #expect(try lint(refs, storyboardNames: nil).findings(Rules.unknownStoryboardName).isEmpty)
    }

    @Test("a forced cast of segue.destination that no segue reaching the prepare can satisfy is an error, with Swift's text")
    func destinationCasts() throws {
        let body = """
            "initial": "nav",
            "classes": { "ListViewController": {}, "DetailViewController": {} },
            "scenes": {
              "nav": { "class": "UINavigationController" },
              "list": { "class": "ListViewController" },
              "detailNav": { "class": "UINavigationController" },
              "detail": { "class": "DetailViewController" }
            },
            "segues": [
              { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
              { "id": "edit", "source": "list", "destination": "detailNav", "kind": "presentation" },
              { "id": "show", "source": "list", "destination": "detail", "kind": "show" },
              { "source": "detailNav", "destination": "detail", "kind": "relationship", "relationship": "rootViewController" }
            ],
            "references": [
              { "kind": "destinationCast", "name": "DetailViewController", "class": "ListViewController", "segue": "edit", "at": "List.swift:5" },
              { "kind": "destinationCast", "name": "DetailViewController", "class": "ListViewController", "segue": "show", "at": "List.swift:6" },
              { "kind": "destinationCast", "name": "DetailViewController", "class": "ListViewController", "at": "List.swift:7" },
              { "kind": "destinationCast", "name": "UINavigationController", "class": "ListViewController", "segue": "edit", "at": "List.swift:8" },
              { "kind": "destinationCast", "name": "SomeProtocol", "class": "ListViewController", "segue": "edit", "at": "List.swift:9" }
            ]
            """
        let r = Checker.check(try Flows.load(body), options: CheckOptions(explore: false))
        let found = r.findings(Rules.destinationCastFails)
        // Unfiltered (line 7), one of the segues gives a DetailViewController: no claim.
        #expect(found.map { $0.code?.description ?? "" } == ["List.swift:5"])
        #expect(found.first?.message.contains("Could not cast value of type 'UINavigationController' (0x…) to 'App.DetailViewController' (0x…).") == true)
        #expect(found.first?.hint.contains("topViewController") == true)
    }

    @Test("a storyboard of the app that was not read (another platform's) makes 'nowhere' a warning, never an error")
    func unreadStoryboards() throws {
        let r = try lint("""
            { "kind": "performSegue", "name": "tvOnly", "at": "TV.swift:3" },
            { "kind": "instantiate", "name": "TVHome", "at": "TV.swift:4" },
            { "kind": "instantiate", "name": "TVHome", "storyboard": "TV", "at": "TV.swift:5" }
            """, storyboardNames: #"["Main", "Settings", "TV"]"#)
        #expect(r.findings(Rules.unknownSegueIdentifier).map(\.severity) == [.warning])
        #expect(r.findings(Rules.unknownStoryboardIdentifier).map(\.severity) == [.warning])
        #expect(r.findings(Rules.unknownSegueIdentifier).first?.message.contains("'TV'") == true)
    }
}
