extension JSONParser {
    /// Parses a string token (the opening quote is the current byte) and resolves its escapes.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        advance()
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                advance()
                try appendEscape(to: &utf8)
            case 0x00..<0x20:
                throw error("control character 0x\(String(byte, radix: 16, uppercase: true)) in a string")
            default:
                utf8.append(byte)
                advance()
            }
        }
    }

    private mutating func appendEscape(to utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw error("unterminated string") }
        let simple: UInt8?
        switch bytes[index] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw error("invalid escape \\\(describeCurrent())")
        }
        advance()
        if let simple {
            utf8.append(simple)
            return
        }
        var scalar = try parseHexQuad()
        if (0xD800..<0xDC00).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate \\u\(String(scalar, radix: 16, uppercase: true))")
            }
            advance()
            advance()
            let low = try parseHexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw error("unpaired surrogate \\u\(String(scalar, radix: 16, uppercase: true))")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid code point") }
        utf8.append(contentsOf: String(Character(unicode)).utf8)
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigitValue(bytes[index]) else {
                throw error("expected four hexadecimal digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        return value
    }

    /// Parses a number token with the grammar of RFC 8259 §6 (no leading zeros, no `+`, no bare `.`) into the
    /// nearest `Double` (``DecimalConverter``: correctly rounded, as `strtod`).
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        let startPosition = SourcePosition(line: line, column: column)
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { advance() }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in a number") }
        let integerStart = index
        if bytes[index] == UInt8(ascii: "0") {
            advance()
            if index < bytes.count, isDigit(bytes[index]) { throw error("leading zero in a number") }
        } else {
            skipDigits()
        }
        let integerDigits = bytes[integerStart..<index]
        var fractionDigits = bytes[index..<index]
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            advance()
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
            let fractionStart = index
            skipDigits()
            fractionDigits = bytes[fractionStart..<index]
        }
        var exponent: Int64 = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            advance()
            exponent = try parseExponent()
        }
        let value = DecimalConverter.double(
            digits: [integerDigits, fractionDigits].joined(), exponent: exponent - Int64(fractionDigits.count),
            negative: negative)
        guard value.isFinite else {
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            throw JSONSyntaxError(position: startPosition, message: "number \(text) is out of range")
        }
        return value
    }

    /// The exponent after `e`/`E`: sign and digits, held at ±10^15 (far beyond where every value is 0 or
    /// infinite, so holding it changes no result).
    private mutating func parseExponent() throws(JSONSyntaxError) -> Int64 {
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            advance()
        }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
        var magnitude: Int64 = 0
        while index < bytes.count, isDigit(bytes[index]) {
            magnitude = min(magnitude * 10 + Int64(bytes[index] - UInt8(ascii: "0")), 1_000_000_000_000_000)
            advance()
        }
        return negative ? -magnitude : magnitude
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { advance() }
    }
}
