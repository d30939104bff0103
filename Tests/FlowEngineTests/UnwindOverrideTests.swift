import FlowEngine
import FlowModel
import Testing

/// `canPerformUnwind` and `allowedChildrenForUnwinding`: overrides the unwind search asks.
@Suite("Unwind overrides")
struct UnwindOverrideTests {
    /// Root → pushes Middle → presents Editor, which unwinds with backToList(_:); Root and
    /// Middle both implement it, so the nearest (Middle) wins unless an override says no.
    static func flow(middle: String = "", nav: String = "") -> String {
        """
        "initial": "nav",
        "classes": {
          "Nav": { "superclass": "UINavigationController"\(nav.isEmpty ? "" : ", " + nav) },
          "Root": { "unwindActions": ["backToList(_:)"] },
          "Middle": { "unwindActions": ["backToList(_:)"]\(middle.isEmpty ? "" : ", " + middle) },
          "Editor": {}
        },
        "scenes": {
          "nav": { "class": "Nav" },
          "root": { "class": "Root", "controls": ["next"] },
          "middle": { "class": "Middle", "controls": ["edit"] },
          "editor": { "class": "Editor", "controls": ["done"] }
        },
        "segues": [
          { "source": "nav", "destination": "root", "kind": "relationship", "relationship": "rootViewController" },
          { "source": "root", "destination": "middle", "kind": "show", "trigger": "control:next" },
          { "source": "middle", "destination": "editor", "kind": "presentation", "trigger": "control:edit" },
          { "id": "Done", "source": "editor", "kind": "unwind", "unwindAction": "backToList(_:)", "trigger": "control:done" }
        ]
        """
    }

    private func unwind(_ body: String) throws -> (App, [Event]) {
        var app = try App(body)
        app.tap("next")
        app.tap("edit")
        let events = app.tap("done")
        return (app, events)
    }

    private func destination(_ app: App, _ events: [Event]) -> String? {
        for e in events { if case .called(let id?, "backToList(_:)", _) = e { return app.state.className(of: id) } }
        return nil
    }

    @Test("without overrides the nearest implementer, Middle, is the destination")
    func nearest() throws {
        let (app, events) = try unwind(Self.flow())
        #expect(destination(app, events) == "Middle")
    }

    @Test("canPerformUnwind 'never' on Middle sends the unwind on to Root, and says so")
    func vetoed() throws {
        let (app, events) = try unwind(Self.flow(middle: "\"canPerformUnwind\": { \"backToList(_:)\": \"never\" }"))
        #expect(destination(app, events) == "Root")
        #expect(app.front == "Root")
        #expect(events.contains(.called(id: try app.id("Middle"), method: "canPerformUnwindSegueAction(_:from:sender:)", detail: "backToList: → false")))
    }

    @Test("allowedChildrenForUnwinding 'none' on the navigation controller hides Root and Middle: nothing happens")
    func noChildren() throws {
        let (app, events) = try unwind(Self.flow(nav: "\"allowedChildrenForUnwinding\": \"none\""))
        #expect(destination(app, events) == nil)
        #expect(app.front == "Editor")
        #expect(events.contains(.called(id: try app.id("Nav"), method: "allowedChildrenForUnwinding(from:)", detail: "→ []")))
        // The note names who implements it and why the search missed it, not "no view controller implements".
        let note = try #require(App.notes(events).last)
        #expect(note.hasPrefix("no view controller the unwind search asks from \(try app.d("Editor")) can perform backToList:; \(try app.d("Root")) implements it, but the search does not reach it"), "\(note)")
        #expect(note.hasSuffix("so the unwind does nothing (UIKit is silent)"))
    }

    @Test("allowedChildrenForUnwinding 'selected' searches only the top: Middle")
    func selectedOnly() throws {
        let (app, events) = try unwind(Self.flow(middle: "\"canPerformUnwind\": { \"backToList(_:)\": \"never\" }", nav: "\"allowedChildrenForUnwinding\": \"selected\""))
        #expect(destination(app, events) == nil)
    }

    @Test("a canPerformUnwind that says yes for an action the class lacks: unrecognized selector")
    func unrecognized() throws {
        var app = try App(Self.flow().replacingOccurrences(of: "\"Editor\": {}", with: "\"Editor\": {}, \"Other\": {}")
            .replacingOccurrences(of: "\"Nav\": { \"superclass\": \"UINavigationController\" }",
                                  with: "\"Nav\": { \"superclass\": \"UINavigationController\", \"canPerformUnwind\": { \"backToList(_:)\": \"always\" }, \"allowedChildrenForUnwinding\": \"none\" }"))
        app.tap("next")
        app.tap("edit")
        let events = app.tap("done")
        guard case .exception(let name, let reason, _)? = App.crash(events) else {
            Issue.record("no exception: \(app.trace(events))")
            return
        }
        #expect(name == "NSInvalidArgumentException")
        #expect(reason == "-[App.Nav backToList:]: unrecognized selector sent to instance \(Simulator.address(try app.id("Nav")))")
    }
}
