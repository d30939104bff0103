#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A flow file read straight into scenes and segues, with no `JSONNode` for them: the tree
/// reader made a node and an array per value and freed them all again, which was about half of
/// loading a large flow. The other top-level members (classes, launch, …: a small part of a
/// file) are read as trees as usual and decoded by `FlowDecoder`, which takes these scenes and
/// segues as if it had decoded them.
///
/// Optimistic, as `FlowDecoderFastPath` is: at the first thing the general path would say
/// anything about (a syntax error, an unknown, duplicate or mistyped key, an unknown scene, a
/// rule between keys) or any form this does not read, it gives up, and the loader reads the
/// file again from the start through the tree, so the model and every message are the same.
struct DirectFlowParts {
    /// The top-level object, with `scenes` and `segues` standing in as an empty object and
    /// an empty array at their values' positions.
    var top: JSONNode
    var scenes: [Scene] = []
    var sceneNumbers = SceneNameTable()
    var segues: [Segue] = []
}

extension JSONReader {
    /// The parts of a flow in the usual shape, or nil to leave the file to the tree.
    static func readDirect(_ bytes: [UInt8]) -> DirectFlowParts? {
        bytes.withUnsafeBufferPointer { buf -> DirectFlowParts? in
            var reader = JSONReader(bytes: buf)
            var selectors = SelectorCache()
            do throws(JSONSyntaxError) { return try reader.directDocument(&selectors) } catch { return nil }
        }
    }

    /// Thrown to give up; never shown (the tree path reports whatever there is to report).
    private static let giveUp = JSONSyntaxError(message: "", position: SourcePosition(line: 0, column: 0))

    private var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

    private mutating func expect(_ byte: UInt8) throws(JSONSyntaxError) {
        guard index < bytes.count, bytes[index] == byte else { throw Self.giveUp }
        index += 1
    }

    /// After a member or an item: true at a ',', false past the closing byte.
    private mutating func next(closing: UInt8) throws(JSONSyntaxError) -> Bool {
        skipSpace()
        guard index < bytes.count else { throw Self.giveUp }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipSpace()
            return true
        }
        guard bytes[index] == closing else { throw Self.giveUp }
        index += 1
        depth -= 1
        return false
    }

    /// A member's name as bytes of the file (`start..<start + count`), and the ':' after it,
    /// leaving the reader at its value: no `String` made for a name that is only compared with
    /// the format's. A name with an escape or a byte that is not ASCII is none of the format's
    /// as written: given up.
    private mutating func memberKey() throws(JSONSyntaxError) -> (start: Int, count: Int) {
        guard current == UInt8(ascii: "\"") else { throw Self.giveUp }
        let start = index + 1
        var i = start
        // Eight bytes at a time to the first quote, backslash, control or non-ASCII byte (the
        // lowest flagged byte of a word is exact), as `parseString` scans.
        let ones: UInt64 = 0x0101_0101_0101_0101
        while i + 8 <= bytes.count {
            let w = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
            let quote = w ^ (ones &* 0x22)
            let backslash = w ^ (ones &* 0x5C)
            let stop = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((w &- ones &* 0x20) & ~w) | w) & (ones &* 0x80)
            if stop != 0 {
                i += stop.trailingZeroBitCount / 8
                break
            }
            i += 8
        }
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20, bytes[i] < 0x80 { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw Self.giveUp }
        index = i + 1
        skipSpace()
        try expect(UInt8(ascii: ":"))
        skipSpace()
        return (start, i - start)
    }

    /// `skipWhitespace` for the usual case, inline: nothing to skip, or one space.
    @inline(__always)
    private mutating func skipSpace() {
        if index < bytes.count, bytes[index] > 0x20 { return }
        if index + 1 < bytes.count, bytes[index] == 0x20, bytes[index + 1] > 0x20 {
            index += 1
            return
        }
        skipWhitespace()
    }

    /// Whether the name at `key` is `name`.
    private func key(_ key: (start: Int, count: Int), is name: StaticString) -> Bool {
        key.count == name.utf8CodeUnitCount && memcmp(bytes.baseAddress! + key.start, name.utf8Start, key.count) == 0
    }

    /// A scene's number from its name, read in place (no `String`): given up for a name that
    /// is not a scene's, or has an escape or a control byte (the tree path's to read).
    private mutating func sceneNumber(_ table: SceneNameTable) throws(JSONSyntaxError) -> Int {
        guard current == UInt8(ascii: "\"") else { throw Self.giveUp }
        let start = index + 1
        var i = start
        var high: UInt8 = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { break }
            if b == UInt8(ascii: "\\") || b < 0x20 { throw Self.giveUp }
            high |= b
            i += 1
        }
        guard i < bytes.count, i > start, let n = table.index(bytes, start, i - start) else { throw Self.giveUp }
        // As `parseString` does: columns past a non-ASCII byte count scalars.
        if high >= 0x80 { firstNonASCII = min(firstNonASCII, start) }
        index = i + 1
        return n
    }

    /// A member's name and the ':' after it, leaving the reader at its value.
    private mutating func memberName() throws(JSONSyntaxError) -> String {
        guard current == UInt8(ascii: "\"") else { throw Self.giveUp }
        let key = try parseString()
        skipSpace()
        try expect(UInt8(ascii: ":"))
        skipSpace()
        return key
    }

    /// Opens an object or array; false when it is empty (and already closed).
    private mutating func open(_ byte: UInt8, closing: UInt8) throws(JSONSyntaxError) -> Bool {
        guard current == byte else { throw Self.giveUp }
        try enter()
        index += 1
        skipSpace()
        if current == closing {
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    private mutating func directDocument(_ selectors: inout SelectorCache) throws(JSONSyntaxError) -> DirectFlowParts {
        skipSpace()
        let start = position
        guard try open(UInt8(ascii: "{"), closing: UInt8(ascii: "}")) else { throw Self.giveUp }
        var members: [JSONNode.Member] = []
        members.reserveCapacity(16)
        var parts = DirectFlowParts(top: JSONNode(value: .null, position: start))
        var scenesRead = false, seguesRead = false
        repeat {
            let keyPosition = position
            let key = try memberName()
            let valuePosition = position
            switch key {
            case "scenes":
                guard !scenesRead else { throw Self.giveUp }
                scenesRead = true
                try directScenes(&parts)
                members.append(.init(key: key, keyPosition: keyPosition, value: JSONNode(value: .object([]), position: valuePosition)))
            case "segues":
                // Segues name scenes: read before them, they are the tree's.
                guard scenesRead, !seguesRead else { throw Self.giveUp }
                seguesRead = true
                try directSegues(&parts, &selectors)
                members.append(.init(key: key, keyPosition: keyPosition, value: JSONNode(value: .array([]), position: valuePosition)))
            default:
                members.append(.init(key: key, keyPosition: keyPosition, value: try parseValue()))
            }
        } while try next(closing: UInt8(ascii: "}"))
        skipSpace()
        guard index == bytes.count else { throw Self.giveUp }
        parts.top = JSONNode(value: .object(members), position: start)
        return parts
    }

    private mutating func directScenes(_ parts: inout DirectFlowParts) throws(JSONSyntaxError) {
        guard try open(UInt8(ascii: "{"), closing: UInt8(ascii: "}")) else { return }
        repeat {
            let keyPosition = position
            guard current == UInt8(ascii: "\"") else { throw Self.giveUp }
            let start = index + 1
            let id = try parseString()
            // Escaped names (their bytes in the file are not the name's) are the tree path's.
            let count = id.utf8.count
            guard count > 0, index - 1 - start == count, parts.sceneNumbers.insert(bytes, start, count) else { throw Self.giveUp }
            skipSpace()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            let path = identifierPath("scenes.", start, count) ?? JSONPath.member("scenes", id)
            try directScene(id, Origin(path: path, position: keyPosition), into: &parts.scenes)
        } while try next(closing: UInt8(ascii: "}"))
    }

    /// A scene as `FlowDecoder.decodeScene` would decode it, for the keys read here.
    private mutating func directScene(_ id: String, _ origin: Origin, into scenes: inout [Scene]) throws(JSONSyntaxError) {
        guard try open(UInt8(ascii: "{"), closing: UInt8(ascii: "}")) else { throw Self.giveUp }
        // Made in its place in the array and filled there: a scene built aside was copied whole
        // into it (a dozen fields retained and released again). One left unfinished is thrown
        // away with the rest when this gives up.
        scenes.append(Scene(id: id, className: "", origin: origin))
        let n = scenes.count - 1
        var seen: UInt16 = 0
        repeat {
            let k = try memberKey()
            switch k.count {
            case 3 where key(k, is: "nib"):
                try Self.first(1, &seen)
                scenes[n].nib = try nonEmptyString()
            case 4 where key(k, is: "rows"):
                try Self.first(2, &seen)
                scenes[n].rows = try rows()
                scenes[n].rowsGiven = true
            case 5 where key(k, is: "class"):
                try Self.first(4, &seen)
                scenes[n].className = try nonEmptyString()
            case 5 where key(k, is: "title"):
                try Self.first(8, &seen)
                guard current == UInt8(ascii: "\"") else { throw Self.giveUp }
                scenes[n].title = try parseString()
            case 5 where key(k, is: "notes"):
                try Self.first(16, &seen)
                scenes[n].notes = try nonEmptyStrings(unique: false)
            case 8 where key(k, is: "controls"):
                try Self.first(32, &seen)
                scenes[n].controls = try nonEmptyStrings(unique: true)
            case 12 where key(k, is: "elementClass"):
                try Self.first(64, &seen)
                let v = try nonEmptyString()
                guard UIKitClass.isKnown(v) else { throw Self.giveUp }
                scenes[n].elementClass = v
            case 20 where key(k, is: "storyboardIdentifier"):
                try Self.first(128, &seen)
                scenes[n].storyboardIdentifier = try nonEmptyString()
            case 22 where key(k, is: "modalPresentationStyle"):
                try Self.first(256, &seen)
                guard let v = ModalPresentationStyle(rawValue: try nonEmptyString()) else { throw Self.giveUp }
                scenes[n].modalPresentationStyle = v
            case 26 where key(k, is: "definesPresentationContext"):
                try Self.first(512, &seen)
                scenes[n].definesPresentationContext = try bool()
            case 5 where key(k, is: "style"):
                try Self.first(2048, &seen)
                guard let v = SplitStyle(rawValue: try nonEmptyString()) else { throw Self.giveUp }
                scenes[n].splitStyle = v
            case 17 where key(k, is: "collapseSecondary"), 22 where key(k, is: "topColumnForCollapsing"):
                // One of the two (both is an error the general path reports); `unknown` objects go there too.
                try Self.first(k.count == 17 ? 4096 : 8192, &seen)
                guard seen & 4096 == 0 || seen & 8192 == 0 else { throw Self.giveUp }
                scenes[n].splitCollapse = try splitCollapse(topColumn: k.count == 22)
            case 10 where key(k, is: "storyboard"):
                try Self.first(1024, &seen)
                let read = try storyboard(elements: true)
                scenes[n].storyboard = read.origin
                scenes[n].storyboardControls = read.controls
                scenes[n].storyboardCells = read.cells
            case 7 where key(k, is: "outlets"):
                // A bit far from the others: other keys may take the next ones.
                try Self.first(16384, &seen)
                scenes[n].outlets = try uniqueNames()
            default:
                // prototypes, or a key the format lacks.
                throw Self.giveUp
            }
        } while try next(closing: UInt8(ascii: "}"))
        // `class` is required.
        guard seen & 4 != 0 else { throw Self.giveUp }
    }

    private mutating func directSegues(_ parts: inout DirectFlowParts, _ selectors: inout SelectorCache) throws(JSONSyntaxError) {
        guard try open(UInt8(ascii: "["), closing: UInt8(ascii: "]")) else { return }
        parts.segues.reserveCapacity(parts.scenes.count)
        repeat {
            let objectPosition = position
            let path = indexPath("segues[", parts.segues.count)
            try directSegue(Origin(path: path, position: objectPosition), parts.sceneNumbers, &selectors, into: &parts.segues)
        } while try next(closing: UInt8(ascii: "]"))
    }

    /// A segue as `FlowDecoder.decodeSegue` would decode it, for the keys read here, with the
    /// same rules between keys (any of them broken is the general path's to report).
    private mutating func directSegue(_ origin: Origin, _ scenes: SceneNameTable, _ selectors: inout SelectorCache, into segues: inout [Segue]) throws(JSONSyntaxError) {
        guard try open(UInt8(ascii: "{"), closing: UInt8(ascii: "}")) else { throw Self.giveUp }
        var seen: UInt16 = 0
        var id: String?, source: Int?, destination: Int?, kind: SegueKind?, relationship: Relationship?
        var action: String?, trigger: Trigger?, animates: Bool?, customClass: String?, notes: [String]?
        var presentation: ModalPresentationStyle?, transition: ModalTransitionStyle?, unwindAction: String?, popoverAnchor: String?
        var storyboard: StoryboardOrigin?
        repeat {
            let k = try memberKey()
            switch k.count {
            case 2 where key(k, is: "id"):
                try Self.first(1, &seen)
                id = try nonEmptyString()
            case 4 where key(k, is: "kind"):
                try Self.first(2, &seen)
                kind = try segueKind()
            case 5 where key(k, is: "notes"):
                try Self.first(4, &seen)
                notes = try nonEmptyStrings(unique: false)
            case 6 where key(k, is: "source"):
                try Self.first(8, &seen)
                source = try sceneNumber(scenes)
            case 6 where key(k, is: "action"):
                try Self.first(16, &seen)
                action = try nonEmptyString()
            case 7 where key(k, is: "trigger"):
                try Self.first(32, &seen)
                guard let t = Trigger(try nonEmptyString()) else { throw Self.giveUp }
                trigger = t
            case 8 where key(k, is: "animates"):
                try Self.first(64, &seen)
                animates = try bool()
            case 11 where key(k, is: "destination"):
                try Self.first(128, &seen)
                destination = try sceneNumber(scenes)
            case 11 where key(k, is: "customClass"):
                try Self.first(256, &seen)
                customClass = try nonEmptyString()
            case 12 where key(k, is: "relationship"):
                try Self.first(512, &seen)
                guard let r = Relationship(rawValue: try nonEmptyString()) else { throw Self.giveUp }
                relationship = r
            case 12 where key(k, is: "unwindAction"):
                try Self.first(1024, &seen)
                unwindAction = try nonEmptyString()
            case 13 where key(k, is: "popoverAnchor"):
                try Self.first(2048, &seen)
                popoverAnchor = try nonEmptyString()
            case 20 where key(k, is: "modalTransitionStyle"):
                try Self.first(4096, &seen)
                guard let v = ModalTransitionStyle(rawValue: try nonEmptyString()) else { throw Self.giveUp }
                transition = v
            case 22 where key(k, is: "modalPresentationStyle"):
                try Self.first(8192, &seen)
                guard let v = ModalPresentationStyle(rawValue: try nonEmptyString()) else { throw Self.giveUp }
                presentation = v
            case 10 where key(k, is: "storyboard"):
                try Self.first(16384, &seen)
                storyboard = try self.storyboard(elements: false).origin
            default:
                // A key the format lacks.
                throw Self.giveUp
            }
        } while try next(closing: UInt8(ascii: "}"))
        guard let kind, let source else { throw Self.giveUp }
        if kind == .unwind {
            guard destination == nil, action == nil, unwindAction != nil else { throw Self.giveUp }
        } else {
            guard destination != nil, unwindAction == nil else { throw Self.giveUp }
        }
        guard (kind == .relationship) == (relationship != nil) else { throw Self.giveUp }
        if kind == .custom && customClass == nil { throw Self.giveUp }
        if popoverAnchor != nil && kind != .popoverPresentation && presentation != .popover { throw Self.giveUp }
        // Made in its place, as a scene is.
        segues.append(Segue(source: source, destination: destination, kind: kind, origin: origin))
        let n = segues.count - 1
        segues[n].identifier = id
        segues[n].relationship = relationship
        segues[n].action = action.map { selectors.name($0) }
        if let trigger { segues[n].trigger = trigger }
        segues[n].modalPresentationStyle = presentation
        segues[n].modalTransitionStyle = transition
        segues[n].customClass = customClass
        segues[n].animates = animates ?? true
        segues[n].unwindAction = unwindAction.map { selectors.name($0) }
        segues[n].popoverAnchor = popoverAnchor
        segues[n].storyboard = storyboard
        segues[n].notes = notes ?? []
    }

    /// `prefix` and the name at `start..<start + count` as a JSON path (`scenes.s0_1`), made
    /// from the bytes in place, when the name is an ASCII identifier (`JSONPath.member`'s form
    /// for it); nil for any other name.
    private func identifierPath(_ prefix: StaticString, _ start: Int, _ count: Int) -> String? {
        guard count > 0, count <= 256 else { return nil }
        for i in start..<start + count {
            let b = bytes[i]
            let letter = b == 0x5F || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            if !(letter || (i > start && b >= 0x30 && b <= 0x39)) { return nil }
        }
        let p = prefix.utf8CodeUnitCount
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: p + count) { buf in
            buf.baseAddress!.update(from: prefix.utf8Start, count: p)
            (buf.baseAddress! + p).update(from: bytes.baseAddress! + start, count: count)
            return String(decoding: UnsafeBufferPointer(buf), as: UTF8.self)
        }
    }

    /// `prefix`, `i` and `]` (`segues[12]`), as `JSONPath.index` makes it.
    private func indexPath(_ prefix: StaticString, _ i: Int) -> String {
        let p = prefix.utf8CodeUnitCount
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: p + 21) { buf in
            buf.baseAddress!.update(from: prefix.utf8Start, count: p)
            var digits = 1
            var rest = i / 10
            while rest > 0 { digits += 1; rest /= 10 }
            var v = i
            for d in stride(from: p + digits - 1, through: p, by: -1) {
                buf[d] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            }
            buf[p + digits] = UInt8(ascii: "]")
            return String(decoding: UnsafeBufferPointer(rebasing: buf[..<(p + digits + 1)]), as: UTF8.self)
        }
    }

    /// `"storyboard": { "file", "line", "id" }` (and a scene's `controls` and `cells`, with
    /// `elements`), as `FlowDecoder.storyboardOrigin` and `storyboardElements` read it.
    private mutating func storyboard(elements: Bool) throws(JSONSyntaxError) -> (origin: StoryboardOrigin, controls: [String: StoryboardOrigin], cells: [String: StoryboardOrigin]) {
        guard try open(UInt8(ascii: "{"), closing: UInt8(ascii: "}")) else { throw Self.giveUp }
        var seen: UInt16 = 0
        var file: String?, line: Int?, id: String?
        var controls: [(String, Int, String)] = [], cells: [(String, Int, String)] = []
        repeat {
            let k = try memberKey()
            switch k.count {
            case 2 where key(k, is: "id"):
                try Self.first(1, &seen)
                id = try nonEmptyString()
            case 4 where key(k, is: "file"):
                try Self.first(2, &seen)
                file = try nonEmptyString()
            case 4 where key(k, is: "line"):
                try Self.first(4, &seen)
                line = try lineNumber()
            case 8 where elements && key(k, is: "controls"):
                try Self.first(8, &seen)
                controls = try storyboardElements()
            case 5 where elements && key(k, is: "cells"):
                try Self.first(16, &seen)
                cells = try storyboardElements()
            default:
                throw Self.giveUp
            }
        } while try next(closing: UInt8(ascii: "}"))
        guard let file else { throw Self.giveUp }
        // Made once the file is known: it may come after the elements.
        func byName(_ list: [(String, Int, String)]) -> [String: StoryboardOrigin] {
            var out: [String: StoryboardOrigin] = [:]
            for (name, line, id) in list { out[name] = StoryboardOrigin(file: file, line: line, xmlID: id) }
            return out
        }
        return (StoryboardOrigin(file: file, line: line ?? 1, xmlID: id ?? ""), byName(controls), byName(cells))
    }

    /// `{ "add": { "line": 31, "id": "Xy1-2b-c3D" } }`: names (non-empty, each once) with a line
    /// and an element id.
    private mutating func storyboardElements() throws(JSONSyntaxError) -> [(String, Int, String)] {
        var out: [(String, Int, String)] = []
        var names = Set<String>()
        guard try open(UInt8(ascii: "{"), closing: UInt8(ascii: "}")) else { return out }
        repeat {
            let name = try memberName()
            guard !name.isEmpty, names.insert(name).inserted else { throw Self.giveUp }
            guard try open(UInt8(ascii: "{"), closing: UInt8(ascii: "}")) else { throw Self.giveUp }
            var seen: UInt16 = 0
            var line: Int?, id: String?
            repeat {
                let k = try memberKey()
                switch k.count {
                case 2 where key(k, is: "id"):
                    try Self.first(1, &seen)
                    id = try nonEmptyString()
                case 4 where key(k, is: "line"):
                    try Self.first(2, &seen)
                    line = try lineNumber()
                default:
                    throw Self.giveUp
                }
            } while try next(closing: UInt8(ascii: "}"))
            guard let line else { throw Self.giveUp }
            out.append((name, line, id ?? ""))
        } while try next(closing: UInt8(ascii: "}"))
        return out
    }

    /// A line number: a whole number of at least 1.
    private mutating func lineNumber() throws(JSONSyntaxError) -> Int {
        let n = try whole()
        guard n >= 1 else { throw Self.giveUp }
        return n
    }

    /// A segue's kind matched by its bytes in place against the kinds' names (no `String`);
    /// anything else (an unknown kind, an escape, not a string) is given up.
    private mutating func segueKind() throws(JSONSyntaxError) -> SegueKind {
        let k = try stringBytes()
        for kind in SegueKind.allCases {
            var name = kind.rawValue
            let same = name.withUTF8 { $0.count == k.count && memcmp($0.baseAddress!, bytes.baseAddress! + k.start, k.count) == 0 }
            if same { return kind }
        }
        throw Self.giveUp
    }

    /// A string value of ASCII bytes with no escape, as bytes of the file; given up otherwise.
    private mutating func stringBytes() throws(JSONSyntaxError) -> (start: Int, count: Int) {
        guard current == UInt8(ascii: "\"") else { throw Self.giveUp }
        let start = index + 1
        var i = start
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20, bytes[i] < 0x80 { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw Self.giveUp }
        index = i + 1
        return (start, i - start)
    }

    private static func first(_ bit: UInt16, _ seen: inout UInt16) throws(JSONSyntaxError) {
        if seen & bit != 0 { throw giveUp }
        seen |= bit
    }

    private mutating func nonEmptyString() throws(JSONSyntaxError) -> String {
        guard current == UInt8(ascii: "\"") else { throw Self.giveUp }
        let s = try parseString()
        guard !s.isEmpty else { throw Self.giveUp }
        return s
    }

    /// `collapseSecondary` (true, false, a nil test) or `topColumnForCollapsing` (a column), as
    /// `SplitCollapse.decode…` reads them; anything else is left to the general path.
    private mutating func splitCollapse(topColumn: Bool) throws(JSONSyntaxError) -> SplitCollapse {
        if topColumn {
            guard let c = SplitColumn(rawValue: try nonEmptyString()) else { throw Self.giveUp }
            return .topColumn(c)
        }
        if current == UInt8(ascii: "\"") {
            guard let c = Condition(try parseString()), c != .selection, c != .noSelection else { throw Self.giveUp }
            return .collapseSecondary(c)
        }
        return .collapseSecondary(try bool() ? .always : .never)
    }

    private mutating func bool() throws(JSONSyntaxError) -> Bool {
        switch current {
        case UInt8(ascii: "t"): try expectWord("true"); return true
        case UInt8(ascii: "f"): try expectWord("false"); return false
        default: throw Self.giveUp
        }
    }

    /// An array of non-empty strings (with no repeats, when `unique`: a repeated control is
    /// the general path's error); a few, as a scene has (a long list would be compared
    /// item by item).
    private mutating func nonEmptyStrings(unique: Bool) throws(JSONSyntaxError) -> [String] {
        var out: [String] = []
        guard try open(UInt8(ascii: "["), closing: UInt8(ascii: "]")) else { return out }
        repeat {
            let s = try nonEmptyString()
            guard out.count < 16, !unique || !out.contains(s) else { throw Self.giveUp }
            out.append(s)
        } while try next(closing: UInt8(ascii: "]"))
        return out
    }

    /// A scene's outlets: names with no repeats (a repeat is the general path's error), as many
    /// as a storyboard connects (a form has dozens).
    private mutating func uniqueNames() throws(JSONSyntaxError) -> [String] {
        var out: [String] = []
        var seen: Set<String> = []
        guard try open(UInt8(ascii: "["), closing: UInt8(ascii: "]")) else { return out }
        repeat {
            let s = try nonEmptyString()
            guard seen.insert(s).inserted else { throw Self.giveUp }
            out.append(s)
        } while try next(closing: UInt8(ascii: "]"))
        return out
    }

    /// A whole number of at least 0, as `Fields.int` takes it.
    private mutating func whole() throws(JSONSyntaxError) -> Int {
        let c = current
        guard c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) else { throw Self.giveUp }
        // Up to nine digits and nothing after them that continues a number: the value itself,
        // with no text made and parsed as a Double (which cost 900 instructions a number).
        var i = index
        var value = 0
        while i < bytes.count, i - index < 10, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
            value = value * 10 + Int(bytes[i] - UInt8(ascii: "0"))
            i += 1
        }
        let digits = i - index
        if digits > 0, digits < 10, i < bytes.count, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]),
           bytes[i] != UInt8(ascii: "."), bytes[i] | 0x20 != UInt8(ascii: "e") {
            // A leading zero is the tree's error.
            guard digits == 1 || bytes[index] != UInt8(ascii: "0") else { throw Self.giveUp }
            index = i
            return value
        }
        // The position is the tree's, for messages; none is made here.
        let node = try parseNumber(SourcePosition(line: 0, column: 0))
        guard case .number(let d, _) = node.value, d == d.rounded(), abs(d) < 1e9, d >= 0 else { throw Self.giveUp }
        return Int(d)
    }

    /// `"rows": 20` or `"rows": [3, 4]`.
    private mutating func rows() throws(JSONSyntaxError) -> [Int] {
        if current != UInt8(ascii: "[") {
            let n = try whole()
            return n > 0 ? [n] : []
        }
        var out: [Int] = []
        guard try open(UInt8(ascii: "["), closing: UInt8(ascii: "]")) else { return out }
        repeat { out.append(try whole()) } while try next(closing: UInt8(ascii: "]"))
        return out
    }
}
