import Foundation
import Testing
@testable import Flipbook

/// `frame` against a `Double` model of Core Animation's: the box around the bounds turned and scaled about the
/// anchor point and moved to the position, at random layers; setting it moves the position and sizes the
/// bounds; a turned or scaled layer's frame is refused by name.
@Suite struct LayerFrameTests {
    /// The model's frame: the four bounds corners relative to the anchor, scaled, turned, moved.
    static func modelFrame(position: (Double, Double), size: (Double, Double), anchor: (Double, Double),
                           rotation: Double, scale: (Double, Double)) -> (x: Double, y: Double, width: Double, height: Double) {
        var xs: [Double] = [], ys: [Double] = []
        for (u, v) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
            let dx = (u - anchor.0) * size.0 * scale.0, dy = (v - anchor.1) * size.1 * scale.1
            xs.append(position.0 + dx * cos(rotation) - dy * sin(rotation))
            ys.append(position.1 + dx * sin(rotation) + dy * cos(rotation))
        }
        return (xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }

    /// 2,000 random layers: the engine's frame within 1/32 point of the model's (Q16.16 sines and products).
    @Test func theFrameIsTheBoxAroundTheTransformedBounds() throws {
        var generator = SystemRandomNumberGenerator()
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        var worst = 0.0
        for _ in 0 ..< 2_000 {
            let position = (Double.random(in: -500 ... 500, using: &generator), Double.random(in: -500 ... 500, using: &generator))
            let size = (Double.random(in: 0 ... 400, using: &generator), Double.random(in: 0 ... 400, using: &generator))
            let anchor = (Double.random(in: 0 ... 1, using: &generator), Double.random(in: 0 ... 1, using: &generator))
            let rotation = Double.random(in: -7 ... 7, using: &generator)
            let scale = (Double.random(in: 0.1 ... 3, using: &generator), Double.random(in: 0.1 ... 3, using: &generator))
            try engine.performWithoutAnimation { () throws(EngineError) in
                try engine.setValue(.pair(position.0, position.1), for: .position, of: layer)
                try engine.setValue(.pair(size.0, size.1), for: .boundsSize, of: layer)
                try engine.setValue(.pair(anchor.0, anchor.1), for: .anchorPoint, of: layer)
                try engine.setValue(.number(rotation), for: .rotation, of: layer)
                try engine.setValue(.number(scale.0), for: .scaleX, of: layer)
                try engine.setValue(.number(scale.1), for: .scaleY, of: layer)
            }
            engine.flushTransaction()
            // The model from the values the engine holds (each rounded to Q16.16 on the way in).
            func held(_ property: LayerProperty) throws -> PropertyValue { try engine.modelValue(of: property, of: layer) }
            guard case .pair(let px, let py) = try held(.position), case .pair(let w, let h) = try held(.boundsSize),
                  case .pair(let ax, let ay) = try held(.anchorPoint), case .number(let r) = try held(.rotation),
                  case .number(let sx) = try held(.scaleX), case .number(let sy) = try held(.scaleY) else {
                Issue.record("a value of the wrong kind")
                return
            }
            let expected = Self.modelFrame(position: (px, py), size: (w, h), anchor: (ax, ay), rotation: r, scale: (sx, sy))
            let frame = try engine.frame(of: layer)
            for (got, want) in [(frame.x, expected.x), (frame.y, expected.y), (frame.width, expected.width), (frame.height, expected.height)] {
                worst = max(worst, abs(got - want))
            }
        }
        #expect(worst <= 1.0 / 32, "worst \(worst)")
    }

    /// Set on an untransformed layer (translated is fine): the bounds' size and the position move, the
    /// frame reads back what was set, and in an animating transaction the position animates.
    @Test func settingTheFrameSetsSizeAndPosition() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine, modelX: 0)
        try engine.setValue(.pair(0.25, 1), for: .anchorPoint, of: layer)
        try engine.setValue(.pair(5, -3), for: .translation, of: layer)
        engine.advance(to: 0)
        try engine.performWithoutAnimation { () throws(EngineError) in
            try engine.setFrame(x: 10, y: 20, width: 80, height: 40, of: layer)
        }
        engine.advance(to: 1)
        #expect(try engine.modelValue(of: .boundsSize, of: layer) == .pair(80, 40))
        #expect(try engine.modelValue(of: .position, of: layer) == .pair(10 + 20 - 5, 20 + 40 + 3))
        #expect(try engine.frame(of: layer) == (10, 20, 80, 40))
        try engine.beginTransaction()
        try engine.setAnimationDuration(1)
        try engine.setAnimationTimingFunction(.linear)
        try engine.setFrame(x: 110, y: 20, width: 80, height: 40, of: layer)
        try engine.commitTransaction()
        #expect(abs(try Fixture.x(engine, layer, at: 0.5) - 75) <= 0.01)  // 25 → 125, half-way
    }

    @Test(arguments: [(LayerProperty.rotation, 0.5), (.scaleX, 2), (.rotationY, 0.1)])
    func aTurnedOrScaledLayersFrameIsRefused(_ property: LayerProperty, _ value: Double) throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine, modelX: 0)
        try engine.setValue(.number(value), for: property, of: layer)
        engine.advance(to: 0)
        #expect(throws: EngineError.invalidValue(layer: LayerName(id: layer, name: nil), field: "frame", value: 1, reason: .transformed)) {
            try engine.setFrame(x: 1, y: 2, width: 3, height: 4, of: layer)
        }
        #expect(throws: EngineError.self) { try engine.setFrame(x: .nan, y: 0, width: 1, height: 1, of: layer) }
    }
}
