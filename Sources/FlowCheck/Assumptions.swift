import FlowEngine
import FlowModel

/// What a finding rests on that flownav did not read (issue 30): the reader's notes on the code
/// that ran, values set by unread code, a guessed entry, a segue performed because no read code
/// performs it. A finding with any of these is possible, not definite.
///
/// An exploration finding's path is replayed with every event (the exploration keeps only the
/// few it counts): the step that found it says what ran — the command's code action, the
/// `prepare` and segue action of the segue it performed, the `viewDidLoad` of what it loaded,
/// the initializers. An earlier step counts only for a finding about a value (a nil read, an
/// assertion) and only when it made or injected into a view controller whose code ran in the
/// last step: that is where the value came from. Reaching a screen through a
/// manual segue is not, by itself, an assumption about what the screen then does.
struct Assumptions {
    let flow: Flow
    let perform: ExploreOptions.Perform
    /// Per class, the reader's notes on it, with the member each is about (nil: the class).
    private var notes: [String: [ClassNote]] = [:]
    /// The reader's notes (of classes and of the flow) by their Swift line.
    private var notesAt: [CodeLocation: [String]] = [:]

    struct ClassNote {
        /// `prepare(for:sender:)`, `showDetail(_:)`; nil when the note names no member.
        var member: String?
        var words: String
    }

    init(flow: Flow, perform: ExploreOptions.Perform) {
        self.flow = flow
        self.perform = perform
        // In name order: two classes' notes at one line are listed the same way in every run.
        for name in flow.classes.keys.sorted() {
            let c = flow.classes[name]!
            var list: [ClassNote] = []
            for note in c.notes {
                if let n = SourceNoteText(note) {
                    let words = "code flownav did not read, at \(n.location): \(n.text)"
                    list.append(ClassNote(member: Self.member(of: n.text), words: words))
                    notesAt[n.location, default: []].append(words)
                } else if note.hasPrefix("no Swift source declares ") {
                    list.append(ClassNote(member: nil, words: "\(name) is assumed: \(note)"))
                }
            }
            if !list.isEmpty { notes[name] = list }
        }
        for note in flow.notes {
            guard let n = SourceNoteText(note) else { continue }
            notesAt[n.location, default: []].append("code flownav did not read, at \(n.location): \(n.text)")
        }
    }

    /// `showDetail(_:)` of `showDetail(_:): the class it builds is not read`; nil when the note
    /// does not start with a member (`superclass X is not in the sources`).
    static func member(of text: String) -> String? {
        guard let close = text.firstIndex(of: ")"), text[text.index(after: close)...].hasPrefix(": "),
              let open = text.firstIndex(of: "("), open > text.startIndex, open < close,
              text[..<open].allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber })
        else { return nil }
        return String(text[...close])
    }

    /// The notes of `className` and its superclasses about `member`, or about the class as a
    /// whole (conservative: where a note names no member, any code of the class may be it).
    func notes(of className: String, member: String) -> [String] {
        var out: [String] = []
        for c in flow.lineage(of: className) {
            for n in notes[c] ?? [] where n.member == nil || n.member == member { out.append(n.words) }
        }
        return out
    }

    // MARK: Exploration findings

    /// The assumptions of an exploration finding of `rule` reached by `commands` from launch
    /// (the last one found it; none: the launch did).
    func exploration(_ rule: Rule, message: String, commands: [Command], from unlaunched: Simulator) -> [String] {
        var sim = unlaunched
        sim.eventDetail = .all
        var steps: [(command: Command?, events: [Event])] = [(nil, sim.launch())]
        var receivers: [Int?] = [nil]
        for c in commands {
            receivers.append(Self.receiver(of: c, in: sim.state))
            var events: [Event] = []
            _ = sim.run(c, into: &events)
            steps.append((c, events))
        }
        let state = sim.state
        let last = steps.count - 1
        let aboutValue = Self.isAboutValue(rule, message: message)
        var out = assumptions(of: steps[last], receiver: receivers[last], state: state, values: aboutValue)
        for a in Self.splitCollapse(steps) where !out.contains(a) { out.append(a) }
        for a in Self.customSegueGuesses(steps) where !out.contains(a) { out.append(a) }
        for a in unreadSwipes(steps, state: sim.state) where !out.contains(a) { out.append(a) }
        if rule == Rules.forcedCastFails { out = ForcedCastFindings.withoutStatementsAfterTheCast(out, message: message) }
        guard aboutValue else { return out }
        var ran = Set<Int>()
        if let r = receivers[last] { ran.insert(r) }
        for e in steps[last].events { if let id = Self.subject(e) { ran.insert(id) } }
        for k in 0..<last where steps[k].events.contains(where: { Self.made(ran, $0) }) {
            for a in assumptions(of: steps[k], receiver: receivers[k], state: state, values: true) where !out.contains(a) { out.append(a) }
        }
        return out
    }

    /// A finding about a value that an earlier step may have set: a nil read, an assertion, a
    /// typed destination's box; not a `fatalError` in `init(coder:)`, which traps whatever was
    /// injected, nor a failed `as?`, which is about the destination's class.
    static func isAboutValue(_ rule: Rule, message: String) -> Bool {
        if rule == Rules.trap { return !message.contains("init(coder:)") }
        return rule == Rules.nilDependencyInViewDidLoad || rule == Rules.typedDestinationUnhandled
    }

    /// The view controller a command acts on, before it runs.
    static func receiver(of command: Command, in state: AppState) -> Int? {
        switch command {
        case .tap(_, let on), .select(_, _, let on), .call(_, let on), .perform(_, let on, _): on ?? state.frontmost
        case .back, .dismiss, .tab: state.frontmost
        }
    }

    /// The view controller whose code an event ran.
    static func subject(_ e: Event) -> Int? {
        switch e {
        case .called(let id, _, _): id
        case .lifecycle(let id, .viewDidLoad): id
        case .instantiated(let id, _): id
        default: nil
        }
    }

    /// Whether the event made one of `ids` or injected into it.
    static func made(_ ids: Set<Int>, _ e: Event) -> Bool {
        switch e {
        case .instantiated(let id, _), .injected(let id, _, _, _): ids.contains(id)
        default: false
        }
    }

    /// What one step rests on: the segue it performed for code flownav did not read, a screen
    /// of a class no Swift declares, the reader's notes on each method of the app that ran,
    /// values unread code sets, and at launch a guessed entry. `values`: the finding is about a
    /// value, so a value unread code sets that the step copies counts, not only one it tests.
    func assumptions(of step: (command: Command?, events: [Event]), receiver: Int?, state: AppState, values: Bool) -> [String] {
        var out: [String] = []
        func add(_ a: String) { if !out.contains(a) { out.append(a) } }
        if case .perform(let identifier, _, _)? = step.command, let receiver {
            add(performed(identifier, by: state.className(of: receiver)))
        }
        // The command acts on a class no Swift declares: what its code does there is assumed.
        if let receiver {
            for c in flow.lineage(of: state.className(of: receiver)) {
                for n in notes[c] ?? [] where n.words.contains(" is assumed: ") { add(n.words) }
            }
            if let scene = state.instances[receiver].scene, let a = unknownClass(ofScene: scene) { add(a) }
        }
        if step.command == nil { for a in launch() { add(a) } }
        for e in step.events {
            switch e {
            case .called(let id?, let method, _):
                let cls = state.className(of: id)
                for n in notes(of: cls, member: method) { add(n) }
                for a in unknownCode(cls, method: method, copied: values) { add(a) }
            case .lifecycle(let id, .viewDidLoad):
                let cls = state.className(of: id)
                for n in notes(of: cls, member: "viewDidLoad()") { add(n) }
                for a in unknownReads(cls) { add(a) }
            case .instantiated(let id, let via):
                let cls = state.className(of: id)
                switch via {
                case .initCoder: for n in notes(of: cls, member: "init(coder:)") { add(n) }
                case .code(let initializer, _): for n in notes(of: cls, member: initializer) { add(n) }
                case .segueAction: for n in notes(of: cls, member: "init(coder:)") where n.contains(" is assumed: ") { add(n) }
                }
            default:
                break
            }
        }
        return out
    }

    static let performedPrefix = "segue '"

    /// A scene whose class no Swift source of the app declares (`unknown-scene-class`): a stale
    /// scene, or a class the app has elsewhere; what its screen does is assumed.
    func unknownClass(ofScene scene: Int) -> String? {
        guard flow.sourcesRead, flow.hasUnknownClass(scene: scene) else { return nil }
        let s = flow.scenes[scene]
        return "scene '\(s.id)' is shown as UIKit's own class: no Swift source declares \(s.className), so what the app does there is assumed"
    }

    /// `perform ID`: the exploration performs a manual segue (with `--perform all`, any segue)
    /// that no read code action performs, from every state, as unread code may.
    func performed(_ identifier: String, by className: String) -> String {
        let text = Self.performedPrefix + "\(identifier)' is performed from code flownav did not read (check --perform \(perform.rawValue) performs it from every state)"
        // The reader's note where the app performs a segue flownav could not follow, as the place to look.
        for c in flow.lineage(of: className) {
            guard let decl = flow.classes[c] else { continue }
            for note in decl.notes {
                guard let n = SourceNoteText(note) else { continue }
                if n.text.contains(text: "'\(identifier)'") || n.text.contains(text: "computed at run time") {
                    return text + "; see \(n.location): \(n.text)"
                }
            }
        }
        return text
    }

    /// The launch: an entry the import guessed (the app sets its root in code flownav did not
    /// read), launch code not read, a root whose dependencies unread code sets.
    func launch() -> [String] {
        var out: [String] = []
        if flow.launch.root == nil {
            for n in flow.notes where n.contains("has no initial view controller") || n.contains("the flow starts at") {
                out.append("the entry is guessed: \(n)")
            }
        }
        if let u = flow.launch.root?.unknown { out.append("the root is set up by launch code flownav did not read, at \(u)") }
        for note in flow.notes {
            guard let n = SourceNoteText(note) else { continue }
            if n.text.contains(text: "scene(_:willConnectTo:options:)") || n.text.contains(text: "application(_:didFinishLaunchingWithOptions:)")
                || n.text.contains(text: "the window's root") {
                out.append("launch code flownav did not read, at \(n.location): \(n.text)")
            }
        }
        return out
    }

    /// A segue action or code action of `className` named `method` whose body flownav did not
    /// read, and the values unread code sets that the method tests (a `nilWhen`, a `guard`)
    /// or, with `copied`, copies (an argument, a `prepare` assignment): a copy matters only to
    /// a finding about a value, since whether a segue action returns nil rests on its
    /// `nilWhen`, not on what it would pass.
    func unknownCode(_ className: String, method: String, copied: Bool = true) -> [String] {
        var out: [String] = []
        var conditions: [Condition] = []
        var expressions: [String] = []
        for d in flow.declarations(of: className) {
            for s in d.segueActions where s.swiftName == method {
                if let u = s.unknown { out.append("\(d.name).\(method) is code flownav did not read, at \(u)") }
                conditions += s.nilWhen.map { [$0] } ?? []
                expressions += (s.arguments + s.set).map(\.expression)
            }
            for a in d.actions where a.name == method {
                if let u = a.unknown { out.append("\(d.name).\(method) runs code flownav did not read, at \(u)") }
                conditions += a.guardCondition.map { [$0] } ?? []
                expressions += (a.values + a.arguments + a.set).map(\.expression)
            }
            if method == "prepare(for:sender:)" {
                for c in d.prepare ?? [] {
                    conditions += c.guardCondition.map { [$0] } ?? []
                    expressions += c.set.map(\.expression)
                }
            }
            if method == "shouldPerformSegue(withIdentifier:sender:)" { conditions += d.shouldPerform.map { Array($0.values) } ?? [] }
        }
        if !copied { expressions = [] }
        for c in conditions {
            switch c {
            case .isNil(let name), .isNotNil(let name): expressions.append(name)
            default: break
            }
        }
        for e in expressions {
            if let a = unknownValue(e, of: className), !out.contains(a) { out.append(a) }
        }
        return out
    }

    /// When `expression` reads a property of `className` (`item`, `self.item?.name`) that code
    /// flownav did not read sets: that, in words.
    func unknownValue(_ expression: String, of className: String) -> String? {
        var e = Substring(expression)
        if e.hasPrefix("self.") { e = e.dropFirst(5) }
        let name = String(e.prefix { $0 == "_" || $0.isLetter || $0.isNumber })
        guard !name.isEmpty else { return nil }
        for d in flow.declarations(of: className) {
            if let dep = d.dependencies.first(where: { $0.name == name }), let u = dep.unknown {
                return "\(d.name).\(name) is set by code flownav did not read, at \(u)"
            }
        }
        return nil
    }

    /// The dependencies `viewDidLoad` of `className` reads that unread code sets.
    func unknownReads(_ className: String) -> [String] {
        var out: [String] = []
        let decls = flow.declarations(of: className)
        let used = Set(decls.flatMap { $0.viewDidLoad?.uses ?? [] })
        for d in decls {
            for dep in d.dependencies where used.contains(dep.name) {
                if let u = dep.unknown { out.append("\(d.name).\(dep.name) is set by code flownav did not read, at \(u)") }
            }
        }
        return out
    }

    // MARK: Lints

    /// The assumptions of a lint finding: the reader's notes on the member of the class it is
    /// about (a segue action not understood, an identifier from code not read).
    func lint(_ f: Finding) -> [String] {
        // A note at the very line the finding is about: the statement holding what the lint
        // read (an identifier in a call the reader did not understand) was not read as a whole.
        var out = f.code.flatMap { notesAt[$0] } ?? []
        if Self.stringRules.contains(f.rule.id) {
            // A string held against the storyboards is a fact of the line that holds it: what
            // else the class does (a superclass outside the sources, an unread statement in the
            // same method) does not change which identifiers its storyboard scenes own. The cast
            // lint is the model of an `as!` that the reader's note on that line says it did not read.
            return f.rule.id == "destination-cast-fails" ? out.filter { !$0.contains(" is not read as a forced cast: ") } : out
        }
        let path = f.origin?.path ?? ""
        if path.hasPrefix("classes."), let (cls, member) = Self.member(atPath: path) {
            out += notes(of: cls, member: member) + unknownCode(cls, method: member, copied: false)
        } else if path.hasPrefix("segues["), let close = path.firstIndex(of: "]"),
                  let i = Int(path[path.index(path.startIndex, offsetBy: 7)..<close]), flow.segues.indices.contains(i) {
            let segue = flow.segues[i]
            let source = flow.scenes[segue.source].className
            // The segue action of the segue, on its source's class.
            if let selector = segue.action?.selector,
               let d = flow.declarations(of: source).first(where: { $0.segueActions.contains { $0.selector == selector } }),
               let s = d.segueActions.first(where: { $0.selector == selector }) {
                out += notes(of: d.name, member: s.swiftName) + unknownCode(d.name, method: s.swiftName, copied: false)
            }
            // A source class no Swift declares: what it does when the segue is performed is assumed.
            for c in flow.lineage(of: source) { out += (notes[c] ?? []).filter { $0.words.contains(" is assumed: ") }.map(\.words) }
            if let a = unknownClass(ofScene: segue.source) { out.append(a) }
        }
        var unique: [String] = []
        for a in out where !unique.contains(a) { unique.append(a) }
        return unique
    }

    /// Lints that hold a string the Swift names (a segue identifier, a Storyboard ID, a
    /// storyboard's name) or a forced cast against the storyboards.
    static let stringRules: Set<String> = [
        "unknown-segue-identifier", "segue-identifier-never-matches", "unknown-storyboard-identifier",
        "unknown-storyboard-name", "destination-cast-fails",
    ]

    /// `classes.C.segueActions["m(_:)"]` → (C, `m(_:)`); `classes.C.prepare[2]` → (C, `prepare(for:sender:)`).
    static func member(atPath path: String) -> (String, String)? {
        let rest = path.dropFirst(8)
        let name = rest.prefix { $0 != "." && $0 != "[" }
        let tail = rest.dropFirst(name.count)
        for (key, member) in [(".prepare", "prepare(for:sender:)"), (".viewDidLoad", "viewDidLoad()"), (".initCoder", "init(coder:)"),
                              (".shouldPerform", "shouldPerformSegue(withIdentifier:sender:)")] where tail.hasPrefix(key) {
            return (String(name), member)
        }
        for key in [".segueActions[\"", ".actions[\"", ".unwindActions[\""] where tail.hasPrefix(key) {
            let m = tail.dropFirst(key.count).prefix { $0 != "\"" }
            return (String(name), String(m))
        }
        return nil
    }
}
