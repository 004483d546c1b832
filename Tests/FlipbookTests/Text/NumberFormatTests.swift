import FixedPoint
import Foundation
import Testing
@testable import Flipbook

@Suite("Number formats (counting text)")
struct NumberFormatTests {
    /// Formats `raw` (Q16.16) with `format`.
    static func formatted(_ format: String, _ raw: Int32) throws -> String {
        let parsed = try NumberFormat(format)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: parsed.maximumOutputLength)
        defer { buffer.deallocate() }
        let count = parsed.write(Fixed(raw: raw), into: buffer)
        #expect(count <= parsed.maximumOutputLength)
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[0 ..< count]), as: UTF8.self)
    }

    /// `%.Nf` equals glibc's printf of the same (exactly representable) Double, for 4,000 random Q16.16 values
    /// and the edge values, N = 0 … 6; `%d` equals C's conversion toward zero (`Int(value)`).
    @Test func matchesPrintf() throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Int32] = [0, 1, -1, 0x8000, -0x8000, 0x18000, -0x18000, Int32.max, Int32.min + 1, 65_536 * 99 + 0x8000]
        for _ in 0 ..< 4_000 { values.append(Int32.random(in: Int32.min + 1 ... Int32.max, using: &generator)) }
        for raw in values {
            let value = Double(raw) / 65_536
            for decimals in 0 ... 6 {
                let format = "%.\(decimals)f"
                #expect(try Self.formatted(format, raw) == String(format: format, value), "\(raw) \(format)")
            }
            #expect(try Self.formatted("%f", raw) == String(format: "%f", value))
            #expect(try Self.formatted("%d", raw) == String(Int(value)))
        }
    }

    @Test func literalTextAndPercent() throws {
        #expect(try Self.formatted("%.0f%%", 42 << 16 + 0x8000) == "42%")   // 42.5 rounds to even
        #expect(try Self.formatted("%.0f%%", 43 << 16 + 0x8000) == "44%")
        #expect(try Self.formatted("%d km/h", 88 << 16 + 0xFFFF) == "88 km/h")
        #expect(try Self.formatted("Loading… %.1f MB of %d", 3 << 16 + 0x4000) == "Loading… 3.2 MB of 3")
        #expect(try Self.formatted("", 5) == "")
        #expect(try NumberFormat("%.0f%%").maximumOutputLength == 7)
    }

    /// A `%` that starts no known conversion is refused with its byte offset; so is a format too long.
    @Test func refusals() {
        for (format, offset) in [("%", 0), ("ab%x", 2), ("%.7f", 0), ("%.f", 0), ("%.2", 0), ("%%%", 2), ("%5d", 0)] {
            #expect(throws: EngineError.invalidNumberFormat(format: format, offset: offset)) { try NumberFormat(format) }
        }
        let long = String(repeating: "a", count: NumberFormat.maximumLength + 1)
        #expect(throws: EngineError.invalidNumberFormat(format: long, offset: NumberFormat.maximumLength)) {
            try NumberFormat(long)
        }
    }
}
