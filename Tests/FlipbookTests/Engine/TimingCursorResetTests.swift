import FixedPoint
import Motion
import Testing
@testable import Flipbook

/// A record's `TimingCursor` caches the current iteration of its timing; replacing the timing must start
/// a fresh cursor, or the frame inside the cached interval reads a stale progress.
@Suite("Timing replacement resets the cursor")
struct TimingCursorResetTests {
    @Test func replacedTimingIsEvaluatedAfresh() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(100),
                                                      timing: AnimationTiming(duration: 1))), forKey: "move", to: layer)
        for time in [0.1, 0.2, 0.3] { _ = try Fixture.x(engine, layer, at: time) }   // the cursor holds [0, 1 s)
        let record = try #require(engine.findAnimation(key: "move", on: Int32(layer.index)))
        engine.animations.records[Int(record)].timing = try MediaTiming(duration: 4_000_000)
        #expect(abs(try Fixture.x(engine, layer, at: 0.4) - 10) <= 0.01)            // stale: 40
        #expect(abs(try Fixture.x(engine, layer, at: 2) - 50) <= 0.01)
    }

    /// The property animator retimes its records in place: pausing freezes the value at once.
    @Test func pausedAnimatorHoldsItsFraction() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine, modelX: 0)
        engine.advance(to: 0)
        let animator = try PropertyAnimator(duration: 1, curve: .linear, engine: engine) { () throws(EngineError) in
            try engine.setValue(.pair(100, 0), for: .position, of: layer)
        }
        try animator.startAnimation()
        for time in [0.1, 0.2, 0.3] { _ = try Fixture.x(engine, layer, at: time) }
        try animator.pauseAnimation()
        #expect(abs(try Fixture.x(engine, layer, at: 0.45) - 30) <= 0.01)           // stale: 45
    }
}
