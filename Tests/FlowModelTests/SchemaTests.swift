import FlowImport
import Foundation
import Testing
import TestSupport
@testable import FlowModel

/// The schema file, loaded once per use; a failure to load or an unsupported keyword fails the test.
func flowSchema() throws -> SchemaValidator {
    try SchemaValidator(contentsOf: flowsDirectory.appendingPathComponent("flow.schema.json"))
}

@Suite struct FlowSchemaTests {
    @Test func schemaUsesOnlySupportedKeywords() throws {
        #expect(throws: Never.self) { try flowSchema() }
    }

    @Test(arguments: bundledFlowNames())
    func bundledFlowMatchesTheSchema(_ name: String) throws {
        let flow = try JSON(data: Data(contentsOf: flowsDirectory.appendingPathComponent(name)))
        let violations = try flowSchema().validate(flow)
        #expect(violations.isEmpty, "\(violations.map(\.description))")
    }

    /// What `flownav import` writes (the golden imports of the shared small apps) is format 1.
    @Test(arguments: ["ToDoList", "HotelCodable", "OrderApp", "SegueActionDemo"])
    func importedFlowMatchesTheSchema(_ app: String) throws {
        let file = flowsDirectory.deletingLastPathComponent().appendingPathComponent("Tests/FlowImportTests/Golden/\(app).json")
        let violations = try flowSchema().validate(try JSON(data: Data(contentsOf: file)))
        #expect(violations.isEmpty, "\(violations.map(\.description))")
    }

    /// Every shared iOS storyboard and app, imported and written, is format 1 by the schema too.
    @Test(.needsSharedData) func everySharedImportMatchesTheSchema() throws {
        let dir = PackagePaths.shared + "/storyboards"
        let boards = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".storyboard") && !$0.contains("Rectangle") }
        let apps = ["habitica-ios", "Rocket.Chat-iOS"].map { PackagePaths.shared + "/apps/" + $0 }
        #expect(boards.count == 30)
        let schema = try flowSchema()
        for path in boards.map({ dir + "/" + $0 }) + apps {
            let doc = try FlowSource.importDocument(paths: [path]).get()
            let violations = schema.validate(try JSON(json: JSONWriter.write(doc.document)))
            #expect(violations.isEmpty, "\(path): \(violations.prefix(3).map(\.description))")
        }
    }

    /// The fixture apps imported with their Swift (guards as `exits`, creator blocks as
    /// `initializer` on a `scene`, code-built roots with `embedIn`) are format 1 by the schema.
    @Test(.needsFlownavBinary, arguments: ["Recipes", "Workouts"])
    func importedFixtureAppMatchesTheSchema(_ app: String) throws {
        let folder = PackagePaths.root.appendingPathComponent("Tests/FlowImportTests/Fixtures/\(app)").path
        let tmp = try TemporaryFolder()
        defer { tmp.remove() }
        let out = tmp.path + "/\(app).json"
        let r = try runProcess(FlownavBinary.require(), ["import", folder, "--sources", folder, "--output", out], stdin: nil, directory: PackagePaths.root, timeout: 600)
        #expect(r.status == 0, "\(r)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("\"exits\": true") || text.contains("\"embedIn\""))
        let violations = try flowSchema().validate(try JSON(json: text))
        #expect(violations.isEmpty, "\(violations.map(\.description))")
    }

    @Test func testFixturesMatchTheSchema() throws {
        let schema = try flowSchema()
        for text in [Fixture.base, Fixture.mini, Fixture.launch] {
            let violations = schema.validate(try JSON(json: text))
            #expect(violations.isEmpty, "\(violations.map(\.description))")
        }
    }

    /// A broken flow that the schema must reject, at `pointer`.
    struct Broken: Sendable, CustomTestStringConvertible {
        var what: String
        var old: String
        var new: String
        var pointer: String
        var message: String
        /// The loader rejects (or warns about) it too; false where only the schema can tell.
        var loaderObjects = true
        var testDescription: String { what }
    }

    static let broken: [Broken] = [
        .init(what: "unknown key", old: #""controls": ["cancel"]"#, new: #""controls": ["cancel"], "tittle": "Add""#,
              pointer: "/scenes/add/tittle", message: "unknown key 'tittle'"),
        .init(what: "unknown top-level key", old: #""name": "Items","#, new: #""name": "Items", "screens": {},"#,
              pointer: "/screens", message: "unknown key 'screens'"),
        .init(what: "bad segue kind", old: #""kind": "show", "trigger": "cell""#, new: #""kind": "sho", "trigger": "cell""#,
              pointer: "/segues/1/kind",
              message: "\"sho\" is not one of \"show\", \"showDetail\", \"presentation\", \"popoverPresentation\", \"embed\", \"unwind\", \"relationship\", \"custom\", \"push\", \"modal\""),
        .init(what: "missing format", old: "  \"format\": 1,\n", new: "", pointer: "", message: "missing required key 'format'"),
        .init(what: "format 2", old: #""format": 1"#, new: #""format": 2"#, pointer: "/format", message: "expected 1, found 2"),
        .init(what: "format as a string", old: #""format": 1"#, new: #""format": "1""#, pointer: "/format", message: "expected 1, found \"1\""),
        .init(what: "empty name", old: #""name": "Items""#, new: #""name": """#, pointer: "/name", message: "expected at least 1 characters"),
        .init(what: "rows as a string", old: #""rows": 3"#, new: #""rows": "3""#, pointer: "/scenes/list/rows",
              message: "matches 0 of the alternatives of oneOf, not exactly one"),
        .init(what: "negative rows", old: #""rows": 3"#, new: #""rows": -1"#, pointer: "/scenes/list/rows",
              message: "matches 0 of the alternatives of oneOf, not exactly one"),
        .init(what: "duplicate control", old: #""controls": ["add"]"#, new: #""controls": ["add", "add"]"#,
              pointer: "/scenes/list/controls/1", message: "duplicate item \"add\""),
        .init(what: "class name with a space", old: #""AddViewController": {}"#, new: #""Add View": {}"#,
              pointer: "/classes/Add View", message: "name 'Add View': \"Add View\" does not match /^[A-Za-z_][A-Za-z0-9_]*$/"),
        .init(what: "unknown condition", old: #""noSelection""#, new: #""sometimes""#,
              pointer: "/classes/ListViewController/segueActions/makeDetail(coder:sender:segueIdentifier:)/nilWhen",
              message: #""sometimes" does not match /^(always|never|selection|noSelection|(self\.)?[A-Za-z_][A-Za-z0-9_]*\s*[=!]=\s*nil)$/"#),
        .init(what: "initCoder as another string",
              old: #"{ "fatalError": "init(coder:) has not been implemented", "line": 12 }"#, new: #""crash""#,
              pointer: "/classes/DetailViewController/initCoder", message: "matches 0 of the alternatives of oneOf, not exactly one"),
        .init(what: "fatalError line 0", old: #""line": 12"#, new: #""line": 0"#,
              pointer: "/classes/DetailViewController/initCoder", message: "matches 0 of the alternatives of oneOf, not exactly one"),
        .init(what: "with without call", old: #""call": "inject(_:)", "with""#, new: #""set": {}, "with""#,
              pointer: "/classes/ListViewController/prepare/1", message: "'with' requires 'call'"),
        .init(what: "unwind segue with a destination", old: #""id": "Cancel", "source": "add","#,
              new: #""id": "Cancel", "source": "add", "destination": "list","#,
              pointer: "/segues/4", message: "matches a schema it must not match"),
        .init(what: "relationship segue without its relationship", old: #""relationship": "rootViewController" },"#, new: "},",
              pointer: "/segues/0", message: "missing required key 'relationship'"),
        .init(what: "performSegue with segue and destination", old: #""destination": "Devices","#,
              new: #""destination": "Devices", "segue": "ShowDetail","#,
              pointer: "/classes/ListViewController/actions/openDevices(_:)", message: "matches 2 of the alternatives of oneOf, not exactly one"),
        .init(what: "method with both sets and cases", old: #""inject(_:)": { "sets": ["note"] }"#,
              new: #""inject(_:)": { "sets": ["note"], "cases": {} }"#,
              pointer: "/classes/DetailViewController/methods/inject(_:)", message: "matches 2 of the alternatives of oneOf, not exactly one"),
        .init(what: "property dependency without a default", old: #""injection": "property", "default": "Store()""#,
              new: #""injection": "property""#,
              pointer: "/classes/ListViewController/dependencies/store", message: "missing required key 'default'"),
        .init(what: "scene class as a number", old: #"{ "class": "AddViewController", "controls": ["cancel"] }"#, new: #"{ "class": 1 }"#,
              pointer: "/scenes/add/class", message: "expected \"string\", found integer"),
    ]

    @Test(arguments: broken)
    func schemaRejectsBrokenFlow(_ b: Broken) throws {
        let text = Fixture.base.replacingOnce(b.old, with: b.new)
        let violations = try flowSchema().validate(JSON(json: text))
        #expect(violations.contains(SchemaValidator.Violation(pointer: b.pointer, message: b.message)), "\(violations.map(\.description))")
        // The loader must not accept silently what the schema rejects (except where only the schema can tell).
        if b.loaderObjects {
            let diagnostics: [Diagnostic] = switch FlowLoader.load(text: text, file: "test.json") {
            case .success(let flow): flow.warnings
            case .failure(let error): error.diagnostics
            }
            #expect(!diagnostics.isEmpty, "the loader accepts what the schema rejects")
        }
    }

    /// An edit of the base fixture, and whether the format accepts it.
    struct Agreement: Sendable, CustomTestStringConvertible {
        var what: String
        var old: String
        var new: String
        var valid: Bool
        var testDescription: String { what }
    }

    /// One truth for the format: the loader and flow.schema.json accept and reject the same
    /// flows. The first five were disagreements; the rest guard the edges of each rule.
    static let agreements: [Agreement] = [
        .init(what: "blurOverFullScreen presentation", old: #""kind": "presentation", "trigger": "control:add""#,
              new: #""kind": "presentation", "trigger": "control:add", "modalPresentationStyle": "blurOverFullScreen""#, valid: true),
        .init(what: "property without default", old: #""injection": "property", "default": "Store()""#, new: #""injection": "property""#, valid: false),
        .init(what: "method with sets and cases", old: #""inject(_:)": { "sets": ["note"] }"#,
              new: #""inject(_:)": { "sets": ["note"], "cases": {} }"#, valid: false),
        .init(what: "empty segue id", old: #""id": "AddItem""#, new: #""id": """#, valid: false),
        .init(what: "custom segue without customClass", old: #""kind": "presentation", "trigger": "control:add""#,
              new: #""kind": "custom", "trigger": "control:add""#, valid: false),
        .init(what: "custom segue with customClass", old: #""kind": "presentation", "trigger": "control:add""#,
              new: #""kind": "custom", "trigger": "control:add", "customClass": "FadeSegue""#, valid: true),
        .init(what: "property with an empty default", old: #""default": "Store()""#, new: #""default": """#, valid: true),
        .init(what: "method with only cases", old: #""inject(_:)": { "sets": ["note"] }"#, new: #""inject(_:)": { "cases": {} }"#, valid: true),
        .init(what: "unknown presentation style", old: #""kind": "presentation", "trigger": "control:add""#,
              new: #""kind": "presentation", "trigger": "control:add", "modalPresentationStyle": "blur""#, valid: false),
        .init(what: "animates as a string", old: #""kind": "presentation", "trigger": "control:add""#,
              new: #""kind": "presentation", "trigger": "control:add", "animates": "no""#, valid: false),
        .init(what: "a segue action without returns (the destination scene's class)", old: #""makeAdd(coder:)": { "returns": "AddViewController" }"#,
              new: #""makeAdd(coder:)": {}"#, valid: true),
        .init(what: "a segue action that sets a dependency after the initializer", old: #""nilWhen": "noSelection""#,
              new: #""nilWhen": "noSelection", "set": { "note": "store.note" }"#, valid: true),
        .init(what: "a segue action's Swift line", old: #""makeAdd(coder:)": { "returns": "AddViewController" }"#,
              new: #""makeAdd(coder:)": { "returns": "AddViewController", "line": 9 }"#, valid: true),
        .init(what: "a segue action's line zero", old: #""makeAdd(coder:)": { "returns": "AddViewController" }"#,
              new: #""makeAdd(coder:)": { "returns": "AddViewController", "line": 0 }"#, valid: false),
        .init(what: "prepare cases as the branches of one chain, one setting nothing", old: #"{ "as": "Injectable", "call": "inject(_:)", "with": "store" }"#,
              new: #"{ "chain": 1, "branch": 0, "castInBody": true, "as": "Injectable", "call": "inject(_:)", "with": "store" }, { "chain": 1, "branch": 1 }"#, valid: true),
        .init(what: "a prepare branch without its chain", old: #"{ "as": "Injectable", "call": "inject(_:)", "with": "store" }"#,
              new: #"{ "branch": 1, "as": "Injectable", "call": "inject(_:)", "with": "store" }"#, valid: false),
        // A case that only casts is valid Swift (`if let d = segue.destination as? X {}`): it
        // injects nothing, and both the schema and the loader take it.
        .init(what: "a prepare case that only casts", old: #"{ "as": "Injectable", "call": "inject(_:)", "with": "store" }"#,
              new: #"{ "as": "Injectable" }"#, valid: true),
        // Issue 31 item 2: `as!` (ForcedCastDecoding.swift).
        .init(what: "a forced cast in prepare", old: #"{ "as": "Injectable", "call": "inject(_:)", "with": "store" }"#,
              new: #"{ "unwrap": ["navigationTop!"], "as!": "Injectable", "call": "inject(_:)", "with": "store" }"#, valid: true),
        .init(what: "a prepare case with both as and as!", old: #"{ "as": "Injectable", "call": "inject(_:)", "with": "store" }"#,
              new: #"{ "as": "Injectable", "as!": "Injectable", "call": "inject(_:)", "with": "store" }"#, valid: false),
        .init(what: "a forced step that is no step", old: #"{ "as": "Injectable", "call": "inject(_:)", "with": "store" }"#,
              new: #"{ "unwrap": ["navigationBottom!"], "as": "Injectable", "call": "inject(_:)", "with": "store" }"#, valid: false),
        .init(what: "a guard case that returns", old: #"{ "as": "Injectable", "call": "inject(_:)", "with": "store" }"#,
              new: #"{ "unwrap": ["navigationTop"], "as": "Injectable", "exits": true }, { "as": "Injectable", "call": "inject(_:)", "with": "store" }"#, valid: true),
        .init(what: "a guard case that also calls", old: #"{ "as": "Injectable", "call": "inject(_:)", "with": "store" }"#,
              new: #"{ "as": "Injectable", "exits": true, "call": "inject(_:)", "with": "store" }"#, valid: false),
        .init(what: "a guard case that also sets", old: #"{ "as": "Injectable", "call": "inject(_:)", "with": "store" }"#,
              new: #"{ "as": "Injectable", "exits": true, "set": { "note": "store.note" } }"#, valid: false),
        .init(what: "a suppression", old: #""initial": "nav","#,
              new: #""initial": "nav", "suppress": [{ "rule": "trap", "at": "classes.DetailViewController", "reason": "known" }],"#, valid: true),
        .init(what: "a suppression without a reason", old: #""initial": "nav","#,
              new: #""initial": "nav", "suppress": [{ "rule": "trap", "at": "classes.DetailViewController" }],"#, valid: false),
    ]

    @Test(arguments: agreements)
    func loaderAndSchemaAgree(_ a: Agreement) throws {
        let text = Fixture.base.replacingOnce(a.old, with: a.new)
        #expect(text != Fixture.base)
        let violations = try flowSchema().validate(JSON(json: text))
        let errors: [Diagnostic] = switch FlowLoader.load(text: text, file: "test.json") {
        case .success: []
        case .failure(let error): error.errors
        }
        #expect(violations.isEmpty == a.valid, "schema: \(violations.map(\.description))")
        #expect(errors.isEmpty == a.valid, "loader: \(errors.map(\.description))")
    }

    @Test func schemaRequiresInitialOrLaunchRoot() throws {
        let schema = try flowSchema()
        let withoutInitial = Fixture.mini.replacingOnce("  \"initial\": \"main\",\n", with: "")
        #expect(schema.validate(try JSON(json: withoutInitial)).contains { $0.pointer == "" && $0.message.contains("anyOf") })
        #expect(schema.validate(try JSON(json: Fixture.launch)).isEmpty)
    }
}

@Suite struct SchemaValidatorTests {
    func validator(_ schema: String) throws -> SchemaValidator { try SchemaValidator(schema: JSON(json: schema)) }

    @Test(arguments: [
        (#"{ "type": "object", "maxLength": 3 }"#, "maxLength", "#"),
        (#"{ "properties": { "a": { "patternProperties": {} } } }"#, "patternProperties", "#/properties/a"),
        (#"{ "$defs": { "x": { "format": "email" } } }"#, "format", "#/$defs/x"),
        (#"{ "anyOf": [ { "type": "string" }, { "contains": {} } ] }"#, "contains", "#/anyOf/1"),
    ])
    func rejectsUnsupportedKeywords(_ schema: String, _ keyword: String, _ location: String) throws {
        #expect(throws: SchemaValidator.SchemaError.unsupportedKeyword(keyword, at: location)) { try validator(schema) }
    }

    @Test func rejectsReferencesItCannotResolve() throws {
        #expect(throws: SchemaValidator.SchemaError.badSchema("unresolved $ref #/$defs/missing")) {
            try validator(##"{ "$ref": "#/$defs/missing" }"##)
        }
        #expect(throws: SchemaValidator.SchemaError.badSchema("unsupported $ref other.json#/x")) {
            try validator(#"{ "$ref": "other.json#/x" }"#)
        }
    }

    @Test func integersNumbersAndBooleans() throws {
        let integer = try validator(#"{ "type": "integer" }"#)
        #expect(integer.validate(.number(3)).isEmpty)
        #expect(integer.validate(try JSON(json: "3.0")).isEmpty)
        #expect(!integer.validate(.number(3.5)).isEmpty)
        #expect(!integer.validate(try JSON(json: "true")).isEmpty)
        let one = try validator(#"{ "const": 1 }"#)
        #expect(one.validate(try JSON(json: "1")).isEmpty)
        #expect(one.validate(try JSON(json: "true")) == [.init(pointer: "", message: "expected 1, found true")])
        #expect(try JSON(json: "[true, 1, 0, false]") == .array([.bool(true), .number(1), .number(0), .bool(false)]))
    }

    @Test func combinators() throws {
        let s = try validator(#"""
        { "$defs": { "short": { "type": "string", "minLength": 1, "pattern": "^\\S+$" } },
          "oneOf": [ { "$ref": "#/$defs/short" }, { "type": "string", "pattern": "x" } ],
          "not": { "const": "forbidden" } }
        """#)
        #expect(s.validate(.string("abc")).isEmpty)
        #expect(s.validate(.string("a b x")).isEmpty)
        #expect(s.validate(.string("abx")) == [.init(pointer: "", message: "matches 2 of the alternatives of oneOf, not exactly one")])
        #expect(s.validate(.string("forbidden")) == [.init(pointer: "", message: "matches a schema it must not match")])
    }

    @Test func ifThenElse() throws {
        let s = try validator(#"""
        { "type": "object",
          "if": { "properties": { "kind": { "const": "unwind" } } },
          "then": { "required": ["action"] },
          "else": { "not": { "required": ["action"] } } }
        """#)
        #expect(s.validate(try JSON(json: #"{ "kind": "unwind", "action": "a:" }"#)).isEmpty)
        #expect(s.validate(try JSON(json: #"{ "kind": "unwind" }"#)) == [.init(pointer: "", message: "missing required key 'action'")])
        #expect(s.validate(try JSON(json: #"{ "kind": "show" }"#)).isEmpty)
        #expect(s.validate(try JSON(json: #"{ "kind": "show", "action": "a:" }"#)).count == 1)
    }

    @Test func objectsAndArrays() throws {
        let s = try validator(#"""
        { "type": "object", "minProperties": 1,
          "properties": { "list": { "type": "array", "items": { "type": "integer", "minimum": 0 }, "minItems": 1, "uniqueItems": true } },
          "propertyNames": { "pattern": "^[a-z]+$" },
          "additionalProperties": { "type": "string" },
          "dependentRequired": { "b": ["a"] } }
        """#)
        #expect(s.validate(try JSON(json: #"{ "list": [1, 2], "a": "x", "b": "y" }"#)).isEmpty)
        #expect(s.validate(try JSON(json: "{}")) == [.init(pointer: "", message: "expected at least 1 members")])
        #expect(s.validate(try JSON(json: #"{ "list": [] }"#)) == [.init(pointer: "/list", message: "expected at least 1 items")])
        #expect(s.validate(try JSON(json: #"{ "list": [1, 1.0, -1] }"#)) == [
            .init(pointer: "/list/2", message: "-1 is less than the minimum 0"),
            .init(pointer: "/list/1", message: "duplicate item 1"),
        ])
        #expect(s.validate(try JSON(json: #"{ "b": "y" }"#)) == [.init(pointer: "", message: "'b' requires 'a'")])
        #expect(s.validate(try JSON(json: #"{ "c": 3 }"#)) == [.init(pointer: "/c", message: "expected \"string\", found integer")])
        #expect(s.validate(try JSON(json: #"{ "C/d": "x" }"#)) == [.init(pointer: "/C~1d", message: "name 'C/d': \"C/d\" does not match /^[a-z]+$/")])
    }

    @Test func stringLengthCountsCodePointsAndPatternsSearch() throws {
        let s = try validator(#"{ "minLength": 2, "pattern": "\\.swift$" }"#)
        #expect(s.validate(.string("é.swift")).isEmpty)
        #expect(s.validate(.string("A.swiftx")).count == 1)
        let two = try validator(#"{ "minLength": 2 }"#)
        #expect(two.validate(.string("🎉")).count == 1)
        #expect(two.validate(.string("e\u{301}")).isEmpty)
        // Keywords for other types do not apply.
        #expect(two.validate(.number(1)).isEmpty)
    }
}
