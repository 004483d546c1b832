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

    /// The copy inside the binary (CBuiltinFonts' raw bytes, for players without a file system) is the file, byte
    /// for byte, and keeps only the tables Flipbook reads (and `name`, `post`).
    @Test func embeddedCopyIsTheFile() throws {
        let bytes = [UInt8](try Data(contentsOf: BuiltinSansTests.path))
        #expect(BuiltinFonts.bytes(named: "sans") == bytes)
        #expect(BuiltinFonts.bytes(named: "serif") == nil)
        let tableCount = Int(bytes[4]) << 8 | Int(bytes[5])
        let tags = (0 ..< tableCount).map { String(decoding: bytes[12 + 16 * $0 ..< 16 + 16 * $0], as: UTF8.self) }
        #expect(tags == ["GPOS", "OS/2", "cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post"])
    }

    /// Refusals read as one line naming the table and the offset.
    @Test func errorDescriptions() {
        #expect(FontError.truncated(table: FontTag("glyf"), offset: 1234).description == "table 'glyf' at offset 1234: truncated")
        #expect(FontError.malformed(table: FontTag("CFF "), offset: 9, problem: .subroutineTooDeep).description
                == "table 'CFF ' at offset 9: charstring subroutines nest too deep (a loop?)")
        #expect(FontError.missingTable(FontTag("cmap")).description == "the required table 'cmap' is missing")
    }
}
