/// A place in a text file: 1-based line and column (columns count Unicode scalars).
public struct SourcePosition: Equatable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int

    /// Creates a position from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, as compilers print it.
    public var description: String { "\(line):\(column)" }
}

/// One member of a JSON object, in source order.
public struct JSONMember: Sendable {
    /// The member's key.
    public var key: String
    /// Where the key starts.
    public var keyPosition: SourcePosition
    /// The member's value.
    public var value: JSONNode
}

/// A JSON value together with the place it starts in the source.
public struct JSONNode: Sendable {
    /// The value.
    public var value: JSONValue
    /// Where the value's first character is.
    public var position: SourcePosition

    /// Creates a node.
    public init(_ value: JSONValue, at position: SourcePosition) {
        self.value = value
        self.position = position
    }
}

/// A parsed JSON value. Objects keep their members in source order, duplicates included, so that a reader can
/// report a duplicate key instead of silently keeping one of them.
public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (JSON numbers are parsed as `Double`; this happens only at setup).
    case number(Double)
    /// A string, with escapes resolved.
    case string(String)
    /// An array.
    indirect case array([JSONNode])
    /// An object, members in source order.
    indirect case object([JSONMember])

    /// The JSON type's name, for error messages: "null", "a boolean", "a number", "a string", "an array", "an object".
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
