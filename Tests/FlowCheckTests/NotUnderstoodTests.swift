@testable import FlowCheck
import FlowModel
import Testing

/// What the Swift reader left out of the flow is reported at its Swift line, not only kept in
/// the flow file: `check`'s silence about that code is not a verdict.
@Suite struct NotUnderstoodTests {
    @Test func readerNotesBecomeNotesAtTheirSwiftLine() throws {
        let report = try check(listDetail(list: #""notes": ["declared at List.swift:4", "List.swift:20: prepare(for:sender:): statement not read: list.data.subscription = item"]"#)
            + #", "notes": ["AppDelegate.swift:35:13: note: launch: the window's root is set by WindowManager.open(_:) from its arguments"]"#)
        let found = report.findings(Rules.notUnderstood)
        #expect(found.count == 2, "\(report.text)")
        let statement = try #require(found.first { $0.message.contains("statement not read") })
        #expect(statement.code == CodeLocation(file: "List.swift", line: 20))
        #expect(statement.severity == .note)
        #expect(statement.message == "prepare(for:sender:): statement not read: list.data.subscription = item")
        let launch = try #require(found.first { $0.message.hasPrefix("launch:") })
        #expect(launch.code == CodeLocation(file: "AppDelegate.swift", line: 35))
    }

    @Test func otherNotesAreNotReaderNotes() {
        #expect(SourceNoteText("declared at List.swift:4") == nil)
        #expect(SourceNoteText("also used by a <tableViewController> scene (Main.storyboard:12); the superclass comes from the first") == nil)
        #expect(SourceNoteText("a hand-written remark") == nil)
        #expect(SourceNoteText("Deep/Chain.swift:1:40: note: file not read")?.text == "file not read")
        #expect(SourceNoteText("Deep/Chain.swift:1:40: note: file not read")?.location == CodeLocation(file: "Deep/Chain.swift", line: 1))
        #expect(SourceNoteText.replacingFile(of: "Deep/Chain.swift:1:40: note: file not read", with: "App/Deep/Chain.swift")
                == "App/Deep/Chain.swift:1:40: note: file not read")
    }
}
