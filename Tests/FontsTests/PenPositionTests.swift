import FixedPoint
import Fonts
import Testing

/// Pen positions (advances plus pair kerning) against hb-shape with every feature but `kern` off.
@Suite struct PenPositionTests {
    @Test(arguments: FontReaderTests.fonts) func penPositionsEqualHarfBuzz(name: String, path: String) throws {
        let reference = try ReferenceFont(name: name, fontPath: path)
        let font = try Font(bytes: reference.bytes)
        #expect(reference.shaped.count >= 500)
        var kernedPairs = 0
        for shaped in reference.shaped {
            var positions = [0], previous = -1
            for scalar in shaped.text.unicodeScalars {
                let glyph = try font.glyph(for: scalar.value)
                if previous >= 0 {
                    let kerning = try font.kerning(between: previous, and: glyph)
                    if kerning != 0 { kernedPairs += 1 }
                    positions[positions.count - 1] += kerning
                }
                positions.append(positions[positions.count - 1] + (try font.advance(of: glyph)))
                previous = glyph
            }
            #expect(positions == shaped.penPositions, "\(shaped.text)")
            // In pixels at several sizes, the exact scaling agrees with HarfBuzz's to 1/64 px.
            for size in [8, 14, 36, 96] {
                for (ours, theirs) in zip(positions, shaped.penPositions) {
                    let pixels = Fixed(raw: Int32((Int64(ours) * Int64(size) << 16) / Int64(font.unitsPerEm)))
                    let model = Double(theirs) * Double(size) / Double(font.unitsPerEm)
                    #expect(abs(Double(pixels) - model) <= 1.0 / 64)
                }
            }
        }
        #expect(kernedPairs > 50)
    }
}
