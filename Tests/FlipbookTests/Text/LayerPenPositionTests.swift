import FixedPoint
import Fonts
import Foundation
import Testing
@testable import Flipbook

/// Pen positions through the engine's text layer (and so `TextLayout`) against HarfBuzz's: 1,100 random strings in
/// five fonts (two TrueType, two CFF, the built-in sans), each at 8, 14, 36 and 96 px and one random size in
/// between, every glyph within 1/64 px of hb-shape's position (kerning only) scaled exactly to that size. The
/// references are written by tools/reference/make_pen_references.py.
@Suite struct LayerPenPositionTests {
    struct ShapedString { let text: String, positions: [Int] }
    struct ReferenceFont { let name: String, font: Font, strings: [ShapedString] }

    static let referencePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Reference/pen-positions.txt")

    /// The fonts and strings of the reference file, each font read from its Debian package (or built in).
    static func referenceFonts() throws -> [ReferenceFont] {
        var fonts: [ReferenceFont] = []
        var name = "", font: Font?, strings: [ShapedString] = []
        func finish() { if let font { fonts.append(ReferenceFont(name: name, font: font, strings: strings)) } }
        for line in try String(contentsOf: referencePath, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            if fields[0] == "font" {
                finish()
                name = fields[1]
                strings = []
                let bytes = fields[2] == "builtin" ? BuiltinFonts.bytes(named: "sans")!
                    : [UInt8](try Data(contentsOf: URL(fileURLWithPath: fields[2])))
                font = try Font(bytes: bytes)
                #expect(font!.unitsPerEm == Int(fields[3])!)
                continue
            }
            let hex = Array(fields[0].utf8)
            let utf8 = stride(from: 0, to: hex.count, by: 2).map {
                UInt8(String(decoding: hex[$0 ..< $0 + 2], as: UTF8.self), radix: 16)!
            }
            strings.append(ShapedString(text: String(decoding: utf8, as: UTF8.self),
                                        positions: fields.dropFirst().map { Int($0)! }))
        }
        finish()
        return fonts
    }

    @Test func layerPenPositionsEqualHarfBuzz() throws {
        let fonts = try Self.referenceFonts()
        #expect(fonts.map(\.name) == ["FlipbookSans", "DejaVuSans", "DejaVuSerif", "NimbusSans", "NimbusRoman"])
        #expect(fonts.reduce(0) { $0 + $1.strings.count } >= 1_000)
        var random: UInt64 = 0x15_2026
        var compared = 0, kerned = 0, worst = 0.0
        for reference in fonts {
            let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 64, canvasHeight: 64,
                                                                       layerCapacity: 4, animationCapacity: 4))
            let layer = try engine.createLayer(kind: .text)
            try engine.addSublayer(layer, to: engine.root)
            try engine.setValue(.rect(x: 0, y: 0, width: 8_000, height: 200), for: .bounds, of: layer)
            try engine.setFont(reference.font, of: layer)
            var time: Int64 = 0
            for shaped in reference.strings {
                try engine.setString(shaped.text, of: layer)
                let advances = zip(shaped.positions.dropFirst(), shaped.positions).map { $0 - $1 }
                kerned += try zip(advances, shaped.text.unicodeScalars).contains {
                    $0 != (try reference.font.advance(of: try reference.font.glyph(for: $1.value)))
                } ? 1 : 0
                // A random size in quarter pixels from 8 to 96 besides the four fixed ones.
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let randomSize = 8 + Double((random >> 33) % (88 * 4 + 1)) / 4
                for size in [8, 14, 36, 96, randomSize] {
                    try engine.beginTransaction()  // no implicit animation: the new size at once
                    try engine.setDisableActions(true)
                    try engine.setValue(.number(size), for: .fontSize, of: layer)
                    try engine.commitTransaction()
                    time += 16_667
                    engine.advance(to: time)
                    let glyphs = try engine.laidOutGlyphs(of: layer)
                    try #require(glyphs.count == shaped.positions.count - 1, "\(reference.name) \(shaped.text)")
                    let scale = size / Double(reference.font.unitsPerEm)
                    for (placed, position) in zip(glyphs, shaped.positions) {
                        let error = abs(Double(placed.x) - Double(position) * scale)
                        worst = max(worst, error)
                        #expect(error <= 1.0 / 64, "\(reference.name) \(size) px \(shaped.text)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 40_000)
        #expect(kerned > 200)  // strings whose HarfBuzz positions include kerning
        print("LayerPenPositionTests: \(compared) positions, worst \(worst * 64)/64 px, \(kerned) kerned strings")
    }
}
