import FixedPoint
import Motion
import Testing
@testable import Flipbook

/// The engine's timing against `TimingReferenceModel` (SEMANTICS.md §1.2 in `Double`) at random times on
/// random nested groups with timing functions, speeds, offsets, fills, repeats and inherited durations.
@Suite("Timing reference model")
struct TimingReferenceModelTests {
    static let curves: [(TimingFunction, TimingReferenceModel.Curve?)] = [
        (.linear, nil), (.easeIn, (0.42, 0, 1, 1)), (.easeOut, (0, 0, 0.58, 1)),
        (.easeInEaseOut, (0.42, 0, 0.58, 1)), (.default, (0.25, 0.1, 0.25, 1)),
    ]

    /// A random level; times are whole milliseconds so every parameter is exact in µs.
    static func randomLevel(isTop: Bool, _ random: inout CompositorRandom) -> (TimingReferenceModel.Level, AnimationTiming) {
        var level = TimingReferenceModel.Level()
        level.begin = isTop ? 0 : Double(Int.random(in: 0 ... 400, using: &random)) * 1000
        level.speed = [0.5, 1, 1, 1.25, 2].randomElement(using: &random)!
        level.offset = Bool.random(using: &random) ? 0 : Double(Int.random(in: 0 ... 500, using: &random)) * 1000
        let hasDuration = isTop || Int.random(in: 0 ..< 3, using: &random) != 0
        level.duration = hasDuration ? Double(Int.random(in: 200 ... 1500, using: &random)) * 1000 : nil
        if Bool.random(using: &random) {
            level.repeatCount = [1.5, 2, 3, 2.25].randomElement(using: &random)!
        } else if Int.random(in: 0 ..< 4, using: &random) == 0 {
            level.repeatDuration = Double(Int.random(in: 300 ... 2000, using: &random)) * 1000
        }
        level.autoreverses = Bool.random(using: &random)
        level.fillBackwards = Bool.random(using: &random)
        level.fillForwards = Bool.random(using: &random)
        let (function, curve) = curves.randomElement(using: &random)!
        level.curve = curve
        let fill: FillMode = level.fillBackwards ? (level.fillForwards ? .both : .backwards) : (level.fillForwards ? .forwards : .removed)
        let timing = AnimationTiming(
            beginTime: level.begin / 1e6, duration: (level.duration ?? 0) / 1e6, speed: level.speed,
            timeOffset: level.offset / 1e6, repeatCount: level.repeatCount, repeatDuration: level.repeatDuration / 1e6,
            autoreverses: level.autoreverses, fillMode: fill, isRemovedOnCompletion: false, timingFunction: function)
        return (level, timing)
    }

    @Test func engineAgreesWithTheModelAtRandomTimes() throws {
        var random = CompositorRandom(seed: 0x19_CA_2026)
        var compared = 0, valued = 0, skipped = 0, worst = 0.0
        for _ in 0 ..< 300 {
            let depth = Int.random(in: 1 ... 3, using: &random)
            var levels: [TimingReferenceModel.Level] = []
            var timings: [AnimationTiming] = []
            for index in 0 ... depth {
                let (level, timing) = Self.randomLevel(isTop: index == 0, &random)
                levels.append(level)
                timings.append(timing)
            }
            let model = TimingReferenceModel(levels: levels)
            var animation = Animation.basic(BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(100),
                                                           timing: timings[depth]))
            for index in stride(from: depth - 1, through: 0, by: -1) {
                animation = .group(AnimationGroup(animations: [animation], timing: timings[index]))
            }
            let engine = try Fixture.engine(layers: 4, animations: 8)
            let layer = try Fixture.layer(in: engine)
            try engine.addAnimation(animation, forKey: "model", to: layer)
            var times = (0 ..< 50).map { _ in Int64.random(in: 0 ... 6_000_000, using: &random) }
            times.sort()
            for t in times {
                engine.advance(to: t)
                let actual = Fixture.number(try engine.presentationValue(of: .positionX, of: layer))
                let samples = [-1.0, -0.5, 0, 0.5, 1].map { model.value(at: Double(t), slack: $0) }
                if samples.allSatisfy({ $0 == nil }) {
                    #expect(actual == 999, "removed at \(t) µs in \(levels)")
                    compared += 1
                    continue
                }
                let values = samples.compactMap { $0 }
                let low = values.min()!, high = values.max()!
                // Within the documented time error a value that jumps (a wrap, a phase boundary) is skipped.
                guard values.count == samples.count, high - low < 5 else {
                    skipped += 1
                    continue
                }
                // The leaf's curve table (2⁻¹² of 100) and the Q17.15 progress and Q16.16 output roundings.
                let distance = max(low - actual, actual - high, 0)
                worst = max(worst, distance)
                #expect(distance <= 0.03, "t \(t) µs: engine \(actual), model \(low) … \(high) in \(levels)")
                compared += 1
                valued += 1
            }
        }
        print("timing model: \(compared) times compared (\(valued) presenting a value), \(skipped) at discontinuities skipped, worst distance \(worst)")
        #expect(compared >= 10_000)
        #expect(valued >= 5_000)
    }
}
