/// A position in a source text, 1-based, counted in Unicode scalars per line so that
/// editors and terminals agree on the column.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers where it stood, so that every later complaint about it
/// can point at the file, line and column.
public struct JSONNode: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double, text: String)
        case string(String)
        case array([JSONNode])
        /// Members in file order; duplicates are kept so the loader can report them.
        case object([Member])
    }

    public struct Member: Sendable {
        public var key: String
        public var keyPosition: SourcePosition
        public var value: JSONNode

    }

    public var value: Value
    public var position: SourcePosition

    /// The member named `key` of an object, if any (the first, when duplicated).
    public subscript(key: String) -> JSONNode? {
        if case .object(let members) = value { return members.first { $0.key == key }?.value }
        return nil
    }

    public var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONNode {
    public init(_ value: Value, at position: SourcePosition) {
        self.init(value: value, position: position)
    }
}

extension JSONNode.Member {
    public init(_ key: String, _ value: JSONNode) {
        self.init(key: key, keyPosition: value.position, value: value)
    }
}
