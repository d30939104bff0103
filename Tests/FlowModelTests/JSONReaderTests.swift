import Testing
@testable import FlowModel

/// A JSON text that must fail to parse, with where and why.
struct SyntaxCase: Sendable, CustomTestStringConvertible {
    var what: String
    var json: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { what }

    static let all: [SyntaxCase] = [
        // A trailing comma is reported at the comma, which is what to delete, even across lines.
        .init(what: "trailing comma in an object", json: #"{"a": 1,}"#, line: 1, column: 8,
              message: "trailing comma before '}'"),
        .init(what: "trailing comma in an array", json: "{\n  \"a\": [1, 2,\n  ]\n}", line: 2, column: 13,
              message: "trailing comma before ']'"),
        .init(what: "missing colon", json: "{\n  \"name\" \"x\"\n}", line: 2, column: 10,
              message: #"unexpected '"'; expected ':' after the member name "name""#),
        .init(what: "missing comma", json: #"{"a": 1 "b": 2}"#, line: 1, column: 9,
              message: #"unexpected '"'; expected ',' or '}' in the object"#),
        .init(what: "missing comma in an array", json: #"{"a": [1 2]}"#, line: 1, column: 10,
              message: "unexpected '2'; expected ',' or ']' in the array"),
        .init(what: "unclosed object", json: "{\n  \"a\": 1\n", line: 3, column: 1,
              message: "unexpected end of file; the object opened at 1:1 is not closed"),
        .init(what: "unclosed inner object", json: "{\n  \"a\": {\"b\": 1}, \"c\": {\n", line: 3, column: 1,
              message: "unexpected end of file; the object opened at 2:23 is not closed"),
        .init(what: "unclosed array", json: #"{"a": [1, 2"#, line: 1, column: 12,
              message: "unexpected end of file; the array opened at 1:7 is not closed"),
        .init(what: "unclosed string at the end of the file", json: #"{"a": "abc"#, line: 1, column: 11,
              message: "unexpected end of file; the string opened at 1:7 is not closed"),
        .init(what: "unclosed string at the end of a line", json: "{\n  \"a\": \"abc\n}", line: 2, column: 12,
              message: "unexpected end of line in a string; the string opened at 2:8 is not closed"),
        .init(what: "single-quoted value", json: #"{"a": 'b'}"#, line: 1, column: 7,
              message: "strings use double quotes in JSON, not single quotes"),
        .init(what: "single-quoted member name", json: "{\n  'a': 1\n}", line: 2, column: 3,
              message: "strings use double quotes in JSON, not single quotes"),
        .init(what: "line comment", json: "{\n  // the name\n  \"name\": \"x\"\n}", line: 2, column: 3,
              message: "comments are not allowed in JSON"),
        .init(what: "block comment after a value", json: #"{"a": 1 /* one */}"#, line: 1, column: 9,
              message: "comments are not allowed in JSON"),
        .init(what: "comment where a value goes", json: #"{"a": // one"#, line: 1, column: 7,
              message: "comments are not allowed in JSON"),
        .init(what: "misspelt true", json: #"{"a": tru}"#, line: 1, column: 7,
              message: "invalid literal; expected 'true'"),
        .init(what: "misspelt null", json: #"{"a": nul}"#, line: 1, column: 7,
              message: "invalid literal; expected 'null'"),
        .init(what: "capitalised True", json: #"{"a": True}"#, line: 1, column: 7,
              message: "unexpected 'T'; expected a value"),
        .init(what: "leading zero", json: #"{"rows": 03}"#, line: 1, column: 10,
              message: "numbers may not have leading zeros"),
        .init(what: "negative leading zero", json: #"{"rows": -01}"#, line: 1, column: 11,
              message: "numbers may not have leading zeros"),
        .init(what: "lone minus", json: #"{"rows": -}"#, line: 1, column: 11, message: "invalid number"),
        .init(what: "no digits after the point", json: #"{"rows": 1.}"#, line: 1, column: 12,
              message: "invalid number: expected digits after '.'"),
        .init(what: "no exponent digits", json: #"{"rows": 1e+}"#, line: 1, column: 13,
              message: "invalid number: expected digits in the exponent"),
        .init(what: "tab in a string", json: "{\"a\": \"x\ty\"}", line: 1, column: 9,
              message: "control byte 0x9 in a string (escape it)"),
        .init(what: "escape character in a string", json: "{\"a\": \"x\u{1B}y\"}", line: 1, column: 9,
              message: "control byte 0x1B in a string (escape it)"),
        .init(what: "invalid escape", json: #"{"a": "x\qy"}"#, line: 1, column: 9,
              message: "invalid escape sequence in a string"),
        .init(what: "bad hex digit", json: #"{"a": "\u00g0"}"#, line: 1, column: 12,
              message: "invalid hexadecimal digit in a \\u escape"),
        .init(what: "lone low surrogate", json: #"{"a": "\udc00"}"#, line: 1, column: 14,
              message: "unpaired surrogate in a \\u escape"),
        .init(what: "high surrogate without its pair", json: #"{"a": "\ud83dx"}"#, line: 1, column: 14,
              message: "unpaired surrogate in a \\u escape"),
        .init(what: "member name not a string", json: "{\n  name: 1\n}", line: 2, column: 3,
              message: "unexpected 'n'; expected a member name in double quotes"),
        .init(what: "text after the document", json: "{}\n}", line: 2, column: 1,
              message: "unexpected '}' after the end of the JSON value"),
        .init(what: "value missing at the end", json: #"{"a":"#, line: 1, column: 6,
              message: "unexpected end of file; expected a value"),
        // Columns count Unicode scalars, not bytes and not grapheme clusters.
        .init(what: "column after accented letters", json: #"{"näme": "Ünïcode", x}"#, line: 1, column: 21,
              message: "unexpected 'x'; expected a member name in double quotes"),
        .init(what: "column after an emoji", json: #"{"🎉": 1,}"#, line: 1, column: 8,
              message: "trailing comma before '}'"),
        .init(what: "column after a combining mark", json: "{\"e\u{301}\": 1,}", line: 1, column: 9,
              message: "trailing comma before '}'"),
        .init(what: "column on a later line after CJK text", json: "{\"名前\": \"値\",\n \"a\": 1,}", line: 2, column: 8,
              message: "trailing comma before '}'"),
    ]
}

@Suite struct JSONSyntaxErrorTests {
    @Test(arguments: SyntaxCase.all)
    func reportsPositionAndMessage(_ c: SyntaxCase) throws {
        let error = try #require(load(c.json, file: "broken.json"), "\(c.what) must not load")
        #expect(error.diagnostics.count == 1)
        #expect(error.omitted == 0)
        let d = try #require(error.diagnostics.first)
        #expect(d.severity == .error)
        #expect(d.file == "broken.json")
        #expect(d.path == "")
        #expect(d.position == at(c.line, c.column))
        #expect(d.message == c.message)
        #expect(d.description == "broken.json:\(c.line):\(c.column): error: \(c.message)")
    }

    @Test func readerThrowsTheSamePositionDirectly() {
        #expect(throws: JSONSyntaxError(message: "trailing comma before ']'", position: at(1, 3))) {
            try JSONReader.parse(Array("[1, ]".utf8))
        }
    }

    @Test func byteOrderMarkIsSkippedAndNotCounted() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        // A flow with a BOM loads like one without.
        let result = FlowLoader.load(bytes: bom + Array(Fixture.base.utf8), file: "bom.json")
        #expect(throws: Never.self) { try result.get() }
        // Columns on the first line start after the BOM.
        let error = try #require(load(bytes: bom + Array(#"{"a": 1,}"#.utf8)))
        #expect(error.diagnostics.first?.position == at(1, 8))
        #expect(error.diagnostics.first?.message == "trailing comma before '}'")
    }

    @Test func byteOrderMarkAloneIsAnEmptyDocument() throws {
        let error = try #require(load(bytes: [0xEF, 0xBB, 0xBF]))
        #expect(error.errors.first?.message == "the file is empty; expected a JSON object")
        #expect(error.errors.first?.position == at(1, 1))
    }

    @Test func invalidUTF8InAStringPointsAtTheString() throws {
        let bytes = Array(#"{"a": "x"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        let error = try #require(load(bytes: bytes))
        #expect(error.errors.first?.message == "the string is not valid UTF-8")
        #expect(error.errors.first?.position == at(1, 7))
    }

    @Test func nestingUpToTheLimitParses() throws {
        let depth = 512
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let node = try JSONReader.parse(Array(text.utf8))
        guard case .array(let items) = node.value else {
            Issue.record("expected an array, found \(node.typeName)")
            return
        }
        #expect(items.count == 1)
    }

    @Test func nestingBeyondTheLimitFailsAtTheOffendingBracket() throws {
        let text = "{\"a\": " + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "}"
        let error = try #require(load(text))
        #expect(error.errors.first?.message == "nesting deeper than 512 levels")
        // The object is level 1, so the 512th bracket (column 7 + 511) is level 513.
        #expect(error.errors.first?.position == at(1, 7 + 511))
    }
}

@Suite struct JSONReaderValueTests {
    @Test func recordsPositionsOfValuesAndMemberNames() throws {
        let text = "{\n  \"a\": [true, null],\n\t\"ü\": -1.5e3\n}"
        let root = try JSONReader.parse(Array(text.utf8))
        #expect(root.position == at(1, 1))
        guard case .object(let members) = root.value else {
            Issue.record("expected an object")
            return
        }
        try #require(members.count == 2)
        #expect(members[0].key == "a")
        #expect(members[0].keyPosition == at(2, 3))
        #expect(members[0].value.position == at(2, 8))
        if case .array(let items) = members[0].value.value {
            #expect(items.map(\.position) == [at(2, 9), at(2, 15)])
        } else {
            Issue.record("expected an array")
        }
        // A tab is one column.
        #expect(members[1].key == "ü")
        #expect(members[1].keyPosition == at(3, 2))
        #expect(members[1].value.position == at(3, 7))
        if case .number(let value, let text) = members[1].value.value {
            #expect(value == -1500)
            #expect(text == "-1.5e3")
        } else {
            Issue.record("expected a number")
        }
    }

    @Test func keepsDuplicateMembersInOrder() throws {
        let root = try JSONReader.parse(Array(#"{"a": 1, "a": 2}"#.utf8))
        guard case .object(let members) = root.value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["a", "a"])
        #expect(members.map(\.keyPosition) == [at(1, 2), at(1, 10)])
    }

    @Test(arguments: [
        (#""a\"b\\c\/d""#, "a\"b\\c/d"),
        (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
        (#""\u00e9\u00C9""#, "éÉ"),
        (#""\ud83d\ude00""#, "😀"),
        (#""naïve 🎉""#, "naïve 🎉"),
    ])
    func decodesStrings(_ json: String, _ expected: String) throws {
        let node = try JSONReader.parse(Array(json.utf8))
        guard case .string(let s) = node.value else {
            Issue.record("expected a string, found \(node.typeName)")
            return
        }
        #expect(s == expected)
    }

    @Test(arguments: ["0", "-0", "12", "-3.25", "1e9", "2E-2", "0.5"])
    func acceptsNumbers(_ json: String) throws {
        let node = try JSONReader.parse(Array(json.utf8))
        guard case .number(let value, let text) = node.value else {
            Issue.record("expected a number, found \(node.typeName)")
            return
        }
        #expect(text == json)
        #expect(value == Double(json))
    }
}
