import Testing
@testable import FlowModel

@Suite struct DiagnosticTests {
    func diagnostic(_ suggestions: [String], position: SourcePosition? = at(3, 7), path: String = "segues[1].destination") -> Diagnostic {
        Diagnostic(.error, file: "f.json", position: position, path: path, message: "unknown scene 'x'", suggestions: suggestions)
    }

    @Test func descriptionLikeACompiler() {
        #expect(diagnostic([]).description == "f.json:3:7: error: segues[1].destination: unknown scene 'x'")
        #expect(diagnostic(["a"]).description == "f.json:3:7: error: segues[1].destination: unknown scene 'x'; did you mean 'a'?")
        #expect(diagnostic(["a", "b"]).description == "f.json:3:7: error: segues[1].destination: unknown scene 'x'; did you mean 'a' or 'b'?")
        #expect(diagnostic(["a", "b", "c"]).description
            == "f.json:3:7: error: segues[1].destination: unknown scene 'x'; did you mean 'a', 'b' or 'c'?")
    }

    @Test func descriptionWithoutPositionOrPath() {
        #expect(diagnostic([], position: nil, path: "").description == "f.json: error: unknown scene 'x'")
        let warning = Diagnostic(.warning, file: "f.json", position: at(1, 2), path: "", message: "m")
        #expect(warning.description == "f.json:1:2: warning: m")
    }

    @Test func loadErrorSeparatesErrorsFromWarnings() {
        let warning = Diagnostic(.warning, file: "f.json", position: at(1, 1), path: "", message: "w")
        let error = FlowLoadError(diagnostics: [warning, diagnostic([])], omitted: 0)
        #expect(error.errors == [diagnostic([])])
    }

    @Test func positionsOrderByLineThenColumn() {
        #expect(at(1, 9) < at(2, 1))
        #expect(at(2, 3) < at(2, 4))
        #expect(!(at(2, 4) < at(2, 4)))
        #expect(at(12, 5).description == "12:5")
    }

    @Test(arguments: [
        ("", "format", "format"),
        ("classes", "DetailViewController", "classes.DetailViewController"),
        ("classes", "Add View", #"classes["Add View"]"#),
        ("", "$schema", #"["$schema"]"#),
        ("classes.List.segueActions", "make(coder:)", #"classes.List.segueActions["make(coder:)"]"#),
        ("a", #"x"y\z"#, #"a["x\"y\\z"]"#),
    ])
    func memberPaths(_ base: String, _ key: String, _ expected: String) {
        #expect(JSONPath.member(base, key) == expected)
    }

    @Test func indexPaths() {
        #expect(JSONPath.index("segues", 2) == "segues[2]")
        #expect(JSONPath.index(JSONPath.member("scenes.list", "rows"), 0) == "scenes.list.rows[0]")
    }
}

@Suite struct ConditionAndTriggerTests {
    @Test(arguments: [
        ("always", Condition.always), ("true", .always), ("never", .never), ("false", .never),
        ("selection", .selection), ("noSelection", .noSelection),
        ("item == nil", .isNil("item")), ("self.item != nil", .isNotNil("item")), ("  item==nil ", .isNil("item")),
        ("self.item!=  nil", .isNotNil("item")),
    ])
    func parsesConditions(_ text: String, _ expected: Condition) {
        #expect(Condition(text) == expected)
    }

    @Test(arguments: ["sometimes", "a.b == nil", "== nil", "item == 3", "", "item nil", "itemnil", "item = nil"])
    func rejectsConditions(_ text: String) {
        #expect(Condition(text) == nil)
    }

    @Test func conditionNamesTheDependencyItReads() {
        #expect(Condition("self.userAuth == nil")?.dependency == "userAuth")
        #expect(Condition("selection")?.dependency == nil)
        #expect(Condition.isNotNil("x").description == "x != nil")
    }

    @Test func parsesTriggers() {
        #expect(Trigger("manual") == .manual)
        #expect(Trigger("cell") == .cell)
        #expect(Trigger("control:done") == .control("done"))
        #expect(Trigger("control:done")?.control == "done")
        #expect(Trigger("control:") == nil)
        #expect(Trigger("tap:done") == nil)
        #expect(Trigger.control("add").description == "control:add")
    }
}
