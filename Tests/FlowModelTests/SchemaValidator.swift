import Foundation

/// A JSON value as JSON Schema sees it: numbers compare by value (1 == 1.0), and booleans are
/// not numbers (Foundation's JSONSerialization returns both as NSNumber).
indirect enum JSON: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// Parses JSON text with JSONSerialization.
    init(data: Data) throws {
        self = try JSON(foundation: JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    init(json: String) throws { try self.init(data: Data(json.utf8)) }

    init(foundation value: Any) throws {
        switch value {
        case is NSNull: self = .null
        case let s as String: self = .string(s)
        case let n as NSNumber:
            // On every platform a JSON true/false comes back as an NSNumber holding a C char.
            let kind = String(cString: n.objCType)
            self = kind == "c" || kind == "B" ? .bool(n.boolValue) : .number(n.doubleValue)
        case let a as [Any]: self = .array(try a.map(JSON.init(foundation:)))
        case let o as [String: Any]: self = .object(try o.mapValues(JSON.init(foundation:)))
        default: throw SchemaValidator.SchemaError.badSchema("unexpected JSONSerialization value \(type(of: value))")
        }
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(let d): d == d.rounded() ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let d): d == d.rounded() && abs(d) < 1e15 ? "\(Int(d))" : "\(d)"
        case .string(let s): "\"\(s)\""
        case .array(let a): "[\(a.map(\.description).joined(separator: ", "))]"
        case .object(let o): "{\(o.keys.sorted().map { "\"\($0)\": \(o[$0]!)" }.joined(separator: ", "))}"
        }
    }
}

/// A JSON Schema (draft 2020-12) validator for exactly the keywords `flows/flow.schema.json`
/// uses. Any other keyword makes `init` throw, so a schema edit that this validator would
/// silently ignore fails the tests instead.
struct SchemaValidator {
    enum SchemaError: Error, Equatable, CustomStringConvertible {
        case unsupportedKeyword(String, at: String)
        case badSchema(String)

        var description: String {
            switch self {
            case .unsupportedKeyword(let k, let at): "unsupported schema keyword '\(k)' at \(at)"
            case .badSchema(let m): "bad schema: \(m)"
            }
        }
    }

    /// A place where an instance breaks the schema: a JSON pointer and what is wrong there.
    struct Violation: Equatable, CustomStringConvertible {
        var pointer: String
        var message: String
        var description: String { "\(pointer.isEmpty ? "/" : pointer): \(message)" }
    }

    /// Keywords that only annotate.
    static let annotations: Set<String> = ["$schema", "title", "description"]
    /// Keywords whose value is a schema.
    static let schemaKeywords: Set<String> = ["additionalProperties", "propertyNames", "items", "not", "if", "then", "else"]
    /// Keywords whose value is an array of schemas.
    static let schemaArrayKeywords: Set<String> = ["allOf", "anyOf", "oneOf"]
    /// Keywords whose value is a map of names to schemas.
    static let schemaMapKeywords: Set<String> = ["properties", "$defs"]
    /// Assertions checked directly against the instance.
    static let assertions: Set<String> = [
        "type", "required", "minProperties", "dependentRequired", "minItems", "uniqueItems", "enum", "const",
        "pattern", "minLength", "minimum", "$ref",
    ]
    static var supported: Set<String> {
        annotations.union(schemaKeywords).union(schemaArrayKeywords).union(schemaMapKeywords).union(assertions)
    }

    let root: JSON

    init(schema: JSON) throws(SchemaError) {
        root = schema
        try audit(schema, at: "#")
    }

    init(contentsOf url: URL) throws {
        try self.init(schema: JSON(data: Data(contentsOf: url)))
    }

    /// Every violation of the schema by `instance`.
    func validate(_ instance: JSON) -> [Violation] {
        var violations: [Violation] = []
        validate(instance, against: root, at: "", into: &violations)
        return violations
    }

    // MARK: - Checking the schema itself

    private func audit(_ schema: JSON, at location: String) throws(SchemaError) {
        if case .bool = schema { return }
        guard case .object(let members) = schema else { throw .badSchema("\(location) is not a schema") }
        for key in members.keys.sorted() {
            let value = members[key]!
            let here = "\(location)/\(key)"
            guard Self.supported.contains(key) else { throw .unsupportedKeyword(key, at: location) }
            if Self.schemaKeywords.contains(key) {
                try audit(value, at: here)
            } else if Self.schemaArrayKeywords.contains(key) {
                guard case .array(let items) = value, !items.isEmpty else { throw .badSchema("\(here) must be a non-empty array") }
                for (i, item) in items.enumerated() { try audit(item, at: "\(here)/\(i)") }
            } else if Self.schemaMapKeywords.contains(key) {
                guard case .object(let map) = value else { throw .badSchema("\(here) must be an object") }
                for name in map.keys.sorted() { try audit(map[name]!, at: "\(here)/\(name)") }
            }
            switch key {
            case "$ref":
                guard case .string(let ref) = value else { throw .badSchema("\(here) must be a string") }
                _ = try resolve(ref)
            case "pattern":
                guard case .string(let p) = value else { throw .badSchema("\(here) must be a string") }
                do { _ = try NSRegularExpression(pattern: p) } catch { throw .badSchema("\(here): invalid pattern \(p)") }
            case "type":
                let names: [JSON]
                if case .array(let a) = value { names = a } else { names = [value] }
                for n in names {
                    guard case .string(let s) = n, ["null", "boolean", "integer", "number", "string", "array", "object"].contains(s) else {
                        throw .badSchema("\(here): unknown type \(n)")
                    }
                }
            case "required":
                guard case .array(let a) = value, a.allSatisfy({ if case .string = $0 { true } else { false } }) else {
                    throw .badSchema("\(here) must be an array of strings")
                }
            case "dependentRequired":
                guard case .object = value else { throw .badSchema("\(here) must be an object") }
            case "enum":
                guard case .array = value else { throw .badSchema("\(here) must be an array") }
            case "minProperties", "minItems", "minLength", "minimum":
                guard case .number = value else { throw .badSchema("\(here) must be a number") }
            default:
                break
            }
        }
    }

    /// Only references into this document's `$defs` are supported.
    private func resolve(_ ref: String) throws(SchemaError) -> JSON {
        let prefix = "#/$defs/"
        guard ref.hasPrefix(prefix) else { throw .badSchema("unsupported $ref \(ref)") }
        let name = String(ref.dropFirst(prefix.count))
        guard case .object(let top) = root, case .object(let defs)? = top["$defs"], let target = defs[name] else {
            throw .badSchema("unresolved $ref \(ref)")
        }
        return target
    }

    // MARK: - Validating an instance

    private func isValid(_ instance: JSON, against schema: JSON, at pointer: String) -> Bool {
        var violations: [Violation] = []
        validate(instance, against: schema, at: pointer, into: &violations)
        return violations.isEmpty
    }

    private func validate(_ instance: JSON, against schema: JSON, at pointer: String, into out: inout [Violation]) {
        func fail(_ message: String, at p: String = pointer) { out.append(Violation(pointer: p, message: message)) }

        switch schema {
        case .bool(true): return
        case .bool(false):
            fail("no value is allowed here")
            return
        case .object(let s):
            if case .string(let ref)? = s["$ref"], let target = try? resolve(ref) {
                validate(instance, against: target, at: pointer, into: &out)
            }
            if let type = s["type"], !Self.matches(instance, type: type) {
                fail("expected \(type), found \(instance.typeName)")
            }
            if let e = s["const"], e != instance { fail("expected \(e), found \(instance)") }
            if case .array(let options)? = s["enum"], !options.contains(instance) {
                fail("\(instance) is not one of \(options.map(\.description).joined(separator: ", "))")
            }

            switch instance {
            case .object(let members):
                validateObject(members, s, at: pointer, into: &out)
            case .array(let items):
                if let itemSchema = s["items"] {
                    for (i, item) in items.enumerated() { validate(item, against: itemSchema, at: "\(pointer)/\(i)", into: &out) }
                }
                if case .number(let n)? = s["minItems"], Double(items.count) < n { fail("expected at least \(Int(n)) items") }
                if case .bool(true)? = s["uniqueItems"] {
                    for i in items.indices where items[..<i].contains(items[i]) { fail("duplicate item \(items[i])", at: "\(pointer)/\(i)") }
                }
            case .string(let string):
                if case .number(let n)? = s["minLength"], Double(string.unicodeScalars.count) < n {
                    fail("expected at least \(Int(n)) characters")
                }
                if case .string(let pattern)? = s["pattern"], !Self.search(pattern, in: string) {
                    fail("\"\(string)\" does not match /\(pattern)/")
                }
            case .number(let d):
                if case .number(let n)? = s["minimum"], d < n { fail("\(instance) is less than the minimum \(JSON.number(n))") }
            case .null, .bool:
                break
            }

            if case .array(let all)? = s["allOf"] {
                for sub in all { validate(instance, against: sub, at: pointer, into: &out) }
            }
            if case .array(let any)? = s["anyOf"], !any.contains(where: { isValid(instance, against: $0, at: pointer) }) {
                fail("matches none of the \(any.count) alternatives of anyOf")
            }
            if case .array(let one)? = s["oneOf"] {
                let count = one.filter { isValid(instance, against: $0, at: pointer) }.count
                if count != 1 { fail("matches \(count) of the alternatives of oneOf, not exactly one") }
            }
            if let not = s["not"], isValid(instance, against: not, at: pointer) { fail("matches a schema it must not match") }
            if let condition = s["if"] {
                if isValid(instance, against: condition, at: pointer) {
                    if let then = s["then"] { validate(instance, against: then, at: pointer, into: &out) }
                } else if let otherwise = s["else"] {
                    validate(instance, against: otherwise, at: pointer, into: &out)
                }
            }
        default:
            fail("the schema at this point is not a schema")
        }
    }

    private func validateObject(_ members: [String: JSON], _ s: [String: JSON], at pointer: String, into out: inout [Violation]) {
        var properties: [String: JSON] = [:]
        if case .object(let p)? = s["properties"] { properties = p }
        for key in members.keys.sorted() {
            let here = "\(pointer)/\(Self.escape(key))"
            if let sub = properties[key] {
                validate(members[key]!, against: sub, at: here, into: &out)
            } else if let additional = s["additionalProperties"] {
                if case .bool(false) = additional {
                    out.append(Violation(pointer: here, message: "unknown key '\(key)'"))
                } else {
                    validate(members[key]!, against: additional, at: here, into: &out)
                }
            }
            if let names = s["propertyNames"] {
                var nameViolations: [Violation] = []
                validate(.string(key), against: names, at: here, into: &nameViolations)
                out += nameViolations.map { Violation(pointer: $0.pointer, message: "name '\(key)': \($0.message)") }
            }
        }
        if case .array(let required)? = s["required"] {
            for case .string(let key) in required where members[key] == nil {
                out.append(Violation(pointer: pointer, message: "missing required key '\(key)'"))
            }
        }
        if case .number(let n)? = s["minProperties"], Double(members.count) < n {
            out.append(Violation(pointer: pointer, message: "expected at least \(Int(n)) members"))
        }
        if case .object(let dependent)? = s["dependentRequired"] {
            for key in dependent.keys.sorted() where members[key] != nil {
                guard case .array(let needed)? = dependent[key] else { continue }
                for case .string(let other) in needed where members[other] == nil {
                    out.append(Violation(pointer: pointer, message: "'\(key)' requires '\(other)'"))
                }
            }
        }
    }

    private static func matches(_ instance: JSON, type: JSON) -> Bool {
        if case .array(let types) = type { return types.contains { matches(instance, type: $0) } }
        guard case .string(let name) = type else { return false }
        switch (name, instance) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object):
            return true
        case ("integer", .number(let d)):
            return d == d.rounded()
        default:
            return false
        }
    }

    /// JSON Schema patterns are unanchored searches.
    private static func search(_ pattern: String, in string: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        let range = NSRange(string.startIndex..., in: string)
        return regex.firstMatch(in: string, range: range) != nil
    }

    /// JSON pointer escaping (RFC 6901).
    private static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
