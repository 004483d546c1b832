import FixedPoint

/// Reads SVG path data (`M L H V C S Q T A Z`, absolute and relative, implicit repeats) into a `Path`.
///
/// Follows the SVG 1.1 path grammar: numbers may be separated by whitespace, one comma, or nothing where
/// the next number starts with a sign or a second decimal point (`"1-2"`, `".5.5"`); a command letter may
/// be left out to repeat the previous command (after `M`/`m` the repeats are `L`/`l`); arc flags are the
/// single characters `0` and `1`. Errors name the byte offset and what was expected there.
public struct SVGPathParser {
    let bytes: [UInt8]
    var offset = 0
    var path: Path
    /// The previous command's second control point, for `S`/`s` and `T`/`t` reflections.
    var lastControl: Point?
    var lastCommand: UInt8 = 0

    /// Parses `data` into a path holding at most `pointLimit` points.
    ///
    /// - Throws: `SVGPathError` naming the byte offset of the first problem.
    public static func parse(_ data: String, pointLimit: Int = Path.defaultPointLimit) throws(SVGPathError) -> Path {
        let path: Path
        do { path = try Path(pointLimit: pointLimit) } catch { throw .path(offset: 0, error) }
        var parser = SVGPathParser(bytes: Array(data.utf8), path: path)
        try parser.parseAll()
        return parser.path
    }

    mutating func parseAll() throws(SVGPathError) {
        skipSeparators(allowComma: false)
        guard offset < bytes.count else { return }
        guard bytes[offset] == UInt8(ascii: "M") || bytes[offset] == UInt8(ascii: "m") else {
            throw .unexpectedByte(offset: offset, found: bytes[offset], expected: .moveTo)
        }
        var command: UInt8 = 0
        while true {
            skipSeparators(allowComma: false)
            guard offset < bytes.count else { return }
            let byte = bytes[offset]
            let start = offset
            if SVGPathParser.isCommand(byte) {
                command = byte
                offset += 1
            } else if command == 0 || command == UInt8(ascii: "Z") || command == UInt8(ascii: "z")
                || !SVGPathParser.startsNumber(byte)
            {
                throw .unexpectedByte(offset: offset, found: byte, expected: .command)
            }
            do {
                try apply(command)
            } catch let error {
                throw SVGPathParser.located(error, at: start)
            }
            if command == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if command == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
        }
    }

    static func located(_ error: ParseFailure, at start: Int) -> SVGPathError {
        switch error {
        case .syntax(let syntax): return syntax
        case .geometry(let geometry): return .path(offset: start, geometry)
        }
    }

    /// A syntax error (already located) or a geometry error (located by the caller).
    enum ParseFailure: Error {
        case syntax(SVGPathError)
        case geometry(GeometryError)
    }

    static func isCommand(_ byte: UInt8) -> Bool {
        switch byte | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
            UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            return true
        default:
            return false
        }
    }

    static func startsNumber(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// Skips whitespace and, when allowed, one comma with whitespace around it.
    mutating func skipSeparators(allowComma: Bool) {
        while offset < bytes.count && SVGPathParser.isWhitespace(bytes[offset]) { offset += 1 }
        if allowComma && offset < bytes.count && bytes[offset] == UInt8(ascii: ",") {
            offset += 1
            while offset < bytes.count && SVGPathParser.isWhitespace(bytes[offset]) { offset += 1 }
        }
    }
}
