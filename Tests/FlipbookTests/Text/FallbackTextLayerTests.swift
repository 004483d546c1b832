import CMallocCounter
import FixedPoint
import Fonts
import Foundation
import Motion
import Raster
import Testing
@testable import Flipbook

/// Text layers with fallback fonts (`Engine.setFonts`): each glyph drawn from its own font, exactly as the same
/// outlines placed by hand, and no allocation while the string changes.
@Suite struct FallbackTextLayerTests {
    static let dejaVu = try! Font(bytes: [UInt8](try! Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))))
    static let fonts = try! FontCascade([TextLayerTests.sans, dejaVu])
    /// Latin and Greek from Flipbook Sans; arrows, Armenian, the n-ary sum and the check mark only DejaVu has.
    static let string = "Wavy \u{2190}\u{0531}\u{0532}\u{2192} \u{2211}\u{03A9} \u{2713}ok"

    static func label(_ engine: Engine, _ string: String, parent: LayerID) throws -> LayerID {
        let layer = try TextLayerTests.label(engine, string, parent: parent)
        try engine.setFonts(fonts, of: layer)
        return layer
    }

    @Test(arguments: [(0.0, 1.0), (0.35, 1.0), (-0.6, 1.7)])
    func fallbackGlyphsAreFilledLikeShapes(rotation: Double, scale: Double) throws {
        let pictures = try TextLayerTests.textAndShapes(Self.string, fonts: Self.fonts, rotation: rotation, scale: scale)
        #expect(pictures[0] == pictures[1])
        #expect(Set(pictures[0]).count > 10, "the label draws anti-aliased glyphs")
    }

    /// The glyphs are a standalone `TextLayout` of the same cascade (checked against HarfBuzz in FontsTests).
    @Test func glyphsAreTheCascadeLayout() throws {
        let engine = try TextLayerTests.engine()
        let text = try Self.label(engine, Self.string + " and more words to wrap", parent: engine.root)
        try engine.setTextLayout(alignment: .right, isWrapped: true, of: text)
        engine.advance(to: 0)
        let layout = try TextLayout(glyphCapacity: 64, lineCapacity: 8)
        let bytes = Array((Self.string + " and more words to wrap").utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            try layout.layOut(buffer, fonts: Self.fonts, style: TextStyle(fontSize: Fixed(20), width: Fixed(150),
                                                                          alignment: .right, isWrapped: true))
        }
        #expect(layout.lineCount >= 2)
        let glyphs = try engine.laidOutGlyphs(of: text)
        #expect(glyphs == Array(layout.glyphs[0 ..< layout.glyphCount]))
        #expect(glyphs.filter { $0.font == 1 }.count == 6)
        #expect(glyphs.filter { $0.glyph == 0 }.isEmpty, "every character has a glyph")
    }

    @Test func changingFallbackTextAllocatesNothing() throws {
        let engine = try TextLayerTests.engine()
        let label = try Self.label(engine, "", parent: engine.root)
        let strings = (0 ..< 16).map { "\($0) \u{2190}\u{0531}\u{2211} Ωmega \u{2713}\($0 * 7)" }
        var harness = try CompositorHarness(width: 160, height: 96)
        var time: MediaTime = 0
        var allocations = 0
        func frame(_ index: Int) throws {
            time += 16_667
            let before = cmc_allocation_count()
            try engine.setString(strings[index % strings.count], of: label)
            engine.advance(to: time)
            try harness.render(engine.presentation)
            allocations += Int(cmc_allocation_count() - before)
        }
        for index in 0 ..< 20 { try frame(index) }
        allocations = 0
        for index in 0 ..< 120 { try frame(index) }
        #expect(allocations == 0)
        #expect(try engine.laidOutGlyphs(of: label).contains { $0.font == 1 })
    }
}
