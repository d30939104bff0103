import FlowCheck
import FlowModel
import Testing

/// Issue 31 item 5: `check` explores only dismissals a user can make. The trap below is reached
/// only by coming back to the list with its row still selected: through a swipe of the sheet,
/// never through a full-screen presentation no user can swipe away (and no Close button).
@Suite struct UserDismissCheckTests {
    static func flow(style: String, modal: Bool = false) -> String {
        """
        "initial": "list",
        "classes": {
          "List": { "actions": { "edit()": { "trigger": "control:edit", "guard": "selection", "do": "performSegue", "segue": "Edit" } } },
          "Detail": { \(modal ? "\"isModalInPresentation\": true" : "") },
          "Editor": { "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 9 } }
        },
        "scenes": {
          "list": { "class": "List", "rows": 1, "controls": ["edit"] },
          "detail": { "class": "Detail" },
          "editor": { "class": "Editor" }
        },
        "segues": [
          { "id": "Show", "source": "list", "destination": "detail", "kind": "presentation", "trigger": "cell", "modalPresentationStyle": "\(style)" },
          { "id": "Edit", "source": "list", "destination": "editor", "kind": "presentation" }
        ]
        """
    }

    @Test("a sheet's swipe is explored: the trap after it is found", arguments: ["pageSheet", "formSheet", "automatic"])
    func sheet(style: String) throws {
        let report = try check(Self.flow(style: style))
        #expect(report.paths(Rules.trap).contains(["select 0", "dismiss", "tap edit"]), "\(report.text)")
    }

    @Test("no swipe is explored where none exists: full-screen styles, or a sheet that is isModalInPresentation",
          arguments: [("fullScreen", false), ("overFullScreen", false), ("currentContext", false), ("pageSheet", true)])
    func noSwipe(style: String, modal: Bool) throws {
        let report = try check(Self.flow(style: style, modal: modal))
        #expect(!report.paths(Rules.trap).contains { $0.contains("dismiss") }, "\(report.text)")
    }

    @Test("a swipe isModalInPresentation set by unread code may refuse: what is found after it is possible, naming the line")
    func unreadModal() throws {
        let body = Self.flow(style: "pageSheet").replacingOccurrences(of: #""Detail": {  }"#, with: #""Detail": { "isModalInPresentation": "Detail.swift:12" }"#)
        let report = try check(body)
        let trap = try #require(report.findings(Rules.trap).first { ($0.path ?? []).map(\.text).contains("dismiss") }, "\(report.text)")
        #expect(trap.confidence == .possible && trap.severity == .note)
        #expect(trap.assumes.contains { $0.contains("Detail.swift:12") })
    }

    @Test("a presentationControllerShouldDismiss whose answer is not read: what is found after the swipe is possible")
    func unreadShouldDismiss() throws {
        let body = Self.flow(style: "pageSheet").replacingOccurrences(of: #""Detail": {  }"#, with: #""Detail": { "presentationDelegate": { "shouldDismiss": "unknown" }, "notes": ["Detail.swift:20: presentationControllerShouldDismiss(_:): its answer is not read; a user's swipe is explored as allowed"] }"#)
        let report = try check(body)
        let trap = try #require(report.findings(Rules.trap).first { ($0.path ?? []).map(\.text).contains("dismiss") }, "\(report.text)")
        #expect(trap.confidence == .possible)
        #expect(trap.assumes.contains { $0.contains("Detail.swift:20") })
    }
}
