import FlowCheck
import FlowModel
import Testing

/// `check` selects every row that has a trigger of its own, not only the first two and the last.
@Suite("Row exploration")
struct RowExplorationTests {
    @Test("a trap behind row [0, 5] of a ten-row static table is found, with that row in its path")
    func ownRows() throws {
        let r = try check("""
            "initial": "nav",
            "classes": {
              "Settings": {},
              "Fine": {},
              "Broken": { "file": "Broken.swift", "initCoder": { "fatalError": "init(coder:) has not been implemented", "line": 9 } }
            },
            "scenes": {
              "nav": { "class": "UINavigationController" },
              "settings": { "class": "Settings", "rows": [10] },
              "fine": { "class": "Fine" }, "broken": { "class": "Broken" }
            },
            "segues": [
              { "source": "nav", "destination": "settings", "kind": "relationship", "relationship": "rootViewController" },
              { "source": "settings", "destination": "fine", "kind": "show", "trigger": "cell:0:0" },
              { "source": "settings", "destination": "broken", "kind": "show", "trigger": "cell:0:5" }
            ]
            """, lint: false)
        #expect(r.paths(Rules.trap) == [["select 5"]], "\(r.text)")
        #expect(r.findings(Rules.trap).first?.origin?.path == "classes.Broken.initCoder") // the fatalError of its init(coder:)
    }
}
