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
    /// The scene ids in file order, as the decoder keeps them for messages.
    var sceneIDs: [String] = []
    var sceneIndex: [String: Int] = [:]
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
        skipWhitespace()
        guard index < bytes.count else { throw Self.giveUp }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            return true
        }
        guard bytes[index] == closing else { throw Self.giveUp }
        index += 1
        depth -= 1
        return false
    }

    /// A member's name and the ':' after it, leaving the reader at its value.
    private mutating func memberName() throws(JSONSyntaxError) -> String {
        guard current == UInt8(ascii: "\"") else { throw Self.giveUp }
        let key = try parseString()
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        return key
    }

    /// Opens an object or array; false when it is empty (and already closed).
    private mutating func open(_ byte: UInt8, closing: UInt8) throws(JSONSyntaxError) -> Bool {
        guard current == byte else { throw Self.giveUp }
        try enter()
        index += 1
        skipWhitespace()
        if current == closing {
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    private mutating func directDocument(_ selectors: inout SelectorCache) throws(JSONSyntaxError) -> DirectFlowParts {
        skipWhitespace()
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
        skipWhitespace()
        guard index == bytes.count else { throw Self.giveUp }
        parts.top = JSONNode(value: .object(members), position: start)
        return parts
    }

    private mutating func directScenes(_ parts: inout DirectFlowParts) throws(JSONSyntaxError) {
        guard try open(UInt8(ascii: "{"), closing: UInt8(ascii: "}")) else { return }
        repeat {
            let keyPosition = position
            let id = try memberName()
            guard !id.isEmpty, parts.sceneIndex.updateValue(parts.scenes.count, forKey: id) == nil else { throw Self.giveUp }
            try directScene(id, Origin(path: JSONPath.member("scenes", id), position: keyPosition), into: &parts.scenes)
            parts.sceneIDs.append(id)
        } while try next(closing: UInt8(ascii: "}"))
    }

    /// A scene as `FlowDecoder.decodeScene` would decode it, for the keys read here.
    private mutating func directScene(_ id: String, _ origin: Origin, into scenes: inout [Scene]) throws(JSONSyntaxError) {
        guard try open(UInt8(ascii: "{"), closing: UInt8(ascii: "}")) else { throw Self.giveUp }
        var s = Scene(id: id, className: "", origin: origin)
        var seen: UInt16 = 0
        repeat {
            let key = try memberName()
            switch key.utf8.count {
            case 3 where key == "nib":
                try Self.first(1, &seen)
                s.nib = try nonEmptyString()
            case 4 where key == "rows":
                try Self.first(2, &seen)
                s.rows = try rows()
                s.rowsGiven = true
            case 5 where key == "class":
                try Self.first(4, &seen)
                s.className = try nonEmptyString()
            case 5 where key == "title":
                try Self.first(8, &seen)
                guard current == UInt8(ascii: "\"") else { throw Self.giveUp }
                s.title = try parseString()
            case 5 where key == "notes":
                try Self.first(16, &seen)
                s.notes = try nonEmptyStrings(unique: false)
            case 8 where key == "controls":
                try Self.first(32, &seen)
                s.controls = try nonEmptyStrings(unique: true)
            case 12 where key == "elementClass":
                try Self.first(64, &seen)
                let v = try nonEmptyString()
                guard UIKitClass.isKnown(v) else { throw Self.giveUp }
                s.elementClass = v
            case 20 where key == "storyboardIdentifier":
                try Self.first(128, &seen)
                s.storyboardIdentifier = try nonEmptyString()
            case 22 where key == "modalPresentationStyle":
                try Self.first(256, &seen)
                guard let v = ModalPresentationStyle(rawValue: try nonEmptyString()) else { throw Self.giveUp }
                s.modalPresentationStyle = v
            case 26 where key == "definesPresentationContext":
                try Self.first(512, &seen)
                s.definesPresentationContext = try bool()
            default:
                // prototypes, storyboard, or a key the format lacks.
                throw Self.giveUp
            }
        } while try next(closing: UInt8(ascii: "}"))
        // `class` is required.
        guard seen & 4 != 0 else { throw Self.giveUp }
        scenes.append(s)
    }

    private mutating func directSegues(_ parts: inout DirectFlowParts, _ selectors: inout SelectorCache) throws(JSONSyntaxError) {
        guard try open(UInt8(ascii: "["), closing: UInt8(ascii: "]")) else { return }
        parts.segues.reserveCapacity(parts.scenes.count)
        repeat {
            let objectPosition = position
            let path = JSONPath.index("segues", parts.segues.count)
            try directSegue(Origin(path: path, position: objectPosition), parts.sceneIndex, &selectors, into: &parts.segues)
        } while try next(closing: UInt8(ascii: "]"))
    }

    /// A segue as `FlowDecoder.decodeSegue` would decode it, for the keys read here, with the
    /// same rules between keys (any of them broken is the general path's to report).
    private mutating func directSegue(_ origin: Origin, _ scenes: [String: Int], _ selectors: inout SelectorCache, into segues: inout [Segue]) throws(JSONSyntaxError) {
        guard try open(UInt8(ascii: "{"), closing: UInt8(ascii: "}")) else { throw Self.giveUp }
        var seen: UInt16 = 0
        var id: String?, source: Int?, destination: Int?, kind: SegueKind?, relationship: Relationship?
        var action: String?, trigger: Trigger?, animates: Bool?, customClass: String?, notes: [String]?
        var presentation: ModalPresentationStyle?, transition: ModalTransitionStyle?, unwindAction: String?, popoverAnchor: String?
        repeat {
            let key = try memberName()
            switch key.utf8.count {
            case 2 where key == "id":
                try Self.first(1, &seen)
                id = try nonEmptyString()
            case 4 where key == "kind":
                try Self.first(2, &seen)
                guard let k = SegueKind(rawValue: try nonEmptyString()) else { throw Self.giveUp }
                kind = k
            case 5 where key == "notes":
                try Self.first(4, &seen)
                notes = try nonEmptyStrings(unique: false)
            case 6 where key == "source":
                try Self.first(8, &seen)
                guard let i = scenes[try nonEmptyString()] else { throw Self.giveUp }
                source = i
            case 6 where key == "action":
                try Self.first(16, &seen)
                action = try nonEmptyString()
            case 7 where key == "trigger":
                try Self.first(32, &seen)
                guard let t = Trigger(try nonEmptyString()) else { throw Self.giveUp }
                trigger = t
            case 8 where key == "animates":
                try Self.first(64, &seen)
                animates = try bool()
            case 11 where key == "destination":
                try Self.first(128, &seen)
                guard let i = scenes[try nonEmptyString()] else { throw Self.giveUp }
                destination = i
            case 11 where key == "customClass":
                try Self.first(256, &seen)
                customClass = try nonEmptyString()
            case 12 where key == "relationship":
                try Self.first(512, &seen)
                guard let r = Relationship(rawValue: try nonEmptyString()) else { throw Self.giveUp }
                relationship = r
            case 12 where key == "unwindAction":
                try Self.first(1024, &seen)
                unwindAction = try nonEmptyString()
            case 13 where key == "popoverAnchor":
                try Self.first(2048, &seen)
                popoverAnchor = try nonEmptyString()
            case 20 where key == "modalTransitionStyle":
                try Self.first(4096, &seen)
                guard let v = ModalTransitionStyle(rawValue: try nonEmptyString()) else { throw Self.giveUp }
                transition = v
            case 22 where key == "modalPresentationStyle":
                try Self.first(8192, &seen)
                guard let v = ModalPresentationStyle(rawValue: try nonEmptyString()) else { throw Self.giveUp }
                presentation = v
            default:
                // storyboard, or a key the format lacks.
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
        var s = Segue(source: source, destination: destination, kind: kind, origin: origin)
        s.identifier = id
        s.relationship = relationship
        s.action = action.map { selectors.name($0) }
        if let trigger { s.trigger = trigger }
        s.modalPresentationStyle = presentation
        s.modalTransitionStyle = transition
        s.customClass = customClass
        s.animates = animates ?? true
        s.unwindAction = unwindAction.map { selectors.name($0) }
        s.popoverAnchor = popoverAnchor
        s.notes = notes ?? []
        segues.append(s)
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

    /// A whole number of at least 0, as `Fields.int` takes it.
    private mutating func whole() throws(JSONSyntaxError) -> Int {
        let c = current
        guard c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) else { throw Self.giveUp }
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

/// Many segues share an action: its selector is derived once (`FlowDecoder.selectorName`'s
/// cache, for the direct reader).
struct SelectorCache {
    private var known: [String: SelectorName] = [:]
    private var last: (text: String, selector: SelectorName)?

    mutating func name(_ text: String) -> SelectorName {
        if let last, last.text == text { return last.selector }
        let s: SelectorName
        if let found = known[text] {
            s = found
        } else {
            s = SelectorName(text)
            known[text] = s
        }
        last = (text, s)
        return s
    }
}
