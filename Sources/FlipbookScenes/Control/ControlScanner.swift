/// A strict JSON scanner over one command line that allocates nothing: it hands out strings as byte ranges of
/// the line (decoded into caller storage on demand), numbers as `Double`s, and skips values it does not need
/// while still checking their syntax. Nesting is limited to ``maximumDepth``.
struct ControlScanner {
    static let maximumDepth = 16

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var atEnd: Bool { index >= bytes.count }

    /// The byte at the cursor, or 0 at the end.
    var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

    func fail(_ expected: StaticString) -> ControlError {
        .malformedJSON(offset: index, expected: expected)
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` (after whitespace) when it is next; returns whether it was.
    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard current == byte, !atEnd else { return false }
        index += 1
        return true
    }

    mutating func expect(_ byte: UInt8, _ expected: StaticString) throws(ControlError) {
        guard take(byte) else { throw fail(expected) }
    }

    /// A string's raw content (between the quotes, escapes unresolved), checked: no control characters, valid
    /// escapes. `decode` resolves the escapes.
    mutating func string() throws(ControlError) -> Range<Int> {
        try expect(UInt8(ascii: "\""), "a string")
        let start = index
        while true {
            guard index < bytes.count else { throw fail("a closing '\"'") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 else { throw fail("no control character in a string") }
            index += 1
            guard byte == UInt8(ascii: "\\") else { continue }
            switch current {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 1
            case UInt8(ascii: "u"):
                index += 1
                for _ in 0 ..< 4 {
                    guard hexDigitValue(current) != nil, !atEnd else { throw fail("four hex digits after \\u") }
                    index += 1
                }
            default:
                throw fail("a valid escape after '\\'")
            }
        }
        let range = start ..< index
        index += 1
        return range
    }

    /// The UTF-8 text of the string whose raw content is `range`, escapes resolved, written to `output` (cut at
    /// its end; as long as the raw range always suffices); returns the byte count. A lone surrogate becomes U+FFFD.
    func decode(_ range: Range<Int>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        var at = range.lowerBound
        while at < range.upperBound && count < output.count {
            let byte = bytes[at]
            at += 1
            guard byte == UInt8(ascii: "\\") else {
                output[count] = byte
                count += 1
                continue
            }
            let escape = bytes[at]
            at += 1
            var scalar: UInt32
            switch escape {
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "u"):
                scalar = hex4(at)
                at += 4
                if scalar & 0xFC00 == 0xD800, at + 6 <= range.upperBound, bytes[at] == UInt8(ascii: "\\"),
                   bytes[at + 1] == UInt8(ascii: "u"), hex4(at + 2) & 0xFC00 == 0xDC00 {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex4(at + 2) - 0xDC00)
                    at += 6
                } else if scalar & 0xF800 == 0xD800 {
                    scalar = 0xFFFD
                }
            default: scalar = UInt32(escape)
            }
            var encoded = UTF8Bytes(scalar)
            while let byte = encoded.next(), count < output.count {
                output[count] = byte
                count += 1
            }
        }
        return count
    }

    /// A JSON number (RFC 8259 grammar) as the nearest `Double`. At most 15 significant digits and a power of
    /// ten within ±22 convert exactly without allocating (Clinger's fast path); longer numbers go through the
    /// scene parser's exact converter, which allocates.
    mutating func number() throws(ControlError) -> Double {
        skipSpace()
        let start = index
        let negative = current == UInt8(ascii: "-")
        if negative { index += 1 }
        guard Self.isDigit(current), !atEnd else { throw fail("a number") }
        var significand: UInt64 = 0
        var digits = 0
        var scale = 0
        var exact = true
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            while Self.isDigit(current), !atEnd {
                accumulate(&significand, &digits, &exact)
                index += 1
            }
        }
        if current == UInt8(ascii: "."), !atEnd {
            index += 1
            guard Self.isDigit(current), !atEnd else { throw fail("a digit after '.'") }
            while Self.isDigit(current), !atEnd {
                accumulate(&significand, &digits, &exact)
                scale -= 1
                index += 1
            }
        }
        var exponent = 0
        if current | 0x20 == UInt8(ascii: "e"), !atEnd {
            index += 1
            let negativeExponent = current == UInt8(ascii: "-")
            if current == UInt8(ascii: "-") || current == UInt8(ascii: "+") { index += 1 }
            guard Self.isDigit(current), !atEnd else { throw fail("a digit in the exponent") }
            while Self.isDigit(current), !atEnd {
                exponent = min(exponent * 10 + Int(current - UInt8(ascii: "0")), 100_000)
                index += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        scale += exponent
        if exact && digits <= 15 && scale >= -22 && scale <= 22 {
            var power = 1.0
            for _ in 0 ..< abs(scale) { power *= 10 }
            let magnitude = scale >= 0 ? Double(significand) * power : Double(significand) / power
            return negative ? -magnitude : magnitude
        }
        return slowNumber(start ..< index)
    }

    /// Adds the digit at the cursor to the significand (leading zeros do not count as digits).
    private func accumulate(_ significand: inout UInt64, _ digits: inout Int, _ exact: inout Bool) {
        let digit = UInt64(current - UInt8(ascii: "0"))
        if digits == 0 && digit == 0 { return }
        if digits < 15 { significand = significand * 10 + digit } else { exact = false }
        digits += 1
    }

    /// The exact conversion of the number token `range` (allocates: rare, long numbers only).
    private func slowNumber(_ range: Range<Int>) -> Double {
        var at = range.lowerBound
        let negative = bytes[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        var digits: [UInt8] = []
        var scale: Int64 = 0
        var inFraction = false
        while at < range.upperBound {
            let byte = bytes[at]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if Self.isDigit(byte) {
                digits.append(byte)
                if inFraction { scale -= 1 }
            } else {
                break
            }
            at += 1
        }
        if at < range.upperBound {
            at += 1
            var exponentScanner = ControlScanner(UnsafeBufferPointer(rebasing: bytes[at ..< range.upperBound]))
            let sign: Int64 = exponentScanner.current == UInt8(ascii: "-") ? -1 : 1
            if !Self.isDigit(exponentScanner.current) { exponentScanner.index += 1 }
            var exponent: Int64 = 0
            while Self.isDigit(exponentScanner.current), !exponentScanner.atEnd {
                exponent = min(exponent * 10 + Int64(exponentScanner.current - UInt8(ascii: "0")), 100_000)
                exponentScanner.index += 1
            }
            scale += sign * exponent
        }
        return DecimalConverter.double(digits: digits, exponent: scale, negative: negative)
    }

    /// `true`, `false` or `null` when one of them is next (consumed); nil (nothing consumed) otherwise.
    mutating func literal() -> Literal? {
        skipSpace()
        if word("true") { return .true }
        if word("false") { return .false }
        if word("null") { return .null }
        return nil
    }

    /// Consumes `text` when the line continues with it.
    private mutating func word(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count, raw(index ..< index + count, equals: text) else { return false }
        index += count
        return true
    }

    enum Literal { case `true`, `false`, null }

    /// Skips one value of any type, checking its syntax.
    mutating func skipValue(depth: Int = 0) throws(ControlError) {
        guard depth < Self.maximumDepth else { throw fail("less deeply nested values") }
        skipSpace()
        switch current {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "{"):
            index += 1
            if take(UInt8(ascii: "}")) { return }
            repeat {
                _ = try string()
                try expect(UInt8(ascii: ":"), "':' after a key")
                try skipValue(depth: depth + 1)
            } while take(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"), "',' or '}'")
        case UInt8(ascii: "["):
            index += 1
            if take(UInt8(ascii: "]")) { return }
            repeat { try skipValue(depth: depth + 1) } while take(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"), "',' or ']'")
        default:
            if literal() != nil { return }
            guard current == UInt8(ascii: "-") || Self.isDigit(current), !atEnd else { throw fail("a value") }
            _ = try number()
        }
    }

    /// Whether the raw string `range` equals `text` byte for byte (escapes unresolved: keys are plain ASCII).
    func raw(_ range: Range<Int>, equals text: StaticString) -> Bool {
        guard range.count == text.utf8CodeUnitCount else { return false }
        let start = text.utf8Start
        for offset in 0 ..< range.count where bytes[range.lowerBound + offset] != start[offset] { return false }
        return true
    }

    private func hex4(_ at: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0 ..< 4 { value = value << 4 | UInt32(hexDigitValue(bytes[at + offset]) ?? 0) }
        return value
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// Up to four UTF-8 bytes of one scalar, iterable without allocation.
struct UTF8Bytes {
    private var packed: UInt32
    private var remaining: Int

    init(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            packed = scalar
            remaining = 1
        case ..<0x800:
            packed = (0xC0 | scalar >> 6) | (0x80 | scalar & 0x3F) << 8
            remaining = 2
        case ..<0x10000:
            packed = (0xE0 | scalar >> 12) | (0x80 | scalar >> 6 & 0x3F) << 8 | (0x80 | scalar & 0x3F) << 16
            remaining = 3
        default:
            packed = (0xF0 | scalar >> 18) | (0x80 | scalar >> 12 & 0x3F) << 8 | (0x80 | scalar >> 6 & 0x3F) << 16
                | (0x80 | scalar & 0x3F) << 24
            remaining = 4
        }
    }

    mutating func next() -> UInt8? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        defer { packed >>= 8 }
        return UInt8(truncatingIfNeeded: packed)
    }
}
