import Testing
@testable import Flipbook

/// `perform(.delete, on:…)`: the layers fade and shrink over the system duration with the ease-in-ease-out curve
/// (symmetric, so half-way in time is half-way in value), parallel changes share the timing, and the layers
/// leave the tree when it ends.
@Suite struct SystemAnimationTests {
    @Test func deleteFadesShrinksAndRemoves() throws {
        let engine = try Fixture.engine()
        let first = try Fixture.layer(in: engine, modelX: 0), second = try Fixture.layer(in: engine, modelX: 50)
        let other = try Fixture.layer(in: engine, modelX: 0)
        engine.advance(to: 0)
        var finished: [Bool] = []
        let quarter = Self.easeInEaseOut(0.25)  // ≈ 0.129: the system curve, not the linear option given
        try engine.perform(.delete, on: [first, second], options: [.curveLinear], animations: { () throws(EngineError) in
            try engine.setValue(.pair(100, 0), for: .position, of: other)
        }, completion: { finished.append($0) })
        #expect(abs(try Fixture.x(engine, other, at: Engine.systemAnimationDuration / 4) - 100 * quarter) <= 0.05)
        engine.advance(to: Fixture.micros(Engine.systemAnimationDuration / 2))
        for layer in [first, second] {
            let opacity = Fixture.number(try engine.presentationValue(of: .opacity, of: layer))
            let scale = Fixture.number(try engine.presentationValue(of: .scale, of: layer))
            #expect(abs(opacity - 0.5) <= 1.0 / 1024 && abs(scale - 0.75) <= 1.0 / 1024, "opacity \(opacity) scale \(scale)")
        }
        engine.deliverCallbacks()
        #expect(try engine.superlayer(of: first) == engine.root && finished.isEmpty)
        engine.advance(to: Fixture.micros(Engine.systemAnimationDuration))
        engine.deliverCallbacks()
        #expect(finished == [true])
        #expect(try engine.superlayer(of: first) == nil && engine.superlayer(of: second) == nil)
        #expect(try engine.sublayers(of: engine.root) == [other])
    }

    /// Core Animation's ease-in-ease-out, (0.42, 0, 0.58, 1), at time fraction `x`: the Bézier's parameter
    /// found by bisection, in `Double`.
    static func easeInEaseOut(_ x: Double) -> Double {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var low = 0.0, high = 1.0
        for _ in 0 ..< 60 {
            let middle = (low + high) / 2
            if bezier(middle, 0.42, 0.58) < x { low = middle } else { high = middle }
        }
        return bezier((low + high) / 2, 0, 1)
    }

    @Test func aStaleLayerIsRefusedBeforeAnythingChanges() throws {
        let engine = try Fixture.engine()
        let live = try Fixture.layer(in: engine, modelX: 0), gone = try Fixture.layer(in: engine, modelX: 0)
        engine.advance(to: 0)
        try engine.destroyLayer(gone)
        #expect(throws: EngineError.self) { try engine.perform(.delete, on: [live, gone]) }
        engine.advance(to: 1_000_000)
        #expect(try engine.presentationValue(of: .opacity, of: live) == .number(1))
    }
}
