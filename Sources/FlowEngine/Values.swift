import FlowModel

/// What a segue's or action's `sender` is: text to show, and for seed 002 a typed destination box.
/// A tapped control, a selected cell or a view controller is kept as data and turned into text
/// only when read (an expression or a note reads it; most segues never do). Equal when the texts
/// and boxes are equal.
public struct SenderValue: Hashable, Sendable {
    enum Source: Hashable, Sendable {
        case text(String?)
        /// `the 'NAME' control`
        case control(String)
        /// `<UITableViewCell> at [SECTION, ROW]`
        case cell(section: Int, row: Int)
        /// `<Module.Class: 0x…>`
        case instance(Int, runtimeName: String)
    }

    var source: Source
    public var box: BoxedDestination?

    public static let none = SenderValue(text: nil, box: nil)

    public init(text: String?, box: BoxedDestination? = nil) {
        self.source = .text(text)
        self.box = box
    }

    init(_ source: Source) {
        self.source = source
        self.box = nil
    }

    public var text: String? {
        get {
            switch source {
            case .text(let t): return t
            case .control(let c): return "the '\(c)' control"
            case .cell(let section, let row): return "<UITableViewCell> at [\(section), \(row)]"
            case .instance(let id, let runtimeName): return "<\(runtimeName): \(Simulator.address(id))>"
            }
        }
        set { source = .text(newValue) }
    }

    /// Whether there is no text, without making it.
    var isNil: Bool {
        if case .text(nil) = source { return true }
        return false
    }

    public static func == (a: SenderValue, b: SenderValue) -> Bool { a.text == b.text && a.box == b.box }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(box)
    }
}

/// `Box(.Devices(userAuth: …, model: …))`: an enum case with its associated values.
public struct BoxedDestination: Hashable, Sendable {
    public var caseName: String
    public var values: [String: String]
    public var order: [String]

    public var text: String {
        let args = order.map { "\($0): \(values[$0] ?? "nil")" }.joined(separator: ", ")
        return args.isEmpty ? "Box(.\(caseName))" : "Box(.\(caseName)(\(args)))"
    }
}

/// The scope an expression is evaluated in: the object whose code runs, the segue's sender
/// and identifier, and for a typed destination's `case`, its associated values.
struct Scope {
    var selfID: Int?
    var sender: SenderValue = .none
    var identifier: String?
    var locals: [String: String] = [:]
}

/// Thrown through the engine when the simulated app crashes; caught once per command.
struct CrashSignal: Error {
    var crash: Crash
}

extension Simulator {
    /// The Swift runtime's location prefix: `Module/File.swift:LINE`.
    func location(file: String, line: Int?) -> String {
        line.map { "\(flow.module)/\(file):\($0)" } ?? "\(flow.module)/\(file)"
    }

    static let nilUnwrap = "Unexpectedly found nil while implicitly unwrapping an Optional value"

    /// Resolves the names the engine knows inside a Swift-like expression, keeping the rest as
    /// text. Reading a nil implicitly unwrapped dependency traps, as Swift does.
    func evaluate(_ expression: String, in scope: Scope) throws(CrashSignal) -> String? {
        // Works on UTF-8 bytes: Character-by-Character scanning costs a Unicode property lookup
        // per character, and expressions are evaluated on every segue. Bytes of non-ASCII
        // scalars count as identifier characters, as Swift allows them in names.
        var bytes = Array(expression.utf8)
        var start = 0
        var end = bytes.count
        while start < end && bytes[start] == 0x20 { start += 1 }
        while end > start && bytes[end - 1] == 0x20 { end -= 1 }
        if start > 0 || end < bytes.count { bytes = Array(bytes[start..<end]) }
        let chars = bytes
        if chars.count == 3 && chars[0] == 0x6E && chars[1] == 0x69 && chars[2] == 0x6C { return nil }
        // Most expressions name no local and most classes have no dependency: skip those
        // lookups (each hashes the word) when there is nothing to find.
        let hasLocals = !scope.locals.isEmpty
        let dependencies = scope.selfID.map { info(of: $0).dependencyByName } ?? [:]
        func isHead(_ b: UInt8) -> Bool { b == 0x5F || (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b >= 0x80 }
        func isBody(_ b: UInt8) -> Bool { isHead(b) || (b >= 0x30 && b <= 0x39) }
        func text(_ r: Range<Int>) -> String { String(decoding: chars[r], as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count + 16)
        var i = 0
        var soleValueIsNil = false
        var tokens = 0
        while i < chars.count {
            let c = chars[i]
            if c == 0x22 {
                // String literals are copied untouched.
                var j = i + 1
                while j < chars.count && chars[j] != 0x22 { j += chars[j] == 0x5C ? 2 : 1 }
                out.append(contentsOf: chars[i..<min(j + 1, chars.count)])
                i = j + 1
                tokens += 1
                continue
            }
            guard isHead(c) else {
                out.append(c)
                i += 1
                if c != 0x20 && c != 0x09 { tokens += 1 }
                continue
            }
            var j = i
            while j < chars.count && isBody(chars[j]) { j += 1 }
            let afterDot = i > 0 && chars[i - 1] == 0x2E
            if afterDot && !(j - i == 4 && chars[i] == 0x73 && chars[i + 1] == 0x65 && chars[i + 2] == 0x6C && chars[i + 3] == 0x66) {
                // A member name (`.item`): kept as written, without making a string of it.
                out.append(contentsOf: chars[i..<j])
                tokens += 1
                i = j
                continue
            }
            var word = text(i..<j)
            var explicitSelf = false
            if word == "self", j < chars.count, chars[j] == 0x2E {
                var k = j + 1
                while k < chars.count && isBody(chars[k]) { k += 1 }
                if k > j + 1 {
                    word = text((j + 1)..<k)
                    explicitSelf = true
                    j = k
                }
            }
            tokens += 1
            func member(_ name: StaticString) -> Bool {
                let n = name.utf8CodeUnitCount
                guard j + 1 + n <= chars.count, chars[j] == 0x2E else { return false }
                let m = name.utf8Start
                for k in 0..<n where chars[j + 1 + k] != m[k] { return false }
                let after = j + 1 + n
                return after == chars.count || !isBody(chars[after])
            }
            func emit(_ s: String) { out.append(contentsOf: s.utf8) }
            if afterDot && !explicitSelf {
                emit(word)
            } else if hasLocals, !explicitSelf, let local = scope.locals[word] {
                emit(local)
            } else if word == "selection" && !explicitSelf {
                let sel = scope.selfID.flatMap { state[$0].selection }
                if member("row") {
                    emit(sel.map { "\($0[1])" } ?? "nil")
                    j += 4
                } else if member("section") {
                    emit(sel.map { "\($0[0])" } ?? "nil")
                    j += 8
                } else {
                    emit(sel.map { "[\($0[0]), \($0[1])]" } ?? "nil")
                    if sel == nil { soleValueIsNil = true }
                }
            } else if word == "sender" && !explicitSelf {
                emit(scope.sender.box?.text ?? scope.sender.text ?? "nil")
                if scope.sender.box == nil && scope.sender.isNil { soleValueIsNil = true }
            } else if word == "segue" && !explicitSelf && member("identifier") {
                emit(scope.identifier.map { "\"\($0)\"" } ?? "nil")
                if scope.identifier == nil { soleValueIsNil = true }
                j += 11
            } else if !dependencies.isEmpty, let id = scope.selfID, let dep = dependencies[word] {
                let slot = state.slot(word, of: id).map { state.slots[$0] }
                if let v = slot?.value {
                    emit(v)
                } else {
                    if dep.injection == .implicitlyUnwrapped {
                        throw CrashSignal(crash: .trap(
                            location: location(file: info(declaringClass(of: word, in: state.className(of: id))).file, line: nil),
                            kind: "Fatal error", message: Self.nilUnwrap))
                    }
                    emit("nil")
                    soleValueIsNil = true
                }
            } else {
                emit(explicitSelf ? "self.\(word)" : word)
            }
            i = j
        }
        if soleValueIsNil && tokens == 1 { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    func declaringClass(of dependency: String, in className: String) -> String {
        info(className).declaringClass[dependency] ?? className
    }

    func holds(_ condition: Condition, in scope: Scope) -> Bool {
        switch condition {
        case .always: return true
        case .never: return false
        case .selection: return scope.selfID.flatMap { state[$0].selection } != nil
        case .noSelection: return scope.selfID.flatMap { state[$0].selection } == nil
        case .isNil(let name), .isNotNil(let name):
            let value = scope.selfID.flatMap { id in state.slot(name, of: id).flatMap { state.slots[$0].value } }
            if case .isNil = condition { return value == nil }
            return value != nil
        }
    }
}

extension String {
    func trimmingCharacters(in c: Character) -> String {
        var s = Substring(self)
        while s.first == c { s.removeFirst() }
        while s.last == c { s.removeLast() }
        return String(s)
    }
}
