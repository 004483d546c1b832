import FixedPoint
import Fonts
import Testing

/// Layout over a `FontCascade` (fallback fonts per character) against HarfBuzz run by run, and its rules: kerning
/// within one font, the ellipsis falling back, line metrics of the fonts on the line, exact common units.
@Suite struct FallbackLayoutTests {
    static func layOut(_ text: String, _ fonts: FontCascade, _ style: TextStyle, capacity: Int = 256) throws -> TextLayout {
        let layout = try TextLayout(glyphCapacity: capacity, lineCapacity: 256)
        try Array(text.utf8).withUnsafeBufferPointer { buffer throws(TextLayoutError) in
            try layout.layOut(buffer, fonts: fonts, style: style)
        }
        return layout
    }

    /// A font mapping only 'A' (glyph 1, advance 500, no contours): 1000 units per em unless asked otherwise,
    /// ascender 800, descender −200, no line gap.
    static func onlyA(unitsPerEm: Int = 1000) throws -> Font {
        let empty = [UInt8](repeating: 0, count: 12)
        return try Font(bytes: SyntheticFont.trueType(glyphs: [empty, empty], unitsPerEm: unitsPerEm))
    }

    static func dejaVu() throws -> Font { try FallbackReference.font(ReferenceFont.dejaVuSans) }

    @Test func penPositionsEqualHarfBuzzRunByRun() throws {
        let reference = try FallbackReference()
        #expect(reference.cascades.count == 4)
        var strings = 0, glyphsChecked = 0, kernedInLaterFonts = 0, largest = 0.0
        var state: UInt64 = 77
        for cascade in reference.cascades {
            let fonts = try FontCascade(cascade.fonts)
            for shaped in cascade.shaped {
                strings += 1
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let quarter = 32 + Int(state >> 33) % 352
                for size in [8.0, 14, 36, 96, Double(quarter) / 4] {
                    let style = TextStyle(fontSize: Fixed(raw: Int32(size * 65_536)), width: Fixed(30000))
                    let layout = try FallbackLayoutTests.layOut(shaped.text, fonts, style)
                    #expect(layout.lineCount == 1)
                    var penStart = 0.0, index = 0, usedFonts = Set<Int>()
                    for run in shaped.runs {
                        let em = Double(cascade.fonts[run.font].unitsPerEm)
                        usedFonts.insert(run.font)
                        for (glyph, position) in zip(run.glyphs, run.positions) {
                            let placed = layout.glyphs[index]
                            #expect(placed.font == run.font && placed.glyph == glyph, "\(cascade.name) \(shaped.text)")
                            let model = penStart + Double(position) * size / em
                            largest = max(largest, abs(Double(placed.x) - model))
                            #expect(abs(Double(placed.x) - model) <= 1.0 / 64, "\(cascade.name) \(shaped.text) \(size)")
                            index += 1
                        }
                        penStart += Double(run.width) * size / em
                    }
                    glyphsChecked += index
                    #expect(layout.glyphCount == index)
                    #expect(abs(Double(layout.lines[0].width) - penStart) <= 1.0 / 64)
                    // The baseline is the largest ascender among the fonts of the line.
                    let ascender = usedFonts.map { Double(cascade.fonts[$0].ascender) * size / Double(cascade.fonts[$0].unitsPerEm) }.max()!
                    #expect(abs(Double(layout.lines[0].baseline) - ascender) <= 1.0 / 64)
                }
                for run in shaped.runs where run.font > 0 {
                    let font = cascade.fonts[run.font]
                    for (glyph, (start, end)) in zip(run.glyphs, zip(run.positions, run.positions.dropFirst() + [run.width]))
                    where end - start != (try font.advance(of: glyph)) {
                        kernedInLaterFonts += 1
                    }
                }
            }
        }
        #expect(strings >= 1_000)
        #expect(kernedInLaterFonts > 100)
        #expect(largest < 1.0 / 16_384)
        #expect(glyphsChecked == 50_355)
    }

    @Test func glyphsOfOneFontLayOutAsThatFontAlone() throws {
        // DejaVu (2048) before Nimbus (1000): layout measures in 1/256,000 em, yet text DejaVu maps entirely is
        // placed, wrapped, justified and truncated exactly as DejaVu alone places it.
        let dejaVu = try FallbackLayoutTests.dejaVu()
        let cascade = try FontCascade([dejaVu, try FallbackReference.font(ReferenceFont.nimbusSans)])
        #expect(cascade.unitsPerEm == 256_000)
        let single = FontCascade(dejaVu)
        let text = "AVAWAY To the lazy dog, Wolf! Jumps over: \"Tyrannosaurus\"\nand T.V. 1234567890 well-known types."
        for width in [40, 97, 150, 333, 800] {
            for (alignment, wrapped, truncation) in [(TextAlignment.justified, true, TextTruncation.none), (.right, true, .none),
                                                     (.center, false, .end), (.left, false, .start), (.natural, false, .middle)] {
                let style = TextStyle(fontSize: Fixed(raw: 36 * 65_536 + 12_345), width: Fixed(Int16(width)),
                                      alignment: alignment, isWrapped: wrapped, truncation: truncation)
                let ours = try FallbackLayoutTests.layOut(text, cascade, style, capacity: 512)
                let alone = try FallbackLayoutTests.layOut(text, single, style, capacity: 512)
                #expect(ours.glyphCount == alone.glyphCount && ours.lineCount == alone.lineCount)
                #expect(Array(ours.glyphs.prefix(ours.glyphCount)) == Array(alone.glyphs.prefix(alone.glyphCount)))
                #expect(Array(ours.lines.prefix(ours.lineCount)) == Array(alone.lines.prefix(alone.lineCount)))
                #expect(ours.glyphs.prefix(ours.glyphCount).allSatisfy { $0.font == 0 })
            }
        }
    }

    @Test func kerningStopsAtAChangeOfFont() throws {
        let dejaVu = try FallbackLayoutTests.dejaVu()
        let fonts = try FontCascade([try FallbackLayoutTests.onlyA(), dejaVu])
        let style = TextStyle(fontSize: Fixed(36), width: Fixed(1000))
        // DejaVu alone kerns A and V; here A is the first font's, so V sits at A's advance, 500/1000 em.
        let alone = try FallbackLayoutTests.layOut("AV", FontCascade(dejaVu), style)
        #expect(Double(alone.glyphs[1].x) < Double(try dejaVu.advance(of: try dejaVu.glyph(for: 0x41))) * 36 / 2048 - 1)
        let mixed = try FallbackLayoutTests.layOut("AV", fonts, style)
        #expect(mixed.glyphs[0].font == 0 && mixed.glyphs[0].glyph == 1)
        let v = try dejaVu.glyph(for: 0x56)
        #expect(mixed.glyphs[1].font == 1 && mixed.glyphs[1].glyph == v)
        #expect(mixed.glyphs[1].x == Fixed(18))
        // V then A: A at V's unkerned advance.
        let reversed = try FallbackLayoutTests.layOut("VA", fonts, style)
        let advance = Int64(try dejaVu.advance(of: try dejaVu.glyph(for: 0x56)))
        let expected = (advance * 36 * 65_536 + 1_024) / 2048
        #expect(Int64(reversed.glyphs[1].x.raw) == expected)
        // A character no font maps is the first font's .notdef.
        let unmapped = try FallbackLayoutTests.layOut("A\u{E000}", fonts, style)
        #expect(unmapped.glyphs[1].font == 0 && unmapped.glyphs[1].glyph == 0 && unmapped.glyphs[1].x == Fixed(18))
    }

    @Test func theEllipsisFallsBack() throws {
        let dejaVu = try FallbackLayoutTests.dejaVu()
        let fonts = try FontCascade([try FallbackLayoutTests.onlyA(), dejaVu])
        let ellipsis = try dejaVu.glyph(for: 0x2026)
        let ellipsisWidth = Double(try dejaVu.advance(of: ellipsis)) * 36 / 2048
        for (mode, at) in [(TextTruncation.end, 2), (.start, 0), (.middle, 1)] {
            let layout = try FallbackLayoutTests.layOut("AAAAAAAAAAAA", fonts, TextStyle(fontSize: Fixed(36), width: Fixed(100), truncation: mode))
            let glyphs = Array(layout.glyphs.prefix(layout.glyphCount))
            let index = glyphs.firstIndex { $0.font == 1 }!
            #expect(glyphs[index].glyph == ellipsis)
            #expect(glyphs.filter { $0.font == 1 }.count == 1)
            #expect(at == (index == 0 ? 0 : index == glyphs.count - 1 ? 2 : 1))
            // 18 px per A: as many as fit beside the ellipsis.
            let fitting = Int((100 - ellipsisWidth) / 18)
            #expect(glyphs.count - 1 == fitting)
            let width = Double(fitting) * 18 + ellipsisWidth
            #expect(abs(Double(layout.lines[0].width) - width) <= 1.0 / 64)
            // The ellipsis's font is on the line: DejaVu's ascender (1901/2048 em) is above the A font's (0.8 em).
            let baseline = 1901.0 * 36 / 2048
            #expect(abs(Double(layout.lines[0].baseline) - baseline) <= 1.0 / 64)
        }
    }

    @Test func eachLineTakesTheLargestMetricsOfItsFonts() throws {
        let nimbus = try FallbackReference.font(ReferenceFont.nimbusSans), dejaVu = try FallbackLayoutTests.dejaVu()
        let fonts = try FontCascade([try FallbackLayoutTests.onlyA(), nimbus, dejaVu])
        let layout = try FallbackLayoutTests.layOut("AA\nAV\n\nA\u{0531}\nAV\u{0531}", fonts, TextStyle(fontSize: Fixed(20), width: Fixed(500)))
        #expect(layout.lineCount == 5)
        // (ascender, depth, line gap) in em: the A font, Nimbus, DejaVu.
        let a = (0.8, 0.2, 0.0), n = (729.0 / 1000, 271.0 / 1000, 200.0 / 1000), d = (1901.0 / 2048, 483.0 / 2048, 0.0)
        func largest(_ metrics: [(Double, Double, Double)]) -> (Double, Double, Double) {
            (metrics.map(\.0).max()!, metrics.map(\.1).max()!, metrics.map(\.2).max()!)
        }
        let lines = [largest([a]), largest([a, n]), largest([a]), largest([a, d]), largest([a, n, d])]
        var top = 0.0
        for (index, line) in lines.enumerated() {
            #expect(abs(Double(layout.lines[index].baseline) - (top + line.0) * 20) <= 1.0 / 64, "line \(index)")
            top += line.0 + line.1 + line.2
        }
        #expect(layout.glyphs[3].font == 1 && layout.glyphs[5].font == 2)
    }

    @Test func cascadesAreChecked() throws {
        let font = try FallbackLayoutTests.onlyA()
        #expect(throws: TextLayoutError.invalidFontCascade(fontIndex: 0, problem: .fontCount)) { try FontCascade([]) }
        #expect(throws: TextLayoutError.invalidFontCascade(fontIndex: 17, problem: .fontCount)) {
            try FontCascade(Array(repeating: font, count: 17))
        }
        #expect(try FontCascade(Array(repeating: font, count: 16)).unitsPerEm == 1000)
        // 16,381 and 16,369 are primes: their least common multiple, 268,140,589, passes 2^24.
        let odd = try FallbackLayoutTests.onlyA(unitsPerEm: 16_381), other = try FallbackLayoutTests.onlyA(unitsPerEm: 16_369)
        #expect(throws: TextLayoutError.invalidFontCascade(fontIndex: 2, problem: .unitsPerEmIncommensurable)) {
            try FontCascade([font, odd, other])
        }
        #expect(try FontCascade([font, odd]).unitsPerEm == 16_381_000)
        #expect(try FontCascade([try FallbackLayoutTests.onlyA(unitsPerEm: 2048), font, try FallbackLayoutTests.onlyA(unitsPerEm: 16)]).unitsPerEm == 256_000)
        #expect(throws: TextLayoutError.invalidCapacity(glyphs: TextLayout.glyphCapacityLimit + 1, lines: 1)) {
            try TextLayout(glyphCapacity: TextLayout.glyphCapacityLimit + 1, lineCapacity: 1)
        }
    }

    @Test func fallbackLayoutDoesNotAllocate() throws {
        let fonts = try FontCascade([try FallbackLayoutTests.onlyA(), try FallbackReference.font(ReferenceFont.nimbusSans),
                                     try FallbackLayoutTests.dejaVu()])
        let layout = try TextLayout(glyphCapacity: 64, lineCapacity: 8)
        let texts = ["AVA Wolf \u{2190}\u{0531} AAA", "A\u{2026}Tx\nAAAAAAAAAAAAAAAAAAAAAAA"].map { Array($0.utf8) }
        let styles = [TextStyle(fontSize: Fixed(30), width: Fixed(120), alignment: .justified, isWrapped: true),
                      TextStyle(fontSize: Fixed(30), width: Fixed(120), truncation: .middle)]
        // Each text in each style: 50 layouts counted after one.
        for text in texts {
            for style in styles {
                #expect(try TextLayoutTests.allocations(text, count: 50) { buffer throws(TextLayoutError) in
                    try layout.layOut(buffer, fonts: fonts, style: style)
                } == 0)
                #expect(layout.glyphs.prefix(layout.glyphCount).contains { $0.font > 0 })
            }
        }
    }
}
