import Testing
@testable import FlowModel

/// `"unknown": "PATH:LINE"`: code flownav did not read decides a part there. The loader and the
/// schema take it on a dependency, a segue action, a present/push/show action and launch.root,
/// and reject it elsewhere or malformed.
@Suite struct UnknownKeyTests {
    static let edits: [(what: String, old: String, new: String, valid: Bool)] = [
        ("on a dependency", #""note": { "type": "String", "injection": "optional" }"#,
         #""note": { "type": "String", "injection": "optional", "unknown": "Items/Detail.swift:14" }"#, true),
        ("on a segue action", #""makeAdd(coder:)": { "returns": "AddViewController" }"#,
         #""makeAdd(coder:)": { "returns": "AddViewController", "unknown": "Items/List.swift:30" }"#, true),
        ("on a present action", #""initializer": "init(with:)","#, #""initializer": "init(with:)", "unknown": "Items/List.swift:51","#, true),
        ("on a performSegue action", #""destination": "Devices","#, #""destination": "Devices", "unknown": "Items/List.swift:60","#, false),
        ("without a line", #""note": { "type": "String", "injection": "optional" }"#,
         #""note": { "type": "String", "injection": "optional", "unknown": "Items/Detail.swift" }"#, false),
        ("as a number", #""makeAdd(coder:)": { "returns": "AddViewController" }"#,
         #""makeAdd(coder:)": { "returns": "AddViewController", "unknown": 30 }"#, false),
    ]

    @Test(arguments: edits.indices)
    func loaderAndSchemaAgree(_ i: Int) throws {
        let e = Self.edits[i]
        let text = Fixture.base.replacingOnce(e.old, with: e.new)
        #expect(text != Fixture.base, "\(e.what)")
        let violations = try flowSchema().validate(JSON(json: text))
        let errors: [Diagnostic] = switch FlowLoader.load(text: text, file: "test.json") {
        case .success: []
        case .failure(let error): error.errors
        }
        #expect(violations.isEmpty == e.valid, "\(e.what): schema: \(violations.map(\.description))")
        #expect(errors.isEmpty == e.valid, "\(e.what): loader: \(errors.map(\.description))")
    }

    @Test func theSitesAreDecoded() throws {
        let text = Fixture.base
            .replacingOnce(#""note": { "type": "String", "injection": "optional" }"#,
                           with: #""note": { "type": "String", "injection": "optional", "unknown": "Items/Detail.swift:14" }"#)
            .replacingOnce(#""makeAdd(coder:)": { "returns": "AddViewController" }"#,
                           with: #""makeAdd(coder:)": { "returns": "AddViewController", "unknown": "Items/List.swift:30" }"#)
            .replacingOnce(#""initializer": "init(with:)","#, with: #""initializer": "init(with:)", "unknown": "Items/List.swift:51","#)
        let flow = try #require(loaded(text)).flow
        let detail = try #require(flow.classes["DetailViewController"])
        #expect(detail.dependencies.first { $0.name == "note" }?.unknown == CodeLocation(file: "Items/Detail.swift", line: 14))
        #expect(detail.dependencies.first { $0.name == "item" }?.unknown == nil)
        let list = try #require(flow.classes["ListViewController"])
        #expect(list.segueActions.first { $0.swiftName == "makeAdd(coder:)" }?.unknown == CodeLocation(file: "Items/List.swift", line: 30))
        #expect(list.segueActions.first { $0.swiftName.hasPrefix("makeDetail") }?.unknown == nil)
        #expect(list.actions.first { $0.name == "showFirst(_:)" }?.unknown == CodeLocation(file: "Items/List.swift", line: 51))
    }

    @Test func onALaunchRoot() throws {
        let text = """
            { "format": 1, "name": "L", "module": "L",
              "launch": { "root": { "class": "Home", "unknown": "L/SceneDelegate.swift:20" } },
              "classes": { "Home": {} }, "scenes": { "home": { "class": "Home" } } }
            """
        let flow = try #require(loaded(text)).flow
        #expect(flow.launch.root?.unknown == CodeLocation(file: "L/SceneDelegate.swift", line: 20))
        let violations = try flowSchema().validate(JSON(json: text))
        #expect(violations.isEmpty, "\(violations.map(\.description))")
    }
}
