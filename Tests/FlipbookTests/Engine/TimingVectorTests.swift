import FixedPoint
import Motion
import Testing
@testable import Flipbook

/// SEMANTICS §1.3 golden timing vectors, through a real layer and a basic animation of `position.x`
/// from 0 to 100 (D = 1 s, linear); "removed" reads the model value 999.
@Suite("Timing vectors through the engine")
struct TimingVectorTests {
    static let removed = 999.0

    func run(_ timing: AnimationTiming, _ vectors: [(Double, Double)]) throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine, modelX: Self.removed)
        var timing = timing
        timing.duration = 1
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(100),
                                                      timing: timing)), forKey: "x", to: layer)
        for (time, expected) in vectors {
            let value = try Fixture.x(engine, layer, at: time)
            #expect(abs(value - expected) <= 0.01, "t = \(time): expected \(expected), got \(value)")
        }
    }

    @Test func repeatCountTwoFillBoth() throws {
        try run(AnimationTiming(repeatCount: 2, fillMode: .both, isRemovedOnCompletion: false),
                [(-0.5, 0), (0, 0), (0.25, 25), (0.999, 99.9), (1.0, 0), (1.25, 25), (2.0, 100), (3, 100)])
    }

    @Test func autoreverseFillForwards() throws {
        try run(AnimationTiming(repeatCount: 1, autoreverses: true, fillMode: .forwards, isRemovedOnCompletion: false),
                [(0.5, 50), (1.0, 100), (1.5, 50), (1.999, 0.1), (2.0, 0)])
    }

    @Test func speedTwoBeginOne() throws {
        try run(AnimationTiming(beginTime: 1, speed: 2),
                [(0.9, Self.removed), (1.25, 50), (1.4999, 99.98), (1.5, Self.removed)])
    }

    @Test func timeOffsetWraps() throws {
        try run(AnimationTiming(timeOffset: 0.5),
                [(0, 50), (0.25, 75), (0.499, 99.9), (0.5, 0), (0.75, 25), (0.999, 49.9), (1.0, Self.removed)])
    }

    @Test func fractionalRepeatCount() throws {
        try run(AnimationTiming(repeatCount: 1.5, fillMode: .forwards, isRemovedOnCompletion: false),
                [(1.25, 25), (1.5, 50), (2.0, 50)])
    }

    @Test func repeatDurationAutoreverse() throws {
        try run(AnimationTiming(repeatDuration: 2.5, autoreverses: true, fillMode: .forwards, isRemovedOnCompletion: false),
                [(1.25, 75), (2.25, 25), (2.5, 50)])
    }

    /// SEMANTICS §1.2 step 6: 100 → 250 cumulative gives 100…250, 350…500, 600…750.
    @Test func cumulativeAddsCompletedCycles() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        try engine.addAnimation(.basic(BasicAnimation(
            keyPath: .positionX, from: .number(100), to: .number(250), cumulative: true,
            timing: AnimationTiming(duration: 1, repeatCount: 3))), forKey: "x", to: layer)
        for (time, expected) in [(0.0, 100.0), (0.5, 175), (1.0, 350), (1.5, 425), (2.5, 675)] {
            #expect(abs(try Fixture.x(engine, layer, at: time) - expected) <= 0.01, "t = \(time)")
        }
    }

    /// Additive: the animation's value is added to the model (position.x 999 + 0…100).
    @Test func additiveAddsToTheModel() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine, modelX: 50)
        try engine.addAnimation(.basic(BasicAnimation(
            keyPath: .positionX, from: .number(0), to: .number(100), additive: true,
            timing: AnimationTiming(duration: 1))), forKey: "x", to: layer)
        #expect(abs(try Fixture.x(engine, layer, at: 0.25) - 75) <= 0.01)
    }

    /// SEMANTICS §1.4 from/to/by combinations against the current presentation value.
    @Test func fromToByResolution() throws {
        let cases: [(PropertyValue?, PropertyValue?, PropertyValue?, Double)] = [
            (.number(10), nil, .number(20), 20),   // [10, 30] at ½
            (nil, .number(40), .number(20), 30),   // [20, 40]
            (.number(10), nil, nil, 30),           // [10, model 50]
            (nil, .number(150), nil, 100),         // [model 50, 150]
            (nil, nil, .number(20), 60),           // [50, 70]
        ]
        for (from, to, by, expected) in cases {
            let engine = try Fixture.engine()
            let layer = try Fixture.layer(in: engine, modelX: 50)
            try engine.addAnimation(.basic(BasicAnimation(keyPath: .positionX, from: from, to: to, by: by,
                                                          timing: AnimationTiming(duration: 1))), forKey: "x", to: layer)
            #expect(abs(try Fixture.x(engine, layer, at: 0.5) - expected) <= 0.01, "\(String(describing: from)) \(String(describing: to)) \(String(describing: by))")
        }
    }

    /// SEMANTICS §2 golden y(x) through the engine's curve tables (LUT error ≤ 2⁻¹²).
    @Test func namedCurvesMatchGoldenValues() throws {
        let golden: [(TimingFunction, [Double])] = [
            (.easeInEaseOut, [0.019722454, 0.129161931, 0.5, 0.870838069, 0.980277546]),
            (.default, [0.094796306, 0.408510591, 0.802403388, 0.960458978, 0.994316477]),
            (.easeIn, [0.017026610, 0.093464651, 0.315356813, 0.621861869, 0.839427846]),
            (.easeOut, [0.160572154, 0.378138131, 0.684643187, 0.906535349, 0.982973390]),
        ]
        for (function, values) in golden {
            let engine = try Fixture.engine()
            let layer = try Fixture.layer(in: engine)
            try engine.addAnimation(.basic(BasicAnimation(
                keyPath: .positionX, from: .number(0), to: .number(1000),
                timing: AnimationTiming(duration: 1, timingFunction: function))), forKey: "x", to: layer)
            for (x, y) in zip([0.1, 0.25, 0.5, 0.75, 0.9], values) {
                let value = try Fixture.x(engine, layer, at: x) / 1000
                #expect(abs(value - y) <= 3e-4, "\(function) at \(x): \(value) vs \(y)")
            }
        }
    }
}
