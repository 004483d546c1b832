import FixedPoint
import Motion
import Raster
import Testing
@testable import Flipbook

/// The compositor driven by the engine's public API: the snapshot conventions agree end to end.
@Suite struct CompositorEngineTests {
    /// A card with a rounded, bordered background, a trimmed star shape and a sliding badge.
    static func makeEngine() throws -> Engine {
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 128, canvasHeight: 96, layerCapacity: 64))
        let card = try engine.createLayer(name: "card")
        try engine.addSublayer(card, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 96, height: 64), for: .bounds, of: card)
        try engine.setValue(.pair(64, 48), for: .position, of: card)
        try engine.setValue(.color(Palette.blue), for: .backgroundColor, of: card)
        try engine.setValue(.number(14), for: .cornerRadius, of: card)
        try engine.setValue(.number(3), for: .borderWidth, of: card)
        try engine.setValue(.color(Palette.white), for: .borderColor, of: card)
        let star = try engine.createLayer(kind: .shape, name: "star")
        try engine.addSublayer(star, to: card)
        try engine.setValue(.rect(x: 0, y: 0, width: 40, height: 40), for: .bounds, of: star)
        try engine.setValue(.pair(30, 32), for: .position, of: star)
        try engine.setValue(.path(try engine.addPath(try SVGPathParser.parse("M20 1 L32 39 L1 15 L39 15 L8 39 Z"))),
                            for: .path, of: star)
        try engine.setValue(.color(Palette.yellow), for: .fillColor, of: star)
        try engine.setValue(.color(Palette.red), for: .strokeColor, of: star)
        try engine.setValue(.number(3), for: .lineWidth, of: star)
        try engine.setValue(.number(0.7), for: .strokeEnd, of: star)
        let badge = try engine.createLayer(name: "badge")
        try engine.addSublayer(badge, to: card)
        try engine.setValue(.rect(x: 0, y: 0, width: 20, height: 20), for: .bounds, of: badge)
        try engine.setValue(.pair(70, 20), for: .position, of: badge)
        try engine.setValue(.color(Palette.green), for: .backgroundColor, of: badge)
        try engine.setValue(.number(10), for: .cornerRadius, of: badge)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .positionY, from: .number(20), to: .number(44),
                                                      timing: AnimationTiming(duration: 1))), forKey: "slide", to: badge)
        return engine
    }

    @Test func engineSceneRendersAndRedrawsOnlyWhatMoves() throws {
        let engine = try Self.makeEngine()
        var harness = try CompositorHarness(width: 128, height: 96)
        engine.advance(to: 500_000)
        try harness.render(engine.presentation)
        try expectGolden(harness.ppm, named: "engine-card-500ms")
        // The same time again: nothing changed, nothing is damaged.
        engine.advance(to: 500_000)
        try harness.render(engine.presentation)
        #expect(harness.damage.isEmpty)
        // Later: only the badge moved (y 32 → 34.4 at the anchor), so only its old and new pixels are damaged.
        engine.advance(to: 600_000)
        try harness.render(engine.presentation)
        let box = harness.damage.boundingBox
        #expect(!harness.damage.isEmpty)
        #expect(box.width <= 22 && box.height <= 26, "damage \(harness.damageRects) should hug the badge")
    }

    /// A block-API flip (the engine emits the turning card as a 3-D entry with perspective): every frame
    /// across the flip equals a full redraw, and the damage stays around the card's projected extent.
    @Test func engineFlipRendersIncrementallyAsAFullRedraw() throws {
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 160, canvasHeight: 100, layerCapacity: 16))
        let card = try engine.createLayer(name: "card")
        try engine.addSublayer(card, to: engine.root)
        try engine.setValue(.rect(x: 0, y: 0, width: 80, height: 50), for: .bounds, of: card)
        try engine.setValue(.pair(80, 50), for: .position, of: card)
        try engine.setValue(.color(Palette.blue), for: .backgroundColor, of: card)
        try engine.setValue(.number(8), for: .cornerRadius, of: card)
        let label = try engine.createLayer(name: "label")
        try engine.addSublayer(label, to: card)
        try engine.setValue(.rect(x: 0, y: 0, width: 30, height: 14), for: .bounds, of: label)
        try engine.setValue(.pair(24, 14), for: .position, of: label)
        try engine.setValue(.color(Palette.yellow), for: .backgroundColor, of: label)
        var harness = try CompositorHarness(width: 160, height: 100)
        engine.advance(to: 0)
        try harness.render(engine.presentation)
        try engine.transition(with: card, duration: 1, options: [.transitionFlipFromLeft, .curveLinear]) { () throws(EngineError) in
            try engine.setValue(.color(Palette.red), for: .backgroundColor, of: card)
        }
        var sawThreeDimensions = false
        for time: MediaTime in [100_000, 300_000, 450_000, 600_000, 900_000, 1_100_000] {
            engine.advance(to: time)
            let tree = engine.presentation
            for index in 0..<tree.count where tree.storage[index].transform3D != nil { sawThreeDimensions = true }
            try harness.render(tree)
            let box = harness.damage.boundingBox
            #expect(harness.damage.isEmpty || box.width < 160, "damage \(harness.damageRects) at \(time) µs")
            var fresh = try CompositorHarness(width: 160, height: 100)
            try fresh.render(tree)
            #expect(harness.pixels == fresh.pixels, "frame at \(time) µs equals a full redraw")
        }
        #expect(sawThreeDimensions, "the flip is drawn through the 3-D path")
    }
}
