import FixedPoint
import Motion
import Testing
@testable import Flipbook

/// SEMANTICS §3 (springs) and §4 (keyframes) golden numbers through the engine.
@Suite("Keyframes and springs through the engine")
struct KeyframeAndSpringTests {
    func keyframeX(_ animation: KeyframeAnimation, at seconds: Double) throws -> Double {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        var animation = animation
        animation.timing.duration = 1
        try engine.addAnimation(.keyframe(animation), forKey: "k", to: layer)
        return try Fixture.x(engine, layer, at: seconds)
    }

    @Test func cubicCatmullRomGolden() throws {
        let values: [PropertyValue] = [.number(0), .number(10), .number(0), .number(10)]
        let plain = KeyframeAnimation(keyPath: .positionX, values: values, calculationMode: .cubic)
        #expect(abs(try keyframeX(plain, at: 1.0 / 6) - 5.625) <= 0.002)
        var tense = plain
        tense.tensionValues = [0.5, 0.5, 0.5, 0.5]
        #expect(abs(try keyframeX(tense, at: 1.0 / 6) - 5.3125) <= 0.002)
    }

    @Test func discreteHoldsEachValueUntilTheNextKeyTime() throws {
        let animation = KeyframeAnimation(keyPath: .positionX, values: [.number(10), .number(30), .number(60)],
                                          keyTimes: [0, 0.5, 0.75, 1], calculationMode: .discrete)
        for (time, expected) in [(0.0, 10.0), (0.49, 10), (0.5, 30), (0.74, 30), (0.75, 60), (0.99, 60)] {
            #expect(try keyframeX(animation, at: time) == expected, "t = \(time)")
        }
    }

    @Test func pacedMovesAtConstantSpeed() throws {
        let animation = KeyframeAnimation(keyPath: .positionX, values: [.number(0), .number(10), .number(30)],
                                          keyTimes: [0, 0.9, 1], calculationMode: .paced)
        #expect(abs(try keyframeX(animation, at: 0.5) - 15) <= 0.01)
    }

    @Test func linearWithKeyTimesAndSegmentCurves() throws {
        let animation = KeyframeAnimation(
            keyPath: .positionX, values: [.number(0), .number(100), .number(200)], keyTimes: [0, 0.25, 1],
            timingFunctions: [.linear, .easeInEaseOut])
        #expect(abs(try keyframeX(animation, at: 0.125) - 50) <= 0.01)
        // Second segment at local ½ of easeInEaseOut = exactly ½.
        #expect(abs(try keyframeX(animation, at: 0.625) - 150) <= 0.01)
        // Local ¼ (t = 0.4375): 100 + 100 · 0.129161931.
        #expect(abs(try keyframeX(animation, at: 0.4375) - 112.9161931) <= 0.03)
    }

    /// m1 k100 from 0 to 1000 (the table's x values scaled by 1000).
    @Test(arguments: [
        (10.0, 0.0, [0.104405473, 0.340299847, 1.023359580, 1.074590567, 1.002170117]),
        (20.0, 0.0, [0.090204010, 0.264241118, 0.712702505, 0.959572318, 0.999500601]),
        (30.0, 0.0, [0.078866778, 0.213354401, 0.549661305, 0.826595350, 0.974317756]),
        (10.0, 5.0, [0.293078075, 0.607053444, 1.160414529, 1.030619356, 1.004862857]),
    ])
    func springGolden(damping: Double, velocity: Double, expected: [Double]) throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        let spring = SpringAnimation(
            BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(1000),
                           timing: AnimationTiming(duration: 2)),
            mass: 1, stiffness: 100, damping: damping, initialVelocity: velocity)
        try engine.addAnimation(.spring(spring), forKey: "s", to: layer)
        for (time, x) in zip([0.05, 0.1, 0.25, 0.5, 1.0], expected) {
            let value = try Fixture.x(engine, layer, at: time) / 1000
            #expect(abs(value - x) <= 1e-4, "c \(damping) v \(velocity) t \(time): \(value) vs \(x)")
        }
    }

    /// A spring with duration 0 runs for its settling duration (1.270165 s for m1 k100 c10).
    @Test func springDefaultDurationIsTheSettlingDuration() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        try engine.addAnimation(.spring(SpringAnimation(BasicAnimation(keyPath: .positionX, from: .number(0),
                                                                       to: .number(1000)))),
                                forKey: "s", to: layer)
        _ = try Fixture.x(engine, layer, at: 1.27)
        #expect(try engine.hasAnimation(forKey: "s", on: layer))
        _ = try Fixture.x(engine, layer, at: 1.2702)
        #expect(try !engine.hasAnimation(forKey: "s", on: layer))
    }

    @Test func groupChildrenRunInTheGroupsTime() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        let child = BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(100),
                                   timing: AnimationTiming(beginTime: 0.5, duration: 1))
        try engine.addAnimation(.group(AnimationGroup(animations: [.basic(child)],
                                                      timing: AnimationTiming(beginTime: 1, duration: 1))),
                                forKey: "g", to: layer)
        #expect(try Fixture.x(engine, layer, at: 1.25) == 999)     // child not begun (group time 0.25)
        #expect(abs(try Fixture.x(engine, layer, at: 1.75) - 25) <= 0.01)
        #expect(try Fixture.x(engine, layer, at: 2.1) == 999)      // group over: removed
    }

    @Test func pathWithAutoRotation() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        var animation = KeyframeAnimation(keyPath: .position, values: [])
        animation.path = [.pair(0, 0), .pair(100, 0), .pair(100, 100)]
        animation.rotationMode = .auto
        animation.calculationMode = .paced
        animation.timing.duration = 1
        try engine.addAnimation(.keyframe(animation), forKey: "p", to: layer)
        engine.advance(to: Fixture.micros(0.75))
        let value = try engine.presentationValue(of: .position, of: layer)
        #expect(value == .pair(100, 50), "\(value)")
        let angle = Fixture.number(try engine.presentationValue(of: .rotation, of: layer))
        #expect(abs(angle - Double.pi / 2) <= 1e-3)
    }
}
