import FlowEngine
import FlowModel
import Testing

/// Issue 31, item 7: a segue class's perform() decides the transition.
@Suite struct FidelityRound3CustomSegueTests {
    static func flow(_ segueClasses: String, kind: String = "custom", style: String = "") -> String {
        """
        "initial": "nav",
        "segueClasses": { \(segueClasses) },
        "classes": { "List": { "prepare": [{ "as": "Detail", "set": { "item": "\\"x\\"" } }] }, "Detail": { "dependencies": { "item": { "type": "String", "injection": "optional" } } }, "Other": {} },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "list": { "class": "List", "controls": ["go"] },
          "detail": { "class": "Detail" }
        },
        "segues": [
          { "source": "nav", "destination": "list", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "Go", "source": "list", "destination": "detail", "kind": "\(kind)", "customClass": "S", "trigger": "control:go"\(style) }
        ]
        """
    }

    @Test("perform() pushing: prepare runs, then the push onto the source's navigation controller")
    func push() throws {
        var app = try App(Self.flow(#""S": { "perform": "push", "at": "S.swift:4" }"#))
        let events = app.tap("go")
        #expect(app.trace(events).containsInOrder(["List.prepare(for:sender:)", "push Detail onto UINavigationController"]))
        #expect(app.slot("item", of: try app.id("Detail"))?.value == "\"x\"")
        #expect(app.front == "Detail")
    }

    @Test("perform() presenting with its own modalPresentationStyle, which wins over the storyboard's")
    func presentWithStyle() throws {
        var app = try App(Self.flow(#""S": { "perform": "present", "modalPresentationStyle": "fullScreen" }"#, kind: "presentation", style: #", "modalPresentationStyle": "formSheet""#))
        let events = app.tap("go")
        #expect(app.trace(events).contains("present Detail by UINavigationController fullScreen"))
    }

    @Test("super.perform() on a presentation segue is the storyboard's presentation; on a custom segue it is unknown")
    func superPerform() throws {
        var presentation = try App(Self.flow(#""S": { "perform": "storyboard" }"#, kind: "presentation"))
        let events = presentation.tap("go")
        #expect(presentation.trace(events).contains("present Detail by UINavigationController automatic"))
        #expect(App.notes(events).contains { $0.contains("calls super.perform(), the storyboard's presentation segue") })
        var custom = try App(Self.flow(#""S": { "perform": "storyboard" }"#))
        #expect(App.notes(custom.tap("go")).contains { $0.hasPrefix("custom segue S:") && $0.contains("so the transition is unknown") })
    }

    @Test("an unread perform(): instantiation and prepare run, the transition is said to be unknown, the storyboard kind is the labelled guess")
    func unknownTransition() throws {
        var app = try App(Self.flow(#""S": { "perform": "unknown", "at": "S.swift:9" }"#, kind: "show"))
        let events = app.tap("go")
        let note = try #require(App.notes(events).first { $0.hasPrefix(Simulator.unknownSegueTransitionPrefix) })
        #expect(note == "custom segue S: its perform() at S.swift:9 is code flownav did not read, so the transition is unknown; flownav takes the storyboard's show segue, a guess that what follows rests on")
        let trace = app.trace(events)
        #expect(trace.firstIndex(of: "List.prepare(for:sender:)")! < trace.firstIndex(of: "note")!)
        #expect(app.front == "Detail")
    }

    @Test("a custom segue whose class the flow does not describe is unknown too (it used to be presented as a fact)")
    func undescribedCustomSegue() throws {
        var app = try App(Self.flow(#""Other": { "perform": "push" }"#))
        let events = app.tap("go")
        #expect(App.notes(events).contains { $0.contains("flownav was not told what its perform() does") })
        #expect(app.front == "Detail")
    }

    @Test("perform() replacing the window's root: the old hierarchy disappears and is released")
    func setRoot() throws {
        var app = try App(Self.flow(#""S": { "perform": "setRoot" }"#))
        let nav = try app.id("UINavigationController")
        let events = app.tap("go")
        #expect(app.state.windowRoot == (try app.id("Detail")))
        #expect(app.state[nav].isReleased)
        #expect(app.trace(events).containsInOrder(["List.viewWillDisappear(_:)", "Detail.viewWillAppear(_:)", "List.viewDidDisappear(_:)", "Detail.viewDidAppear(_:)"]))
    }

    @Test("segueClasses as an array still lists the classes; as an object it describes them and claims no list")
    func formats() throws {
        let object = try App(Self.flow(#""S": { "perform": "push" }"#)).sim.flow
        #expect(object.segueClasses == nil)
        #expect(object.segueClassPerforms["S"]?.perform == .push)
        #expect(throws: FlowDidNotLoad.self) { _ = try App(Self.flow(#""S": { "perform": "teleport" }"#)) }
    }
}
