import CMallocCounter
import FixedPoint
import Fonts
import Motion
import Raster
import Testing
@testable import Flipbook

/// The glyph coverage cache (`GlyphCoverageCache`) changes no pixel: random labels — random strings, sizes,
/// positions (whole and fractional moves), rotations, scales, clips and fades, in XRGB8888 and RGB565 — drawn frame
/// after frame by compositors with the default cache, with a tiny one (constant eviction) and with none, are equal
/// byte for byte; and it allocates nothing per frame.
@Suite struct GlyphCacheTests {
    static let sans = TextLayerTests.sans
    static let characters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789   .,;:!?-'\"()&@%éüßÆøœΩλπЖяё€…")

    static func randomString(_ random: inout CompositorRandom) -> String {
        String((0 ..< Int.random(in: 1 ... 14, using: &random)).map { _ in characters.randomElement(using: &random)! })
    }

    /// A label with random text, size, place, rotation, scale and opacity under `parent`.
    static func randomLabel(_ engine: Engine, parent: LayerID, _ random: inout CompositorRandom) throws -> LayerID {
        let layer = try engine.createLayer(kind: .text)
        try engine.addSublayer(layer, to: parent)
        try engine.setValue(.rect(x: 0, y: 0, width: 180, height: 90), for: .bounds, of: layer)
        try engine.setValue(.pair(0, 0), for: .anchorPoint, of: layer)
        try engine.setFont(sans, capacity: 64, of: layer)
        try engine.setTextLayout(alignment: .natural, isWrapped: Bool.random(using: &random), truncation: .none, of: layer)
        try engine.setValue(.color(Color(red: 250, green: 200, blue: 90, alpha: Bool.random(using: &random) ? 255 : 170)),
                            for: .foregroundColor, of: layer)
        if Int.random(in: 0 ..< 4, using: &random) == 0 {
            try engine.setValue(.number(Double.random(in: 0.3 ... 0.9, using: &random)), for: .opacity, of: layer)
        }
        try restyle(engine, layer, &random)
        try engine.setString(randomString(&random), of: layer)
        return layer
    }

    /// A new size, place, rotation and scale.
    static func restyle(_ engine: Engine, _ layer: LayerID, _ random: inout CompositorRandom) throws {
        try engine.setValue(.number(Double.random(in: 6 ... 64, using: &random)), for: .fontSize, of: layer)
        try engine.setValue(.pair(Double.random(in: -40 ... 200, using: &random), Double.random(in: -30 ... 120, using: &random)),
                            for: .position, of: layer)
        let turned = Bool.random(using: &random)
        try engine.setValue(.number(turned ? Double.random(in: -3.2 ... 3.2, using: &random) : 0), for: .rotation, of: layer)
        let scaled = Bool.random(using: &random)
        try engine.setValue(.number(scaled ? Double.random(in: 0.4 ... 2.5, using: &random) : 1), for: .scale, of: layer)
    }

    /// Runs `edits` in a transaction without implicit animations (the new values are presented at once).
    static func withoutActions(_ engine: Engine, _ edits: () throws -> Void) throws {
        try engine.beginTransaction()
        try engine.setDisableActions(true)
        try edits()
        try engine.commitTransaction()
    }

    @Test(arguments: [(PixelLayout.xrgb8888, UInt64(1)), (.xrgb8888, 2), (.rgb565, 3), (.rgb565, 4)])
    func cachedGlyphsDrawTheSamePixels(layout: PixelLayout, seed: UInt64) throws {
        var random = CompositorRandom(seed: seed)
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 200, canvasHeight: 120, layerCapacity: 64,
                                                                  animationCapacity: 16))
        let clipper = try engine.createLayer()
        try engine.addSublayer(clipper, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 150, height: 70), for: .bounds, of: clipper)
        try engine.setValue(.pair(100, 60), for: .position, of: clipper)
        try engine.setValue(.flag(true), for: .masksToBounds, of: clipper)
        let labels = try (0 ..< 10).map { index in
            try Self.randomLabel(engine, parent: index % 3 == 0 ? clipper : engine.root, &random)
        }
        var full = try CompositorHarness(width: 200, height: 120, layout: layout)
        var tiny = try CompositorHarness(width: 200, height: 120, layout: layout, glyphCacheBytes: 4_096)
        var none = try CompositorHarness(width: 200, height: 120, layout: layout, glyphCacheBytes: 0)
        var time: MediaTime = 0
        for frame in 0 ..< 30 {
            try Self.withoutActions(engine) {
            for label in labels where Int.random(in: 0 ..< 3, using: &random) == 0 {
                switch Int.random(in: 0 ..< 4, using: &random) {
                case 0:  // a move by whole pixels: the same keys, another whole pixel P
                    let position = try engine.modelValue(of: .position, of: label)
                    guard case .pair(let x, let y) = position else { continue }
                    try engine.setValue(.pair(x + Double(Int.random(in: -9 ... 9, using: &random)),
                                              y + Double(Int.random(in: -9 ... 9, using: &random))), for: .position, of: label)
                case 1:  // a sub-pixel move
                    let position = try engine.modelValue(of: .position, of: label)
                    guard case .pair(let x, let y) = position else { continue }
                    try engine.setValue(.pair(x + Double.random(in: -2 ... 2, using: &random), y), for: .position, of: label)
                case 2: try engine.setString(Self.randomString(&random), of: label)
                default: try Self.restyle(engine, label, &random)
                }
            }
            }
            time += 16_667
            engine.advance(to: time)
            try full.render(engine.presentation)
            try tiny.render(engine.presentation)
            try none.render(engine.presentation)
            let expected = none.pixels
            #expect(full.pixels == expected, "frame \(frame), default cache")
            #expect(tiny.pixels == expected, "frame \(frame), 4 KB cache")
        }
        #expect(full.compositor.glyphCache.hitCount > 200, "glyphs are drawn from the cache")
        #expect(tiny.compositor.glyphCache.recordCount > 0)
        #expect(none.compositor.glyphCache.hitCount == 0 && none.compositor.glyphCache.recordCount == 0)
    }

    /// A line of text moved by whole and half pixels and redrawn in full each frame: from the second frame on, the
    /// glyphs at a sub-pixel phase drawn before are all hits (14 glyphs with outlines and the 2 spaces, kept as
    /// blank entries), pixels as uncached.
    @Test func wholePixelMovesHitTheCache() throws {
        let engine = try TextLayerTests.engine()
        let label = try TextLayerTests.label(engine, "AVAWTo 1234 Kern", size: 14.3)
        var cached = try CompositorHarness(width: 160, height: 96)
        var none = try CompositorHarness(width: 160, height: 96, glyphCacheBytes: 0)
        var time: MediaTime = 0
        for (frame, x) in [5.25, 5.25, 9.25, 3.25, 12.25, 3.75, 11.75].enumerated() {
            try Self.withoutActions(engine) { try engine.setValue(.pair(x, 5), for: .position, of: label) }
            time += 16_667
            engine.advance(to: time)
            let hitsBefore = cached.compositor.glyphCache.hitCount
            cached.compositor.invalidate()
            none.compositor.invalidate()
            try cached.render(engine.presentation)
            try none.render(engine.presentation)
            #expect(cached.pixels == none.pixels, "frame \(frame)")
            let hits = cached.compositor.glyphCache.hitCount - hitsBefore
            #expect(frame == 0 || frame == 5 ? hits < 16 : hits == 16, "frame \(frame): \(hits) hits")
        }
    }

    /// The bench's paragraph (2,000 characters of prose wrapped at 780 px, 14 px: about 1,600 glyph phases in the
    /// default cache's 512 sets) redrawn in another colour is drawn wholly from the cache, spaces included: no glyph
    /// is recorded again. With one set per key, 36 of its glyphs evicted each other and were recorded every frame.
    @Test func aLongParagraphIsDrawnWholeFromTheCache() throws {
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 800, canvasHeight: 480, layerCapacity: 8,
                                                                  animationCapacity: 8))
        let layer = try engine.createLayer(kind: .text)
        try engine.addSublayer(layer, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 780, height: 460), for: .bounds, of: layer)
        try engine.setValue(.pair(0, 0), for: .anchorPoint, of: layer)
        try engine.setValue(.pair(10, 10), for: .position, of: layer)
        let sentence = "The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. "
        try engine.setFont(Self.sans, capacity: 2_048, of: layer)
        try engine.setString(String(String(repeating: sentence, count: 24).prefix(2_000)), of: layer)
        try engine.setTextLayout(alignment: .natural, isWrapped: true, of: layer)
        try engine.setValue(.number(14), for: .fontSize, of: layer)
        var harness = try CompositorHarness(width: 800, height: 480)
        var time: MediaTime = 0
        for (frame, red) in [236, 240, 236].enumerated() {
            try Self.withoutActions(engine) {
                try engine.setValue(.color(Color(red: UInt8(red), green: 236, blue: 240)), for: .foregroundColor, of: layer)
            }
            time += 16_667
            engine.advance(to: time)
            let hits = harness.compositor.glyphCache.hitCount, records = harness.compositor.glyphCache.recordCount
            try harness.render(engine.presentation)
            if frame > 0 {
                #expect(harness.compositor.glyphCache.hitCount - hits == 2_000, "frame \(frame)")
                #expect(harness.compositor.glyphCache.recordCount - records == 0, "frame \(frame)")
            }
        }
    }

    /// With the cache on, a label whose string changes every frame and a counting number allocate nothing while
    /// rendering, and are drawn from the cache.
    @Test func cachedTextAllocatesNothingPerFrame() throws {
        let engine = try TextLayerTests.engine()
        let label = try TextLayerTests.label(engine, "Frame 0", size: 14)
        let counter = try TextLayerTests.label(engine, "", size: 40, height: 50, origin: (5, 40))
        try engine.setNumberFormat(try NumberFormat("%d"), of: counter)
        try engine.addAnimation(.basic(BasicAnimation(
            keyPath: .number, from: .number(0), to: .number(5_000), timing: AnimationTiming(duration: 10))),
            forKey: "count", to: counter)
        var harness = try CompositorHarness(width: 160, height: 96)
        var time: MediaTime = 0
        var allocations = 0
        func frame(_ index: Int) throws {
            time += 16_667
            try engine.setString("Frame \(index % 30) of many", of: label)
            engine.advance(to: time)
            let before = cmc_allocation_count()
            try harness.render(engine.presentation)
            allocations += Int(cmc_allocation_count() - before)
        }
        for index in 0 ..< 30 { try frame(index) }
        allocations = 0
        let hitsBefore = harness.compositor.glyphCache.hitCount
        for index in 0 ..< 240 { try frame(index) }
        #expect(allocations == 0)
        #expect(harness.compositor.glyphCache.hitCount - hitsBefore > 240 * 10)
    }
}
