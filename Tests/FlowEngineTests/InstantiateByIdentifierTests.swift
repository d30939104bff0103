import Testing
import FlowModel
import FlowEngine

/// `instantiateViewController(withIdentifier:)` and `(identifier:creator:)` (reference §1.4),
/// and segue actions that set properties after the initializer.
@Suite("Scenes built by Storyboard ID")
struct InstantiateByIdentifierTests {
    static let flow = """
    "initial": "home",
    "classes": {
      "Home": {
        "actions": {
          "openSettings(_:)": { "trigger": "control:settings", "do": "present", "identifier": "SettingsNav", "set": { "title": "\\"Settings\\"" } },
          "openMissing(_:)": { "trigger": "control:missing", "do": "present", "identifier": "Setings" },
          "openDetail(_:)": { "trigger": "control:detail", "do": "push", "identifier": "Detail", "initializer": "init(coder:item:)", "arguments": { "item": "first" } },
          "openBroken(_:)": { "trigger": "control:broken", "do": "push", "identifier": "Detail", "initializer": "init(item:)", "arguments": { "item": "first" } }
        },
        "segueActions": { "makeDetail(coder:)": { "returns": "Detail", "set": { "delegate": "self" } }, "makeSettings(coder:)": { "returns": "Settings" } }
      },
      "Detail": {
        "dependencies": { "item": { "type": "Item", "injection": "optional" }, "delegate": { "type": "Home", "injection": "optional" } },
        "initializers": { "init(coder:item:)": { "sets": ["item"], "callsSuper": "init(coder:)" }, "init(item:)": { "sets": ["item"] } }
      },
      "Settings": { "dependencies": { "title": { "type": "String", "injection": "optional" } } },
      "SettingsNav": { "superclass": "UINavigationController", "dependencies": { "title": { "type": "String", "injection": "optional" } } }
    },
    "scenes": {
      "nav": { "class": "UINavigationController" },
      "home": { "class": "Home", "controls": ["settings", "missing", "detail", "broken", "show"] },
      "detail": { "class": "Detail", "storyboardIdentifier": "Detail" },
      "settingsNav": { "class": "SettingsNav", "storyboardIdentifier": "SettingsNav" },
      "settings": { "class": "Settings" }
    },
    "segues": [
      { "source": "nav", "destination": "home", "kind": "relationship", "relationship": "rootViewController" },
      { "source": "settingsNav", "destination": "settings", "kind": "relationship", "relationship": "rootViewController", "action": "makeSettings(coder:)" },
      { "id": "ShowDetail", "source": "home", "destination": "detail", "kind": "show", "trigger": "control:show", "action": "makeDetail(coder:)" }
    ]
    """

    @Test("a scene built by identifier is decoded with its children, and the relationship's segue action goes to no object")
    func byIdentifier() throws {
        var app = try App("\"initial\": \"nav\",\n" + Self.flow.replacingOccurrences(of: "\"initial\": \"home\",\n", with: ""))
        let events = app.tap("settings")
        #expect(App.console(events) == ["[Storyboard] Unable to find method -[(null) makeSettingsWithCoder:]"])
        let nav = try app.id("SettingsNav")
        #expect(app.children(of: nav) == ["Settings"])
        #expect(app.slot("title", of: nav)?.value == "\"Settings\"")
        #expect(app.front == "Settings")
    }

    @Test("an identifier the storyboard does not have raises UIKit's exception")
    func missingIdentifier() throws {
        var app = try App("\"initial\": \"nav\",\n" + Self.flow.replacingOccurrences(of: "\"initial\": \"home\",\n", with: ""))
        let crash = App.crash(app.tap("missing"))
        #expect(crash == .exception(name: "NSInvalidArgumentException", reason: "Storyboard (<UIStoryboard: 0x600003b04000>) doesn't contain a view controller with identifier 'Setings'", preamble: []))
    }

    @Test("a creator block's initializer runs, and one that does not call init(coder:) fails UIKit's assertion")
    func creator() throws {
        var app = try App("\"initial\": \"nav\",\n" + Self.flow.replacingOccurrences(of: "\"initial\": \"home\",\n", with: ""))
        _ = app.tap("detail")
        let detail = try app.id("Detail")
        #expect(app.slot("item", of: detail)?.value == "first")
        var broken = try App("\"initial\": \"nav\",\n" + Self.flow.replacingOccurrences(of: "\"initial\": \"home\",\n", with: ""))
        let crash = App.crash(broken.tap("broken"))
        #expect(String(describing: crash).contains("Custom instantiated view controller must call -[super initWithCoder:]"))
    }

    @Test("a segue action sets properties after the initializer")
    func segueActionSets() throws {
        var app = try App("\"initial\": \"nav\",\n" + Self.flow.replacingOccurrences(of: "\"initial\": \"home\",\n", with: ""))
        _ = app.tap("show")
        let detail = try app.id("Detail")
        #expect(app.slot("delegate", of: detail)?.provenance == "makeDetail(coder:) after init(coder:)")
    }
}
