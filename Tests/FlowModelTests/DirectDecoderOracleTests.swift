import Foundation
import Testing
import TestSupport
@testable import FlowModel

/// The direct reader (`FlowDirectReader.swift`) must change nothing but speed: every bundled
/// and test flow, the benchmark generators' flows and many broken or unusual variants of them
/// load to the same model (`dump`, byte for byte) and the same messages read directly and read
/// through the JSON tree.
@Suite struct DirectDecoderOracleTests {
    /// The flows the variants start from: name and text.
    static let sources: [(String, [UInt8])] = {
        var out: [(String, [UInt8])] = []
        // The importer's golden flows: storyboard origins on scenes and segues.
        let golden = PackagePaths.root.appendingPathComponent("Tests/FlowImportTests/Golden")
        for folder in [PackagePaths.flows, PackagePaths.flows.appendingPathComponent("regressions"), golden] {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
            for name in names {
                if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) { out.append((name, Array(data))) }
            }
        }
        out += [("Fixture.base", Array(Fixture.base.utf8)), ("Fixture.mini", Array(Fixture.mini.utf8)), ("Fixture.launch", Array(Fixture.launch.utf8))]
        out.append(("Fixture.segue unwind", Array(Fixture.segue(#"{ "source": "main", "kind": "unwind", "unwindAction": "done:" }"#).utf8)))
        out.append(("Fixture.segue popover", Array(Fixture.segue(#"{ "source": "nav", "destination": "main", "kind": "popoverPresentation", "popoverAnchor": "back", "modalTransitionStyle": "crossDissolve", "animates": false, "notes": ["n"] }"#).utf8)))
        for (script, args) in [("gen-large.py", ["40"]), ("gen-tabs.py", ["2", "3", "2"]), ("gen-nav.py", ["6", "2"]), ("gen-modal.py", ["2", "3", "2", "2"])] {
            if let text = generate(script, args) { out.append((script, Array(text.utf8))) }
        }
        return out
    }()

    static func generate(_ script: String, _ args: [String]) -> String? {
        let path = PackagePaths.shared + "/bench/" + script
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path] + args
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// Textual edits, each applied to the first occurrence and to every one: mistakes the
    /// direct reader must hand over, and valid forms it must decode alike.
    static let edits: [(what: String, from: String, to: String)] = FastPathOracleTests.edits + [
        ("non-ASCII title", "\"class\": ", "\"title\": \"Écran ü — 日本\", \"class\": "),
        ("non-ASCII before a value", "\"kind\": ", "\"notes\": [\"café\"], \"kind\": "),
        ("escaped key", "\"class\": ", "\"cl\\u0061ss\": "),
        ("escaped value", "\"class\": \"", "\"class\": \"\\u0055"),
        ("escaped title", "\"class\": ", "\"title\": \"a\\nb\\\"c\", \"class\": "),
        ("class not a string", "\"class\": ", "\"class\": 3, \"nib\": "),
        ("scenes not an object", "\"scenes\": {", "\"scenes\": [], \"x\": {"),
        ("segues not an array", "\"segues\": [", "\"segues\": {}, \"y\": ["),
        ("unknown top key", "\"format\": 1", "\"format\": 1, \"formatt\": 1"),
        ("duplicate top key", "\"format\": 1", "\"format\": 1, \"format\": 1"),
        ("duplicate scenes", "\"segues\": [", "\"scenes\": {}, \"segues\": ["),
        ("segues first", "\"format\": 1", "\"segues\": [], \"format\": 1"),
        ("unknown initial", "\"initial\": \"", "\"initial\": \"zz"),
        ("empty scene name", "\"scenes\": {", "\"scenes\": { \"\": { \"class\": \"A\" },"),
        ("duplicate scene", "\"scenes\": {", "\"scenes\": { \"dup\": { \"class\": \"A\" }, \"dup\": { \"class\": \"A\" },"),
        ("non-ASCII scene", "\"scenes\": {", "\"scenes\": { \"écran\": { \"class\": \"UIViewController\", \"title\": \"ü\" },"),
        ("escaped scene name", "\"scenes\": {", "\"scenes\": { \"e\\u0301\": { \"class\": \"UIViewController\" },"),
        ("presentation style", "\"kind\": ", "\"modalPresentationStyle\": \"formSheet\", \"kind\": "),
        ("unknown presentation style", "\"kind\": ", "\"modalPresentationStyle\": \"sheet\", \"kind\": "),
        ("scene presentation style", "\"class\": ", "\"modalPresentationStyle\": \"fullScreen\", \"class\": "),
        ("transition style", "\"kind\": ", "\"modalTransitionStyle\": \"flipHorizontal\", \"kind\": "),
        ("popover anchor on a show", "\"kind\": ", "\"popoverAnchor\": \"x\", \"kind\": "),
        ("unwind action on a show", "\"kind\": ", "\"unwindAction\": \"done:\", \"kind\": "),
        ("segue notes", "\"kind\": ", "\"notes\": [\"a\", \"b\"], \"kind\": "),
        ("segue action", "\"kind\": ", "\"action\": \"make(coder:)\", \"kind\": "),
        ("null value", "\"kind\": ", "\"id\": null, \"kind\": "),
        ("rows huge", "\"class\": ", "\"rows\": 1e12, \"class\": "),
        ("rows negative zero", "\"class\": ", "\"rows\": -0, \"class\": "),
        ("rows empty", "\"class\": ", "\"rows\": [], \"class\": "),
        ("rows leading zero", "\"class\": ", "\"rows\": [01], \"class\": "),
        ("rows at the limit", "\"class\": ", "\"rows\": [999999999, 1000000000], \"class\": "),
        ("rows with an exponent", "\"class\": ", "\"rows\": [2E1, 3e0, 1.0], \"class\": "),
        ("rows of nine digits", "\"class\": ", "\"rows\": 123456789, \"class\": "),
        ("escaped kind", "\"kind\": \"show\"", "\"kind\": \"sh\\u006fw\""),
        ("kind not a string", "\"kind\": ", "\"kind\": 1, \"x\": "),
        ("controls empty", "\"class\": ", "\"controls\": [], \"class\": "),
        ("storyboard identifier", "\"class\": ", "\"storyboardIdentifier\": \"Main\", \"class\": "),
        ("nib", "\"class\": ", "\"nib\": \"Cell\", \"class\": "),
        ("trailing comma in scene", "\"class\": ", "\"title\": \"t\",, \"class\": "),
        ("whitespace", "\"kind\": ", "\n\t \"kind\"\r\n :\n "),
        ("deep value", "\"format\": 1", "\"format\": 1, \"notes\": [[[[[[[[[[\"x\"]]]]]]]]]]"),
        ("long line before", "\"scenes\": {", "\"notes\": [\"ü\"], \"scenes\": {"),
        ("storyboard without a file", "\"file\": ", "\"fiel\": "),
        ("storyboard line zero", "\"storyboard\": {", "\"storyboard\": { \"line\": 0,"),
        ("storyboard line first", "\"storyboard\": {", "\"storyboard\": { \"line\": 7,"),
        ("storyboard cells first", "\"storyboard\": {", "\"storyboard\": { \"cells\": { \"c\": { \"line\": 4, \"id\": \"q\" } },"),
        ("storyboard not an object", "\"storyboard\": {", "\"storyboard\": 3, \"x\": {"),
        ("element duplicate", "\"controls\": {", "\"controls\": { \"dup\": { \"line\": 1 }, \"dup\": { \"line\": 2 },"),
        ("element without a line", "\"controls\": {", "\"controls\": { \"noline\": { \"id\": \"a\" },"),
        ("element with an empty name", "\"controls\": {", "\"controls\": { \"\": { \"line\": 3 },"),
        ("element at a fraction", "\"controls\": {", "\"controls\": { \"f\": { \"line\": 2.5 },"),
        ("element with an empty id", "\"controls\": {", "\"controls\": { \"e\": { \"line\": 2, \"id\": \"\" },"),
        ("element non-ASCII", "\"controls\": {", "\"controls\": { \"añadir\": { \"line\": 9 },"),
        ("elements empty", "\"controls\": {", "\"controls\": {}, \"cells\": {"),
    ]

    static func variants(of bytes: [UInt8]) -> [(String, [UInt8])] {
        let text = String(decoding: bytes, as: UTF8.self)
        var out: [(String, [UInt8])] = [("as it is", bytes)]
        for e in edits where text.contains(e.from) {
            if let r = text.range(of: e.from) { out.append(("\(e.what) (first)", Array(text.replacingCharacters(in: r, with: e.to).utf8))) }
            out.append(("\(e.what) (all)", Array(text.replacingOccurrences(of: e.from, with: e.to).utf8)))
        }
        // Truncations and byte changes at spread positions.
        let n = bytes.count
        for k in 1...12 {
            let at = n * k / 13
            out.append(("truncated at \(at)", Array(bytes.prefix(at))))
            for (i, b) in [UInt8(ascii: "\""), UInt8(ascii: "}"), UInt8(ascii: "x"), UInt8(ascii: "1"), 0xC3, UInt8(ascii: "\\")].enumerated() where (k + i) % 3 == 0 {
                var changed = bytes
                changed[at] = b
                out.append(("byte \(b) at \(at)", changed))
            }
        }
        out.append(("BOM", [0xEF, 0xBB, 0xBF] + bytes))
        out.append(("trailing text", bytes + Array(" x".utf8)))
        return out
    }

    /// The dump of a load's outcome: the model and every message, each dictionary's entries in
    /// the order of their text (two equal dictionaries built apart list them in either order).
    static func dumped(_ result: Result<LoadedFlow, FlowLoadError>) -> String {
        sortingDictionaries(rawDump(result))
    }

    static func sortingDictionaries(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        // The lines from `start` at deeper indentation than `level`, as blocks of one child each.
        func children(_ start: Int, _ level: Int) -> (blocks: [[String]], end: Int) {
            var blocks: [[String]] = []
            var i = start
            while i < lines.count, !lines[i].isEmpty, indent(lines[i]) > level {
                let (sub, end) = node(i)
                blocks.append(sub)
                i = end
            }
            return (blocks, i)
        }
        func node(_ i: Int) -> ([String], Int) {
            let (blocks, end) = children(i + 1, indent(lines[i]))
            let ordered = lines[i].contains("key/value pair") ? blocks.sorted { $0.joined(separator: "\n") < $1.joined(separator: "\n") } : blocks
            return ([lines[i]] + ordered.flatMap { $0 }, end)
        }
        var out: [String] = []
        var i = 0
        while i < lines.count {
            if lines[i].isEmpty { out.append(""); i += 1; continue }
            let (sub, end) = node(i)
            out += sub
            i = end
        }
        return out.joined(separator: "\n")
    }

    static func rawDump(_ result: Result<LoadedFlow, FlowLoadError>) -> String {
        var out = ""
        switch result {
        case .success(let loaded):
            dump(loaded.flow, to: &out)
            dump(loaded.warnings, to: &out)
        case .failure(let e):
            dump(e.diagnostics, to: &out)
            out += "omitted \(e.omitted)\n"
        }
        return out
    }

    @Test(arguments: sources.map(\.0))
    func sameModelAndMessagesReadDirectlyAndThroughTheTree(_ name: String) throws {
        let bytes = try #require(Self.sources.first { $0.0 == name }?.1)
        for (what, variant) in Self.variants(of: bytes) {
            let direct = FlowLoader.load(bytes: variant, file: name, direct: true)
            let tree = FlowLoader.load(bytes: variant, file: name, direct: false)
            expectSameLoad(direct, tree, "\(name), \(what)")
            #expect(Self.dumped(direct) == Self.dumped(tree), "\(name), \(what)")
        }
    }

    @Test func mostFlowsAreReadDirectly() {
        // Guards the test above against comparing the tree path with itself: the bundled
        // flows and the generators' are mostly of the direct reader's forms.
        let accepted = Self.sources.filter { JSONReader.readDirect($0.1) != nil }.map(\.0)
        #expect(Self.sources.count > 15)
        #expect(accepted.count * 3 > Self.sources.count * 2, "read directly: \(accepted)")
        // And the valid variants of the forms it reads (non-ASCII text before a column, styles,
        // notes, rows as lists, …), not only the flows as they are.
        if let large = Self.sources.first(where: { $0.0 == "gen-large.py" }) {
            let variants = Self.variants(of: large.1)
            let read = variants.filter { FlowLoader.loadDirect(bytes: $0.1, file: "gen-large.py") != nil }
            #expect(read.count >= 30, "\(read.map(\.0))")
        }
        // Imported flows: storyboard origins are read directly too.
        let imported = Self.sources.filter { ["OrderApp.json", "ToDoList.json", "HotelCodable.json", "SegueActionDemo.json"].contains($0.0) }
        #expect(imported.count == 4)
        for (name, bytes) in imported { #expect(JSONReader.readDirect(bytes) != nil, "\(name)") }
        for generated in ["gen-large.py", "gen-tabs.py", "gen-nav.py", "gen-modal.py"] where Self.sources.contains(where: { $0.0 == generated }) {
            #expect(FlowLoader.loadDirect(bytes: Self.sources.first { $0.0 == generated }!.1, file: generated) != nil, "\(generated)")
        }
    }
}
