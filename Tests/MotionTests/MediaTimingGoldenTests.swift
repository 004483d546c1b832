import FixedPoint
import Testing
@testable import Motion

/// The six golden vectors of SEMANTICS.md §1.3 (D = 1 s, linear, value = 100·p; nil = removed).
@Suite struct MediaTimingGoldenTests {
    /// 100 · progress at `seconds`, or nil when removed.
    static func value(_ timing: MediaTiming, at seconds: Double) -> Double? {
        guard let state = timing.evaluate(parentTime: Int64((seconds * 1e6).rounded())) else { return nil }
        return 100 * Double(state.progress.raw) / 32768
    }

    /// Half an LSB of Q17.15, scaled to the 0…100 value: the only error the integer path may add.
    static let tolerance = 100.0 / 65536 + 1e-9

    static func check(_ timing: MediaTiming, _ vector: [(Double, Double?)], sourceLocation: SourceLocation = #_sourceLocation) {
        for (time, expected) in vector {
            let actual = value(timing, at: time)
            if let expected {
                #expect(actual != nil, "t=\(time): removed, expected \(expected)", sourceLocation: sourceLocation)
                if let actual {
                    #expect(abs(actual - expected) <= tolerance, "t=\(time): \(actual) ≠ \(expected)", sourceLocation: sourceLocation)
                }
            } else {
                #expect(actual == nil, "t=\(time): \(actual ?? -1), expected removed", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func repeatCountTwoFillBoth() throws {
        let timing = try MediaTiming(durationSeconds: 1, repeatCount: 2, fillMode: .both)
        Self.check(timing, [(-0.5, 0), (0, 0), (0.25, 25), (0.999, 99.9), (1.0, 0), (1.25, 25), (2.0, 100), (3, 100)])
    }

    @Test func autoreverseOnceFillForwards() throws {
        let timing = try MediaTiming(durationSeconds: 1, repeatCount: 1, autoreverses: true, fillMode: .forwards)
        Self.check(timing, [(0.5, 50), (1.0, 100), (1.5, 50), (1.999, 0.1), (2.0, 0)])
    }

    @Test func speedTwoBeginOne() throws {
        let timing = try MediaTiming(beginTimeSeconds: 1, durationSeconds: 1, speed: 2)
        Self.check(timing, [(0.9, nil), (1.25, 50), (1.4999, 99.98), (1.5, nil)])
    }

    @Test func timeOffsetHalfWraps() throws {
        let timing = try MediaTiming(durationSeconds: 1, timeOffsetSeconds: 0.5)
        Self.check(timing, [(0, 50), (0.25, 75), (0.499, 99.9), (0.5, 0), (0.75, 25), (0.999, 49.9), (1.0, nil)])
    }

    @Test func fractionalRepeatCountFillForwards() throws {
        let timing = try MediaTiming(durationSeconds: 1, repeatCount: 1.5, fillMode: .forwards)
        Self.check(timing, [(1.25, 25), (1.5, 50), (2.0, 50)])
    }

    @Test func repeatDurationAutoreverseFillForwards() throws {
        let timing = try MediaTiming(durationSeconds: 1, repeatDurationSeconds: 2.5, autoreverses: true, fillMode: .forwards)
        Self.check(timing, [(1.25, 75), (2.25, 25), (2.5, 50)])
    }
}
