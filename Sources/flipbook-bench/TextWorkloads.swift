import CMallocCounter
import CPeers
import FixedPoint
import Flipbook
import Fonts
import Motion
import Raster

/// text_* workloads (issue 15): a 2,000-glyph paragraph at 14 px and a 64 px counter that changes every frame, in
/// the built-in sans at 800×480 XRGB8888. Flipbook draws them through the run loop (a text layer, damage-tracked:
/// the paragraph's colour alternates each frame so that all of it is drawn again); cairo draws the same glyphs at
/// the same positions (Flipbook's layout) from a FreeType face of the same font bytes, hinting off, after filling
/// the same box with the background. Items are glyphs, so `make bench-callgrind BENCH=text` gives instructions per
/// glyph.
func runTextWorkloads(_ harness: BenchHarness) {
    guard harness.selectsAny(of: "text_") else { return }
    do {
        let bytes = BuiltinFonts.bytes(named: "sans") ?? []
        let font = try Font(bytes: bytes)
        if harness.selects("text_paragraph") { try runParagraph(harness, font: font, bytes: bytes) }
        if harness.selects("text_counter") { try runCounter(harness, font: font, bytes: bytes) }
    } catch {
        print("# text: setup failed: \(error)")
    }
}

private let frameWidth = 800, frameHeight = 480
private let background = Color(red: 16, green: 18, blue: 24)

/// The paragraph: 2,000 characters of prose wrapped at 780 px, 14 px.
private func runParagraph(_ harness: BenchHarness, font: Font, bytes: [UInt8]) throws {
    let sentence = "The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. "
    let text = String(String(repeating: sentence, count: 2_000 / sentence.count + 1).prefix(2_000))
    let box = (x: 10.0, y: 10.0, width: 780.0, height: 460.0)
    let inks = [Color(red: 236, green: 236, blue: 240), Color(red: 240, green: 236, blue: 236)]
    var frameNumber = 0
    var scene: TextScene?
    for impl in TextScene.impls {
        let drawn = try TextScene(font: font, string: text, capacity: 2_048, fontSize: 14, box: box, wrapped: true,
                                  glyphCacheBytes: impl.glyphCacheBytes)
        try drawn.measure(harness, workload: "text_paragraph", impl: impl.name) {
            frameNumber += 1
            try drawn.engine.setValue(.color(inks[frameNumber & 1]), for: .foregroundColor, of: drawn.layer)
        }
        scene = scene ?? drawn
    }
    guard let scene else { return }
    let glyphs = try scene.glyphRun(at: box)
    let peer = try CairoTextPeer(fontBytes: bytes, drawingInto: scene.backBuffer)
    defer { peer.destroy() }
    let counts = harness.cycles(samples: 31, warmup: 3) {
        frameNumber += 1
        glyphs.withUnsafeBufferPointer {
            peer.draw($0, box: box, fontSize: 14, ink: inks[frameNumber & 1])
        }
    }
    harness.report(workload: "text_paragraph", size: "800x480", format: "xrgb8888", impl: "cairo-freetype",
                   counts: counts, items: glyphs.count, frameBytes: frameWidth * frameHeight * 4)
}

/// The counter: a 64 px `%d` number one higher every frame (five digits).
private func runCounter(_ harness: BenchHarness, font: Font, bytes: [UInt8]) throws {
    let box = (x: 100.0, y: 100.0, width: 400.0, height: 80.0)
    var value = 10_000
    var scene: TextScene?
    for impl in TextScene.impls {
        let drawn = try TextScene(font: font, string: "", capacity: 16, fontSize: 64, box: box, wrapped: false,
                                  glyphCacheBytes: impl.glyphCacheBytes)
        try drawn.engine.setNumberFormat(try NumberFormat("%d"), of: drawn.layer)
        try drawn.measure(harness, workload: "text_counter", impl: impl.name) {
            value = value == 30_000 ? 10_000 : value + 1
            try drawn.engine.setValue(.number(Double(value)), for: .number, of: drawn.layer)
        }
        scene = scene ?? drawn
    }
    guard let scene else { return }
    // cairo: the same number formatted and laid out by Flipbook's TextLayout each frame, then drawn.
    let layout = try TextLayout(glyphCapacity: 16, lineCapacity: 2)
    let digits = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 16)
    defer { digits.deallocate() }
    let glyphs = UnsafeMutableBufferPointer<cairo_glyph_t>.allocate(capacity: 16)
    defer { glyphs.deallocate() }
    let style = TextStyle(fontSize: Fixed(64), width: try Fixed(exactly: box.width))
    let peer = try CairoTextPeer(fontBytes: bytes, drawingInto: scene.backBuffer)
    defer { peer.destroy() }
    let counts = harness.cycles(samples: 61, warmup: 5) {
        value = value == 30_000 ? 10_000 : value + 1
        var count = 0
        for power in [10_000, 1_000, 100, 10, 1] {
            digits[count] = UInt8(ascii: "0") + UInt8(value / power % 10)
            count += 1
        }
        do { try layout.layOut(UnsafeBufferPointer(rebasing: digits[0 ..< count]), font: font, style: style) } catch {
            fatalError("text_counter: layout failed: \(error)")
        }
        for (index, placed) in layout.glyphs[0 ..< layout.glyphCount].enumerated() {
            glyphs[index] = cairo_glyph_t(index: UInt(placed.glyph), x: box.x + Double(placed.x),
                                          y: box.y + Double(placed.baseline))
        }
        peer.draw(UnsafeBufferPointer(rebasing: glyphs[0 ..< layout.glyphCount]), box: box, fontSize: 64,
                  ink: Color(red: 236, green: 236, blue: 240))
    }
    harness.report(workload: "text_counter", size: "800x480", format: "xrgb8888", impl: "cairo-freetype",
                   counts: counts, items: 5, frameBytes: frameWidth * frameHeight * 4)
}

/// One text layer in an engine, drawn through a run loop and compositor into an 800×480 back buffer.
private final class TextScene {
    /// Flipbook with its default glyph coverage cache, and with none (every glyph rasterized each frame).
    static let impls = [(name: "flipbook", glyphCacheBytes: 1 << 20), (name: "flipbook-uncached", glyphCacheBytes: 0)]

    let engine: Engine
    let layer: LayerID
    var runLoop: RunLoop
    let backBuffer: SurfaceStorage
    var time: MediaTime = 0

    init(font: Font, string: String, capacity: Int, fontSize: Double,
         box: (x: Double, y: Double, width: Double, height: Double), wrapped: Bool, glyphCacheBytes: Int) throws {
        engine = try Engine(configuration: EngineConfiguration(canvasWidth: frameWidth, canvasHeight: frameHeight,
                                                               layerCapacity: 8, animationCapacity: 8))
        layer = try engine.createLayer(kind: .text)
        try engine.addSublayer(layer, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: box.width, height: box.height), for: .bounds, of: layer)
        try engine.setValue(.pair(0, 0), for: .anchorPoint, of: layer)
        try engine.setValue(.pair(box.x, box.y), for: .position, of: layer)
        try engine.setFont(font, capacity: capacity, of: layer)
        try engine.setString(string, of: layer)
        try engine.setTextLayout(alignment: .natural, isWrapped: wrapped, of: layer)
        try engine.setValue(.number(fontSize), for: .fontSize, of: layer)
        runLoop = RunLoop(engine: engine, compositor: try Compositor(configuration: CompositorConfiguration(
            width: frameWidth, height: frameHeight, layout: .xrgb8888, layerCapacity: 8, backgroundColor: background,
            glyphCacheBytes: glyphCacheBytes)))
        backBuffer = try SurfaceStorage(width: frameWidth, height: frameHeight, layout: .xrgb8888)
    }

    /// Times frames (each after `change`), counting allocations per frame first, and reports them as Flipbook's.
    func measure(_ harness: BenchHarness, workload: String, impl: String, change: () throws -> Void) throws {
        func frame() {
            do {
                try engine.beginTransaction()  // the change shows at once (no implicit animation)
                try engine.setDisableActions(true)
                try change()
                try engine.commitTransaction()
                time += 16_667
                _ = try runLoop.drawFrame(at: time, into: backBuffer.surface)
            } catch {
                fatalError("\(workload): frame failed: \(error)")
            }
            runLoop.finishFrame(shownAt: time)
        }
        for _ in 0 ..< 10 { frame() }
        let before = cmc_allocation_count()
        for _ in 0 ..< 60 { frame() }
        let mallocs = Int(cmc_allocation_count() - before) / 60
        let glyphCount = try engine.laidOutGlyphs(of: layer).count
        let counts = harness.cycles(samples: 31, warmup: 3) { frame() }
        harness.report(workload: workload, size: "800x480", format: "xrgb8888", impl: impl, counts: counts,
                       items: glyphCount, frameBytes: frameWidth * frameHeight * 4, mallocsPerFrame: mallocs)
    }

    /// The laid-out glyphs as cairo glyphs in frame pixels (the layer's bounds at `box`).
    func glyphRun(at box: (x: Double, y: Double, width: Double, height: Double)) throws -> [cairo_glyph_t] {
        try engine.laidOutGlyphs(of: layer).map {
            cairo_glyph_t(index: UInt($0.glyph), x: box.x + Double($0.x), y: box.y + Double($0.baseline))
        }
    }
}
