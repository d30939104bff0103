import FlowModel

/// What a segue's or action's `sender` is: text to show, and for seed 002 a typed destination box.
public struct SenderValue: Hashable, Sendable {
    public var text: String?
    public var box: BoxedDestination?

    public static let none = SenderValue(text: nil, box: nil)

    public init(text: String?, box: BoxedDestination? = nil) {
        self.text = text
        self.box = box
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
        let trimmed = expression.trimmingCharacters(in: " ")
        if trimmed == "nil" { return nil }
        let chars = Array(trimmed)
        var out = ""
        var i = 0
        var soleValueIsNil = false
        var tokens = 0
        while i < chars.count {
            let c = chars[i]
            if c == "\"" {
                // String literals are copied untouched.
                var j = i + 1
                while j < chars.count && chars[j] != "\"" { j += chars[j] == "\\" ? 2 : 1 }
                out += String(chars[i..<min(j + 1, chars.count)])
                i = j + 1
                tokens += 1
                continue
            }
            guard c == "_" || c.isLetter else {
                out.append(c)
                i += 1
                if !c.isWhitespace { tokens += 1 }
                continue
            }
            var j = i
            while j < chars.count && (chars[j] == "_" || chars[j].isLetter || chars[j].isNumber) { j += 1 }
            var word = String(chars[i..<j])
            let afterDot = i > 0 && chars[i - 1] == "."
            var explicitSelf = false
            if word == "self", j < chars.count, chars[j] == "." {
                var k = j + 1
                while k < chars.count && (chars[k] == "_" || chars[k].isLetter || chars[k].isNumber) { k += 1 }
                if k > j + 1 {
                    word = String(chars[(j + 1)..<k])
                    explicitSelf = true
                    j = k
                }
            }
            tokens += 1
            func member(_ name: String) -> Bool {
                let m = Array("." + name)
                guard j + m.count <= chars.count, Array(chars[j..<(j + m.count)]) == m else { return false }
                let end = j + m.count
                return end == chars.count || !(chars[end].isLetter || chars[end].isNumber || chars[end] == "_")
            }
            if afterDot && !explicitSelf {
                out += word
            } else if let local = scope.locals[word], !explicitSelf {
                out += local
            } else if word == "selection" && !explicitSelf {
                let sel = scope.selfID.flatMap { state[$0].selection }
                if member("row") {
                    out += sel.map { "\($0[1])" } ?? "nil"
                    j += 4
                } else if member("section") {
                    out += sel.map { "\($0[0])" } ?? "nil"
                    j += 8
                } else {
                    out += sel.map { "[\($0[0]), \($0[1])]" } ?? "nil"
                    if sel == nil { soleValueIsNil = true }
                }
            } else if word == "sender" && !explicitSelf {
                out += scope.sender.box?.text ?? scope.sender.text ?? "nil"
                if scope.sender.box == nil && scope.sender.text == nil { soleValueIsNil = true }
            } else if word == "segue" && !explicitSelf && member("identifier") {
                out += scope.identifier.map { "\"\($0)\"" } ?? "nil"
                if scope.identifier == nil { soleValueIsNil = true }
                j += 11
            } else if let id = scope.selfID, let dep = flow.dependency(word, of: state[id].className) {
                let slot = state[id].dependencies.first { $0.name == word }
                if let v = slot?.value {
                    out += v
                } else {
                    if dep.injection == .implicitlyUnwrapped {
                        throw CrashSignal(crash: .trap(
                            location: location(file: flow.file(of: declaringClass(of: word, in: state[id].className)), line: nil),
                            kind: "Fatal error", message: Self.nilUnwrap))
                    }
                    out += "nil"
                    soleValueIsNil = true
                }
            } else {
                out += explicitSelf ? "self.\(word)" : word
            }
            i = j
        }
        if soleValueIsNil && tokens == 1 { return nil }
        return out
    }

    func declaringClass(of dependency: String, in className: String) -> String {
        flow.declarations(of: className).first { $0.dependencies.contains { $0.name == dependency } }?.name ?? className
    }

    func holds(_ condition: Condition, in scope: Scope) -> Bool {
        switch condition {
        case .always: return true
        case .never: return false
        case .selection: return scope.selfID.flatMap { state[$0].selection } != nil
        case .noSelection: return scope.selfID.flatMap { state[$0].selection } == nil
        case .isNil(let name), .isNotNil(let name):
            let value = scope.selfID.flatMap { id in state[id].dependencies.first { $0.name == name }?.value }
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
