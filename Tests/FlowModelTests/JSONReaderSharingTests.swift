import Testing
@testable import FlowModel

/// The reader's shortcuts (a string made once per distinct bytes and handed out again, columns
/// counted as bytes up to a line's first non-ASCII byte, strings scanned a word at a time) must
/// give what a plain reading gives.
@Suite struct JSONReaderSharingTests {
    private func members(_ text: String) throws -> [JSONNode.Member] {
        let root = try JSONReader.parse(Array(text.utf8))
        guard case .object(let members) = root.value else {
            Issue.record("expected an object")
            return []
        }
        return members
    }

    private func string(_ node: JSONNode) -> String? {
        if case .string(let s) = node.value { return s }
        return nil
    }

    @Test func stringsWithTheSameEndsAndLengthStayDistinct() throws {
        // Same length and the same first, middle and last bytes: the same slot of the reader's
        // recent strings, told apart by their bytes.
        let keys = ["s0_10", "s1_10", "s2_10", "s0_10", "sx_10", "s1_10"]
        let text = "{" + keys.enumerated().map { "\"k\($0.offset)\": \"\($0.element)\"" }.joined(separator: ", ") + "}"
        let read = try members(text).map { string($0.value) }
        #expect(read == keys)
    }

    @Test func repeatedStringsReadAlikeWhateverTheirLength() throws {
        let long = String(repeating: "makeNext(coder:sender:)", count: 4) // past the shared length
        let values = ["show", long, "show", "makeNext0(coder:sender:segueIdentifier:)", long, "", "show"]
        let text = "{" + values.enumerated().map { "\"v\($0.offset)\": \"\($0.element)\"" }.joined(separator: ", ") + "}"
        let read = try members(text).map { string($0.value) }
        #expect(read == values)
    }

    @Test func escapesAndNonASCIIAtEveryOffsetOfAWord() throws {
        // The escape or the non-ASCII byte falls on each byte of the first and second word.
        for offset in 0..<17 {
            let head = String(repeating: "a", count: offset)
            let values: [(json: String, value: String)] = [
                (head + #"\"b"#, head + "\"b"), (head + #"\\b"#, head + "\\b"), (head + #"\u00e9b"#, head + "éb"),
                (head + "éb", head + "éb"), (head + "b", head + "b"),
            ]
            for v in values {
                let read = try members("{\"a\": \"\(v.json)\", \"z\": 1}")
                #expect(read.count == 2)
                #expect(read.first.flatMap { string($0.value) } == v.value, "offset \(offset): \(v.json)")
            }
        }
    }

    @Test func controlByteInsideALongStringIsReportedWhereItIs() {
        let text = "{\"a\": \"abcdefghijk\u{01}lm\"}"
        #expect(throws: JSONSyntaxError(message: "control byte 0x1 in a string (escape it)", position: SourcePosition(line: 1, column: 19))) {
            try JSONReader.parse(Array(text.utf8))
        }
    }

    @Test func columnsAfterNonASCIICountCharacters() throws {
        // `{"a": "é€", "b": 2}`: é and € are one column each, though two and three bytes.
        let read = try members(#"{"a": "é€", "b": 2}"#)
        try #require(read.count == 2)
        #expect(read[0].value.position == SourcePosition(line: 1, column: 7))
        #expect(read[1].keyPosition == SourcePosition(line: 1, column: 13))
        #expect(read[1].value.position == SourcePosition(line: 1, column: 18))
    }

    @Test func nonASCIIOnOneLineDoesNotShiftTheNext() throws {
        let read = try members("{\"a\": \"ééé\",\n \"b\": \"x\", \"c\": \"€\", \"d\": 3}")
        try #require(read.count == 4)
        #expect(read[1].keyPosition == SourcePosition(line: 2, column: 2))
        #expect(read[2].value.position == SourcePosition(line: 2, column: 17))
        #expect(read[3].keyPosition == SourcePosition(line: 2, column: 22))
        #expect(read[3].value.position == SourcePosition(line: 2, column: 27))
    }

    @Test func errorAfterNonASCIIOnTheSameLineCountsCharacters() {
        #expect(throws: JSONSyntaxError(message: "unexpected 'x'; expected a value", position: SourcePosition(line: 1, column: 17))) {
            try JSONReader.parse(Array(#"{"é": "€", "b": x}"#.utf8))
        }
    }
}
