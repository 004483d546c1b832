import FixedPoint

/// A text layer's `numberFormat` (SCENE-FORMAT.md, an extension): literal text with conversions that show the
/// layer's `number`. Parsed once, at setup; `write(_:into:)` formats without allocating and without Foundation.
///
/// Conversions: `%d` the number rounded toward zero (as C converts a double to an int: −0.7 shows `0`),
/// `%.Nf` the number with N decimals (0 … 6, `%f` = 6) rounded to nearest with ties to even on the exact
/// Q16.16 value (as printf rounds the same binary value: −0.3 with `%.0f` shows `-0`), `%%` a percent sign.
/// Every other byte is literal text.
public struct NumberFormat: Equatable, Sendable {
    /// The most bytes a format may have.
    public static let maximumLength = 256
    /// The most decimals `%.Nf` takes.
    public static let maximumDecimals = 6

    /// The pieces: a literal byte, or a conversion (`decimals` −1 for `%d`).
    enum Piece: Equatable, Sendable {
        case literal(UInt8)
        case number(decimals: Int8)
    }

    let pieces: [Piece]
    /// The most bytes `write` produces for any number.
    public let maximumOutputLength: Int

    /// Parses `format`.
    ///
    /// - Throws: `invalidNumberFormat` naming the byte offset of a `%` that starts no known conversion, or of
    ///   the byte past the longest allowed format.
    public init(_ format: String) throws(EngineError) {
        let bytes = Array(format.utf8)
        guard bytes.count <= NumberFormat.maximumLength else {
            throw .invalidNumberFormat(format: format, offset: NumberFormat.maximumLength)
        }
        var pieces: [Piece] = []
        var length = 0, index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                pieces.append(.literal(bytes[index]))
                length += 1
                index += 1
                continue
            }
            guard let (piece, next) = NumberFormat.conversion(bytes, at: index + 1) else {
                throw .invalidNumberFormat(format: format, offset: index)
            }
            pieces.append(piece)
            if case .number(let decimals) = piece { length += NumberFormat.longestNumber(decimals: Int(decimals)) } else { length += 1 }
            index = next
        }
        self.pieces = pieces
        maximumOutputLength = length
    }

    /// The conversion after a `%` at `index`, and the index past it; nil when it is not one.
    private static func conversion(_ bytes: [UInt8], at index: Int) -> (Piece, Int)? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "%"): return (.literal(UInt8(ascii: "%")), index + 1)
        case UInt8(ascii: "d"): return (.number(decimals: -1), index + 1)
        case UInt8(ascii: "f"): return (.number(decimals: Int8(maximumDecimals)), index + 1)
        case UInt8(ascii: "."):
            guard index + 2 < bytes.count, bytes[index + 1] >= UInt8(ascii: "0"),
                  bytes[index + 1] <= UInt8(ascii: "0") + UInt8(maximumDecimals),
                  bytes[index + 2] == UInt8(ascii: "f") else { return nil }
            return (.number(decimals: Int8(bytes[index + 1] - UInt8(ascii: "0"))), index + 3)
        default: return nil
        }
    }

    /// Sign, five integer digits (Q16.16 numbers are below 32,768 in magnitude), point and decimals.
    private static func longestNumber(decimals: Int) -> Int { 6 + (decimals > 0 ? 1 + decimals : 0) }

    /// Writes `number` formatted into `buffer` (at least `maximumOutputLength` bytes) and returns the byte count.
    public func write(_ number: Fixed, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        for index in 0 ..< pieces.count {  // indexing: a debug-build `for in` here allocates per element
            switch pieces[index] {
            case .literal(let byte):
                buffer[count] = byte
                count &+= 1
            case .number(let decimals):
                count = NumberFormat.writeNumber(number, decimals: Int(decimals), into: buffer, at: count)
            }
        }
        return count
    }

    /// One conversion at `start`; returns the end.
    private static func writeNumber(_ number: Fixed, decimals: Int, into buffer: UnsafeMutableBufferPointer<UInt8>,
                                    at start: Int) -> Int {
        let magnitude = Int64(number.raw).magnitude
        var scale: UInt64 = 1
        for _ in 0 ..< max(decimals, 0) { scale &*= 10 }
        var value: UInt64
        if decimals < 0 {
            value = magnitude >> 16
        } else {
            let scaled = magnitude &* scale
            value = scaled >> 16
            let remainder = scaled & 0xFFFF
            if remainder > 0x8000 || (remainder == 0x8000 && value & 1 == 1) { value &+= 1 }
        }
        var end = start
        if number.raw < 0 && (decimals >= 0 || value > 0) {
            buffer[end] = UInt8(ascii: "-")
            end &+= 1
        }
        end = writeDigits(value / scale, minimumCount: 1, into: buffer, at: end)
        if decimals > 0 {
            buffer[end] = UInt8(ascii: ".")
            end = writeDigits(value % scale, minimumCount: decimals, into: buffer, at: end &+ 1)
        }
        return end
    }

    /// Decimal digits of `value`, zero-padded to `minimumCount`; returns the end.
    private static func writeDigits(_ value: UInt64, minimumCount: Int, into buffer: UnsafeMutableBufferPointer<UInt8>,
                                    at start: Int) -> Int {
        var count = 0, rest = value
        repeat {
            count &+= 1
            rest /= 10
        } while rest > 0
        count = max(count, minimumCount)
        rest = value
        for position in stride(from: start &+ count &- 1, through: start, by: -1) {
            buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return start &+ count
    }
}
