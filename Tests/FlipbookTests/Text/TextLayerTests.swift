import CMallocCounter
import FixedPoint
import Fonts
import Foundation
import Motion
import Raster
import Testing
@testable import Flipbook

/// Text layers (CATextLayer) end to end: layout into the bounds, glyph outlines filled under the layer's world
/// transform, animatable `fontSize`, `foregroundColor` and `number`, and no allocation while text changes.
@Suite struct TextLayerTests {
    static let sans = try! Font(bytes: BuiltinFonts.bytes(named: "sans")!)
    static let ink = Color(red: 250, green: 240, blue: 200)

    static func engine() throws -> Engine {
        try Engine(configuration: EngineConfiguration(canvasWidth: 160, canvasHeight: 96, layerCapacity: 64,
                                                      animationCapacity: 64))
    }

    /// A text layer under `parent` (the root by default) with its bounds' top-left at `origin`.
    static func label(_ engine: Engine, _ string: String, size: Double = 20, width: Double = 150, height: Double = 40,
                      origin: (Double, Double) = (5, 5), parent: LayerID? = nil) throws -> LayerID {
        let layer = try engine.createLayer(kind: .text)
        try engine.addSublayer(layer, to: parent ?? engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: width, height: height), for: .bounds, of: layer)
        try engine.setValue(.pair(0, 0), for: .anchorPoint, of: layer)
        try engine.setValue(.pair(origin.0, origin.1), for: .position, of: layer)
        try engine.setFont(sans, of: layer)
        try engine.setString(string, of: layer)
        try engine.setValue(.number(size), for: .fontSize, of: layer)
        try engine.setValue(.color(ink), for: .foregroundColor, of: layer)
        return layer
    }

    /// The same glyphs as shape layers (each glyph's outline, from the font it came from, placed by
    /// `GlyphPathBuilder` at its laid-out pen position, filled non-zero): the text layer must draw exactly these
    /// pixels, under any transform.
    static func glyphShapes(_ engine: Engine, like text: LayerID, size: Double, under parent: LayerID,
                            fonts: FontCascade) throws {
        for placed in try engine.laidOutGlyphs(of: text) {
            let font = fonts.fonts[placed.font]
            var builder = GlyphPathBuilder(path: try Path(), unitsPerEm: font.unitsPerEm, fontSize: try Fixed(exactly: size),
                                           origin: Point(x: placed.x, y: placed.baseline))
            try font.outline(of: placed.glyph, into: &builder)
            guard !builder.path.isEmpty else { continue }
            let shape = try engine.createLayer(kind: .shape)
            try engine.addSublayer(shape, to: parent)
            try engine.setValue(.pair(0, 0), for: .anchorPoint, of: shape)
            try engine.setValue(.pair(5, 5), for: .position, of: shape)
            try engine.setValue(.path(try engine.addPath(builder.path)), for: .path, of: shape)
            try engine.setValue(.color(ink), for: .fillColor, of: shape)
        }
    }

    /// Two pictures of `string` at 20 px in a group rotated and scaled: drawn by a text layer with `fonts`, and
    /// drawn as its glyphs' outlines placed by hand (`glyphShapes`).
    static func textAndShapes(_ string: String, fonts: FontCascade, rotation: Double, scale: Double) throws -> [[UInt32]] {
        var pictures: [[UInt32]] = []
        for asShapes in [false, true] {
            let engine = try Self.engine()
            let group = try engine.createLayer()
            try engine.addSublayer(group, to: engine.root)
            try engine.setValue(.pair(80, 48), for: .position, of: group)
            try engine.setValue(.rect(x: 0, y: 0, width: 160, height: 96), for: .bounds, of: group)
            try engine.setValue(.number(rotation), for: .rotation, of: group)
            try engine.setValue(.number(scale), for: .scale, of: group)
            let text = try Self.label(engine, string, parent: group)
            try engine.setFonts(fonts, of: text)
            engine.advance(to: 0)
            if asShapes {
                try engine.removeFromSuperlayer(text)
                try Self.glyphShapes(engine, like: text, size: 20, under: group, fonts: fonts)
                engine.advance(to: 1)
            }
            var harness = try CompositorHarness(width: 160, height: 96)
            try harness.render(engine.presentation)
            pictures.append(harness.pixels)
        }
        return pictures
    }

    /// A label drawn plainly, and under rotation and scale, equals the same outlines drawn as shape layers.
    @Test(arguments: [(0.0, 1.0), (0.35, 1.0), (-0.6, 1.7), (1.2, 0.6)])
    func glyphsAreFilledLikeShapes(rotation: Double, scale: Double) throws {
        let pictures = try Self.textAndShapes("Wavy AV, jumps!", fonts: FontCascade(Self.sans), rotation: rotation, scale: scale)
        #expect(pictures[0] == pictures[1])
        #expect(Set(pictures[0]).count > 10, "the label draws anti-aliased glyphs")
    }

    /// The glyphs sit where `TextLayout` puts them in the bounds (positions checked against HarfBuzz in FontsTests).
    @Test func glyphsAreLaidOutInTheBounds() throws {
        let engine = try Self.engine()
        let text = try Self.label(engine, "Ta-da tidy text", size: 18, width: 70, height: 80)
        try engine.setTextLayout(alignment: .center, isWrapped: true, of: text)
        engine.advance(to: 0)
        let layout = try TextLayout(glyphCapacity: 64, lineCapacity: 8)
        let bytes = Array("Ta-da tidy text".utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            try layout.layOut(buffer, font: Self.sans, style: TextStyle(fontSize: Fixed(18), width: Fixed(70),
                                                                         alignment: .center, isWrapped: true))
        }
        #expect(try engine.laidOutGlyphs(of: text) == Array(layout.glyphs[0 ..< layout.glyphCount]))
        #expect(layout.lineCount == 3)
    }

    /// `fontSize` animates (the layout follows the presented size), `foregroundColor` animates, and a counting
    /// `number` shows its formatted value each frame.
    @Test func fontSizeColourAndNumberAnimate() throws {
        let engine = try Self.engine()
        let text = try Self.label(engine, "Hi")
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .fontSize, from: .number(10), to: .number(30),
                                                      timing: AnimationTiming(duration: 1))), forKey: "size", to: text)
        engine.advance(to: 0)
        engine.advance(to: 500_000)
        let advance = Double(try Self.sans.advance(of: try Self.sans.glyph(for: 0x48)))
        let glyphs = try engine.laidOutGlyphs(of: text)
        #expect(abs(Double(glyphs[1].x) - advance * 20 / Double(Self.sans.unitsPerEm)) < 1.0 / 1024)

        let counter = try Self.label(engine, "", origin: (5, 50))
        try engine.setNumberFormat(try NumberFormat("%.0f%%"), of: counter)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .number, from: .number(0), to: .number(100),
                                                      timing: AnimationTiming(duration: 2))), forKey: "count", to: counter)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .foregroundColor, from: .color(Self.ink),
                                                      to: .color(Color(red: 0, green: 0, blue: 255)),
                                                      timing: AnimationTiming(duration: 2))), forKey: "ink", to: counter)
        engine.advance(to: 1_000_000)
        engine.advance(to: 1_500_000)
        // Added after the frame at 0.5 s, the animations begin there: at 1.5 s they are half-way.
        #expect(try engine.string(of: counter) == "50%")
        let entry = try #require(engine.presentation.entries.first { $0.id == counter })
        #expect(entry.text.foregroundColor?.blue == 228)   // 200 + (255 − 200) × 0.5 = 227.5
        engine.advance(to: 2_400_000)
        #expect(try engine.string(of: counter) == "95%")
        engine.advance(to: 3_000_000)                        // removed on completion: the model's 0 again
        #expect(try engine.string(of: counter) == "0%")
    }

    /// Strings and formats beyond the capacity, and text settings before the font, are refused by name.
    @Test func refusals() throws {
        let engine = try Self.engine()
        let text = try engine.createLayer(kind: .text, name: "t")
        let name = LayerName(id: text, name: "t")
        #expect(throws: EngineError.noFont(layer: name, field: "string")) { try engine.setString("x", of: text) }
        try engine.setFont(Self.sans, capacity: 8, of: text)
        try engine.setString("12345678", of: text)
        #expect(throws: EngineError.textCapacityExceeded(layer: name, capacity: 8, needed: 9)) {
            try engine.setString("123456789", of: text)
        }
        #expect(throws: EngineError.textCapacityExceeded(layer: name, capacity: 8, needed: 11)) {
            try engine.setNumberFormat(try NumberFormat("= %.2f"), of: text)
        }
        let plain = try engine.createLayer(name: "p")
        #expect(throws: EngineError.wrongLayerKind(layer: LayerName(id: plain, name: "p"), field: "font", kind: .plain)) {
            try engine.setFont(Self.sans, of: plain)
        }
    }

    /// A counting number damages the box of its digits' own glyphs (their `glyf` boxes), not the font's box around
    /// the line, and the frame drawn into that damage equals a whole redraw. The boxes of "1" (225, 0, 1114, 1493)
    /// and "0" (135, −29, 1167, 1520) are fontTools' reading of the built-in sans (2048 units an em); the font's
    /// box reaches 2002 above the baseline and 511 below.
    @Test func aCountingNumberDamagesItsDigitsInk() throws {
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 400, canvasHeight: 160, layerCapacity: 8,
                                                                   animationCapacity: 8))
        let counter = try Self.label(engine, "", size: 64, width: 360, height: 100, origin: (20, 20))
        try engine.setNumberFormat(try NumberFormat("%d"), of: counter)
        try engine.setValue(.number(10_000), for: .number, of: counter)
        engine.advance(to: 0)
        var harness = try CompositorHarness(width: 400, height: 160)
        try harness.render(engine.presentation)
        try engine.beginTransaction()
        try engine.setDisableActions(true)  // the new number shows at once
        try engine.setValue(.number(10_001), for: .number, of: counter)
        try engine.commitTransaction()
        engine.advance(to: 16_667)
        try harness.render(engine.presentation)
        let glyphs = try engine.laidOutGlyphs(of: counter)
        try #require(glyphs.count == 5)
        let unit = 64.0 / 2048, x = { (index: Int) in 20 + glyphs[index].x.doubleValue }
        let baseline = 20 + glyphs[0].baseline.doubleValue
        let ink = (minX: x(0) + 225 * unit, minY: baseline - 1520 * unit, maxX: x(4) + 1167 * unit, maxY: baseline + 29 * unit)
        try #require(harness.damageRects.count == 1)
        let damage = harness.damageRects[0]
        // The damage holds the ink and its one-pixel margin, and no more than two pixels beyond the ink.
        #expect(Double(damage.x) <= ink.minX - 1 && Double(damage.x) >= ink.minX - 2)
        #expect(Double(damage.y) <= ink.minY - 1 && Double(damage.y) >= ink.minY - 2)
        #expect(Double(damage.x + damage.width) >= ink.maxX + 1 && Double(damage.x + damage.width) <= ink.maxX + 2)
        #expect(Double(damage.y + damage.height) >= ink.maxY + 1 && Double(damage.y + damage.height) <= ink.maxY + 2)
        var whole = try CompositorHarness(width: 400, height: 160)
        try whole.render(engine.presentation)
        #expect(whole.pixels == harness.pixels)
    }

    /// 240 frames drawn while one label's string changes every frame and another counts with a spring: no
    /// allocation in the engine's frame or the compositor's.
    @Test func changingTextAllocatesNothing() throws {
        let engine = try Self.engine()
        let label = try Self.label(engine, "Frame 0", size: 14)
        let counter = try Self.label(engine, "", size: 40, height: 50, origin: (5, 40))
        try engine.setNumberFormat(try NumberFormat("%.1f km/h"), of: counter)
        try engine.addAnimation(.spring(SpringAnimation(BasicAnimation(
            keyPath: .number, from: .number(0), to: .number(88), timing: AnimationTiming(duration: 10)))),
            forKey: "count", to: counter)
        let strings = (0 ..< 16).map { "Frame \($0) of many, ünïcödé €" }
        var harness = try CompositorHarness(width: 160, height: 96)
        var time: MediaTime = 0
        var counts = (string: 0, advance: 0, render: 0)
        func frame(_ index: Int) throws {
            time += 16_667
            var before = cmc_allocation_count()
            try engine.setString(strings[index % strings.count], of: label)
            counts.string += Int(cmc_allocation_count() - before)
            before = cmc_allocation_count()
            engine.advance(to: time)
            counts.advance += Int(cmc_allocation_count() - before)
            before = cmc_allocation_count()
            try harness.render(engine.presentation)
            counts.render += Int(cmc_allocation_count() - before)
        }
        for index in 0 ..< 20 { try frame(index) }
        counts = (0, 0, 0)
        for index in 0 ..< 240 { try frame(index) }
        #expect(counts.string == 0)
        #expect(counts.advance == 0)
        #expect(counts.render == 0)
        #expect(try engine.string(of: counter) != "0.0 km/h")
    }
}
