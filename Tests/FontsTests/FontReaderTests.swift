import FixedPoint
@testable import Fonts
import Testing

/// The reader against fontTools: metrics, cmap, hmtx, outlines (exact, in font units) and `kern` pairs.
@Suite struct FontReaderTests {
    static let fonts = [("DejaVuSans", ReferenceFont.dejaVuSans), ("NimbusSans", ReferenceFont.nimbusSans)]

    @Test(arguments: fonts) func metricsAndCharacterMap(name: String, path: String) throws {
        let reference = try ReferenceFont(name: name, fontPath: path)
        let font = try Font(bytes: reference.bytes)
        #expect([font.unitsPerEm, font.glyphCount, font.ascender, font.descender, font.lineGap] == reference.metrics)
        #expect(reference.mappings.count > 150)
        for mapping in reference.mappings {
            let glyph = try font.glyph(for: mapping.scalar)
            #expect(glyph == mapping.glyph, "U+\(String(mapping.scalar, radix: 16))")
            #expect(try font.advance(of: glyph) == mapping.advance)
            #expect(try font.leftSideBearing(of: glyph) == mapping.leftSideBearing)
        }
    }

    @Test(arguments: fonts) func outlinesEqualFontTools(name: String, path: String) throws {
        let reference = try ReferenceFont(name: name, fontPath: path)
        let font = try Font(bytes: reference.bytes)
        #expect(reference.outlines.count > 90)
        for (glyph, commands) in reference.outlines {
            var sink = RecordingSink()
            try font.outline(of: glyph, into: &sink)
            #expect(sink.commands == commands, "glyph \(glyph)")
        }
    }

    @Test func kernTablePairsEqualFontTools() throws {
        let reference = try ReferenceFont(name: "DejaVuSans", fontPath: ReferenceFont.dejaVuSans)
        let font = try Font(bytes: reference.bytes)
        #expect(reference.kernings.count > 300)
        for pair in reference.kernings {
            #expect(try KerningTable(font.kern).adjustment(left: pair.left, right: pair.right) == pair.value)
        }
    }

    @Test func missingCharacterIsNotdef() throws {
        let font = try Font(bytes: try ReferenceFont(name: "DejaVuSans", fontPath: ReferenceFont.dejaVuSans).bytes)
        #expect(try font.glyph(for: 0xE000) == 0)
        #expect(try font.glyph(for: 0x10FFFF) == 0)
        #expect(throws: FontError.glyphOutOfRange(glyph: font.glyphCount, count: font.glyphCount)) {
            try font.advance(of: font.glyphCount)
        }
    }
}
