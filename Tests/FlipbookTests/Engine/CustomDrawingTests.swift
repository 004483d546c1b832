import FixedPoint
import Motion
import Raster
import Testing
@testable import Flipbook

@Suite("Custom-drawn layers")
struct CustomDrawingTests {
    @Test func drawsOnceThenOnlyWhenACustomPropertyChanges() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine, kind: .custom, name: "gauge")
        var drawnValues: [Double] = []
        try engine.setDrawCallback(width: 8, height: 4, of: layer) { context in
            drawnValues.append(context.customValues.0.doubleValue)
            context.surface.baseAddress.storeBytes(of: 0xFF00_00FF as UInt32, as: UInt32.self)
        }
        engine.advance(to: 0)
        #expect(engine.displayIfNeeded() == 1)
        let entry = engine.presentation[1]
        let surfaceID = try #require(entry.custom.surface)
        let surface = try #require(engine.presentation.resources.surface(for: surfaceID))
        #expect(surface.width == 8 && surface.baseAddress.load(as: UInt32.self) == 0xFF00_00FF)
        engine.advance(to: 16_667)
        #expect(engine.displayIfNeeded() == 0)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .custom0, from: .number(0), to: .number(10),
                                                      timing: AnimationTiming(duration: 1))), forKey: "needle", to: layer)
        engine.advance(to: 500_000)
        #expect(engine.displayIfNeeded() == 1)
        #expect(drawnValues.count == 2 && drawnValues[0] == 0)
        #expect(abs(drawnValues[1] - 10 * (500_000 - 16_667) / 1e6) <= 1e-3)   // began when added, at 16 667 µs
        #expect(engine.presentation[1].custom.contentsGeneration == 2)
        try engine.setNeedsDisplay(layer)
        engine.advance(to: 500_000)
        #expect(engine.displayIfNeeded() == 1)
    }

    @Test func onlyCustomLayersTakeADrawCallback() throws {
        let engine = try Fixture.engine()
        let plain = try engine.createLayer(name: "plain")
        #expect(throws: EngineError.wrongLayerKind(layer: LayerName(id: plain, name: "plain"), field: "draw", kind: .plain)) {
            try engine.setDrawCallback(width: 4, height: 4, of: plain) { _ in }
        }
        let custom = try engine.createLayer(kind: .custom)
        #expect(throws: EngineError.self) { try engine.setDrawCallback(width: 0, height: 4, of: custom) { _ in } }
    }
}
