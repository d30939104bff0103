import FlowModel
import Testing

/// Row-bound triggers: a static cell's own segue (`cell:S:R`), a prototype's rows, and the
/// loader's warnings when one row would fire two segues.
@Suite("Row triggers")
struct RowTriggerTests {
    private func flow(scene: String, segues: String, actions: String = "") -> String {
        """
        { "format": 1, "name": "T", "module": "App", "initial": "list",
          "classes": { "List": { \(actions.isEmpty ? "" : "\"actions\": { \(actions) }") }, "A": {}, "B": {} },
          "scenes": { "list": \(scene), "a": { "class": "A" }, "b": { "class": "B" } },
          "segues": [ \(segues) ] }
        """
    }

    @Test("cell:S:R, cell:R and prototype:NAME parse; their descriptions are the format's")
    func parse() {
        #expect(Trigger("cell:1:2") == .row(section: 1, row: 2))
        #expect(Trigger("cell:3") == .row(section: 0, row: 3))
        #expect(Trigger("prototype:ContactCell") == .prototype("ContactCell"))
        #expect(Trigger("cell:3")?.description == "cell:0:3")
        for bad in ["cell:", "cell:1:", "cell:a", "cell:1:2:3", "cell:-1", "prototype:"] { #expect(Trigger(bad) == nil, "\(bad)") }
        #expect(Trigger("cell:1:2")?.isRow == true && Trigger("control:x")?.isRow == false)
    }

    @Test("a static table without rows gets the rows its cell:S:R triggers name, actions included")
    func inferredRows() throws {
        let l = try #require(loaded(flow(scene: "{ \"class\": \"List\" }", segues: """
            { "source": "list", "destination": "a", "kind": "show", "trigger": "cell:0:1" },
            { "source": "list", "destination": "b", "kind": "show", "trigger": "cell:2:0" }
            """, actions: "\"x(_:)\": { \"trigger\": \"cell:1:3\", \"do\": \"pop\" }")))
        #expect(l.flow.scenes[0].rows == [2, 4, 1])
        #expect(l.warnings.isEmpty, "\(l.warnings)")
    }

    @Test("a cell:S:R outside the given rows, and a prototypes entry outside them, are errors")
    func outside() {
        let e = errors(flow(scene: "{ \"class\": \"List\", \"rows\": [2], \"prototypes\": { \"P\": [\"section:1\"] } }", segues: """
            { "source": "list", "destination": "a", "kind": "show", "trigger": "cell:0:2" },
            { "source": "list", "destination": "b", "kind": "show", "trigger": "prototype:P" }
            """))
        #expect(e.map(\.message) == [
            "scene 'list' has no section 1; it has 2 in section 0",
            "scene 'list' has no row [0, 2]; it has 2 in section 0",
        ])
        #expect(e.map(\.path) == ["scenes.list.prototypes.P[0]", "segues[0].trigger"])
    }

    @Test("two segues on one row warn, naming both and the row; one per row does not")
    func sameRow() throws {
        let two = try #require(loaded(flow(scene: "{ \"class\": \"List\", \"rows\": [3] }", segues: """
            { "id": "A", "source": "list", "destination": "a", "kind": "show", "trigger": "cell" },
            { "id": "B", "source": "list", "destination": "b", "kind": "presentation", "trigger": "cell:0:1" }
            """)))
        #expect(two.warnings.map(\.message) == [
            "segues[0] 'A' (cell) and segues[1] 'B' (cell:0:1) of scene 'list' all fire on row [0, 1], so one tap performs 2 segues; give each static cell its own trigger cell:S:R, or say which rows use which prototype with \"prototypes\"",
        ])
        #expect(two.warnings.first?.path == "segues[1].trigger")
        let own = try #require(loaded(flow(scene: "{ \"class\": \"List\" }", segues: """
            { "id": "A", "source": "list", "destination": "a", "kind": "show", "trigger": "cell:0" },
            { "id": "B", "source": "list", "destination": "b", "kind": "presentation", "trigger": "cell:1" }
            """)))
        #expect(own.warnings.isEmpty, "\(own.warnings)")
    }

    @Test("prototypes: a listed one takes its rows, one unlisted takes the rest; two unlisted warn")
    func prototypes() throws {
        let mapped = try #require(loaded(flow(scene: "{ \"class\": \"List\", \"rows\": [3, 1], \"prototypes\": { \"Add\": [\"section:1\"] } }", segues: """
            { "source": "list", "destination": "a", "kind": "show", "trigger": "prototype:Contact" },
            { "source": "list", "destination": "b", "kind": "presentation", "trigger": "prototype:Add" }
            """)))
        #expect(mapped.warnings.isEmpty, "\(mapped.warnings)")
        let s = mapped.flow.scenes[0]
        #expect(s.fires(.prototype("Contact"), section: 0, row: 2) && !s.fires(.prototype("Contact"), section: 1, row: 0))
        #expect(s.fires(.prototype("Add"), section: 1, row: 0) && !s.fires(.prototype("Add"), section: 0, row: 0))
        let unmapped = try #require(loaded(flow(scene: "{ \"class\": \"List\", \"rows\": [3, 1] }", segues: """
            { "source": "list", "destination": "a", "kind": "show", "trigger": "prototype:Contact" },
            { "source": "list", "destination": "b", "kind": "presentation", "trigger": "prototype:Add" }
            """)))
        #expect(unmapped.warnings.map(\.path) == ["scenes.list", "segues[1].trigger"], "\(unmapped.warnings)")
        #expect(unmapped.warnings.first?.message.contains("does not say which rows use Contact, Add") == true)
    }
}
