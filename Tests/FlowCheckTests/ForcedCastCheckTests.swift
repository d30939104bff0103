@testable import FlowCheck
import FlowModel
import Testing

/// Issue 31 item 2: a reachable `as!` that fails is `forced-cast-fails`, at the cast's Swift
/// line; the lint `destination-cast-fails` on the same line is not said a second time.
@Suite("check: forced casts")
struct ForcedCastCheckTests {
    static func body(prepare: String, references: String = "") -> String {
        """
        "initial": "nav",
        "classes": {
          "ListViewController": { "file": "List.swift", "prepare": [ \(prepare) ] },
          "DetailViewController": { "file": "Detail.swift" }
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "list": { "class": "ListViewController", "controls": ["edit", "show"] },
          "detailNav": { "class": "UINavigationController" },
          "detail": { "class": "DetailViewController" },
          "plainDetail": { "class": "DetailViewController" }
        },
        "segues": [
          { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "edit", "source": "list", "destination": "detailNav", "kind": "presentation", "trigger": "control:edit" },
          { "id": "show", "source": "list", "destination": "plainDetail", "kind": "show", "trigger": "control:show" },
          { "source": "detailNav", "destination": "detail", "kind": "relationship", "relationship": "rootViewController" }
        ]\(references)
        """
    }

    @Test("the destination that became a navigation controller: an error at the cast's line, with the runtime's text and the path")
    func reachableFailingCast() throws {
        let r = try check(Self.body(prepare: #"{ "segue": "edit", "as!": "DetailViewController", "at": "List.swift:5" }"#))
        let found = r.findings(Rules.forcedCastFails)
        #expect(found.count == 1)
        let f = try #require(found.first)
        #expect(f.severity == .error)
        #expect(f.code == CodeLocation(file: "List.swift", line: 5))
        #expect(f.origin?.path == "classes.ListViewController.prepare[0]")
        #expect(f.message.hasPrefix("App/List.swift:5: Could not cast value of type 'UINavigationController' (0x"))
        #expect(f.message.contains(" to 'App.DetailViewController' (0x"))
        #expect(f.path?.count == 1)
        #expect(r.findings(Rules.trap).isEmpty)
    }

    @Test("the working cast through topViewController, and a cast that holds, are no finding")
    func castsThatHold() throws {
        let r = try check(Self.body(prepare: """
            { "segue": "edit", "unwrap": ["navigationTop!"], "as!": "DetailViewController", "at": "List.swift:5" },
            { "segue": "show", "as!": "DetailViewController", "at": "List.swift:7" }
            """))
        #expect(r.findings(Rules.forcedCastFails).isEmpty)
        #expect(r.findings.allSatisfy { $0.severity < .error })
    }

    @Test("one mistake, one error: the lint on the same line is left to the exploration's finding")
    func lintNotRepeated() throws {
        let refs = #"""
            ,
            "references": [
              { "kind": "destinationCast", "name": "DetailViewController", "class": "ListViewController", "segue": "edit", "at": "List.swift:5" }
            ]
            """#
        let body = Self.body(prepare: #"{ "segue": "edit", "as!": "DetailViewController", "at": "List.swift:5" }"#, references: refs)
        let both = try check(body)
        #expect(both.findings(Rules.forcedCastFails).count == 1)
        #expect(both.findings(Rules.destinationCastFails).isEmpty)
        // Without the exploration the lint still says it.
        let lintOnly = try check(body, explore: false)
        #expect(lintOnly.findings(Rules.destinationCastFails).count == 1)
    }

    @Test("what prepare does after the cast never runs: its unread statements are no assumption of the trap")
    func statementsAfterTheCast() {
        let message = "App/List.swift:90: Could not cast value of type 'App.A' (0x1) to 'App.B' (0x2)."
        let after = "code flownav did not read, at /app/List.swift:93: prepare(for:sender:): sets x of B, which is not a stored property of it in the sources: not modelled"
        let before = "code flownav did not read, at /app/List.swift:88: prepare(for:sender:): statement not read: foo()"
        let elsewhere = "code flownav did not read, at /app/Other.swift:120: prepare(for:sender:): statement not read: bar()"
        let other = "code flownav did not read, at /app/List.swift:140: open(_:): statement not read: baz()"
        #expect(ForcedCastFindings.withoutStatementsAfterTheCast([after, before, elsewhere, other], message: message) == [before, elsewhere, other])
    }

    @Test("a destination scene whose class no code declares is never a forced-cast finding")
    func unknownClassIsNoFinding() throws {
        let body = Self.body(prepare: #"{ "segue": "show", "as!": "DetailViewController", "at": "List.swift:7" }"#)
            .replacingOccurrences(of: #""plainDetail": { "class": "DetailViewController" }"#, with: #""plainDetail": { "class": "RenamedViewController" }"#)
        let r = try check(body)
        #expect(r.findings(Rules.forcedCastFails).isEmpty)
    }
}
