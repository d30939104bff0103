import Foundation
import Testing
@testable import FlowModel

/// A flow with a shape error (wrong type, missing key, bad value), and the error it must report.
struct ShapeCase: Sendable, CustomTestStringConvertible {
    var what: String
    var json: String
    var line: Int
    var column: Int
    var path: String
    var message: String
    var suggestion: String? = nil
    /// Errors in all; the case's error must be among them.
    var errorCount = 1
    var testDescription: String { what }

    static let wrongTypes: [ShapeCase] = [
        .init(what: "format as a string", json: Fixture.mini.replacingOnce(#""format": 1"#, with: #""format": "1""#),
              line: 2, column: 13, path: "format", message: "expected the format version 1, found a string"),
        .init(what: "format true", json: Fixture.mini.replacingOnce(#""format": 1"#, with: #""format": true"#),
              line: 2, column: 13, path: "format", message: "expected the format version 1, found a boolean"),
        .init(what: "format 2", json: Fixture.mini.replacingOnce(#""format": 1"#, with: #""format": 2"#),
              line: 2, column: 13, path: "format", message: "unsupported format version 2; this flownav reads format 1"),
        .init(what: "format 1.5", json: Fixture.mini.replacingOnce(#""format": 1"#, with: #""format": 1.5"#),
              line: 2, column: 13, path: "format", message: "unsupported format version 1.5; this flownav reads format 1"),
        .init(what: "name as a number", json: Fixture.mini.replacingOnce(#""name": "Mini""#, with: #""name": 3"#),
              line: 3, column: 11, path: "name", message: "expected a string, found a number"),
        .init(what: "empty name", json: Fixture.mini.replacingOnce(#""name": "Mini""#, with: #""name": """#),
              line: 3, column: 11, path: "name", message: "expected a non-empty string"),
        .init(what: "module not an identifier", json: Fixture.mini.replacingOnce(#""module": "Mini""#, with: #""module": "My App""#),
              line: 4, column: 13, path: "module", message: "'My App' is not a Swift module name"),
        .init(what: "initial as a number", json: Fixture.mini.replacingOnce(#""initial": "main""#, with: #""initial": 7"#),
              line: 5, column: 14, path: "initial", message: "expected a string, found a number"),
        .init(what: "scenes as an array",
              json: Fixture.mini.replacingOnce(#"{\#n    "main": { "class": "UIViewController" }\#n  }"#, with: "[]"),
              line: 6, column: 13, path: "scenes", message: "expected an object, found an array", errorCount: 2),
        .init(what: "classes as an array", json: Fixture.mini.replacingOnce(#"  "initial""#, with: "  \"classes\": [],\n  \"initial\""),
              line: 5, column: 14, path: "classes", message: "expected an object, found an array"),
        .init(what: "scene as a string", json: Fixture.mini.replacingOnce(#"{ "class": "UIViewController" }"#, with: #""UIViewController""#),
              line: 7, column: 13, path: "scenes.main", message: "expected an object, found a string"),
        .init(what: "scene class as a number", json: Fixture.mini.replacingOnce(#""class": "UIViewController""#, with: #""class": 42"#),
              line: 7, column: 24, path: "scenes.main.class", message: "expected a string, found a number"),
        .init(what: "rows as a string", json: Fixture.mini.replacingOnce(#""UIViewController""#, with: #""UIViewController", "rows": "3""#),
              line: 7, column: 52, path: "scenes.main.rows", message: "expected a whole number, found a string"),
        .init(what: "rows as a fraction", json: Fixture.mini.replacingOnce(#""UIViewController""#, with: #""UIViewController", "rows": 1.5"#),
              line: 7, column: 52, path: "scenes.main.rows", message: "expected a whole number, found a fraction"),
        .init(what: "negative rows", json: Fixture.mini.replacingOnce(#""UIViewController""#, with: #""UIViewController", "rows": -1"#),
              line: 7, column: 52, path: "scenes.main.rows", message: "expected a number of at least 0, found -1"),
        .init(what: "a section's rows as a string",
              json: Fixture.mini.replacingOnce(#""UIViewController""#, with: #""UIViewController", "rows": [2, "x"]"#),
              line: 7, column: 56, path: "scenes.main.rows[1]", message: "expected a whole number, found a string"),
        .init(what: "controls as a string",
              json: Fixture.mini.replacingOnce(#""UIViewController""#, with: #""UIViewController", "controls": "back""#),
              line: 7, column: 56, path: "scenes.main.controls", message: "expected an array of strings, found a string"),
        .init(what: "conformsTo as a string", json: Fixture.base.replacingOnce(#"["Injectable"]"#, with: #""Injectable""#),
              line: 46, column: 21, path: "classes.DetailViewController.conformsTo",
              message: "expected an array of strings, found a string"),
        .init(what: "animates as a string",
              json: Fixture.segue(#"{ "source": "nav", "destination": "main", "kind": "show", "animates": "no" }"#),
              line: 11, column: 75, path: "segues[0].animates", message: "expected true or false, found a string"),
        .init(what: "segue as a string", json: Fixture.segue(#""nav""#),
              line: 11, column: 5, path: "segues[0]", message: "expected an object, found a string"),
        .init(what: "top level an array", json: "[]",
              line: 1, column: 1, path: "", message: "expected a JSON object at the top level, found an array"),
        .init(what: "top level a string", json: #""flow""#,
              line: 1, column: 1, path: "", message: "expected a JSON object at the top level, found a string"),
    ]

    static let missingKeys: [ShapeCase] = [
        .init(what: "format", json: Fixture.mini.replacingOnce("  \"format\": 1,\n", with: ""),
              line: 1, column: 1, path: "", message: "missing required key 'format'"),
        .init(what: "name", json: Fixture.mini.replacingOnce("  \"name\": \"Mini\",\n", with: ""),
              line: 1, column: 1, path: "", message: "missing required key 'name'"),
        .init(what: "module", json: Fixture.mini.replacingOnce("  \"module\": \"Mini\",\n", with: ""),
              line: 1, column: 1, path: "", message: "missing required key 'module'"),
        .init(what: "scenes",
              json: Fixture.mini.replacingOnce(#",\#n  "initial": "main",\#n  "scenes": {\#n    "main": { "class": "UIViewController" }\#n  }"#, with: ""),
              line: 1, column: 1, path: "", message: "missing required key 'scenes'"),
        .init(what: "initial", json: Fixture.mini.replacingOnce("  \"initial\": \"main\",\n", with: ""),
              line: 1, column: 1, path: "",
              message: "missing required key 'initial' (or 'launch.root', for an app whose root is built in code)"),
        .init(what: "class of a scene", json: Fixture.mini.replacingOnce(#"{ "class": "UIViewController" }"#, with: #"{ "title": "Main" }"#),
              line: 7, column: 13, path: "scenes.main", message: "missing required key 'class'"),
        .init(what: "kind of a segue", json: Fixture.segue(#"{ "source": "nav", "destination": "main" }"#),
              line: 11, column: 5, path: "segues[0]", message: "missing required key 'kind'"),
        .init(what: "source of a segue", json: Fixture.segue(#"{ "destination": "main", "kind": "show" }"#),
              line: 11, column: 5, path: "segues[0]", message: "missing required key 'source'"),
        .init(what: "destination of a show segue", json: Fixture.segue(#"{ "source": "nav", "kind": "show" }"#),
              line: 11, column: 5, path: "segues[0]", message: "missing required key 'destination'"),
        .init(what: "unwindAction of an unwind segue", json: Fixture.segue(#"{ "source": "main", "kind": "unwind" }"#),
              line: 11, column: 5, path: "segues[0]", message: "missing required key 'unwindAction' for an unwind segue"),
        .init(what: "relationship of a relationship segue",
              json: Fixture.segue(#"{ "source": "nav", "destination": "main", "kind": "relationship" }"#),
              line: 11, column: 5, path: "segues[0]", message: "missing required key 'relationship' for a relationship segue"),
        .init(what: "injection of a dependency",
              json: Fixture.base.replacingOnce(#"{ "type": "Item", "injection": "initializer" }"#, with: #"{ "type": "Item" }"#),
              line: 48, column: 17, path: "classes.DetailViewController.dependencies.item",
              message: "missing required key 'injection'"),
        .init(what: "do of an action", json: Fixture.base.replacingOnce("          \"do\": \"present\",\n", with: ""),
              line: 32, column: 26, path: #"classes.ListViewController.actions["showFirst(_:)"]"#,
              message: "missing required key 'do'"),
        .init(what: "class of a present action",
              json: Fixture.base.replacingOnce("          \"class\": \"DetailViewController\",\n", with: ""),
              line: 32, column: 26, path: #"classes.ListViewController.actions["showFirst(_:)"]"#,
              message: "a present action needs the 'class' of the view controller it builds, the Storyboard 'identifier' or the 'scene' it instantiates"),
        .init(what: "cases of a destination enum",
              json: Fixture.mini.replacingOnce(#"  "initial""#, with: "  \"destinations\": { \"Route\": {} },\n  \"initial\""),
              line: 5, column: 30, path: "destinations.Route", message: "missing required key 'cases'"),
        .init(what: "class of launch.root",
              json: Fixture.launch.replacingOnce(#"{ "class": "RootViewController", "initializer""#, with: #"{ "initializer""#),
              line: 6, column: 13, path: "launch.root", message: "missing required key 'class' (a root built in code) or 'scene' (a storyboard scene)"),
    ]

    static let badValues: [ShapeCase] = [
        .init(what: "unknown segue kind", json: Fixture.segue(#"{ "source": "nav", "destination": "main", "kind": "sho" }"#),
              line: 11, column: 55, path: "segues[0].kind",
              message: "unknown segue kind 'sho'; expected one of show, showDetail, presentation, popoverPresentation, embed, unwind, relationship, custom, push, modal",
              suggestion: "show"),
        .init(what: "unknown trigger",
              json: Fixture.segue(#"{ "source": "nav", "destination": "main", "kind": "show", "trigger": "cel" }"#),
              line: 11, column: 74, path: "segues[0].trigger",
              message: "unknown trigger 'cel'; expected manual, cell, cell:S:R, cell:R, prototype:NAME or control:NAME", suggestion: "cell"),
        .init(what: "presentation style in the wrong case",
              json: Fixture.segue(#"{ "source": "nav", "destination": "main", "kind": "show", "modalPresentationStyle": "fullscreen" }"#),
              line: 11, column: 89, path: "segues[0].modalPresentationStyle",
              message: "unknown presentation style 'fullscreen'; expected one of "
                  + ModalPresentationStyle.allCases.map(\.rawValue).joined(separator: ", "),
              suggestion: "fullScreen"),
        .init(what: "unwind segue with a destination",
              json: Fixture.segue(#"{ "source": "main", "kind": "unwind", "unwindAction": "back:", "destination": "nav" }"#),
              line: 11, column: 83, path: "segues[0].destination",
              message: "an unwind segue has no destination: UIKit finds it at run time"),
        .init(what: "relationship on a show segue",
              json: Fixture.segue(#"{ "source": "nav", "destination": "main", "kind": "show", "relationship": "rootViewController" }"#),
              line: 11, column: 79, path: "segues[0].relationship",
              message: "'relationship' belongs only on segues of kind relationship"),
        .init(what: "unwindAction on a show segue",
              json: Fixture.segue(#"{ "source": "nav", "destination": "main", "kind": "show", "unwindAction": "back:" }"#),
              line: 11, column: 79, path: "segues[0].unwindAction", message: "'unwindAction' belongs only on unwind segues"),
        .init(what: "segue action on an unwind segue",
              json: Fixture.segue(#"{ "source": "main", "kind": "unwind", "unwindAction": "back:", "action": "make:" }"#),
              line: 11, column: 78, path: "segues[0].action",
              message: "an unwind segue instantiates nothing, so it cannot have a segue action"),
        .init(what: "unknown injection kind", json: Fixture.base.replacingOnce(#""injection": "optional""#, with: #""injection": "optinal""#),
              line: 49, column: 50, path: "classes.DetailViewController.dependencies.note.injection",
              message: "unknown injection kind 'optinal'; expected one of initializer, implicitlyUnwrapped, optional, property",
              suggestion: "optional"),
        .init(what: "initializer name without init", json: Fixture.base.replacingOnce(#""init(with:)": {"#, with: #""make(with:)": {"#),
              line: 53, column: 9, path: #"classes.DetailViewController.initializers["make(with:)"]"#,
              message: "'make(with:)' is not an initializer name; expected the form init(label:…)"),
        .init(what: "segue action name without parameters", json: Fixture.base.replacingOnce(#""makeAdd(coder:)""#, with: #""makeAdd""#),
              line: 23, column: 9, path: "classes.ListViewController.segueActions.makeAdd",
              message: "'makeAdd' is not a segue action's Swift name; expected the form name(coder:sender:segueIdentifier:)"),
        .init(what: "class name with a space", json: Fixture.base.replacingOnce(#""AddViewController": {}"#, with: #""Add View": {}"#),
              line: 62, column: 5, path: #"classes["Add View"]"#, message: "'Add View' is not a Swift class name"),
        .init(what: "initCoder as another string",
              json: Fixture.base.replacingOnce(#"{ "fatalError": "init(coder:) has not been implemented", "line": 12 }"#, with: #""crash""#),
              line: 55, column: 20, path: "classes.DetailViewController.initCoder",
              message: #"expected "inherited" or {"fatalError": "message"}, found "crash""#),
        .init(what: "fatalError line 0", json: Fixture.base.replacingOnce(#""line": 12"#, with: #""line": 0"#),
              line: 55, column: 85, path: "classes.DetailViewController.initCoder.line",
              message: "expected a number of at least 1, found 0"),
        .init(what: "unknown condition", json: Fixture.base.replacingOnce(#""noSelection""#, with: #""noSelecton""#),
              line: 21, column: 22, path: #"classes.ListViewController.segueActions["makeDetail(coder:sender:segueIdentifier:)"].nilWhen"#,
              message: "unknown condition 'noSelecton'; expected always, never, selection, noSelection, NAME == nil or NAME != nil",
              suggestion: "noSelection"),
        .init(what: "with without call",
              json: Fixture.base.replacingOnce(#""call": "inject(_:)", "with""#, with: #""with""#),
              line: 27, column: 39, path: "classes.ListViewController.prepare[1].with",
              message: "'with' needs a 'call' to pass the value to"),
        .init(what: "unknown unwrap step",
              json: Fixture.base.replacingOnce(#"{ "segue": "ShowDetail", "as""#, with: #"{ "unwrap": ["navigationTp"], "segue": "ShowDetail", "as""#),
              line: 26, column: 22, path: "classes.ListViewController.prepare[0].unwrap[0]",
              message: "unknown unwrap step 'navigationTp'; expected one of navigationTop, navigationRoot, tabFirst, tabSelected",
              suggestion: "navigationTop"),
        .init(what: "performSegue with both segue and destination",
              json: Fixture.base.replacingOnce(#""destination": "Devices","#, with: #""destination": "Devices", "segue": "ShowDetail","#),
              line: 38, column: 28, path: #"classes.ListViewController.actions["openDevices(_:)"]"#,
              message: "a performSegue action needs exactly one of 'segue' (an identifier) or 'destination' (a typed destination case)"),
        .init(what: "duplicate control", json: Fixture.mini.replacingOnce(#""UIViewController""#, with: #""UIViewController", "controls": ["a", "a"]"#),
              line: 7, column: 62, path: "scenes.main.controls[1]", message: "duplicate control 'a'"),
        .init(what: "duplicate top-level key", json: Fixture.mini.replacingOnce("  \"module\"", with: "  \"name\": \"Again\",\n  \"module\""),
              line: 4, column: 3, path: "name", message: "duplicate key 'name'"),
        .init(what: "duplicate scene id",
              json: Fixture.mini.replacingOnce(#"    "main": { "class": "UIViewController" }"#,
                                               with: "    \"main\": { \"class\": \"UIViewController\" },\n    \"main\": { \"class\": \"UIViewController\" }"),
              line: 8, column: 5, path: "scenes.main", message: "duplicate key 'main'"),
        .init(what: "duplicate key in a segue",
              json: Fixture.segue(#"{ "source": "nav", "destination": "main", "kind": "show", "kind": "show" }"#),
              line: 11, column: 63, path: "segues[0].kind", message: "duplicate key 'kind'"),
    ]
}

@Suite struct LoaderShapeTests {
    static func check(_ c: ShapeCase) throws {
        let error = try #require(load(c.json), "\(c.what) must not load")
        let errors = error.errors
        #expect(errors.count == c.errorCount, "\(errors.map(\.description))")
        let d = try #require(errors.first { $0.path == c.path }, "no error at \(c.path): \(errors.map(\.description))")
        #expect(d.position == at(c.line, c.column))
        #expect(d.message == c.message)
        #expect(d.suggestions.first == c.suggestion)
    }

    @Test(arguments: ShapeCase.wrongTypes) func wrongType(_ c: ShapeCase) throws { try Self.check(c) }
    @Test(arguments: ShapeCase.missingKeys) func missingKey(_ c: ShapeCase) throws { try Self.check(c) }
    @Test(arguments: ShapeCase.badValues) func badValue(_ c: ShapeCase) throws { try Self.check(c) }

    @Test func miniFixturesLoad() throws {
        for text in [Fixture.mini, Fixture.launch, Fixture.segue(#"{ "source": "nav", "destination": "main", "kind": "relationship", "relationship": "rootViewController" }"#)] {
            let flow = try #require(loaded(text))
            #expect(flow.warnings.isEmpty)
        }
    }

    @Test func unsupportedFormatIsNotJudgedByFormat1Rules() throws {
        // A format-2 file may use keys and references this version does not know: only the version is reported.
        let text = Fixture.mini
            .replacingOnce(#""format": 1"#, with: #""format": 2"#)
            .replacingOnce(#""initial": "main""#, with: #""initial": "nowhere", "screens": {}"#)
        let d = try #require(onlyError(text))
        #expect(d.message == "unsupported format version 2; this flownav reads format 1")
        #expect(d.description == "test.json:2:13: error: format: unsupported format version 2; this flownav reads format 1")
    }

    @Test func brokenSceneIsNotAlsoReportedAsUnknown() throws {
        // 'main' exists but has no class: the initial reference and the segue's must not add "unknown scene".
        let text = Fixture.segue(#"{ "source": "main", "destination": "nav", "kind": "show" }"#)
            .replacingOnce(#""initial": "nav""#, with: #""initial": "main""#)
            .replacingOnce(#"{ "class": "UIViewController", "controls": ["back"] }"#, with: #"{ "controls": ["back"] }"#)
        let d = try #require(onlyError(text))
        #expect(d.path == "scenes.main")
        #expect(d.message == "missing required key 'class'")
    }
}

@Suite struct EmptyAndBinaryFileTests {
    @Test(arguments: ["", " ", "\n\n", " \t\r\n  \n"])
    func emptyOrWhitespaceOnly(_ text: String) throws {
        let error = try #require(load(text, file: "empty.json"))
        let d = try #require(error.diagnostics.first)
        #expect(error.diagnostics.count == 1)
        #expect(d.severity == .error)
        #expect(d.position == at(1, 1))
        #expect(d.description == #"empty.json:1:1: error: the file is empty; expected a flow (a JSON object with "format": 1)"#)
    }

    @Test(arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D], 8),
        ([0x7B, 0x00, 0x7D], 1),
        ([0x00], 0),
    ] as [([UInt8], Int)])
    func binaryFile(_ bytes: [UInt8], nulOffset: Int) throws {
        let error = try #require(load(bytes: bytes, file: "image.png"))
        let d = try #require(error.diagnostics.first)
        #expect(error.diagnostics.count == 1)
        #expect(d.severity == .error)
        #expect(d.message == "this is a binary file (a NUL byte at offset \(nulOffset)), not a JSON flow")
        #expect(d.position == at(1, 1))
    }

    @Test func missingFileAndFolder() throws {
        let missing = try #require(FlowLoader.load(path: "/nonexistent/flow.json").failure)
        #expect(missing.errors.first?.description == "/nonexistent/flow.json: error: no such file")
        let folder = try #require(FlowLoader.load(path: flowsDirectory.path).failure)
        #expect(folder.errors.first?.message == "is a folder, not a flow file")
    }
}

@Suite struct UnknownKeyWarningTests {
    /// An unknown key, and the known key the warning must suggest (nil: none near enough).
    struct Case: Sendable, CustomTestStringConvertible {
        var old: String
        var new: String
        var line: Int
        var column: Int
        var path: String
        var suggestion: String?
        var testDescription: String { path }
    }

    static let cases: [Case] = [
        .init(old: #""name": "Items","#, new: #""name": "Items", "destinatons": {},"#, line: 3, column: 20,
              path: "destinatons", suggestion: "destinations"),
        .init(old: #""superclass": "UITableViewController""#, new: #""superclas": "UITableViewController""#, line: 12, column: 7,
              path: "classes.ListViewController.superclas", suggestion: "superclass"),
        .init(old: #""kind": "show", "trigger": "cell","#, new: #""kind": "show", "trigger": "cell", "animate": false,"#,
              line: 75, column: 42, path: "segues[1].animate", suggestion: "animates"),
        .init(old: #""controls": ["cancel"]"#, new: #""controls": ["cancel"], "tittle": "Add""#, line: 69, column: 68,
              path: "scenes.add.tittle", suggestion: "title"),
        .init(old: #""injection": "optional""#, new: #""injection": "optional", "defualt": "nil""#, line: 49, column: 62,
              path: "classes.DetailViewController.dependencies.note.defualt", suggestion: "default"),
        .init(old: #""nilWhen": "noSelection""#, new: #""nilWhen": "noSelection", "nillWhen": "never""#, line: 21, column: 37,
              path: #"classes.ListViewController.segueActions["makeDetail(coder:sender:segueIdentifier:)"].nillWhen"#,
              suggestion: "nilWhen"),
        .init(old: #""module": "Items","#, new: #""module": "Items", "zzzzzzzz": 1,"#, line: 4, column: 22,
              path: "zzzzzzzz", suggestion: nil),
    ]

    @Test(arguments: cases)
    func unknownKeyIsAWarningAndTheFlowLoads(_ c: Case) throws {
        let flow = try #require(loaded(Fixture.base.replacingOnce(c.old, with: c.new)))
        #expect(flow.warnings.count == 1)
        let w = try #require(flow.warnings.first)
        #expect(w.severity == .warning)
        #expect(w.position == at(c.line, c.column))
        #expect(w.path == c.path)
        let key = c.path.split(separator: ".").last.map(String.init) ?? c.path
        #expect(w.message == "unknown key '\(key)' is ignored")
        #expect(w.suggestions == (c.suggestion.map { [$0] } ?? []))
    }

    @Test func warningDescription() throws {
        let flow = try #require(loaded(Fixture.base.replacingOnce(#""controls": ["cancel"]"#, with: #""controls": ["cancel"], "tittle": "Add""#)))
        #expect(flow.warnings.map(\.description) == ["test.json:69:68: warning: scenes.add.tittle: unknown key 'tittle' is ignored; did you mean 'title'?"])
    }

    @Test func misspeltRequiredKeyWarnsAndTheMissingKeyIsAnError() throws {
        let text = Fixture.segue(#"{ "source": "nav", "destinaton": "main", "kind": "relationship", "relationship": "rootViewController" }"#)
        let error = try #require(load(text))
        let descriptions = error.diagnostics.map(\.description)
        // Sorted by position: the segue's opening brace (the missing key) comes before the misspelt key.
        #expect(descriptions == [
            "test.json:11:5: error: segues[0]: missing required key 'destination'",
            "test.json:11:24: warning: segues[0].destinaton: unknown key 'destinaton' is ignored; did you mean 'destination'?",
        ])
        #expect(error.errors.count == 1)
    }

    @Test func unknownKeyAlsoSkipsItsValue() throws {
        // The value of an unknown key is not decoded: a wrong type inside it is not an error.
        let flow = try #require(loaded(Fixture.mini.replacingOnce(#""module": "Mini","#, with: #""module": "Mini", "extras": { "rows": "x" },"#)))
        #expect(flow.warnings.map(\.path) == ["extras"])
    }
}

@Suite struct ManyErrorsTests {
    @Test func shapeErrorsAreAllReportedInFileOrder() throws {
        // Found in the order scenes, initial, segues; reported in file order.
        let text = Fixture.base
            .replacingOnce(#""initial": "nav""#, with: #""initial": "nva""#)
            .replacingOnce(#""rows": 3"#, with: #""rows": "3""#)
            .replacingOnce(#""destination": "detail","#, with: #""destination": "detial","#)
        let error = try #require(load(text))
        #expect(error.errors.map(\.path) == ["initial", "scenes.list.rows", "segues[1].destination"])
        #expect(error.errors.map(\.position) == [at(5, 14), at(66, 54), at(74, 60)])
        #expect(error.omitted == 0)
    }

    @Test func referenceErrorsAreAllReportedInFileOrder() throws {
        // Classes are checked by name (DetailViewController first), then scenes, then segues;
        // a stale scene class or segue action is a warning, listed in its place too.
        let text = Fixture.base
            .replacingOnce(#""superclass": "UITableViewController""#, with: #""superclass": "UITableViewControler""#)
            .replacingOnce(#""conformsTo": ["Injectable"]"#, with: #""conformsTo": ["Injectible"]"#)
            .replacingOnce(#"{ "class": "DetailViewController" }"#, with: #"{ "class": "DetailViewControler" }"#)
            .replacingOnce(#""makeDetail(coder:sender:segueIdentifier:)" }"#, with: #""makeDetial(coder:sender:segueIdentifier:)" }"#)
        let error = try #require(load(text))
        #expect(error.errors.map(\.path) == ["classes.ListViewController.superclass", "classes.DetailViewController.conformsTo[0]"])
        #expect(error.diagnostics.map(\.path) == [
            "classes.ListViewController.superclass", "classes.DetailViewController.conformsTo[0]",
            "scenes.detail.class", "segues[1].action",
        ])
        let positions = error.diagnostics.compactMap(\.position)
        #expect(positions == [at(12, 21), at(46, 22), at(67, 26), at(76, 17)])
    }

    @Test func errorsPastTheCapAreCountedNotListed() throws {
        let sceneCount = 60
        var lines = [#"{ "format": 1, "name": "Many", "module": "Many", "initial": "s0", "scenes": {"#]
        for i in 0..<sceneCount {
            lines.append(#"  "s\#(i)": { "class": "UIViewController", "elementClass": "Missing\#(i)" }\#(i < sceneCount - 1 ? "," : "")"#)
        }
        lines.append("} }")
        let error = try #require(load(lines.joined(separator: "\n")))
        #expect(DiagnosticSink.errorCap == 50)
        #expect(error.errors.count == DiagnosticSink.errorCap)
        #expect(error.omitted == sceneCount - DiagnosticSink.errorCap)
        // The first errors found are kept: scenes s0…s49, on lines 2…51.
        #expect(error.errors.first?.path == "scenes.s0.elementClass")
        #expect(error.errors.last?.path == "scenes.s49.elementClass")
        #expect(error.errors.last?.position?.line == 51)
    }

    @Test func errorsUpToTheCapAreNotOmitted() throws {
        var scenes: [String] = []
        for i in 0..<DiagnosticSink.errorCap { scenes.append(#""s\#(i)": { "class": "UIViewController", "elementClass": "Missing\#(i)" }"#) }
        let text = #"{ "format": 1, "name": "Many", "module": "Many", "initial": "s0", "scenes": { \#(scenes.joined(separator: ", ")) } }"#
        let error = try #require(load(text))
        #expect(error.errors.count == DiagnosticSink.errorCap)
        #expect(error.omitted == 0)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let e) = self { return e }
        return nil
    }
}
