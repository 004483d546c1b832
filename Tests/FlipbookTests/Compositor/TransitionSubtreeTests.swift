import FixedPoint
import Motion
import Raster
import Testing
@testable import Flipbook

/// Both snapshots of a transition are the whole layer subtree, as in Core Animation: a sublayer the
/// transition does not change neither fades out and back in nor goes missing from the outgoing side.
@Suite struct TransitionSubtreeTests {
    /// A 60 × 40 blue panel at (34, 28) holding a 16 × 16 green badge at panel (10, 10) … (26, 26).
    static func makeEngine() throws -> (Engine, LayerID) {
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 128, canvasHeight: 96, layerCapacity: 16))
        let panel = try box(in: engine, parent: engine.root, size: (60, 40), center: (64, 48), color: Palette.blue)
        _ = try box(in: engine, parent: panel, size: (16, 16), center: (18, 18), color: Palette.green)
        return (engine, panel)
    }

    /// A plain layer of `size` centred at `center` in `parent`, filled with `color`.
    static func box(in engine: Engine, parent: LayerID, size: (Double, Double), center: (Double, Double),
                    color: Color) throws -> LayerID {
        let layer = try engine.createLayer()
        try engine.addSublayer(layer, to: parent)
        try engine.setValue(.rect(x: 0, y: 0, width: size.0, height: size.1), for: .bounds, of: layer)
        try engine.setValue(.pair(center.0, center.1), for: .position, of: layer)
        try engine.setValue(.color(color), for: .backgroundColor, of: layer)
        return layer
    }

    static func transition(_ type: TransitionType) -> Animation {
        .transition(TransitionAnimation(type: type, subtype: .fromRight,
                                        changes: [PropertyChange(.backgroundColor, .color(Palette.red))],
                                        timing: AnimationTiming(duration: 1)))
    }

    @Test func anUnchangedSublayerStaysThroughAFade() throws {
        let (engine, panel) = try Self.makeEngine()
        var harness = try CompositorHarness(width: 128, height: 96)
        engine.advance(to: 0)
        try harness.render(engine.presentation)
        let green = harness.surface.pixel(x: 34 + 18, y: 28 + 18), blue = harness.surface.pixel(x: 34 + 50, y: 28 + 30)
        try engine.addAnimation(Self.transition(.fade), forKey: "transition", to: panel)
        engine.advance(to: 500_000)
        try harness.render(engine.presentation)
        #expect(harness.surface.pixel(x: 34 + 18, y: 28 + 18) == green, "the badge fades")
        #expect(harness.surface.pixel(x: 34 + 50, y: 28 + 30) != blue)   // the panel itself does dissolve
    }

    @Test func theOutgoingSideOfAPushCarriesItsSublayers() throws {
        let (engine, panel) = try Self.makeEngine()
        var harness = try CompositorHarness(width: 128, height: 96)
        engine.advance(to: 0)
        try harness.render(engine.presentation)
        let green = harness.surface.pixel(x: 34 + 18, y: 28 + 18)
        try engine.addAnimation(Self.transition(.push), forKey: "transition", to: panel)
        engine.advance(to: 250_000)
        try harness.render(engine.presentation)
        // Pushed 15 px to the left (the new side enters from the right): the old badge is at canvas x 29 … 45.
        var greens = 0
        for x in 34 ..< 50 where harness.surface.pixel(x: x, y: 28 + 18) == green {
            greens += 1
        }
        #expect(greens >= 8, "the outgoing badge is missing")
    }
}
