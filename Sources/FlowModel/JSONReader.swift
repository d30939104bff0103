/// A JSON reader (RFC 8259) that records the position of every value and member key.
/// Foundation's JSONSerialization reports only a byte offset for syntax errors and nothing at
/// all for values, and the loader must point at both.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var message: String
    public var position: SourcePosition
}

public struct JSONReader {
    /// The file's bytes, held for the parse: reading through the array (its bounds checks and
    /// retains) was a good part of each byte's cost.
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var line = 1
    private var lineStart = 0
    var depth = 0
    private static let maximumDepth = 512

    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        let result = bytes.withUnsafeBufferPointer { buf -> Result<JSONNode, JSONSyntaxError> in
            var reader = JSONReader(bytes: buf)
            do throws(JSONSyntaxError) { return .success(try reader.parseDocument()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte order mark is tolerated, as editors on some platforms write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
    }

    // Columns are counted incrementally from a cached point on the current line, so that a
    // minified one-line file does not cost a scan from the line start for every value.
    private var cachedOffset = 0
    private var cachedColumn = 1
    private var cachedLine = 0
    /// Strings made lately, each with the bytes it was made from: a flow repeats its keys and
    /// many of its values ("class", "show", a class name), and making each String again was
    /// the larger part of reading strings.
    /// Kept apart: the ranges are compared without touching (retaining) the strings.
    private var recentRanges = [Range<Int>](repeating: 0..<0, count: recentCount)
    private var recentStrings = [String](repeating: "", count: recentCount)
    private static let recentCount = 1024
    /// The offset of the current line's first byte of 0x80 or above (only strings hold one).
    var firstNonASCII = Int.max

    var position: SourcePosition {
        mutating get { position(at: index) }
    }

    private mutating func position(at offset: Int) -> SourcePosition {
        // Up to the line's first non-ASCII byte a column is a byte count: most positions asked
        // for (every value's and key's) are there, and counting scalars was an eighth of a parse.
        if offset <= firstNonASCII, offset >= lineStart {
            return SourcePosition(line: line, column: offset - lineStart + 1)
        }
        var i = lineStart
        var column = 1
        if cachedLine == line && cachedOffset >= lineStart && cachedOffset <= offset {
            i = cachedOffset
            column = cachedColumn
        }
        let end = min(offset, bytes.count)
        if i < end {
            column = Self.with(bytes) { buf in
                var column = column
                // Columns count scalars, not bytes: skip UTF-8 continuation bytes.
                for j in i..<end where buf[j] & 0xC0 != 0x80 { column += 1 }
                return column
            }
            i = end
        }
        cachedLine = line
        cachedOffset = i
        cachedColumn = column
        return SourcePosition(line: line, column: column)
    }

    private mutating func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let offset = offset ?? index
        return JSONSyntaxError(message: message, position: offset < lineStart ? earlierPosition(offset) : position(at: offset))
    }

    /// The position of an offset on an earlier line than the current one (a trailing comma
    /// followed by a line break): counted from the start, as it is needed once, for an error.
    private func earlierPosition(_ offset: Int) -> SourcePosition {
        var line = 1
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for i in start..<offset where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            start = i + 1
        }
        let column = 1 + bytes[start..<offset].filter { $0 & 0xC0 != 0x80 }.count
        return SourcePosition(line: line, column: column)
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        if index >= bytes.count { throw fail("the file is empty; expected a JSON object") }
        let node = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw fail("unexpected \(describeCurrent()) after the end of the JSON value")
        }
        return node
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
                firstNonASCII = .max
            default: return
            }
        }
    }

    /// "unexpected X; expectation", or the JSON5-ism a person most likely typed: a single-quoted
    /// string or a comment, where a member name or a ',' was expected.
    private mutating func unexpected(_ expectation: String) -> JSONSyntaxError {
        if index < bytes.count, bytes[index] == UInt8(ascii: "'") { return fail("strings use double quotes in JSON, not single quotes") }
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") { return fail("comments are not allowed in JSON") }
        return fail("unexpected \(describeCurrent()); \(expectation)")
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let b = bytes[index]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b < 0x20 || b == 0x7F { return "control byte 0x\(String(b, radix: 16, uppercase: true))" }
        return "character"
    }

    mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        guard index < bytes.count else { throw fail("unexpected end of file; expected a value") }
        let start = position
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(start)
        case UInt8(ascii: "["): return try parseArray(start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), position: start)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), position: start)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), position: start)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber(start)
        case UInt8(ascii: "'"): throw fail("strings use double quotes in JSON, not single quotes")
        case UInt8(ascii: "/"): throw fail("comments are not allowed in JSON")
        default: throw fail("unexpected \(describeCurrent()); expected a value")
        }
    }

    mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let start = index
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] == expected else {
                throw fail("invalid literal; expected '\(word)'", at: start)
            }
            index += 1
        }
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw fail("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject(_ start: SourcePosition) throws(JSONSyntaxError) -> JSONNode {
        try enter()
        index += 1
        var members: [JSONNode.Member] = []
        // Room for a scene's or a segue's few members at once: growing 1, 2, 4, 8 reallocated
        // most objects three times.
        members.reserveCapacity(8)
        var comma: Int?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return JSONNode(value: .object(members), position: start)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw fail("unexpected end of file; the object opened at \(start) is not closed")
            }
            // Reported at the comma, which is what to delete.
            if bytes[index] == UInt8(ascii: "}") { throw fail("trailing comma before '}'", at: comma) }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw unexpected("expected a member name in double quotes")
            }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw unexpected("expected ':' after the member name \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(.init(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard index < bytes.count else {
                throw fail("unexpected end of file; the object opened at \(start) is not closed")
            }
            if bytes[index] == UInt8(ascii: ",") { comma = index; index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw unexpected("expected ',' or '}' in the object")
        }
        depth -= 1
        return JSONNode(value: .object(members), position: start)
    }

    private mutating func parseArray(_ start: SourcePosition) throws(JSONSyntaxError) -> JSONNode {
        try enter()
        index += 1
        var items: [JSONNode] = []
        var comma: Int?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return JSONNode(value: .array(items), position: start)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw fail("unexpected end of file; the array opened at \(start) is not closed")
            }
            // Reported at the comma, which is what to delete.
            if bytes[index] == UInt8(ascii: "]") { throw fail("trailing comma before ']'", at: comma) }
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else {
                throw fail("unexpected end of file; the array opened at \(start) is not closed")
            }
            if bytes[index] == UInt8(ascii: ",") { comma = index; index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw unexpected("expected ',' or ']' in the array")
        }
        depth -= 1
        return JSONNode(value: .array(items), position: start)
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1
        // Fast path: most strings have no escapes, so take the bytes between the quotes as they
        // are. ASCII ones (nearly all: names, paths, expressions) need no UTF-8 validation, and
        // `String(validating:)` on an array slice cost more than the rest of the parse.
        let (scan, high) = Self.with(bytes) { buf -> (Int, UInt8) in
            var i = index
            var high: UInt8 = 0
            // Eight bytes at a time while none is a quote, a backslash, a control byte or
            // non-ASCII (the usual bit tricks for a byte below a bound in a word).
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= buf.count {
                let w = UnsafeRawPointer(buf.baseAddress! + i).loadUnaligned(as: UInt64.self)
                let quote = w ^ (ones &* 0x22)
                let backslash = w ^ (ones &* 0x5C)
                let stop = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((w &- ones &* 0x20) & ~w) | w
                if stop & highs != 0 { break }
                i += 8
            }
            while i < buf.count {
                let b = buf[i]
                if b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { break }
                high |= b
                i += 1
            }
            return (i, high)
        }
        if scan < bytes.count, bytes[scan] == UInt8(ascii: "\"") {
            if high >= 0x80 { firstNonASCII = min(firstNonASCII, index) }
            let slot = recentSlot(index, scan)
            if slot >= 0, Self.same(bytes, index..<scan, recentRanges[slot]) {
                let s = recentStrings[slot]
                index = scan + 1
                return s
            }
            let s: String
            if high < 0x80 {
                s = Self.with(bytes) { String(decoding: UnsafeBufferPointer(rebasing: $0[index..<scan]), as: UTF8.self) }
            } else {
                guard let v = String(validating: bytes[index..<scan], as: UTF8.self) else {
                    throw fail("the string is not valid UTF-8", at: open)
                }
                s = v
            }
            if slot >= 0 {
                recentRanges[slot] = index..<scan
                recentStrings[slot] = s
            }
            index = scan + 1
            return s
        }
        // Escapes. Only an error needs where the string opened (strings do not span lines, so
        // that position is still on the current line then).
        var out: [UInt8] = Array(bytes[index..<scan])
        index = scan
        while true {
            guard index < bytes.count else {
                let opened = position(at: open)
                throw fail("unexpected end of file; the string opened at \(opened) is not closed")
            }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                guard let s = String(validating: out, as: UTF8.self) else {
                    throw fail("the string is not valid UTF-8", at: open)
                }
                return s
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { continue }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape(to: &out)
                default: throw fail("invalid escape sequence in a string", at: index - 2)
                }
            case 0x0A:
                let opened = position(at: open)
                throw fail("unexpected end of line in a string; the string opened at \(opened) is not closed")
            case 0x00..<0x20:
                throw fail("control byte 0x\(String(b, radix: 16, uppercase: true)) in a string (escape it)")
            default:
                if b >= 0x80 { firstNonASCII = min(firstNonASCII, index) }
                out.append(b)
                index += 1
            }
        }
    }

    @inline(__always)
    private static func with<R>(_ b: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { body(b) }

    /// Whether two ranges of `bytes` (the second possibly empty: an unused slot) hold the same
    /// bytes: eight at a time, as names are short and a call to memcmp cost more than them.
    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        let n = a.count
        guard n == b.count, n > 0 else { return false }
        let p = UnsafeRawPointer(bytes.baseAddress!)
        func word<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> Bool {
            p.loadUnaligned(fromByteOffset: a.lowerBound + offset, as: T.self) == p.loadUnaligned(fromByteOffset: b.lowerBound + offset, as: T.self)
        }
        // Whole words, the last one overlapping the one before: no byte at a time.
        if n >= 8 {
            var i = 0
            while i + 8 < n {
                if !word(i, UInt64.self) { return false }
                i += 8
            }
            return word(n - 8, UInt64.self)
        }
        if n >= 4 { return word(0, UInt32.self) && word(n - 4, UInt32.self) }
        if n >= 2 { return word(0, UInt16.self) && word(n - 2, UInt16.self) }
        return word(0, UInt8.self)
    }

    /// The slot of the recent strings for the bytes start..<end, or -1 for a string not worth keeping.
    private func recentSlot(_ start: Int, _ end: Int) -> Int {
        let n = end - start
        guard n > 0, n <= 64 else { return -1 }
        // A hash of the length and the bytes at both ends, the ones that tell apart the names
        // of a generated or hand-written flow ("s0_1", "s0_2"); a collision only costs a miss.
        return Self.with(bytes) { b in
            var h = UInt32(truncatingIfNeeded: n) &* 0x9E37_79B1
            h ^= UInt32(b[start]) &* 0x85EB_CA6B
            h ^= UInt32(b[end - 1]) &* 0xC2B2_AE35
            h ^= UInt32(b[start + n / 2]) &* 0x27D4_EB2F
            if n > 1 { h ^= UInt32(b[end - 2]) << 7 }
            h ^= h >> 15
            return Int(h & UInt32(Self.recentCount - 1))
        }
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw fail("unexpected end of file in a \\u escape") }
            let c = bytes[index]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hexadecimal digit in a \\u escape")
            }
            v = v << 4 | d
            index += 1
        }
        return v
    }

    private mutating func appendUnicodeEscape(to out: inout [UInt8]) throws(JSONSyntaxError) {
        var scalar = try readHex4()
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by \u and a low surrogate.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw fail("unpaired surrogate in a \\u escape")
            }
            index += 2
            let low = try readHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate in a \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw fail("unpaired surrogate in a \\u escape")
        }
        guard let u = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
        out.append(contentsOf: Array(String(Character(u)).utf8))
    }

    mutating func parseNumber(_ start: SourcePosition) throws(JSONSyntaxError) -> JSONNode {
        let from = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ r: inout JSONReader) -> Int {
            let s = r.index
            while r.index < r.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(r.bytes[r.index]) { r.index += 1 }
            return r.index - s
        }
        let intStart = index
        let n = digits(&self)
        if n == 0 { throw fail("invalid number") }
        if n > 1 && bytes[intStart] == UInt8(ascii: "0") { throw fail("numbers may not have leading zeros", at: intStart) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw fail("invalid number: expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { throw fail("invalid number: expected digits in the exponent") }
        }
        let text = String(decoding: bytes[from..<index], as: UTF8.self)
        return JSONNode(value: .number(Double(text) ?? .nan, text: text), position: start)
    }
}
