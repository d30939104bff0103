import FlowEngine
import FlowModel
import Testing

/// `select R S` performs only what fires on that row: a static cell's own segue, the
/// prototype the row uses, `cell` (every row), and code actions with the same triggers.
@Suite("Row selection")
struct RowSelectionTests {
    static let settings = """
        "initial": "nav",
        "classes": {
          "Settings": { "actions": { "signOut(_:)": { "trigger": "cell:1:0", "do": "present", "class": "Goodbye" } } },
          "Account": {}, "About": {}, "Goodbye": {}, "Contacts": {}, "Contact": {}, "NewContact": {}
        },
        "scenes": {
          "nav": { "class": "UINavigationController" },
          "settings": { "class": "Settings", "rows": [4, 1] },
          "account": { "class": "Account" }, "about": { "class": "About" },
          "contacts": { "class": "Contacts", "rows": [3, 1], "prototypes": { "AddCell": ["cell:1:0"] } },
          "contact": { "class": "Contact" }, "newContact": { "class": "NewContact" }
        },
        "segues": [
          { "source": "nav", "destination": "settings", "kind": "relationship", "relationship": "rootViewController" },
          { "id": "Account", "source": "settings", "destination": "account", "kind": "show", "trigger": "cell:0:0" },
          { "id": "About", "source": "settings", "destination": "about", "kind": "presentation", "trigger": "cell:1" },
          { "id": "Contacts", "source": "settings", "destination": "contacts", "kind": "show", "trigger": "cell:0:2" },
          { "id": "Contact", "source": "contacts", "destination": "contact", "kind": "show", "trigger": "prototype:ContactCell" },
          { "id": "Add", "source": "contacts", "destination": "newContact", "kind": "presentation", "trigger": "prototype:AddCell" }
        ]
        """

    /// The identifiers of the segues whose prepare(for:sender:) ran.
    private func performed(_ events: [Event]) -> [String] {
        events.compactMap { e -> String? in
            if case .called(_, "prepare(for:sender:)", let d) = e, case .prepare(let id, _, _)? = d?.kind { return id ?? "nil" }
            return nil
        }
    }

    @Test("each static cell performs its own segue and nothing else")
    func staticCells() throws {
        var app = try App(Self.settings)
        #expect(performed(app.select(0)) == ["Account"])
        #expect(app.front == "Account")
        app.run(.back)
        #expect(performed(app.select(1)) == ["About"])
        #expect(app.front == "About")
    }

    @Test("a code action with a row trigger runs on that row only; a row with nothing says so")
    func actionsAndEmptyRows() throws {
        var app = try App(Self.settings)
        #expect(App.notes(app.select(3)) == ["selected row [0, 3]", "nothing is connected to row [0, 3] of \(try app.d("Settings"))"])
        let signOut = app.select(0, section: 1)
        #expect(performed(signOut).isEmpty)
        #expect(signOut.contains(.called(id: try app.id("Settings"), method: "signOut(_:)", detail: nil)))
        #expect(app.front == "Goodbye")
    }

    @Test("the prototype a row uses decides its segue")
    func prototypes() throws {
        var app = try App(Self.settings)
        app.select(2)
        #expect(performed(app.select(1)) == ["Contact"])
        app.run(.back)
        #expect(performed(app.select(0, section: 1)) == ["Add"])
        #expect(app.front == "NewContact")
    }
}
