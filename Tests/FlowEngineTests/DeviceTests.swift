import FlowEngine
import FlowModel
import Foundation
import Testing

/// Phone (compact width) against pad: a split view controller collapses onto its primary
/// column's navigation stack, `showDetail` pushes there, and popovers adapt to sheets.
@Suite("Phone and pad")
struct DeviceTests {
    /// A mail app's split view: a list in the primary column, a detail navigation controller
    /// in the secondary one; `Open` shows a message (in its own navigation controller).
    static let mail = """
    "initial": "split",
    "classes": { "Mailboxes": {}, "Message": {}, "Placeholder": {}, "Compose": {} },
    "scenes": {
      "split": { "class": "UISplitViewController" },
      "masterNav": { "class": "UINavigationController" },
      "list": { "class": "Mailboxes", "rows": 3, "controls": ["compose"] },
      "placeholder": { "class": "Placeholder" },
      "messageNav": { "class": "UINavigationController" },
      "message": { "class": "Message" },
      "compose": { "class": "Compose" }
    },
    "segues": [
      { "source": "split", "destination": "masterNav", "kind": "relationship", "relationship": "masterViewController" },
      { "source": "split", "destination": "placeholder", "kind": "relationship", "relationship": "detailViewController" },
      { "source": "masterNav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "Open", "source": "list", "destination": "messageNav", "kind": "showDetail", "trigger": "cell" },
      { "source": "messageNav", "destination": "message", "kind": "relationship", "relationship": "rootViewController" },
      { "id": "Compose", "source": "list", "destination": "compose", "kind": "popoverPresentation", "trigger": "control:compose" }
    ]
    """

    /// The same app with the delegate of Xcode's Master-Detail template, whose
    /// `splitViewController(_:collapseSecondary:onto:)` returns true while there is no detail
    /// item: the placeholder is left out of the collapsed interface (issue 31).
    static let mailTemplate = mail.replacingOccurrences(
        of: #""split": { "class": "UISplitViewController" }"#,
        with: #""split": { "class": "UISplitViewController", "collapseSecondary": true }"#)

    @Test("phone: the split view starts collapsed; the template's delegate keeps the primary's list in front, the detail not loaded")
    func collapsedLaunch() throws {
        let app = try App(Self.mailTemplate)
        #expect(app.front == "Mailboxes")
        #expect(app.state[try app.id("Placeholder")].appearance == .notLoaded)
        #expect(app.appearance(app.launchEvents).contains("Placeholder.viewDidLoad()") == false)
        // Without a delegate UIKit's default pushes the secondary onto the list's stack (issue 31;
        // this test said "the list in front" for any split view before).
        let plain = try App(Self.mail)
        #expect(plain.front == "Placeholder")
        #expect(plain.appearance(plain.launchEvents).contains("Placeholder.viewDidLoad()"))
    }

    @Test("phone: showDetail pushes the unwrapped message onto the primary's stack, and back returns")
    func collapsedShowDetail() throws {
        var app = try App(Self.mailTemplate)
        let masterNav = try app.id("UINavigationController")
        let events = app.select(0)
        let message = try app.id("Message")
        #expect(events.contains(.transition(.push(message, onto: masterNav))))
        #expect(app.children(of: masterNav) == ["Mailboxes", "Message"])
        #expect(app.state[try app.id("UINavigationController", 1)].appearance == .released)
        #expect(app.front == "Message")
        #expect(App.notes(events).contains { $0.hasPrefix("the split view controller is collapsed (phone)") })
        app.run(.back)
        #expect(app.front == "Mailboxes")
        #expect(app.state[message].appearance == .released)
    }

    @Test("pad: select or tap refused by the detail column names the list on screen beside it and how to address it")
    func padRejectionNamesTheOtherColumn() throws {
        var app = try App(Self.mail + ",\n\"device\": \"pad\"")
        let list = try app.d("Mailboxes")
        #expect(app.sim.run(.select(section: 0, row: 2, on: nil)) == .failure(Rejection(
            "\(try app.d("Placeholder")) has no rows to select; \(list) 'list' is on screen beside it: select 2 from list")))
        guard case .failure(let r) = app.sim.run(.tap(control: "compose", on: nil)) else { Issue.record("tap was not refused"); return }
        #expect(r.message.hasSuffix("; \(list) 'list' is on screen beside it: tap compose from list"))
        // Named with from, as the hint says, the list takes it.
        if case .failure(let r) = app.sim.run(.select(section: 0, row: 2, on: try app.id("Mailboxes"))) {
            Issue.record("select 2 from list was refused: \(r.message)")
        }
    }

    @Test("pad: the same flow shows both columns and replaces the detail; back has nothing to pop")
    func expanded() throws {
        var app = try App(Self.mail + ",\n\"device\": \"pad\"")
        #expect(app.front == "Placeholder")
        app.select(0, on: try app.id("Mailboxes"))
        #expect(app.front == "Message")
        #expect(app.sim.run(.back).isFailure)
    }

    @Test("phone: a popover adapts to a sheet and says so; pad: no note")
    func popover() throws {
        var phone = try App(Self.mailTemplate)
        #expect(App.notes(phone.tap("compose")) == ["in compact width (phone) a popover adapts to a sheet, as formSheet does"])
        var pad = try App(Self.mail + ",\n\"device\": \"pad\"")
        #expect(App.notes(pad.tap("compose", on: try pad.id("Mailboxes"))).isEmpty)
    }
}

extension Result {
    var isFailure: Bool { if case .failure = self { true } else { false } }
}
