import FixedPoint
import Fonts
import Raster
import Testing

/// Glyphs drawn through Raster against the exact-area model of fontTools' outlines (AreaCoverageModel).
@Suite struct GlyphCoverageTests {
    struct Canvas: CoverageSink {
        let width: Int
        var values: [Double]
        mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt16) {
            for column in x..<x + count { values[y * width + column] = Double(coverage) / 32_640 }
        }
        mutating func blendSpan(x: Int, y: Int, coverage: UnsafeBufferPointer<UInt16>) {
            for (offset, value) in coverage.enumerated() { values[y * width + x + offset] = Double(value) / 32_640 }
        }
    }

    @Test(arguments: FontReaderTests.fonts) func coverageMatchesExactArea(name: String, path: String) throws {
        let reference = try ReferenceFont(name: name, fontPath: path)
        let font = try Font(bytes: reference.bytes)
        var rasterizer = try Rasterizer()
        var errors: [Double] = []
        for character in "ag&@S\u{e9}" {
            let scalar = character.unicodeScalars.first!.value
            let glyph = try font.glyph(for: scalar)
            let commands = try #require(reference.outlines.first { $0.glyph == glyph }).commands
            for size in [8, 14, 36, 96] {
                let scale = Double(size) / Double(font.unitsPerEm)
                let width = size * 2, height = size * 2
                let originX = Double(size) / 4, baseline = Double(size) * 1.4
                var builder = GlyphPathBuilder(
                    path: try Path(), unitsPerEm: font.unitsPerEm, fontSize: Fixed(Int16(size)),
                    origin: Point(x: Fixed(raw: Int32(originX * 65_536)), y: Fixed(raw: Int32(baseline * 65_536))))
                try font.outline(of: glyph, into: &builder)
                var canvas = Canvas(width: width, values: [Double](repeating: 0, count: width * height))
                try rasterizer.fill(builder.path, transform: .identity, rule: .nonZero,
                                    clip: IntRect(x: 0, y: 0, width: width, height: height), into: &canvas)
                var model = AreaCoverageModel(width: width, height: height)
                for command in commands {
                    let fields = command.split(separator: " ").dropFirst().map { Double(Int($0)!) / 65_536 }
                    var points: [(Double, Double)] = []
                    for index in stride(from: 0, to: fields.count, by: 2) {
                        points.append((originX + fields[index] * scale, baseline - fields[index + 1] * scale))
                    }
                    switch command.first {
                    case "M": model.move(points[0].0, points[0].1)
                    case "L": model.line(points[0].0, points[0].1)
                    case "Z": model.close()
                    default: model.curve(points)
                    }
                }
                model.render()
                #expect(model.coverage.reduce(0, +) > Double(size * size) / 20, "\(character) at \(size) px is drawn")
                for (ours, exact) in zip(canvas.values, model.coverage) where ours > 0 || exact > 0 {
                    errors.append(abs(ours - min(exact, 1)) * 255)
                }
            }
        }
        errors.sort()
        let mean = errors.reduce(0, +) / Double(errors.count)
        let p999 = errors[Int(Double(errors.count - 1) * 0.999)]
        print("\(name): \(errors.count) pixels, mean error \(mean)/255, p99.9 \(p999)/255, max \(errors.last!)/255")
        #expect(mean <= 0.5)
        #expect(p999 <= 8)
    }
}
