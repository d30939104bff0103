import Testing
import FlowModel
import FlowEngine

/// A scene of a storyboard the code names (`"scene"`) with an `initializer`: the creator block of
/// `instantiateViewController(identifier:creator:)` or `instantiateInitialViewController(creator:)`,
/// whose initializer runs instead of `init(coder:)`, as it does with `"identifier"`.
@Suite("Scenes named by storyboard, built by a creator block")
struct SceneCreatorTests {
    static func flow(action: String, root: String? = nil) -> String {
        """
        \(root.map { "\"launch\": { \"root\": \($0) }," } ?? "\"initial\": \"nav\",")
        "classes": {
          "Home": { "actions": { "open(_:)": \(action) } },
          "Detail": {
            "dependencies": { "item": { "type": "Item", "injection": "initializer" } },
            "initializers": { "init(coder:item:)": { "sets": ["item"], "callsSuper": "init(coder:)" }, "init(item:)": { "sets": ["item"] } },
            "initCoder": { "fatalError": "needs an item", "line": 9 },
            "file": "App/Detail.swift"
          }
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "home": { "class": "Home", "controls": ["open"] },
          "detail": { "class": "Detail", "storyboardIdentifier": "Detail" }
        },
        "segues": [
          { "source": "nav", "destination": "home", "kind": "relationship", "relationship": "rootViewController" }
        ]
        """
    }

    @Test("the creator's initializer runs instead of init(coder:), which would trap")
    func creatorInitializerRuns() throws {
        var app = try App(Self.flow(action: #"{ "trigger": "control:open", "do": "push", "scene": "detail", "initializer": "init(coder:item:)", "arguments": { "item": "first" } }"#))
        let events = app.tap("open")
        #expect(app.state.crash == nil)
        #expect(app.slot("item", of: try app.id("Detail"))?.value == "first")
        #expect(events.contains { if case .called(_, "UIStoryboard.instantiateViewController(identifier:creator:)", _) = $0 { true } else { false } })
    }

    @Test("without an initializer the scene is decoded through init(coder:), which traps here")
    func withoutCreatorInitCoderTraps() throws {
        var app = try App(Self.flow(action: #"{ "trigger": "control:open", "do": "push", "scene": "detail" }"#))
        _ = app.tap("open")
        #expect(app.state.crash != nil)
    }

    @Test("a creator initializer that does not call init(coder:) fails UIKit's assertion")
    func creatorMustCallInitCoder() throws {
        var app = try App(Self.flow(action: #"{ "trigger": "control:open", "do": "push", "scene": "detail", "initializer": "init(item:)", "arguments": { "item": "first" } }"#))
        let crash = App.crash(app.tap("open"))
        #expect(String(describing: crash).contains("Custom instantiated view controller must call -[super initWithCoder:]"))
    }

    @Test("an initializer the scene's class does not declare is a load error at the action")
    func unknownInitializerIsALoadError() throws {
        #expect(throws: (any Error).self) {
            _ = try App(Self.flow(action: #"{ "trigger": "control:open", "do": "push", "scene": "detail", "initializer": "init(coder:itme:)" }"#))
        }
    }

    @Test("arguments without the creator's initializer are a load error, not silently dropped")
    func argumentsNeedTheInitializer() throws {
        #expect(throws: (any Error).self) {
            _ = try App(Self.flow(action: #"{ "trigger": "control:open", "do": "push", "scene": "detail", "arguments": { "item": "first" } }"#))
        }
    }

    @Test("a scene root built by a creator block: its initializer runs at launch")
    func rootCreator() throws {
        let app = try App(Self.flow(action: #"{ "do": "dismiss" }"#, root: #"{ "scene": "detail", "initializer": "init(coder:item:)", "arguments": { "item": "launchItem" } }"#))
        #expect(app.state.crash == nil)
        #expect(app.slot("item", of: try app.id("Detail"))?.value == "launchItem")
    }
}
