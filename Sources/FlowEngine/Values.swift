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
    ///
    /// `copiesNil`: the value goes where an Optional may go (an implicitly unwrapped or optional
    /// property), so an expression that is nothing but a nil implicitly unwrapped dependency
    /// copies the nil instead of trapping: Swift unwraps an IUO only where a non-optional is needed.
    func evaluate(_ expression: String, in scope: Scope, copiesNil: Bool = false) throws(CrashSignal) -> String? {
        if let compiled = index.expressions[expression] { return try evaluate(compiled, in: scope, copiesNil: copiesNil) }
        return try evaluate(CompiledExpression(expression), in: scope, copiesNil: copiesNil)
    }

    /// `resolved`: the dependency each piece names, when the caller has them worked out for the
    /// class of `scope.selfID` (a segue action's arguments); otherwise names are looked up.
    func evaluate(_ e: CompiledExpression, in scope: Scope, resolved: [Dependency?]? = nil, copiesNil: Bool = false) throws(CrashSignal) -> String? {
        if e.isNil { return nil }
        // The common shapes without building anything: one name, or text alone.
        if e.pieces.count == 1, case .text(let t) = e.pieces[0] { return t }
        // Most expressions name no local and most classes have no dependency: skip those
        // lookups (each hashes the name) when there is nothing to find.
        let hasLocals = !scope.locals.isEmpty
        let classInfo = scope.selfID.map { info(of: $0) }
        let hasDependencies = !(classInfo?.dependencies.isEmpty ?? true)
        var out = ValueText()
        var soleValueIsNil = false
        /// A dependency's value, nil when it has none; traps for a nil implicitly unwrapped one.
        func dependency(_ name: String, _ k: Int) throws(CrashSignal) -> String?? {
            guard hasDependencies, let id = scope.selfID,
                  let dep = resolved.map({ $0[k] }) ?? classInfo?.dependencyByName[name] else { return .none }
            if let v = state.slot(name, of: id).flatMap({ state.value(ofSlot: $0) }) { return .some(v) }
            if dep.injection == .implicitlyUnwrapped && !(copiesNil && e.tokens == 1) {
                throw CrashSignal(crash: .trap(
                    location: location(file: info(declaringClass(of: name, in: state.className(of: id))).file, line: nil),
                    kind: "Fatal error", message: Self.nilUnwrap))
            }
            return .some(nil)
        }
        try e.pieces.withUnsafeBufferPointer { (pieces) throws(CrashSignal) in
            for k in pieces.indices {
                // Borrowed in place: a copy of each piece retained and released its strings.
                switch pieces[k] {
                case .text(let t):
                    out.append(t)
                case .selfMember(let name):
                    switch try dependency(name, k) {
                    case .none:
                        out.append("self.")
                        out.append(name)
                    case .some(let v?): out.append(v)
                    case .some(nil):
                        out.appendNil()
                        soleValueIsNil = true
                    }
                case .name(let name, let special, let rest):
                    if hasLocals, let local = scope.locals[name] {
                        out.append(local)
                        out.append(rest)
                        continue
                    }
                    switch special {
                    case .selection:
                        if let sel = scope.selfID.flatMap({ state[$0].selection }) {
                            out.append(byte: 0x5B)
                            out.append(sel.section)
                            out.append(", ")
                            out.append(sel.row)
                            out.append(byte: 0x5D)
                        } else {
                            out.appendNil()
                            soleValueIsNil = true
                        }
                    case .selectionRow:
                        if let sel = scope.selfID.flatMap({ state[$0].selection }) { out.append(sel.row) } else { out.appendNil() }
                    case .selectionSection:
                        if let sel = scope.selfID.flatMap({ state[$0].selection }) { out.append(sel.section) } else { out.appendNil() }
                    case .sender:
                        if let text = scope.sender.box?.text ?? scope.sender.text { out.append(text) } else { out.appendNil() }
                        if scope.sender.box == nil && scope.sender.isNil { soleValueIsNil = true }
                    case .segueIdentifier:
                        if let identifier = scope.identifier {
                            out.append(byte: 0x22)
                            out.append(identifier)
                            out.append(byte: 0x22)
                        } else {
                            out.appendNil()
                            soleValueIsNil = true
                        }
                    case .none:
                        switch try dependency(name, k) {
                        case .none: out.append(name)
                        case .some(let v?): out.append(v)
                        case .some(nil):
                            out.appendNil()
                            soleValueIsNil = true
                        }
                    }
                }
            }
        }
        if soleValueIsNil && e.tokens == 1 { return nil }
        return out.string
    }

    func declaringClass(of dependency: String, in className: String) -> String {
        info(className).declaringClass(of: dependency) ?? className
    }

    func holds(_ condition: Condition, in scope: Scope) -> Bool {
        switch condition {
        case .always: return true
        case .never: return false
        case .selection: return scope.selfID.flatMap { state[$0].selection } != nil
        case .noSelection: return scope.selfID.flatMap { state[$0].selection } == nil
        case .isNil(let name), .isNotNil(let name):
            let hasValue = scope.selfID.flatMap { id in state.slot(name, of: id).map { state.slots[$0].hasValue } } ?? false
            if case .isNil = condition { return !hasValue }
            return hasValue
        }
    }
}

/// An expression's value as it is written, in bytes, made into one string at the end: appending
/// to a String checks its representation and capacity on every piece. (A struct rather than
/// closures over a local array: captured variables are checked for exclusive access per call.)
struct ValueText {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(64) }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func appendNil() { append("nil") }

    /// Decimal, as `"\(n)"` writes it.
    mutating func append(_ n: Int) {
        if n < 0 { bytes.append(0x2D) }
        var m = n.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[count] = 0x30 + UInt8(m % 10)
                m /= 10
                count += 1
            } while m > 0
            while count > 0 {
                count -= 1
                bytes.append(d[count])
            }
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
