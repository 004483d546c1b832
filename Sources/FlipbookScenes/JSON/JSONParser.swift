/// Invalid JSON: what was wrong and where.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the problem was found.
    public var position: SourcePosition
    /// What is wrong, e.g. `expected ',' or '}' after an object member`.
    public var message: String

    /// `line:column: invalid JSON: message`.
    public var description: String { "\(position): invalid JSON: \(message)" }
}

/// A strict RFC 8259 JSON parser that records each value's source position and keeps object members in order.
///
/// Runs at setup only. Nesting is limited to ``maximumDepth`` so hostile input cannot exhaust the stack.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 64

    let bytes: [UInt8]
    var index = 0
    var line = 1
    var column = 1
    private var depth = 0

    /// Parses one JSON text (a single value, optionally surrounded by whitespace).
    public static func parse(_ text: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: text)
        parser.skipWhitespace()
        let node = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the top-level value")
        }
        return node
    }

    /// Parses one JSON text given as a string.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parse(Array(text.utf8))
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(position: position, message: message)
    }

    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: advance()
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let start = position
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(.object(try parseObject()), at: start)
        case UInt8(ascii: "["): return JSONNode(.array(try parseArray()), at: start)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), at: start)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: start)
        default:
            throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] == expected else {
                throw error("unexpected \(describeCurrent()) in literal, expected '\(word)'")
            }
            advance()
        }
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> [JSONMember] {
        try enterContainer()
        advance()
        skipWhitespace()
        var members: [JSONMember] = []
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            advance()
            depth -= 1
            return members
        }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a string key")
            }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()), expected ':' after an object key")
            }
            advance()
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: "}") { break }
            guard bytes[index] == UInt8(ascii: ",") else {
                throw error("unexpected \(describeCurrent()), expected ',' or '}' after an object member")
            }
            advance()
            skipWhitespace()
        }
        advance()
        depth -= 1
        return members
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> [JSONNode] {
        try enterContainer()
        advance()
        skipWhitespace()
        var elements: [JSONNode] = []
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            advance()
            depth -= 1
            return elements
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: "]") { break }
            guard bytes[index] == UInt8(ascii: ",") else {
                throw error("unexpected \(describeCurrent()), expected ',' or ']' after an array element")
            }
            advance()
            skipWhitespace()
        }
        advance()
        depth -= 1
        return elements
    }
}
