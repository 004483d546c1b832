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

    /// Each glyph's box (its `glyf` header) is the box of fontTools' outline points, off-curve points included, as
    /// fontTools computes the header; a CFF font gives its `head` box for every glyph, and a space none.
    @Test(arguments: fonts) func glyphBoxesHoldFontToolsOutlines(name: String, path: String) throws {
        let reference = try ReferenceFont(name: name, fontPath: path)
        let font = try Font(bytes: reference.bytes)
        let isCFF = name == "NimbusSans"
        for (glyph, commands) in reference.outlines where !commands.isEmpty {
            let numbers = commands.flatMap { $0.split(separator: " ").dropFirst().compactMap { Int($0) } }
            let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
            let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
            let points = (xMin: xs.min()!, yMin: ys.min()!, xMax: xs.max()!, yMax: ys.max()!)
            let box = try #require(try font.glyphBounds(of: glyph))
            let units = (xMin: box.xMin << 16, yMin: box.yMin << 16, xMax: box.xMax << 16, yMax: box.yMax << 16)
            if isCFF {
                #expect(units.xMin <= points.xMin && units.yMin <= points.yMin && units.xMax >= points.xMax
                        && units.yMax >= points.yMax, "glyph \(glyph)")
            } else {
                #expect(units == points, "glyph \(glyph)")
            }
        }
        #expect(try font.glyphBounds(of: try font.glyph(for: 0x20)) == nil || isCFF)
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
