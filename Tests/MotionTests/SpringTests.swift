import FixedPoint
import Foundation
import Testing
@testable import Motion

/// The integer spring against the closed form (SEMANTICS §3), its frame-rate independence, settling,
/// the UIKit and SwiftUI mappings, and bad input.
@Suite struct SpringTests {
    typealias Config = (mass: Double, stiffness: Double, damping: Double, velocity: Double)

    /// The golden configurations of §3 with x(0.05), x(0.1), x(0.25), x(0.5), x(1.0).
    static let golden: [(Config, [Double])] = [
        ((1, 100, 10, 0), [0.104405473, 0.340299847, 1.023359580, 1.074590567, 1.002170117]),
        ((1, 100, 20, 0), [0.090204010, 0.264241118, 0.712702505, 0.959572318, 0.999500601]),
        ((1, 100, 30, 0), [0.078866778, 0.213354401, 0.549661305, 0.826595350, 0.974317756]),
        ((1, 100, 10, 5), [0.293078075, 0.607053444, 1.160414529, 1.030619356, 1.004862857]),
    ]

    static func curve(_ config: Config, in store: inout MotionStore) throws -> SpringCurve {
        let parameters = try SpringParameters(
            mass: config.mass, stiffness: config.stiffness, damping: config.damping, initialVelocity: config.velocity)
        return try SpringCurve(parameters, in: &store)
    }

    static func position(_ curve: SpringCurve, seconds: Double) -> Double {
        Double(curve.state(at: Int64((seconds * 1e6).rounded())).progress.raw) / 32768
    }

    @Test func goldenPositions() throws {
        var store = try MotionStore(capacityBytes: 64 << 10)
        for (config, values) in Self.golden {
            let spring = try Self.curve(config, in: &store)
            for (time, expected) in zip([0.05, 0.1, 0.25, 0.5, 1.0], values) {
                let actual = Self.position(spring, seconds: time)
                // Q17.15 output: half an LSB (1.5e-5) plus the fixed-point products' rounding.
                #expect(abs(actual - expected) <= 1e-4, "\(config) x(\(time)) = \(actual), golden \(expected)")
            }
        }
    }

    @Test func closedFormAtManySampleTimes() throws {
        var store = try MotionStore(capacityBytes: 64 << 10)
        let configs: [Config] = Self.golden.map { $0.0 } + [(2, 300, 5, -3), (0.5, 2000, 1, 0), (1, 10, 100, 2), (1, 100, 0, 0)]
        for config in configs {
            let spring = try Self.curve(config, in: &store)
            var worst = 0.0
            for index in 0..<400 {
                let seconds = Double(index) * 0.0073 + 0.000_317
                let micros = Int64((seconds * 1e6).rounded())
                let exact = Reference.spring(
                    mass: config.mass, stiffness: config.stiffness, damping: config.damping, velocity: config.velocity,
                    t: Double(micros) / 1e6)
                worst = max(worst, abs(Double(spring.state(at: micros).progress.raw) / 32768 - exact))
            }
            print("spring \(config): max |error| over 400 samples = \(worst)")
            #expect(worst <= 1e-3, "\(config): \(worst) exceeds 0.1 % of the distance")
        }
    }

    @Test func velocityMatchesTheDerivative() throws {
        var store = try MotionStore(capacityBytes: 64 << 10)
        let spring = try Self.curve((1, 100, 10, 5), in: &store)
        #expect(spring.state(at: 0).velocity.raw == 5 << 16)
        for micros: Int64 in [10_000, 123_457, 500_000] {
            let h = 1e-6
            let t = Double(micros) / 1e6
            let derivative = (Reference.spring(mass: 1, stiffness: 100, damping: 10, velocity: 5, t: t + h)
                - Reference.spring(mass: 1, stiffness: 100, damping: 10, velocity: 5, t: t - h)) / (2 * h)
            #expect(abs(spring.state(at: micros).velocity.doubleValue - derivative) <= 1e-3)
        }
    }

    @Test func sameBytesAtEveryFrameRate() throws {
        var store = try MotionStore(capacityBytes: 64 << 10)
        let spring = try Self.curve((1, 100, 10, 0), in: &store)
        // Times every 0.1 s are frames of 30, 60 and 120 Hz alike; step through each rate and compare.
        func states(hertz: Int64) -> [SpringState] {
            var result: [SpringState] = []
            for frame in Int64(0)...(2 * hertz) {
                let time = frame * 1_000_000 / hertz
                let state = spring.state(at: time)
                if time % 100_000 == 0 { result.append(state) }
            }
            return result
        }
        let jump = (0...20).map { spring.state(at: Int64($0) * 100_000) }
        #expect(states(hertz: 30) == jump)
        #expect(states(hertz: 60) == jump)
        #expect(states(hertz: 120) == jump)
        #expect(jump.count == 21)
    }

    @Test func criticallyDampedNeverOvershoots() throws {
        var store = try MotionStore(capacityBytes: 64 << 10)
        let spring = try Self.curve((1, 100, 20, 0), in: &store)
        for micros in stride(from: Int64(0), through: 5_000_000, by: 997) {
            #expect(spring.state(at: micros).progress.raw <= 1 << 15)
        }
    }

    /// The last time |x − 1| ≥ 1e-3, from the closed form: a 0.1 ms scan then bisection to 1 ns.
    static func referenceSettling(_ c: Config) -> Double {
        func off(_ t: Double) -> Double { abs(Reference.spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping, velocity: c.velocity, t: t) - 1) }
        var last = 0.0
        for index in 0..<200_000 where off(Double(index) * 1e-4) >= 1e-3 { last = Double(index) * 1e-4 }
        var low = last, high = last + 1e-4
        while high - low > 1e-9 {
            let middle = (low + high) / 2
            if off(middle) >= 1e-3 { low = middle } else { high = middle }
        }
        return low
    }

    @Test func settlingDurationMatchesTheClosedForm() throws {
        let parameters = try SpringParameters(mass: 1, stiffness: 100, damping: 10)
        let settling = try #require(parameters.settlingDuration)
        #expect(abs(settling - 1.270165) <= 1.5e-6, "m1 k100 c10 settles at \(settling), golden 1.270165")
        let configs: [Config] = Self.golden.map { $0.0 } + [(1, 300, 8, -2)]
        for config in configs {
            let spring = try SpringParameters(mass: config.mass, stiffness: config.stiffness, damping: config.damping, initialVelocity: config.velocity)
            let ours = try #require(spring.settlingDuration)
            let reference = Self.referenceSettling(config)
            #expect(abs(ours - reference) <= 1e-6, "\(config): \(ours) vs closed form \(reference)")
        }
        #expect(try SpringParameters(damping: 0).settlingDuration == nil)
    }

    @Test func uiKitDampingRatioMapping() throws {
        let cases: [(ratio: Double, stiffness: Double, damping: Double)] = [(0.5, 646.88, 25.434), (0.7, 387.27, 27.551), (1, 341.02, 36.934)]
        for (ratio, stiffness, damping) in cases {
            let spring = try SpringParameters(dampingRatio: ratio, duration: 0.5)
            #expect(abs(spring.stiffness - stiffness) <= 0.01, "ζ \(ratio): k \(spring.stiffness)")
            #expect(abs(spring.damping - damping) <= 0.001, "ζ \(ratio): c \(spring.damping)")
            #expect(spring.mass == 1)
        }
        let half = try SpringParameters(dampingRatio: 0.5, duration: 0.5)
        #expect(abs(half.naturalFrequency * 0.5 - 12.7169) <= 1e-4)
    }

    @Test func swiftUIDurationBounceMapping() throws {
        let spring = try SpringParameters(perceptualDuration: 0.5, bounce: 0.3)
        #expect(abs(spring.stiffness - 157.9) <= 0.05)
        #expect(abs(spring.damping - 17.6) <= 0.05)
    }

    @Test func badInputIsNamed() {
        #expect(throws: MotionError.notPositive(field: .mass, value: 0)) { try SpringParameters(mass: 0) }
        #expect(throws: MotionError.notPositive(field: .mass, value: -1)) { try SpringParameters(mass: -1) }
        #expect(throws: MotionError.notPositive(field: .stiffness, value: 0)) { try SpringParameters(stiffness: 0) }
        #expect(throws: MotionError.negative(field: .damping, value: -0.5)) { try SpringParameters(damping: -0.5) }
        #expect(throws: MotionError.notFinite(field: .stiffness, value: .infinity)) { try SpringParameters(stiffness: .infinity) }
        #expect(throws: MotionError.notFinite(field: .initialVelocity, value: -.infinity)) {
            try SpringParameters(initialVelocity: -.infinity)
        }
        #expect(throws: MotionError.outOfRange(field: .dampingRatio, value: 1.5, lower: 0, upper: 1)) {
            try SpringParameters(dampingRatio: 1.5, duration: 0.5)
        }
        #expect(throws: MotionError.outOfRange(field: .settlingDuration, value: 20, lower: 0.01, upper: 10)) {
            try SpringParameters(dampingRatio: 0.5, duration: 20)
        }
        do {
            _ = try SpringParameters(mass: .nan)
            Issue.record("NaN mass accepted")
        } catch {
            guard case let .notFinite(field, value) = error, field == .mass, value.isNaN else {
                Issue.record("wrong error \(error)")
                return
            }
        }
    }
}
