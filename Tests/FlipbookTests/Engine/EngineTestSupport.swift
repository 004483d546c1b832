import FixedPoint
import Motion
@testable import Flipbook

/// Shared helpers for the engine tests.
enum Fixture {
    /// An 800×480 engine.
    static func engine(layers: Int = 64, animations: Int = 256) throws -> Engine {
        try Engine(configuration: EngineConfiguration(
            canvasWidth: 800, canvasHeight: 480, layerCapacity: layers, animationCapacity: animations))
    }

    /// A layer at x 0 under the root, presented once (at time 0), so that changes to it animate implicitly.
    static func presentedLayer(in engine: Engine) throws -> LayerID {
        let layer = try Fixture.layer(in: engine, modelX: 0)
        engine.advance(to: 0)
        return layer
    }

    /// A layer under the root with `position.x` = `modelX` (so "removed" reads as that value).
    static func layer(in engine: Engine, modelX: Double = 999, kind: LayerKind = .plain, name: String? = nil) throws -> LayerID {
        let layer = try engine.createLayer(kind: kind, name: name)
        try engine.addSublayer(layer, to: engine.root)
        try engine.setValue(.pair(modelX, 0), for: .position, of: layer)
        return layer
    }

    /// Seconds to microseconds.
    static func micros(_ seconds: Double) -> MediaTime { MediaTime((seconds * 1_000_000).rounded()) }

    /// The presentation `position.x` after advancing to `seconds`.
    static func x(_ engine: Engine, _ layer: LayerID, at seconds: Double) throws -> Double {
        engine.advance(to: micros(seconds))
        return try number(engine.presentationValue(of: .positionX, of: layer))
    }

    /// The number in a `.number` value (NaN otherwise, which fails any comparison).
    static func number(_ value: PropertyValue) -> Double {
        if case let .number(number) = value { return number }
        return .nan
    }
}
