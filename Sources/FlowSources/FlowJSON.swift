import FlowModel

/// Writes what was read as flow format 1 JSON: `protocols`, `launch`, `classes`, `references` and `notes`,
/// keys in a stable order, so that a fragment can be read, diffed and merged under a
/// hand-written flow. Swift positions go into `line` keys and into `notes`.
public enum FlowJSON {
    public static func fragment(_ facts: SourceFacts) -> String {
        var w = Writer()
        w.open("{")
        let classNotes = Dictionary(grouping: facts.notes.filter { facts.classes[$0.subject] != nil }, by: \.subject)
        let otherNotes = facts.notes.filter { facts.classes[$0.subject] == nil }
        if !facts.destinations.isEmpty {
            w.key("destinations")
            w.open("{")
            for (name, d) in facts.destinations.sorted(by: { $0.key < $1.key }) {
                w.key(name)
                w.open("{")
                w.key("cases")
                w.open("{")
                for c in d.cases {
                    w.key(c.name)
                    var fields: [String] = []
                    if !c.values.isEmpty { fields.append("\"values\": [" + c.values.map(q).joined(separator: ", ") + "]") }
                    if let s = c.segue { fields.append("\"segue\": \(q(s))") }
                    w.inline("{ " + fields.joined(separator: ", ") + " }")
                }
                w.close("}")
                w.close("}")
            }
            w.close("}")
        }
        if !facts.protocols.isEmpty {
            w.key("protocols")
            w.open("{")
            for (name, p) in facts.protocols.sorted(by: { $0.key < $1.key }) {
                w.key(name)
                w.inline("{ \"objc\": \(p.objc) }")
            }
            w.close("}")
        }
        if facts.launch.root != nil || !facts.launch.inject.isEmpty {
            w.key("launch")
            w.open("{")
            if let r = facts.launch.root {
                w.key("root")
                // A storyboard scene named in code: the import resolves "storyboard" into "scene".
                var fields = r.storyboardName.map { ["\"storyboard\": \(q($0))"] + (r.storyboardIdentifier.map { ["\"identifier\": \(q($0))"] } ?? []) }
                    ?? ["\"class\": \(q(r.className))"]
                if let i = r.initializer { fields.append("\"initializer\": \(q(i))") }
                if !r.arguments.isEmpty { fields.append("\"arguments\": \(assignments(r.arguments))") }
                if let e = r.embedIn { fields.append("\"embedIn\": \(q(e))") }
                if let u = r.unknown { fields.append("\"unknown\": \(q(u.description))") }
                if let at = at(r.origin) { fields.append(at) }
                w.inline("{ " + fields.joined(separator: ", ") + " }")
            }
            if !facts.launch.inject.isEmpty {
                w.key("inject")
                w.open("[")
                for c in facts.launch.inject { w.item(prepareCase(c)) }
                w.close("]")
            }
            w.close("}")
        }
        if !facts.segueClasses.isEmpty {
            w.key("segueClasses")
            w.open("{")
            for (name, c) in facts.segueClasses.sorted(by: { $0.key < $1.key }) {
                w.key(name)
                var fields = ["\"perform\": \(q(c.perform.rawValue))"]
                if let s = c.modalPresentationStyle { fields.append("\"modalPresentationStyle\": \(q(s.rawValue))") }
                if let at = at(c.origin) { fields.append(at) }
                w.inline("{ " + fields.joined(separator: ", ") + " }")
            }
            w.close("}")
        }
        w.key("classes")
        w.open("{")
        for (name, c) in facts.classes.sorted(by: { $0.key < $1.key }) {
            w.key(name)
            classEntry(c, notes: classNotes[name] ?? [], &w)
        }
        w.close("}")
        if !facts.references.isEmpty {
            w.key("references")
            w.open("[")
            for r in facts.references { w.item(reference(r)) }
            w.close("]")
        }
        if !facts.splitDelegates.isEmpty {
            w.key(SplitDelegateFact.fragmentKey)
            w.open("[")
            for d in facts.splitDelegates { w.item(d.json) }
            w.close("]")
        }
        if !otherNotes.isEmpty {
            w.key("notes")
            w.open("[")
            for n in otherNotes { w.item(q(n.description)) }
            w.close("]")
        }
        w.close("}")
        return w.out + "\n"
    }

    private static func classEntry(_ c: ClassDecl, notes: [SourceNote], _ w: inout Writer) {
        w.open("{")
        w.key("superclass"); w.inline(q(c.superclass))
        w.key("file"); w.inline(q(c.file))
        if let p = c.origin.position { w.key("at"); w.inline(q("\(c.origin.path):\(p.line)")) }
        if !c.conformsTo.isEmpty { w.key("conformsTo"); w.inline("[" + c.conformsTo.map(q).joined(separator: ", ") + "]") }
        if !c.outlets.isEmpty { w.key("outlets"); w.inline(outlets(c.outlets)) }
        if !c.dependencies.isEmpty {
            w.key("dependencies")
            w.open("{")
            for d in c.dependencies {
                w.key(d.name)
                var fields = ["\"type\": \(q(d.type))", "\"injection\": \(q(d.injection.rawValue))"]
                if let v = d.defaultValue { fields.append("\"default\": \(q(v))") }
                if let at = at(d.origin) { fields.append(at) }
                if let u = d.unknown { fields.append("\"unknown\": \(q(u.description))") }
                w.inline("{ " + fields.joined(separator: ", ") + " }")
            }
            w.close("}")
        }
        if !c.initializers.isEmpty {
            w.key("initializers")
            w.open("{")
            for i in c.initializers {
                w.key(i.name)
                var fields = ["\"sets\": [" + i.sets.map(q).joined(separator: ", ") + "]", "\"callsSuper\": \(q(i.callsSuper.rawValue))"]
                if let n = i.nib { fields.append("\"nib\": \(q(n))") }
                if let at = at(i.origin) { fields.append(at) }
                w.inline("{ " + fields.joined(separator: ", ") + " }")
            }
            w.close("}")
        }
        switch c.initCoder {
        case .fatalError(let message, let line)?:
            w.key("initCoder")
            w.inline("{ \"fatalError\": \(q(message))" + (line.map { ", \"line\": \($0)" } ?? "")
                + (c.initCoderOrigin.flatMap(at).map { ", " + $0 } ?? "") + " }")
        case .inherited?, nil:
            break
        }
        // The three lifecycle methods share one shape; only viewDidLoad's outlets are read.
        for (key, v) in [("viewDidLoad", c.viewDidLoad), ("viewWillAppear", c.viewWillAppear), ("viewDidAppear", c.viewDidAppear)] {
            guard let v else { continue }
            w.key(key)
            var fields = ["\"uses\": [" + v.uses.map(q).joined(separator: ", ") + "]"]
            if !v.asserts.isEmpty { fields.append("\"asserts\": [" + v.asserts.map(q).joined(separator: ", ") + "]") }
            if let l = v.line { fields.append("\"line\": \(l)") }
            if !v.lines.isEmpty {
                fields.append("\"lines\": { " + v.lines.sorted { $0.key < $1.key }.map { "\(q($0.key)): \($0.value)" }.joined(separator: ", ") + " }")
            }
            if let at = at(v.origin) { fields.append(at) }
            if !v.outlets.isEmpty { fields.append(outletAccesses(v.outlets)) }
            w.inline("{ " + fields.joined(separator: ", ") + " }")
        }
        if !c.segueActions.isEmpty {
            w.key("segueActions")
            w.open("{")
            for a in c.segueActions {
                w.key(a.swiftName)
                var fields: [String] = []
                if let at = at(a.origin) { fields.append(at) }
                if a.selector != ObjCSelector.derive(fromSwiftName: a.swiftName) { fields.append("\"selector\": \(q(a.selector))") }
                if let r = a.returns { fields.append("\"returns\": \(q(r))") }
                if let i = a.initializer { fields.append("\"initializer\": \(q(i))") }
                if !a.arguments.isEmpty { fields.append("\"arguments\": \(assignments(a.arguments))") }
                if let n = a.nilWhen { fields.append("\"nilWhen\": \(q(n.description))") }
                if !a.set.isEmpty { fields.append("\"set\": \(assignments(a.set))") }
                if let l = a.origin.position?.line { fields.append("\"line\": \(l)") }
                if let u = a.unknown { fields.append("\"unknown\": \(q(u.description))") }
                w.inline("{ " + fields.joined(separator: ", ") + " }")
            }
            w.close("}")
        }
        if let cases = c.prepare {
            w.key("prepare")
            w.open("[")
            for p in cases { w.item(prepareCase(p)) }
            w.close("]")
        }
        if let s = c.shouldPerform {
            w.key("shouldPerform")
            w.inline("{ " + s.sorted(by: { $0.key < $1.key }).map { "\(q($0.key)): \(q($0.value.description))" }.joined(separator: ", ") + " }")
        }
        if !c.methods.isEmpty {
            w.key("methods")
            w.open("{")
            for m in c.methods {
                w.key(m.name)
                if let o = m.outlets, !o.isEmpty {
                    w.inline("{ \"sets\": [" + m.sets.map(q).joined(separator: ", ") + "], " + outletAccesses(o) + " }")
                } else if m.cases.isEmpty {
                    w.inline("{ \"sets\": [" + m.sets.map(q).joined(separator: ", ") + "] }")
                } else {
                    w.inline("{ \"cases\": { " + m.cases.map { "\(q($0.name)): { \"set\": \(assignments($0.set)) }" }.joined(separator: ", ") + " } }")
                }
            }
            w.close("}")
        }
        if !c.unwindActions.isEmpty {
            w.key("unwindActions")
            if c.unwindActions.allSatisfy({ c.unwindActionOrigins[$0] == nil }) {
                w.inline("[" + c.unwindActions.map(q).joined(separator: ", ") + "]")
            } else {
                // The object form keeps each action's line.
                w.open("{")
                for u in c.unwindActions {
                    w.key(u)
                    w.inline(c.unwindActionOrigins[u].flatMap(at).map { "{ \($0) }" } ?? "{}")
                }
                w.close("}")
            }
        }
        if !c.actions.isEmpty {
            w.key("actions")
            w.open("{")
            for a in c.actions {
                w.key(a.name)
                var fields = ["\"trigger\": \(q(a.trigger.description))", "\"do\": \(q(a.kind.rawValue))"]
                if let s = a.segue { fields.append("\"segue\": \(q(s))") }
                if let s = a.sender { fields.append("\"sender\": \(q(s))") }
                if let d = a.destination { fields.append("\"destination\": \(q(d))") }
                if !a.values.isEmpty { fields.append("\"values\": \(assignments(a.values))") }
                if let cl = a.className { fields.append("\"class\": \(q(cl))") }
                if let i = a.initializer { fields.append("\"initializer\": \(q(i))") }
                if !a.arguments.isEmpty { fields.append("\"arguments\": \(assignments(a.arguments))") }
                if let sb = a.storyboardName { fields.append("\"storyboard\": \(q(sb))") }
                if let i = a.storyboardIdentifier { fields.append("\"identifier\": \(q(i))") }
                // The scene's class is the storyboard's: the code's `as!` on it may trap.
                if let c = a.forcedCast, a.storyboardIdentifier != nil || a.storyboardName != nil { fields.append("\"as!\": \(q(c))") }
                if !a.set.isEmpty { fields.append("\"set\": \(assignments(a.set))") }
                if let e = a.embedIn { fields.append("\"embedIn\": \(q(e))") }
                if let g = a.guardCondition { fields.append("\"guard\": \(q(g.description))") }
                fields += presentationFields(a)
                if let u = a.unknown { fields.append("\"unknown\": \(q(u.description))") }
                if let r = a.receiver { fields.append("\"receiver\": \(q(r))") }
                if !a.outlets.isEmpty { fields.append(outletAccesses(a.outlets)) }
                if let at = at(a.origin) { fields.append(at) }
                w.inline("{ " + fields.joined(separator: ", ") + " }")
            }
            w.close("}")
        }
        for m in dismissalMembers(c) { w.key(m.key); w.inline(m.value) }
        // The class's own position first, so a reader of the flow finds the Swift declaration.
        let declared = c.origin.position.map { "declared at \(c.origin.path):\($0.line)" }
        let texts = (declared.map { [$0] } ?? []) + notes.map { "\($0.location.file):\($0.location.line): \($0.text)" }
        w.key("notes")
        w.inline("[" + texts.map(q).joined(separator: ", ") + "]")
        w.close("}")
    }

    private static func reference(_ r: SourceReference) -> String {
        var fields = ["\"kind\": \(q(r.kind.rawValue))", "\"name\": \(q(r.name))"]
        if let c = r.className { fields.append("\"class\": \(q(c))") }
        if let s = r.storyboard { fields.append("\"storyboard\": \(q(s))") }
        if let s = r.segue { fields.append("\"segue\": \(q(s))") }
        fields.append("\"at\": \(q(r.at.description))")
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    private static func prepareCase(_ c: PrepareCase) -> String {
        var fields: [String] = []
        if let s = c.segue { fields.append("\"segue\": \(q(s))") }
        if let b = c.branch {
            fields.append("\"chain\": \(b.chain), \"branch\": \(b.index)")
            if b.castInBody { fields.append("\"castInBody\": true") }
        }
        if !c.unwrap.isEmpty {
            // `navigationTop!`: the container cast before the step is `as!`.
            fields.append("\"unwrap\": [" + c.unwrap.indices.map { q(c.unwrap[$0].rawValue + (c.forcedUnwraps.contains($0) ? "!" : "")) }.joined(separator: ", ") + "]")
        }
        if let a = c.cast { fields.append("\"\(c.forced ? "as!" : "as")\": \(q(a))") }
        if let g = c.guardCondition { fields.append("\"guard\": \(q(g.description))") }
        if c.exits { fields.append("\"exits\": true") }
        if !c.set.isEmpty { fields.append("\"set\": \(assignments(c.set))") }
        if let call = c.call { fields.append("\"call\": \(q(call))") }
        if let with = c.with { fields.append("\"with\": \(q(with))") }
        if !c.outlets.isEmpty { fields.append(outletAccesses(c.outlets)) }
        if let at = at(c.origin) { fields.append(at) }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    private static func assignments(_ list: [Assignment]) -> String {
        "{ " + list.map { "\(q($0.name)): \(q($0.expression))" }.joined(separator: ", ") + " }"
    }

    static func q(_ s: String) -> String { JSONWriter.quoted(s) }

    /// `"at": "PATH:LINE"`: the Swift line a fact was read from (the path relative to the folder
    /// read; the importer makes it relative to the working directory).
    private static func at(_ o: Origin) -> String? {
        guard let p = o.position, !o.path.isEmpty else { return nil }
        return "\"at\": " + q("\(o.path):\(p.line)")
    }
}

/// Indented JSON, one member a line; commas placed as members follow one another.
private struct Writer {
    var out = ""
    private var depth = 0
    private var first = [true]
    private var afterKey = false

    private mutating func separate() {
        if afterKey { afterKey = false; return }
        if !first[first.count - 1] { out += "," }
        first[first.count - 1] = false
        if depth > 0 { out += "\n" + String(repeating: "  ", count: depth) }
    }

    mutating func key(_ k: String) {
        separate()
        out += FlowJSON.q(k) + ": "
        afterKey = true
    }

    mutating func inline(_ v: String) {
        separate()
        out += v
    }

    mutating func item(_ v: String) { inline(v) }

    mutating func open(_ bracket: String) {
        separate()
        out += bracket
        depth += 1
        first.append(true)
    }

    mutating func close(_ bracket: String) {
        let empty = first.removeLast()
        depth -= 1
        if !empty { out += "\n" + String(repeating: "  ", count: depth) }
        out += bracket
    }
}
