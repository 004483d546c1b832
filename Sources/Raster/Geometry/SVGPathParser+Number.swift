import FixedPoint

extension SVGPathParser {
    /// Reads one number (`[+-]? digits? (. digits)? ([eE] [+-]? digits)?`) as Q16.16, rounded to nearest.
    mutating func readNumber() throws(ParseFailure) -> Fixed {
        skipSeparators(allowComma: true)
        let start = offset
        guard offset < bytes.count else { throw .syntax(.unexpectedEnd(offset: offset, expected: .number)) }
        var negative = false
        if bytes[offset] == UInt8(ascii: "-") || bytes[offset] == UInt8(ascii: "+") {
            negative = bytes[offset] == UInt8(ascii: "-")
            offset += 1
        }
        var mantissa: Int64 = 0
        var exponent = 0
        let integerDigits = readDigits(into: &mantissa, exponent: &exponent, fraction: false)
        var fractionDigits = 0
        if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            fractionDigits = readDigits(into: &mantissa, exponent: &exponent, fraction: true)
        }
        guard integerDigits + fractionDigits > 0 else {
            guard offset < bytes.count else { throw .syntax(.unexpectedEnd(offset: offset, expected: .number)) }
            throw .syntax(.unexpectedByte(offset: offset, found: bytes[offset], expected: .number))
        }
        try readExponent(into: &exponent)
        var value = Double(mantissa)
        for _ in 0..<Swift.min(abs(exponent), 400) { value = exponent > 0 ? value * 10 : value / 10 }
        do {
            return try Fixed(exactly: negative ? -value : value)
        } catch {
            throw .syntax(.numberOutOfRange(offset: start))
        }
    }

    /// Reads decimal digits into `mantissa` (up to 18 significant ones; later digits only move the
    /// exponent). Returns how many digits were read.
    mutating func readDigits(into mantissa: inout Int64, exponent: inout Int, fraction: Bool) -> Int {
        var count = 0
        while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") {
            if mantissa < 100_000_000_000_000_000 {
                mantissa = mantissa * 10 + Int64(bytes[offset] - UInt8(ascii: "0"))
                if fraction { exponent -= 1 }
            } else if !fraction {
                exponent += 1
            }
            offset += 1
            count += 1
        }
        return count
    }

    /// Reads an optional exponent (`e`/`E`, optional sign, digits) and adds it to `exponent`.
    mutating func readExponent(into exponent: inout Int) throws(ParseFailure) {
        guard offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") else { return }
        offset += 1
        var negative = false
        if offset < bytes.count && (bytes[offset] == UInt8(ascii: "-") || bytes[offset] == UInt8(ascii: "+")) {
            negative = bytes[offset] == UInt8(ascii: "-")
            offset += 1
        }
        var value = 0
        var digits = 0
        while offset < bytes.count, bytes[offset] >= UInt8(ascii: "0"), bytes[offset] <= UInt8(ascii: "9") {
            value = Swift.min(value * 10 + Int(bytes[offset] - UInt8(ascii: "0")), 10_000)
            offset += 1
            digits += 1
        }
        guard digits > 0 else {
            guard offset < bytes.count else { throw .syntax(.unexpectedEnd(offset: offset, expected: .number)) }
            throw .syntax(.unexpectedByte(offset: offset, found: bytes[offset], expected: .number))
        }
        exponent += negative ? -value : value
    }
}
