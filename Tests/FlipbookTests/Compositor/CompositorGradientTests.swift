import FixedPoint
import Motion
import Raster
import Testing
@testable import Flipbook

/// Gradient layers through the engine and the compositor: the frame equals Raster's `drawGradient` of the
/// same gradient, bounds and world transform over the same background (the compositor adds nothing and
/// loses nothing), `startPoint` animates, and the setter's refusals.
@Suite struct CompositorGradientTests {
    static let colors = [Palette.blue, Palette.yellow, Palette.red]

    static func makeEngine(type: GradientType) throws -> (Engine, LayerID) {
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 128, canvasHeight: 96, layerCapacity: 16))
        let layer = try engine.createLayer(kind: .gradient, name: "sky")
        try engine.addSublayer(layer, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 100, height: 70), for: .bounds, of: layer)
        try engine.setValue(.pair(64, 48), for: .position, of: layer)
        try engine.setValue(.number(0.25), for: .rotation, of: layer)
        try engine.setGradient(type, colors: colors, locations: [Fixed(raw: 6554), Fixed(raw: 32768), .one], of: layer)
        try engine.setValue(.pair(0.2, 0.3), for: .startPoint, of: layer)
        return (engine, layer)
    }

    /// Raster's drawing of the entry's gradient, bounds and world transform onto black.
    static func direct(_ entry: PresentationLayer, type: GradientType, layout: PixelLayout) throws -> [UInt32] {
        var gradient = Gradient(kind: type, start: entry.gradient.startPoint, end: entry.gradient.endPoint)
        for (location, color) in zip([Fixed(raw: 6554), Fixed(raw: 32768), .one], colors) {
            try gradient.appendStop(location: location, color: color)
        }
        let storage = try SurfaceStorage(width: 128, height: 96, layout: layout)
        storage.surface.fill(storage.surface.bounds, color: Color.black.premultiplied())
        try storage.surface.drawGradient(gradient, bounds: entry.bounds, transform: entry.transform)
        return (0..<96).flatMap { y in (0..<128).map { x in storage.surface.pixel(x: x, y: y)! } }
    }

    @Test(arguments: [GradientType.axial, .radial, .conic])
    func frameEqualsRasterDrawing(type: GradientType) throws {
        for layout in [PixelLayout.xrgb8888, .rgb565] {
            let (engine, _) = try Self.makeEngine(type: type)
            var harness = try CompositorHarness(width: 128, height: 96, layout: layout, background: .black)
            engine.advance(to: 0)
            try harness.render(engine.presentation)
            let entry = engine.presentation[1]
            #expect(entry.kind == .gradient)
            #expect(entry.gradient.startPoint == Point(x: Fixed(raw: 13107), y: Fixed(raw: 19661)))
            #expect(entry.gradient.endPoint == Point(x: Fixed(raw: 32768), y: .one))
            #expect(harness.pixels == (try Self.direct(entry, type: type, layout: layout)))
        }
    }

    /// An animated `startPoint`: the presented point is the interpolated one, the frame follows it, and a
    /// static frame afterwards damages nothing.
    @Test func startPointAnimates() throws {
        let (engine, layer) = try Self.makeEngine(type: .axial)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .startPoint, from: .pair(0, 0), to: .pair(1, 0),
                                                      timing: AnimationTiming(duration: 1))), forKey: "shift", to: layer)
        var harness = try CompositorHarness(width: 128, height: 96, background: .black)
        engine.advance(to: 250_000)
        try harness.render(engine.presentation)
        let entry = engine.presentation[1]
        #expect(entry.gradient.startPoint == Point(x: Fixed(raw: 16384), y: .zero))
        #expect(harness.pixels == (try Self.direct(entry, type: .axial, layout: .xrgb8888)))
        engine.advance(to: 2_000_000)
        try harness.render(engine.presentation)
        engine.advance(to: 2_000_000)
        try harness.render(engine.presentation)
        #expect(harness.damage.isEmpty)
    }

    @Test func setGradientRefusals() throws {
        let (engine, layer) = try Self.makeEngine(type: .axial)
        #expect(throws: EngineError.self) { try engine.setGradient(.axial, colors: [Palette.red], of: layer) }
        #expect(throws: EngineError.self) {
            try engine.setGradient(.axial, colors: Self.colors, locations: [.zero, .one], of: layer)
        }
        #expect(throws: EngineError.self) {
            try engine.setGradient(.axial, colors: Self.colors, locations: [.zero, .one, Fixed(raw: 32768)], of: layer)
        }
        let plain = try engine.createLayer()
        #expect(throws: EngineError.self) { try engine.setGradient(.axial, colors: Self.colors, of: plain) }
        #expect(throws: EngineError.self) { try engine.setValue(.pair(0, 0), for: .startPoint, of: plain) }
    }
}
