@testable import FlowCheck
import FlowModel
import Foundation
import TestSupport
import Testing

/// Issue 30: a finding that rests on code flownav did not read (or on a segue performed for
/// such code) is possible, says what it assumes, and is at most a note; the same finding on a
/// fully read path stays definite.
@Suite struct ConfidenceTests {
    /// A list whose `open` button performs a segue whose action builds the detail through the
    /// trapping `init(coder:)`; `listNotes` are the reader's notes on the list's class.
    static func segueActionFlow(listNotes: String) -> String {
        #"""
        "initial": "list",
        "classes": {
          "ListViewController": {
            "file": "ListViewController.swift",
            "segueActions": { "makeDetail(coder:)": { "returns": "DetailViewController", "initializer": "init(coder:)" } },
            "notes": [\#(listNotes)]
          },
          "DetailViewController": {
            "file": "DetailViewController.swift",
            "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 9 }
          }
        },
        "scenes": {
          "list": { "class": "ListViewController", "controls": ["open"] },
          "detail": { "class": "DetailViewController" }
        },
        "segues": [
          { "id": "Open", "source": "list", "destination": "detail", "kind": "presentation", "trigger": "control:open", "action": "makeDetail(coder:)" }
        ]
        """#
    }

    static let unreadAction = #""ListViewController.swift:20: makeDetail(coder:): the class it builds is not read; the scene's class is assumed""#

    @Test func trapThroughASegueActionNotUnderstoodIsAPossibleNote() throws {
        let report = try check(Self.segueActionFlow(listNotes: Self.unreadAction))
        let trap = try #require(report.findings(Rules.trap).first, "\(report.text)")
        #expect(trap.confidence == .possible)
        #expect(trap.severity == .note)
        #expect(trap.assumes.contains { $0.contains("ListViewController.swift:20") && $0.contains("makeDetail(coder:)") }, "\(trap.assumes)")
        // The lint that rests on the same action likewise.
        let lint = try #require(report.findings(Rules.initCoderTrapReachable).first, "\(report.text)")
        #expect(lint.confidence == .possible && lint.severity == .note, "\(report.text)")
        #expect(report.count(atLeast: .warning) == 0, "\(report.text)")
        let text = ReportFormat.text(report)
        #expect(text.contains("note: possible: "), "\(text)")
        #expect(text.contains("possible — assumes code flownav did not read, at ListViewController.swift:20"), "\(text)")
        #expect(text.contains("0 errors, 0 warnings, 3 notes (2 possible)"), "\(text)")
    }

    @Test func theSameTrapOnAFullyReadPathStaysAnError() throws {
        let report = try check(Self.segueActionFlow(listNotes: #""declared at ListViewController.swift:4""#))
        let trap = try #require(report.findings(Rules.trap).first, "\(report.text)")
        #expect(trap.confidence == .definite)
        #expect(trap.severity == .error)
        #expect(trap.assumes.isEmpty)
        #expect(report.findings(Rules.initCoderTrapReachable).first?.severity == .error, "\(report.text)")
    }

    /// A note on another method of the class says nothing about the action that ran.
    @Test func aNoteOnAnotherMemberLeavesItDefinite() throws {
        let report = try check(Self.segueActionFlow(listNotes: #""ListViewController.swift:40: viewWillAppear(_:): statement not read: title = name""#))
        #expect(report.findings(Rules.trap).first?.confidence == .definite, "\(report.text)")
    }

    @Test func exitStatusIsZeroForAPossibleCrashOnly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let possible = try folder.file("possible.json", contents: Flows.text(Self.segueActionFlow(listNotes: Self.unreadAction)))
        let definite = try folder.file("definite.json", contents: Flows.text(Self.segueActionFlow(listNotes: "")))
        let r = try runFlownav(["check", possible])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("possible — assumes"), "\(r)")
        let d = try runFlownav(["check", definite])
        #expect(d.status == 1, "\(d)")
        // Below the default threshold, a possible crash still counts.
        let notes = try runFlownav(["check", possible, "--severity", "note"])
        #expect(notes.status == 1, "\(notes)")
    }

    /// A manual segue no read code performs: `check` performs it from every state, so what
    /// follows from it (the nil its missing `prepare` leaves) rests on that.
    static let manualSegue = #"""
        "initial": "list",
        "classes": {
          "ListViewController": { "file": "ListViewController.swift" },
          "DetailViewController": {
            "file": "DetailViewController.swift",
            "dependencies": { "item": { "type": "Item", "injection": "implicitlyUnwrapped" } },
            "viewDidLoad": { "uses": ["item"], "line": 14 }
          }
        },
        "scenes": {
          "list": { "class": "ListViewController" },
          "detail": { "class": "DetailViewController" }
        },
        "segues": [
          { "id": "ShowDetail", "source": "list", "destination": "detail", "kind": "presentation", "trigger": "manual" }
        ]
        """#

    @Test func aManualSeguePerformedForUnreadCodeIsPossible() throws {
        let report = try check(Self.manualSegue)
        let trap = try #require(report.findings(Rules.trap).first, "\(report.text)")
        #expect(trap.path?.map(\.text) == ["perform ShowDetail"])
        #expect(trap.confidence == .possible && trap.severity == .note)
        #expect(trap.assumes.contains { $0.contains("segue 'ShowDetail' is performed from code flownav did not read") }, "\(trap.assumes)")
        // Performed by a code action flownav read, it is definite.
        let read = try check(Self.manualSegue.replacingOccurrences(
            of: #""ListViewController": { "file": "ListViewController.swift" }"#,
            with: #""ListViewController": { "file": "ListViewController.swift", "controls": ["go"], "actions": { "go()": { "trigger": "control:go", "do": "performSegue", "segue": "ShowDetail", "at": "ListViewController.swift:30" } } }"#)
            .replacingOccurrences(of: #""list": { "class": "ListViewController" }"#, with: #""list": { "class": "ListViewController", "controls": ["go"] }"#))
        let definite = try #require(read.findings(Rules.trap).first, "\(read.text)")
        #expect(definite.confidence == .definite && definite.severity == .error, "\(read.text)")
    }

    /// The shortest path performs a segue for unread code, a longer one reaches the same trap
    /// through a code action flownav read: the finding is definite, with the longer path.
    @Test func aDefinitePathIsPreferredToAShorterPossibleOne() throws {
        let report = try check(#"""
        "initial": "list",
        "classes": {
          "ListViewController": { "file": "ListViewController.swift" },
          "MiddleViewController": {
            "file": "MiddleViewController.swift",
            "actions": { "open()": { "trigger": "control:open", "do": "performSegue", "segue": "ShowDetail2", "at": "MiddleViewController.swift:30" } }
          },
          "DetailViewController": {
            "file": "DetailViewController.swift",
            "dependencies": { "item": { "type": "Item", "injection": "implicitlyUnwrapped" } },
            "viewDidLoad": { "uses": ["item"], "line": 14 }
          }
        },
        "scenes": {
          "list": { "class": "ListViewController", "controls": ["go"] },
          "middle": { "class": "MiddleViewController", "controls": ["open"] },
          "detail": { "class": "DetailViewController" }
        },
        "segues": [
          { "id": "ShowDetail", "source": "list", "destination": "detail", "kind": "presentation", "trigger": "manual" },
          { "source": "list", "destination": "middle", "kind": "presentation", "trigger": "control:go" },
          { "id": "ShowDetail2", "source": "middle", "destination": "detail", "kind": "presentation", "trigger": "manual" }
        ]
        """#)
        let traps = report.findings(Rules.trap)
        #expect(traps.count == 1, "\(report.text)")
        let trap = try #require(traps.first)
        #expect(trap.confidence == .definite && trap.severity == .error, "\(report.text)")
        #expect(trap.path?.map(\.text) == ["tap go", "tap open"], "\(report.text)")
    }

    @Test func jsonSarifAndBaselineCarryIt() throws {
        let report = try check(Self.segueActionFlow(listNotes: Self.unreadAction))
        let json = try #require(JSONSerialization.jsonObject(with: Data(ReportFormat.json([report]).utf8)) as? [String: Any])
        let flows = try #require(json["flows"] as? [[String: Any]])
        let findings = try #require(flows.first?["findings"] as? [[String: Any]])
        let trap = try #require(findings.first { $0["rule"] as? String == "trap" })
        #expect(trap["confidence"] as? String == "possible")
        #expect((flows.first?["summary"] as? [String: Any])?["possible"] as? Int == 2)
        #expect(trap["severity"] as? String == "note")
        #expect((trap["assumes"] as? [String])?.contains { $0.contains("ListViewController.swift:20") } == true)

        let sarif = try #require(JSONSerialization.jsonObject(with: Data(ReportFormat.sarif([report], version: "0").utf8)) as? [String: Any])
        let results = try #require((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let result = try #require(results.first { $0["ruleId"] as? String == "trap" })
        #expect(result["level"] as? String == "note")
        #expect(result["rank"] as? Int == 50)
        #expect((result["properties"] as? [String: Any])?["confidence"] as? String == "possible")

        let definite = try check(Self.segueActionFlow(listNotes: ""))
        let dSarif = try #require(JSONSerialization.jsonObject(with: Data(ReportFormat.sarif([definite], version: "0").utf8)) as? [String: Any])
        let dResult = try #require(((dSarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first { $0["ruleId"] as? String == "trap" })
        #expect(dResult["rank"] as? Int == 100 && dResult["level"] as? String == "error")

        // The baseline says each finding's confidence, reads it back, and still matches the
        // same finding when it turned definite.
        let written = Baseline([report]).json
        #expect(written.contains("\"confidence\": \"possible\""), "\(written)")
        let back = try Baseline.parse(Array(written.utf8), file: "b.json").get()
        #expect(back.entries.contains { $0.rule == "trap" && $0.confidence == .possible })
        var later = definite
        back.apply(to: &later)
        #expect(later.findings(Rules.trap).isEmpty, "\(later.text)")
    }

    @Test func theHTMLPageListsWhatIsAssumed() throws {
        let flow = try Flows.load(Self.segueActionFlow(listNotes: Self.unreadAction))
        let report = Checker.check(flow)
        let page = HTMLReport.page([(report, flow)], version: "0") { _ in .failure(HTMLReport.DrawProblem("no dot")) }
        #expect(page.contains("<p class=\"possible\"><b>possible</b> — assumes:</p>"))
        #expect(page.contains("<li>code flownav did not read, at ListViewController.swift:20: makeDetail(coder:): the class it builds is not read; the scene&#39;s class is assumed</li>")
                || page.contains("<li>code flownav did not read, at ListViewController.swift:20: makeDetail(coder:): the class it builds is not read; the scene's class is assumed</li>"))
    }

    @Test func aBaselineWrittenBeforeConfidenceStillReads() throws {
        let report = try check(Self.segueActionFlow(listNotes: ""))
        let trap = try #require(report.findings(Rules.trap).first)
        let old = """
        { "flownavBaseline": 1, "findings": [ { "file": "\(trap.file)", "rule": "trap", "message": \(FlowModel.JSONWriter.quoted(Finding.normalised(trap.message))) } ] }
        """
        let baseline = try Baseline.parse(Array(old.utf8), file: "old.json").get()
        #expect(baseline.entries.first?.confidence == nil)
        var r = report
        baseline.apply(to: &r)
        #expect(r.baselined.count == 1 && r.findings(Rules.trap).isEmpty)
        let bad = #"{ "flownavBaseline": 1, "findings": [ { "file": "f", "rule": "trap", "message": "m", "confidence": "sure" } ] }"#
        #expect(throws: Error.self) { try Baseline.parse(Array(bad.utf8), file: "bad.json").get() }
    }

    /// A value code flownav did not read sets (`"unknown"`), tested by a segue action's `nilWhen`
    /// or copied by `prepare`: what follows from it rests on that line.
    @Test func valuesSetByUnreadCodeAreAssumptions() throws {
        let flow = try Flows.load(#"""
        "initial": "list",
        "classes": {
          "ListViewController": {
            "file": "ListViewController.swift",
            "dependencies": { "selected": { "type": "Item", "injection": "optional", "unknown": "ListViewController.swift:49" } },
            "segueActions": { "makeDetail(coder:)": { "returns": "DetailViewController", "initializer": "init(coder:item:)",
                                                     "arguments": { "item": "selected" }, "nilWhen": "selected == nil" } },
            "prepare": [ { "segue": "Other", "as": "DetailViewController", "set": { "item": "self.selected" } } ]
          },
          "DetailViewController": {
            "file": "DetailViewController.swift",
            "dependencies": { "item": { "type": "Item", "injection": "implicitlyUnwrapped" } },
            "initializers": { "init(coder:item:)": { "sets": ["item"], "callsSuper": "init(coder:)" } }
          }
        },
        "scenes": { "list": { "class": "ListViewController" }, "detail": { "class": "DetailViewController" } },
        "segues": [
          { "id": "Open", "source": "list", "destination": "detail", "kind": "presentation", "trigger": "manual", "action": "makeDetail(coder:)" },
          { "id": "Other", "source": "list", "destination": "detail", "kind": "presentation", "trigger": "manual" }
        ]
        """#)
        let a = Assumptions(flow: flow, perform: .manual)
        let expected = "ListViewController.selected is set by code flownav did not read, at ListViewController.swift:49"
        #expect(a.unknownCode("ListViewController", method: "makeDetail(coder:)") == [expected])
        #expect(a.unknownCode("ListViewController", method: "prepare(for:sender:)") == [expected])
        #expect(a.unknownCode("ListViewController", method: "viewDidLoad()").isEmpty)
        // Tested by nilWhen, the value matters to whether the action returns nil; only copied
        // (prepare's assignment), it matters to a finding about that value only.
        #expect(a.unknownCode("ListViewController", method: "makeDetail(coder:)", copied: false) == [expected])
        #expect(a.unknownCode("ListViewController", method: "prepare(for:sender:)", copied: false).isEmpty)
        #expect(a.unknownValue("selected?.name", of: "ListViewController") == expected)
        #expect(a.unknownValue("selection", of: "ListViewController") == nil)
    }

    /// A lint about a string read at a line the reader left a note at (a performSegue in a
    /// statement it did not understand) rests on that note.
    @Test func aLintAtALineTheReaderDidNotUnderstandIsPossible() throws {
        let flow = try Flows.load(Self.segueActionFlow(listNotes: #""ListViewController.swift:33: reload(): statement not read: performSegue(withIdentifier: flag ? \"A\" : \"Typo\", sender: nil)""#))
        let a = Assumptions(flow: flow, perform: .manual)
        var f = Finding(rule: Rules.unknownSegueIdentifier, message: "m", hint: "h", file: "f", origin: Origin(path: "references[0]", position: nil))
        f.code = CodeLocation(file: "ListViewController.swift", line: 33)
        #expect(a.lint(f).count == 1 && a.lint(f).first?.contains("ListViewController.swift:33: reload(): statement not read") == true, "\(a.lint(f))")
        f.code = CodeLocation(file: "ListViewController.swift", line: 34)
        #expect(a.lint(f).isEmpty)
    }

    /// A screen whose class no Swift source declares (a stale scene once the sources are read):
    /// UIKit shows its own class there, and whatever the app does on it is assumed.
    @Test func aSceneOfAClassNoSwiftDeclaresIsAnAssumption() throws {
        let report = try check(#"""
        "sources": ["App"],
        "initial": "home",
        "classes": {
          "DetailViewController": { "file": "DetailViewController.swift", "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 9 } }
        },
        "scenes": {
          "home": { "class": "StaleHomeViewController", "controls": ["go"] },
          "detail": { "class": "DetailViewController" }
        },
        "segues": [ { "id": "Go", "source": "home", "destination": "detail", "kind": "show", "trigger": "control:go" } ]
        """#)
        let assumed = "scene 'home' is shown as UIKit's own class: no Swift source declares StaleHomeViewController, so what the app does there is assumed"
        let trap = try #require(report.findings(Rules.trap).first, "\(report.text)")
        #expect(trap.confidence == .possible && trap.assumes.contains(assumed), "\(report.text)")
        let lint = try #require(report.findings(Rules.initCoderTrapReachable).first, "\(report.text)")
        #expect(lint.confidence == .possible && lint.assumes.contains(assumed), "\(report.text)")
        // The stale class itself is still a warning: that is read from the storyboard.
        #expect(report.findings(Rules.unknownSceneClass).first?.severity == .warning, "\(report.text)")
    }

    @Test func noteMembers() {
        #expect(Assumptions.member(of: "prepare(for:sender:): statement not read: x = y") == "prepare(for:sender:)")
        #expect(Assumptions.member(of: "showDetail(_:): the class it builds is not read") == "showDetail(_:)")
        #expect(Assumptions.member(of: "superclass FormViewController is not in the sources; read as a UIViewController") == nil)
        #expect(Assumptions.member(of: "members inside #if are not read") == nil)
        #expect(Assumptions.member(atPath: #"classes.List.segueActions["makeDetail(coder:)"]"#)! == ("List", "makeDetail(coder:)"))
        #expect(Assumptions.member(atPath: "classes.List.prepare[2].set.item")! == ("List", "prepare(for:sender:)"))
    }
}
