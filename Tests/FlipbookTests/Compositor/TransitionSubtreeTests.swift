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
        let panel = try engine.createLayer(name: "panel")
        try engine.addSublayer(panel, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 60, height: 40), for: .bounds, of: panel)
        try engine.setValue(.pair(64, 48), for: .position, of: panel)
        try engine.setValue(.color(Palette.blue), for: .backgroundColor, of: panel)
        let badge = try engine.createLayer(name: "badge")
        try engine.addSublayer(badge, to: panel)
        try engine.setValue(.rect(x: 0, y: 0, width: 16, height: 16), for: .bounds, of: badge)
        try engine.setValue(.pair(18, 18), for: .position, of: badge)
        try engine.setValue(.color(Palette.green), for: .backgroundColor, of: badge)
        return (engine, panel)
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
