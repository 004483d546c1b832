import Fonts
import Foundation
import Testing

/// The built-in "sans" font: it opens, covers the scripts it promises and keeps its kerning.
@Suite struct BuiltinSansTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/Fonts/Builtin/FlipbookSans.ttf").standardized

    @Test func coversItsRangesAndKerns() throws {
        let bytes = [UInt8](try Data(contentsOf: BuiltinSansTests.path))
        #expect(bytes.count <= 100_000)
        let font = try Font(bytes: bytes)
        let promised: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0xFF, 0x391...0x3A1, 0x3B1...0x3C9, 0x410...0x44F]
        for range in promised {
            for scalar in range { #expect(try font.glyph(for: scalar) != 0, "U+\(String(scalar, radix: 16))") }
        }
        #expect(try font.glyph(for: 0x2026) != 0)
        #expect(try font.glyph(for: 0xFFFD) != 0)
        #expect(try font.glyph(for: 0x4E00) == 0)
        let a = try font.glyph(for: 0x41), v = try font.glyph(for: 0x56)
        #expect(try font.kerning(between: a, and: v) < 0)
    }
}
