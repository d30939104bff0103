/// Scenes and segues as nearly every flow writes them, decoded in one pass over their members.
///
/// The general path (`decodeScene`, `decodeSegue`) checks an object's keys against the known
/// ones, then looks up each key the format allows: a dozen scans of the members per object,
/// which were a quarter of loading a large flow. Here each member is matched once, by length
/// and then by name. Nothing here reports: at the first member or value the general path would
/// say anything about (an unknown or duplicate key, a wrong type, an unknown name, a rule
/// between keys) this gives up (returns false) and the general path decodes the object from
/// the start, with every message in its usual order. So a flow decodes to the same model and
/// the same messages either way; this is only faster for the objects it accepts.
extension FlowDecoder {
    /// Appends the scene `m` declares to `scenes`, or returns false to leave it to the general path.
    func fastScene(_ m: JSONNode.Member, path: String, into scenes: inout [Scene]) -> Bool {
        guard case .object(let members) = m.value.value, members.count <= 8 else { return false }
        var s = Scene(id: m.key, className: "", origin: Origin(path: path, position: m.keyPosition))
        var seen: UInt16 = 0
        // A plain loop with plain locals: a closure over them had each access checked for
        // exclusivity at run time, a tenth of this path's cost.
        var ok = true
        members: for i in members.indices {
            let key = members[i].key
            let value = members[i].value
            switch key.utf8.count {
            case 3 where key == "nib":
                guard Self.first(1, &seen), let v = Self.nonEmpty(value) else { ok = false; break members }
                s.nib = v
            case 4 where key == "rows":
                guard Self.first(2, &seen), let rows = Self.rows(value) else { ok = false; break members }
                s.rows = rows
                s.rowsGiven = true
            case 5 where key == "class":
                guard Self.first(4, &seen), let v = Self.nonEmpty(value) else { ok = false; break members }
                s.className = v
            case 5 where key == "title":
                guard Self.first(8, &seen), case .string(let v) = value.value else { ok = false; break members }
                s.title = v
            case 5 where key == "notes":
                guard Self.first(16, &seen), let v = Self.nonEmptyStrings(value, unique: false) else { ok = false; break members }
                s.notes = v
            case 8 where key == "controls":
                guard Self.first(32, &seen), let v = Self.nonEmptyStrings(value, unique: true) else { ok = false; break members }
                s.controls = v
            case 12 where key == "elementClass":
                guard Self.first(64, &seen), let v = Self.nonEmpty(value), UIKitClass.isKnown(v) else { ok = false; break members }
                s.elementClass = v
            case 20 where key == "storyboardIdentifier":
                guard Self.first(128, &seen), let v = Self.nonEmpty(value) else { ok = false; break members }
                s.storyboardIdentifier = v
            case 26 where key == "definesPresentationContext":
                guard Self.first(256, &seen), case .bool(let v) = value.value else { ok = false; break members }
                s.definesPresentationContext = v
            default:
                // prototypes, modalPresentationStyle, storyboard, or a key the format lacks.
                ok = false
                break members
            }
        }
        // `class` is required.
        guard ok, seen & 4 != 0 else { return false }
        scenes.append(s)
        return true
    }

    /// Appends the segue `node` declares to `segues`, or returns false to leave it to the
    /// general path.
    mutating func fastSegue(_ node: JSONNode, path: String, scenes: [String: Int], into segues: inout [Segue]) -> Bool {
        guard case .object(let members) = node.value, members.count <= 12 else { return false }
        var seen: UInt16 = 0
        var id: String?, source: Int?, destination: Int?, kind: SegueKind?, relationship: Relationship?
        var action: String?, trigger: Trigger?, animates: Bool?, customClass: String?, notes: [String]?
        // A plain loop with plain locals: a closure over them had each access checked for
        // exclusivity at run time, a tenth of this path's cost.
        var ok = true
        members: for i in members.indices {
            let key = members[i].key
            let value = members[i].value
            switch key.utf8.count {
            case 2 where key == "id":
                guard Self.first(1, &seen), let v = Self.nonEmpty(value) else { ok = false; break members }
                id = v
            case 4 where key == "kind":
                guard Self.first(2, &seen), let v = Self.nonEmpty(value), let k = SegueKind(rawValue: v) else { ok = false; break members }
                kind = k
            case 5 where key == "notes":
                guard Self.first(4, &seen), let v = Self.nonEmptyStrings(value, unique: false) else { ok = false; break members }
                notes = v
            case 6 where key == "source":
                guard Self.first(8, &seen), let v = Self.nonEmpty(value), let i = scenes[v] else { ok = false; break members }
                source = i
            case 6 where key == "action":
                guard Self.first(16, &seen), let v = Self.nonEmpty(value) else { ok = false; break members }
                action = v
            case 7 where key == "trigger":
                guard Self.first(32, &seen), let v = Self.nonEmpty(value), let t = Trigger(v) else { ok = false; break members }
                trigger = t
            case 8 where key == "animates":
                guard Self.first(64, &seen), case .bool(let v) = value.value else { ok = false; break members }
                animates = v
            case 11 where key == "destination":
                guard Self.first(128, &seen), let v = Self.nonEmpty(value), let i = scenes[v] else { ok = false; break members }
                destination = i
            case 11 where key == "customClass":
                guard Self.first(256, &seen), let v = Self.nonEmpty(value) else { ok = false; break members }
                customClass = v
            case 12 where key == "relationship":
                guard Self.first(512, &seen), let v = Self.nonEmpty(value), let r = Relationship(rawValue: v) else { ok = false; break members }
                relationship = r
            default:
                // Presentation and transition styles, unwind actions, popover anchors,
                // storyboard origins, or a key the format lacks.
                ok = false
                break members
            }
        }
        guard ok, let kind, let source else { return false }
        // The general path's rules between keys: any of them broken is its to report.
        if kind == .unwind || destination == nil { return false }
        if (kind == .relationship) != (relationship != nil) { return false }
        if kind == .custom && customClass == nil { return false }
        var s = Segue(source: source, destination: destination, kind: kind, origin: Origin(path: path, position: node.position))
        s.identifier = id
        s.relationship = relationship
        s.action = action.map { selectorName($0) }
        if let trigger { s.trigger = trigger }
        s.customClass = customClass
        s.animates = animates ?? true
        s.notes = notes ?? []
        segues.append(s)
        return true
    }

    private static func first(_ bit: UInt16, _ seen: inout UInt16) -> Bool {
        if seen & bit != 0 { return false }
        seen |= bit
        return true
    }

    private static func nonEmpty(_ node: JSONNode) -> String? {
        guard case .string(let s) = node.value, !s.isEmpty else { return nil }
        return s
    }

    /// An array of non-empty strings (with no repeats, when `unique`: a repeated control is
    /// the general path's error).
    private static func nonEmptyStrings(_ node: JSONNode, unique: Bool) -> [String]? {
        guard case .array(let items) = node.value, items.count <= 16 else { return nil }
        var out: [String] = []
        out.reserveCapacity(items.count)
        for item in items {
            guard let s = nonEmpty(item), !unique || !out.contains(s) else { return nil }
            out.append(s)
        }
        return out
    }

    /// `"rows": 20` or `"rows": [3, 4]`, whole numbers as the general path's `Fields.int`
    /// takes them.
    private static func rows(_ node: JSONNode) -> [Int]? {
        func whole(_ n: JSONNode) -> Int? {
            guard case .number(let d, _) = n.value, d == d.rounded(), abs(d) < 1e9, d >= 0 else { return nil }
            return Int(d)
        }
        if case .array(let items) = node.value {
            var out: [Int] = []
            out.reserveCapacity(items.count)
            for item in items {
                guard let n = whole(item) else { return nil }
                out.append(n)
            }
            return out
        }
        guard let n = whole(node) else { return nil }
        return n > 0 ? [n] : []
    }
}
