import FlowModel

/// Degrading the code half one fact at a time: a load error's JSON path names the fact of the
/// Swift reader's output that did not load (a segue action, an initializer, a prepare case, a
/// code action, a launch step, one dependency named in a `set` or `sets`); that fact, and only
/// it, is made unknown or left out, with a note at its Swift line, so the rest still loads.
enum UnloadedFacts {
    /// One step of a JSON path: a member's key or an array's index.
    enum Step: Hashable, Comparable {
        case key(String)
        case index(Int)

        /// Indices from the highest down: removing one element never moves a later edit's.
        static func < (a: Step, b: Step) -> Bool {
            switch (a, b) {
            case (.key(let x), .key(let y)): x < y
            case (.index(let x), .index(let y)): x > y
            case (.key, .index): true
            case (.index, .key): false
            }
        }
    }

    /// What is done to the fact at `steps`.
    enum Change: Hashable {
        /// Left out of the document.
        case remove
        /// Left out, only its last copy (a key the reader wrote twice).
        case removeLastDuplicate
        /// Kept, with what it builds unknown: `dropping` left out, `"unknown"` set to its line.
        case unknown(dropping: [String])
    }

    struct Edit: Hashable {
        var steps: [Step]
        var change: Change
    }

    /// `classes.List.segueActions["make(coder:)"].arguments.item` → its steps; nil for a path
    /// that is not in this form.
    static func steps(of path: String) -> [Step]? {
        var out: [Step] = []
        let chars = Array(path)
        var i = 0
        while i < chars.count {
            switch chars[i] {
            case ".":
                i += 1
            case "[":
                i += 1
                guard i < chars.count else { return nil }
                if chars[i] == "\"" {
                    i += 1
                    var key = ""
                    while i < chars.count, chars[i] != "\"" {
                        if chars[i] == "\\", i + 1 < chars.count { i += 1 }
                        key.append(chars[i])
                        i += 1
                    }
                    guard i + 1 < chars.count, chars[i + 1] == "]" else { return nil }
                    i += 2
                    out.append(.key(key))
                } else {
                    var digits = ""
                    while i < chars.count, chars[i] != "]" { digits.append(chars[i]); i += 1 }
                    guard i < chars.count, let n = Int(digits) else { return nil }
                    i += 1
                    out.append(.index(n))
                }
            default:
                var key = ""
                while i < chars.count, chars[i] != ".", chars[i] != "[" { key.append(chars[i]); i += 1 }
                out.append(.key(key))
            }
        }
        return out.isEmpty ? nil : out
    }

    /// The smallest unit of the code half holding the error at `path`, and what to do to it;
    /// nil when the path is not in the code half (a scene, a segue: the storyboards' part).
    static func edit(for path: String, message: String, in document: JSONNode) -> Edit? {
        guard let s = steps(of: path), case .key(let top)? = s.first else { return nil }
        let duplicate = message.hasPrefix("duplicate key ")
        func key(_ i: Int) -> String? {
            guard i < s.count, case .key(let k) = s[i] else { return nil }
            return k
        }
        // One name in a list of names (`sets`, `uses`, `asserts`, `conformsTo`): that name.
        if s.count >= 3, case .index = s[s.count - 1], let list = key(s.count - 2),
           ["sets", "uses", "asserts", "conformsTo"].contains(list) {
            return Edit(steps: s, change: .remove)
        }
        // One dependency a case or an action sets: that assignment.
        if s.count >= 2, key(s.count - 2) == "set" { return Edit(steps: s, change: duplicate ? .removeLastDuplicate : .remove) }
        switch top {
        case "classes":
            guard s.count >= 2 else { return nil }
            guard s.count >= 3, let part = key(2) else {
                if duplicate { return Edit(steps: s, change: .removeLastDuplicate) }
                // The class as a whole: it stays declared (its scenes run its code, not UIKit's),
                // with nothing read of it but where it is.
                guard let entry = node(at: s, in: document), case .object(let fields) = entry.value,
                      fields.contains(where: { !Self.classPlace.contains($0.key) }) else { return nil }
                return Edit(steps: s, change: .unknown(dropping: fields.map(\.key).filter { !Self.classPlace.contains($0) }))
            }
            guard s.count >= 4 else { return Edit(steps: Array(s.prefix(3)), change: duplicate ? .removeLastDuplicate : .remove) }
            let unit = Array(s.prefix(4))
            if duplicate && s.count == 4 { return Edit(steps: unit, change: .removeLastDuplicate) }
            switch part {
            case "segueActions":
                // UIKit still calls the action the storyboard names: it stays declared, its
                // instance built by code flownav could not load.
                if alreadyUnknown(at: unit, in: document) || s.count == 4 { return Edit(steps: unit, change: .remove) }
                var dropping = ["initializer", "arguments", "set", "nilWhen"]
                if key(4) == "returns" { dropping.append("returns") }
                return Edit(steps: unit, change: .unknown(dropping: dropping))
            case "actions":
                if ["initializer", "arguments"].contains(key(4) ?? ""), !alreadyUnknown(at: unit, in: document) {
                    return Edit(steps: unit, change: .unknown(dropping: ["initializer", "arguments"]))
                }
                return Edit(steps: unit, change: .remove)
            case "methods":
                if key(4) == "cases", s.count >= 6 { return Edit(steps: Array(s.prefix(6)), change: .remove) }
                return Edit(steps: unit, change: .remove)
            case "initializers", "dependencies", "unwindActions", "shouldPerform", "prepare":
                return Edit(steps: unit, change: .remove)
            default:
                return Edit(steps: Array(s.prefix(3)), change: .remove)
            }
        case "launch":
            guard let part = key(1) else { return nil }
            if part == "root" {
                let unit = Array(s.prefix(2))
                if ["initializer", "arguments"].contains(key(2) ?? ""), !alreadyUnknown(at: unit, in: document) {
                    return Edit(steps: unit, change: .unknown(dropping: ["initializer", "arguments"]))
                }
                return Edit(steps: unit, change: .remove)
            }
            if part == "inject", s.count >= 3 { return Edit(steps: Array(s.prefix(3)), change: .remove) }
            return Edit(steps: Array(s.prefix(2)), change: .remove)
        case "protocols", "destinations", "references":
            guard s.count >= 2 else { return nil }
            return Edit(steps: Array(s.prefix(2)), change: duplicate && s.count == 2 ? .removeLastDuplicate : .remove)
        default:
            return nil
        }
    }

    /// What a class keeps when nothing else of it loads.
    static let classPlace: Set<String> = ["file", "at", "notes"]

    private static func alreadyUnknown(at steps: [Step], in document: JSONNode) -> Bool {
        guard let node = node(at: steps, in: document) else { return false }
        return node["unknown"] != nil && node["initializer"] == nil
    }

    static func node(at steps: [Step], in document: JSONNode) -> JSONNode? {
        var n: JSONNode? = document
        for step in steps {
            switch step {
            case .key(let k): n = n?[k]
            case .index(let i):
                guard case .array(let items)? = n?.value, i >= 0, i < items.count else { return nil }
                n = items[i]
            }
        }
        return n
    }

    /// The document with `edit` applied; nil when its fact is not there.
    static func apply(_ edit: Edit, to document: JSONNode, line: String?) -> JSONNode? {
        func go(_ node: JSONNode, _ rest: ArraySlice<Step>) -> JSONNode? {
            guard let step = rest.first else { return nil }
            let last = rest.count == 1
            switch (step, node.value) {
            case (.key(let k), .object(var ms)):
                let found = edit.change == .removeLastDuplicate && last
                    ? ms.lastIndex { $0.key == k } : ms.firstIndex { $0.key == k }
                guard let i = found else { return nil }
                if last {
                    switch edit.change {
                    case .remove, .removeLastDuplicate:
                        ms.remove(at: i)
                    case .unknown(let dropping):
                        guard case .object(var fields) = ms[i].value.value else { return nil }
                        fields.removeAll { dropping.contains($0.key) || $0.key == "unknown" }
                        // A class has no "unknown": its notes say what was not loaded.
                        if let line, edit.steps.count > 2 || edit.steps.first != .key("classes") { fields.append(JSONNode.Member("unknown", JSONNode(.string(line), at: ms[i].value.position))) }
                        ms[i].value = JSONNode(.object(fields), at: ms[i].value.position)
                    }
                } else {
                    guard let changed = go(ms[i].value, rest.dropFirst()) else { return nil }
                    ms[i].value = changed
                }
                return JSONNode(.object(ms), at: node.position)
            case (.index(let i), .array(var items)):
                guard i >= 0, i < items.count else { return nil }
                if last {
                    guard edit.change != .removeLastDuplicate else { return nil }
                    if case .unknown = edit.change { return nil }
                    items.remove(at: i)
                } else {
                    guard let changed = go(items[i], rest.dropFirst()) else { return nil }
                    items[i] = changed
                }
                return JSONNode(.array(items), at: node.position)
            default:
                return nil
            }
        }
        return go(document, edit.steps[...])
    }

    /// The Swift line of the fact at `steps` (its own `at`, else its class's): where its note goes.
    static func swiftLine(of steps: [Step], in document: JSONNode) -> String? {
        var i = steps.count
        while i > 0 {
            if case .string(let text)? = node(at: Array(steps.prefix(i)), in: document)?["at"]?.value, CodeLocation(text) != nil { return text }
            i -= 1
        }
        return nil
    }

    /// Applies every error's edit (one per fact) and notes each at its Swift line; `changed` is
    /// false when no error names a fact of the code half that is still there.
    static func degrade(_ document: JSONNode, errors: [Diagnostic]) -> (document: JSONNode, changed: Bool) {
        var edits: [Edit: String] = [:]
        for d in errors where d.severity == .error {
            guard let e = edit(for: d.path, message: d.message, in: document) else { continue }
            if edits[e] == nil { edits[e] = d.message }
        }
        var out = document
        var changed = false
        // Highest index first (Step's order): an element removed never shifts another edit's
        // path; a unit before the parts inside it, which then are gone with it.
        for e in edits.keys.sorted(by: { $0.steps.lexicographicallyPrecedes($1.steps) }) {
            let line = swiftLine(of: e.steps, in: out)
            guard let applied = apply(e, to: out, line: line) else { continue }
            out = applied
            changed = true
            if let line { out = noting("\(line): not loaded: \(edits[e]!); read as unknown", at: e.steps, in: out) }
        }
        return (out, changed)
    }

    /// The note on the class holding the fact, or on the flow for launch and the rest.
    static func noting(_ note: String, at steps: [Step], in document: JSONNode) -> JSONNode {
        guard case .object(var top) = document.value else { return document }
        if steps.count >= 2, steps[0] == .key("classes"), case .key(let name) = steps[1],
           let ci = top.firstIndex(where: { $0.key == "classes" }), case .object(var classes) = top[ci].value.value,
           let i = classes.firstIndex(where: { $0.key == name }) {
            classes[i].value = SourcesMerge.appending(note: note, to: classes[i].value)
            top[ci].value = JSONNode(.object(classes), at: top[ci].value.position)
            return JSONNode(.object(top), at: document.position)
        }
        let n = JSONNode(.string(note), at: document.position)
        if let i = top.firstIndex(where: { $0.key == "notes" }), case .array(let list) = top[i].value.value {
            top[i].value = JSONNode(.array(list + [n]), at: top[i].value.position)
        } else {
            top.append(JSONNode.Member("notes", JSONNode(.array([n]), at: document.position)))
        }
        return JSONNode(.object(top), at: document.position)
    }
}
