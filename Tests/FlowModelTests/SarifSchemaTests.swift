import Foundation
import TestSupport
import Testing

/// `flownav check --format sarif` against the SARIF 2.1.0 schema's definitions of the objects
/// it writes (Tests/sarif: where they come from, and their licence).
@Suite struct SarifSchemaTests {
    static func sarifSchema() throws -> SchemaValidator {
        try SchemaValidator(contentsOf: PackagePaths.root.appendingPathComponent("Tests/sarif/sarif-2.1.0-subset.schema.json"))
    }

    @Test("every bundled flow's SARIF, with suppressed results and exploration paths, is valid SARIF 2.1.0")
    func bundledFlowsAreValid() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A suppression too, so that a result with `suppressions` is checked; and a Swift line
        // (`at`), so that a result with a Swift primary location and a related location is.
        let demo = try String(contentsOfFile: PackagePaths.flow("segue-actions.json"), encoding: .utf8)
            .replacingOccurrences(of: "\n  \"segues\": [",
                                  with: "\n  \"suppress\": [{ \"rule\": \"trap\", \"at\": \"classes.AddItemViewController\", \"reason\": \"the demo's crash\" }],\n  \"segues\": [")
            .replacingOccurrences(of: "\"AddItemViewController\": {", with: "\"AddItemViewController\": { \"at\": \"App/Add Item/AddItemViewController.swift:7\",")
        let suppressed = try folder.file("demo with space.json", contents: demo)
        let flows = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.flows.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted().map { PackagePaths.flow($0) }
        let binary = try FlownavBinary.require()
        let r = try runProcess(binary, ["check", "--format", "sarif", suppressed] + flows, stdin: nil, directory: PackagePaths.root, timeout: 120)
        #expect(r.status == 1, "\(r.stderr)")
        let log = try JSON(json: r.stdout)
        let violations = try Self.sarifSchema().validate(log)
        #expect(violations.isEmpty, "\(violations.map(\.description))")
        #expect(r.stdout.contains("\"justification\": \"the demo's crash\""))
        #expect(r.stdout.contains("demo%20with%20space.json"))
        #expect(r.stdout.contains("\"uri\": \"App/Add%20Item/AddItemViewController.swift\""))
        #expect(r.stdout.contains("\"relatedLocations\""))
    }

    @Test("the schema catches what a broken writer would write")
    func brokenLogsAreCaught() throws {
        let schema = try Self.sarifSchema()
        func violations(_ result: String) throws -> [String] {
            let log = #"{ "version": "2.1.0", "runs": [ { "tool": { "driver": { "name": "flownav" } }, "results": [ "# + result + #" ] } ] }"#
            return try schema.validate(JSON(json: log)).map(\.description)
        }
        #expect(try violations(#"{ "message": { "text": "x" }, "level": "error" }"#).isEmpty)
        #expect(try violations(#"{ "message": { "text": "x" }, "level": "fatal" }"#).count == 1)
        #expect(try violations(#"{ "message": { "text": "x" }, "suppressions": [{ "justification": "why" }] }"#) == ["/runs/0/results/0/suppressions/0: missing required key 'kind'"])
        #expect(try violations(#"{ "message": {} }"#).count == 1)
        #expect(try violations(#"{ "message": { "text": "x" }, "locations": [{ "physicalLocation": { "artifactLocation": { "uri": "a" }, "region": { "startLine": 0 } } }] }"#).count == 1)
        #expect(try violations(#"{ "message": { "text": "x" }, "hint": "y" }"#) == ["/runs/0/results/0/hint: unknown key 'hint'"])
    }
}
