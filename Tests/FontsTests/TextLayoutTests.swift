import CMallocCounter
import FixedPoint
import Fonts
import Testing

/// Layout: positions against HarfBuzz's, wrapping, alignment, truncation, paragraphs, UTF-8, no allocation.
@Suite struct TextLayoutTests {
    static let size = Fixed(36)

    static func layOut(_ text: String, _ font: Font, _ style: TextStyle, capacity: Int = 256) throws -> TextLayout {
        var layout = try TextLayout(glyphCapacity: capacity, lineCapacity: 32)
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer throws(TextLayoutError) in try layout.layOut(buffer, font: font, style: style) }
        return layout
    }

    static func dejaVu() throws -> (ReferenceFont, Font) {
        let reference = try ReferenceFont(name: "DejaVuSans", fontPath: ReferenceFont.dejaVuSans)
        return (reference, try Font(bytes: reference.bytes))
    }

    static func pixels(_ units: Int, _ font: Font) -> Double { Double(units) * 36 / Double(font.unitsPerEm) }

    @Test func unwrappedPositionsEqualHarfBuzz() throws {
        let (reference, font) = try TextLayoutTests.dejaVu()
        for shaped in reference.shaped.prefix(200) {
            let layout = try TextLayoutTests.layOut(shaped.text, font, TextStyle(fontSize: TextLayoutTests.size, width: Fixed(4000)))
            #expect(layout.lineCount == 1)
            #expect(layout.glyphCount == shaped.penPositions.count - 1)
            for index in 0..<layout.glyphCount {
                #expect(abs(Double(layout.glyphs[index].x) - TextLayoutTests.pixels(shaped.penPositions[index], font)) <= 1.0 / 64)
                #expect(abs(Double(layout.glyphs[index].baseline) - TextLayoutTests.pixels(font.ascender, font)) <= 1.0 / 64)
            }
            #expect(abs(Double(layout.lines[0].width) - TextLayoutTests.pixels(shaped.penPositions.last!, font)) <= 1.0 / 64)
        }
    }

    @Test func wrappingKeepsEveryGlyphAndFitsTheBox() throws {
        let (reference, font) = try TextLayoutTests.dejaVu()
        let text = reference.shaped.prefix(40).map(\.text).joined(separator: " ")
        let unwrapped = try TextLayoutTests.layOut(text, font, TextStyle(fontSize: TextLayoutTests.size, width: Fixed(30000)), capacity: 1024)
        for width in [60, 150, 400] {
            let style = TextStyle(fontSize: TextLayoutTests.size, width: Fixed(Int16(width)), isWrapped: true)
            var layout = try TextLayout(glyphCapacity: 1024, lineCapacity: 256)
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBufferPointer { buffer throws(TextLayoutError) in try layout.layOut(buffer, font: font, style: style) }
            #expect(layout.glyphCount == unwrapped.glyphCount)
            #expect((0..<layout.glyphCount).map { layout.glyphs[$0].glyph } == (0..<unwrapped.glyphCount).map { unwrapped.glyphs[$0].glyph })
            #expect(layout.lineCount > text.count * 36 / 2 / width / 4)
            for line in 0..<layout.lineCount {
                let current = layout.lines[line]
                #expect(current.width <= Fixed(Int16(width)) || current.glyphCount == 1)
                let lineHeight = TextLayoutTests.pixels(font.ascender - font.descender + font.lineGap, font)
                #expect(abs(Double(current.baseline) - TextLayoutTests.pixels(font.ascender, font) - Double(line) * lineHeight) <= 1.0 / 64)
            }
        }
    }

    @Test func wrapsAfterSpacesAndHyphensAndBreaksLongWords() throws {
        let (_, font) = try TextLayoutTests.dejaVu()
        let space = try font.glyph(for: 0x20)
        func lines(_ text: String, _ width: Fixed) throws -> [[Int]] {
            let layout = try TextLayoutTests.layOut(text, font, TextStyle(fontSize: TextLayoutTests.size, width: width, isWrapped: true))
            return (0..<layout.lineCount).map { line in
                let current = layout.lines[line]
                return (current.firstGlyph..<current.firstGlyph + current.glyphCount).map { layout.glyphs[$0].glyph }
            }
        }
        func glyphs(_ text: String) throws -> [Int] { try text.unicodeScalars.map { try font.glyph(for: $0.value) } }
        let hello = try TextLayoutTests.layOut("hello world", font, TextStyle(fontSize: TextLayoutTests.size, width: Fixed(1000)))
        let fits = hello.lines[0].width
        #expect(try lines("hello world again", fits) == [try glyphs("hello world "), try glyphs("again")])
        let wellKnown = try TextLayoutTests.layOut("well-known", font, TextStyle(fontSize: TextLayoutTests.size, width: Fixed(1000)))
        #expect(try lines("well-known", wellKnown.lines[0].width) == [try glyphs("well-known")])
        #expect(try lines("well-known", wellKnown.lines[0].width - Fixed(raw: 1)) == [try glyphs("well-"), try glyphs("known")])
        #expect(try lines("abcdefghij", Fixed(60)).map(\.count).reduce(0, +) == 10)
        #expect(try lines("abcdefghij", Fixed(60)).count > 2)
        #expect(try lines("a\n\nb", Fixed(100)) == [try glyphs("a"), [], try glyphs("b")])
        let spaced = try lines("x  y", Fixed(25))
        #expect(spaced == [[try font.glyph(for: 0x78), space, space], [try font.glyph(for: 0x79)]])
    }

    @Test func alignmentModesPlaceTheLine() throws {
        let (_, font) = try TextLayoutTests.dejaVu()
        let width = Fixed(300)
        func layout(_ alignment: TextAlignment, _ text: String = "Flipbook") throws -> TextLayout {
            try TextLayoutTests.layOut(text, font, TextStyle(fontSize: TextLayoutTests.size, width: width, alignment: alignment, isWrapped: true))
        }
        let left = try layout(.left), natural = try layout(.natural), right = try layout(.right), center = try layout(.center)
        #expect(left.glyphs[0].x == .zero && natural.glyphs[0].x == .zero)
        let lineWidth = left.lines[0].width
        #expect(right.glyphs[0].x.raw == width.raw - lineWidth.raw)
        #expect(center.glyphs[0].x.raw == (width.raw - lineWidth.raw) / 2)
        let justified = try layout(.justified, "one two three four five six seven eight nine ten")
        #expect(justified.lineCount >= 3)
        for line in 0..<justified.lineCount {
            let current = justified.lines[line]
            let last = justified.glyphs[current.firstGlyph + current.glyphCount - 1]
            let firstX = justified.glyphs[current.firstGlyph].x
            #expect(firstX == .zero)
            if line < justified.lineCount - 1 {
                // The last glyph is the trailing space; the visible text ends at the box's right edge.
                let visible = justified.glyphs[current.firstGlyph + current.glyphCount - 2]
                let advance = TextLayoutTests.pixels(try font.advance(of: visible.glyph), font)
                #expect(abs(Double(visible.x) + advance - Double(width)) <= 1.0 / 64, "line \(line)")
                #expect(last.glyph == (try font.glyph(for: 0x20)))
            }
        }
    }

    @Test func truncationCutsWithAnEllipsis() throws {
        let (_, font) = try TextLayoutTests.dejaVu()
        let ellipsis = try font.glyph(for: 0x2026)
        let text = "The quick brown fox jumps over the lazy dog"
        let width = Fixed(200)
        let whole = try TextLayoutTests.layOut(text, font, TextStyle(fontSize: TextLayoutTests.size, width: width))
        #expect(whole.glyphCount == text.count)
        for (mode, position) in [(TextTruncation.end, 2), (.start, 0), (.middle, 1)] {
            let layout = try TextLayoutTests.layOut(text, font, TextStyle(fontSize: TextLayoutTests.size, width: width, truncation: mode))
            let ids = (0..<layout.glyphCount).map { layout.glyphs[$0].glyph }
            #expect(layout.lines[0].width <= width)
            #expect(layout.lines[0].width > width - Fixed(30))
            #expect(ids.filter { $0 == ellipsis }.count == 1)
            let at = ids.firstIndex(of: ellipsis)!
            #expect(position == (at == 0 ? 0 : (at == ids.count - 1 ? 2 : 1)))
            let space = try font.glyph(for: 0x20)
            #expect(ids.first != space && ids.last != space)
        }
        let short = try TextLayoutTests.layOut("dog", font, TextStyle(fontSize: TextLayoutTests.size, width: width, truncation: .end))
        #expect(short.glyphCount == 3)
    }

    @Test func invalidUTF8IsReplacementCharacter() throws {
        let (_, font) = try TextLayoutTests.dejaVu()
        var layout = try TextLayout(glyphCapacity: 8, lineCapacity: 2)
        let bytes: [UInt8] = [0x41, 0xC3, 0x28, 0xE2, 0x82]
        try bytes.withUnsafeBufferPointer { buffer throws(TextLayoutError) in
            try layout.layOut(buffer, font: font, style: TextStyle(fontSize: TextLayoutTests.size, width: Fixed(500)))
        }
        let replacement = try font.glyph(for: 0xFFFD)
        #expect((0..<layout.glyphCount).map { layout.glyphs[$0].glyph } == [try font.glyph(for: 0x41), replacement, try font.glyph(for: 0x28), replacement])
    }

    @Test func decoderMatchesSwiftOnRandomBytes() {
        var state: UInt64 = 15
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<12 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let pick = UInt8(truncatingIfNeeded: state >> 33)
                bytes.append([pick, pick | 0x80, pick & 0x3F | 0x80, 0xE0 | pick & 0x1F, 0xF0 | pick & 0x07][Int(state >> 60) % 5])
            }
            var ours: [UInt32] = []
            bytes.withUnsafeBufferPointer { buffer in
                var index = 0
                while index < buffer.count {
                    let (value, length) = UTF8Decoding.scalar(in: buffer, at: index)
                    ours.append(value)
                    index += length
                }
            }
            #expect(ours == String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value), "\(bytes)")
        }
    }

    @Test func capacityIsCheckedAndLayoutDoesNotAllocate() throws {
        let (_, font) = try TextLayoutTests.dejaVu()
        var layout = try TextLayout(glyphCapacity: 4, lineCapacity: 1)
        let style = TextStyle(fontSize: TextLayoutTests.size, width: Fixed(100), isWrapped: true, truncation: .end)
        let long: [UInt8] = Array("hello".utf8), wide: [UInt8] = Array("abcd".utf8), fits: [UInt8] = Array("ab".utf8)
        #expect(throws: TextLayoutError.capacityExceeded(glyphs: 4, lines: 1)) {
            try long.withUnsafeBufferPointer { buffer throws(TextLayoutError) in try layout.layOut(buffer, font: font, style: style) }
        }
        var narrow = style
        narrow.width = Fixed(20)
        #expect(throws: TextLayoutError.capacityExceeded(glyphs: 4, lines: 1)) {
            try wide.withUnsafeBufferPointer { buffer throws(TextLayoutError) in try layout.layOut(buffer, font: font, style: narrow) }
        }
        #expect(try TextLayoutTests.allocations(fits, count: 100) { buffer throws(TextLayoutError) in
            try layout.layOut(buffer, font: font, style: style)
        } == 0)
    }

    /// The allocations of `count` calls of `layOut` on `text`, after one call to warm up.
    static func allocations(_ text: [UInt8], count: Int,
                            _ layOut: (UnsafeBufferPointer<UInt8>) throws(TextLayoutError) -> Void) throws -> UInt64 {
        try text.withUnsafeBufferPointer { buffer throws(TextLayoutError) in
            try layOut(buffer)
            let before = cmc_allocation_count()
            for _ in 0..<count { try layOut(buffer) }
            return cmc_allocation_count() - before
        }
    }
}
