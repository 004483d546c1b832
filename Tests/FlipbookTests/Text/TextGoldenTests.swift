import FixedPoint
import Fonts
import Raster
import Testing
@testable import Flipbook

/// Golden frames of text layers (compared byte for byte; `FLIPBOOK_REGENERATE_GOLDEN=1` rewrites them): a kerned
/// label, a wrapped and justified paragraph, a line cut in the middle, and a rotated, stretched label, in
/// XRGB8888 and RGB565.
@Suite struct TextGoldenTests {
    static func scene() throws -> Engine {
        let engine = try TextLayerTests.engine()
        _ = try TextLayerTests.label(engine, "Kerning: AVAWAY To.", size: 14, origin: (4, 2))
        let paragraph = try TextLayerTests.label(
            engine, "Flipbook lays text out in fixed storage: wrapped, justified lines and exact glyph coverage.",
            size: 9, width: 96, height: 50, origin: (4, 24))
        try engine.setTextLayout(alignment: .justified, isWrapped: true, of: paragraph)
        let cut = try TextLayerTests.label(engine, "A line too long for its box", size: 12, width: 60, height: 16,
                                           origin: (4, 80))
        try engine.setTextLayout(truncation: .middle, of: cut)
        let turned = try engine.createLayer()
        try engine.addSublayer(turned, to: engine.root)
        try engine.setValue(.pair(128, 62), for: .position, of: turned)
        try engine.setValue(.number(-0.9), for: .rotation, of: turned)
        try engine.setValue(.number(1.4), for: .scaleX, of: turned)
        try engine.setValue(.number(0.8), for: .scaleY, of: turned)
        let label = try TextLayerTests.label(engine, "42 km/h", size: 16, width: 70, height: 24, origin: (-35, -12),
                                             parent: turned)
        try engine.setValue(.color(Color(red: 120, green: 220, blue: 255)), for: .foregroundColor, of: label)
        engine.advance(to: 0)
        return engine
    }

    @Test(arguments: [PixelLayout.xrgb8888, .rgb565])
    func textFrame(layout: PixelLayout) throws {
        let engine = try Self.scene()
        var harness = try CompositorHarness(width: 160, height: 96, layout: layout)
        try harness.render(engine.presentation)
        try expectGolden(harness.ppm, named: "text-labels-\(layout == .rgb565 ? "rgb565" : "xrgb8888")")
    }
}
