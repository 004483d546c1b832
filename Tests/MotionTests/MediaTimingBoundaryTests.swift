import FixedPoint
import Testing
@testable import Motion

/// Every boundary (begin, each iteration boundary, end) under every fill mode, checked exactly:
/// phase, iteration and raw Q17.15 progress.
@Suite struct MediaTimingBoundaryTests {
    typealias Expected = (phase: TimingPhase, iteration: Int64, progress: Int32)

    static let one: Int32 = 1 << 15

    static func expect(_ timing: MediaTiming, at micros: MediaTime, _ expected: Expected?, sourceLocation: SourceLocation = #_sourceLocation) {
        let state = timing.evaluate(parentTime: micros)
        guard let expected else {
            #expect(state == nil, "t=\(micros) µs should be removed: \(String(describing: state))", sourceLocation: sourceLocation)
            return
        }
        #expect(state?.phase == expected.phase, "t=\(micros) phase", sourceLocation: sourceLocation)
        #expect(state?.iteration == expected.iteration, "t=\(micros) iteration", sourceLocation: sourceLocation)
        #expect(state?.progress.raw == expected.progress, "t=\(micros) progress", sourceLocation: sourceLocation)
    }

    @Test(arguments: [FillMode.removed, .backwards, .forwards, .both])
    func repeatingBoundaries(fill: FillMode) throws {
        // b = 1 s, D = 1 s, rc = 2: active interval [1 s, 3 s).
        let timing = try MediaTiming(beginTime: 1_000_000, duration: 1_000_000, repeatCount: 2, fillMode: fill)
        Self.expect(timing, at: 0, fill.fillsBackwards ? (.before, 0, 0) : nil)
        Self.expect(timing, at: 999_999, fill.fillsBackwards ? (.before, 0, 0) : nil)
        Self.expect(timing, at: 1_000_000, (.active, 0, 0))
        Self.expect(timing, at: 1_500_000, (.active, 0, Self.one / 2))
        Self.expect(timing, at: 1_999_999, (.active, 0, Self.one))  // 32767.97 rounds to 1
        Self.expect(timing, at: 2_000_000, (.active, 1, 0))  // interior boundary starts iteration 1
        Self.expect(timing, at: 2_999_999, (.active, 1, Self.one))
        Self.expect(timing, at: 3_000_000, fill.fillsForwards ? (.after, 1, Self.one) : nil)  // end rule
        Self.expect(timing, at: 9_000_000, fill.fillsForwards ? (.after, 1, Self.one) : nil)
    }

    @Test(arguments: [FillMode.removed, .backwards, .forwards, .both])
    func autoreversingBoundaries(fill: FillMode) throws {
        // D = 1 s, autoreverses, rc = 2: cycle 2 s, active [0, 4 s).
        let timing = try MediaTiming(duration: 1_000_000, repeatCount: 2, autoreverses: true, fillMode: fill)
        Self.expect(timing, at: -1, fill.fillsBackwards ? (.before, 0, 0) : nil)
        Self.expect(timing, at: 0, (.active, 0, 0))
        Self.expect(timing, at: 250_000, (.active, 0, Self.one / 4))
        Self.expect(timing, at: 1_000_000, (.active, 1, Self.one))  // reverse leg starts at 1
        Self.expect(timing, at: 1_250_000, (.active, 1, 3 * Self.one / 4))
        Self.expect(timing, at: 2_000_000, (.active, 2, 0))
        Self.expect(timing, at: 3_000_000, (.active, 3, Self.one))
        Self.expect(timing, at: 4_000_000, fill.fillsForwards ? (.after, 3, 0) : nil)  // ends back at 0
        Self.expect(timing, at: 5_000_000, fill.fillsForwards ? (.after, 3, 0) : nil)
    }

    @Test(arguments: [FillMode.removed, .backwards, .forwards, .both])
    func fractionalEndBoundary(fill: FillMode) throws {
        // rc = 2.25: the end falls inside iteration 2, so the end rule does not apply.
        let timing = try MediaTiming(duration: 1_000_000, repeatCount: 2.25, fillMode: fill)
        Self.expect(timing, at: 2_000_000, (.active, 2, 0))
        Self.expect(timing, at: 2_249_999, (.active, 2, 8192))
        Self.expect(timing, at: 2_250_000, fill.fillsForwards ? (.after, 2, Self.one / 4) : nil)
    }

    @Test func negativeSpeedSwapsInclusiveBoundaries() throws {
        // s = −1, b = 1 s: e = 1 s − t, active for t in (0, 1] mapped to e in [1, 0) … inclusive at e = A.
        let timing = try MediaTiming(beginTime: 1_000_000, duration: 1_000_000, speed: -1, fillMode: .both)
        Self.expect(timing, at: -500_000, (.after, 0, Self.one))
        Self.expect(timing, at: 0, (.active, 0, Self.one))  // e == A is active when playing backwards
        Self.expect(timing, at: 250_000, (.active, 0, 3 * Self.one / 4))
        Self.expect(timing, at: 999_900, (.active, 0, 3))  // e = 100 µs: 3.28 LSB
        Self.expect(timing, at: 1_000_000, (.before, 0, 0))  // e == 0 is before when playing backwards
        let unfilled = try MediaTiming(beginTime: 1_000_000, duration: 1_000_000, speed: -1)
        Self.expect(unfilled, at: 1_000_000, nil)
        Self.expect(unfilled, at: 0, (.active, 0, Self.one))
        Self.expect(unfilled, at: -1, nil)
    }

    @Test func zeroSpeedFreezesAtTheOffset() throws {
        let timing = try MediaTiming(beginTime: 5_000_000, duration: 2_000_000, speed: 0, timeOffset: 500_000)
        for time: MediaTime in [-10_000_000, 0, 5_000_000, 99_000_000] {
            Self.expect(timing, at: time, (.active, 0, Self.one / 4))
        }
    }

    @Test func infiniteRepeatKeepsCycling() throws {
        let timing = try MediaTiming(duration: 1_000_000, repeatCount: .infinity, autoreverses: true)
        #expect(timing.repeatsForever)
        #expect(timing.endTime == nil)
        // 10^6 s in: iteration 10^6 (even), a quarter in.
        Self.expect(timing, at: 1_000_000_250_000, (.active, 1_000_000, Self.one / 4))
        let floatMax = try MediaTiming(duration: 1_000_000, repeatCount: Double(Float.greatestFiniteMagnitude))
        #expect(floatMax.repeatsForever)
    }

    @Test func negativeTimeOffsetWrapsBackward() throws {
        // o = −0.25 s: a = e − 0.25 s; floor division puts t = 0 at iteration −1, 3/4 through.
        let timing = try MediaTiming(duration: 1_000_000, timeOffset: -250_000)
        Self.expect(timing, at: 0, (.active, -1, 3 * Self.one / 4))
        Self.expect(timing, at: 250_000, (.active, 0, 0))
    }

    @Test func endTimeAccountsForSpeed() throws {
        let timing = try MediaTiming(beginTime: 1_000_000, duration: 1_000_000, speed: 2, repeatCount: 3)
        #expect(timing.endTime == 2_500_000)
        #expect(try MediaTiming(duration: 1_000_000, speed: 0).endTime == nil)
        #expect(try MediaTiming(duration: 3, speed: 3).endTime == 1)  // 3 µs at speed 3: 1 µs
        #expect(try MediaTiming(duration: 2, speed: 3).endTime == 1)  // ⅔ µs rounds up
        // 2e12 repeats of 1 s: a finite active duration (2e18 µs) whose end overflows once scaled.
        let longest = try MediaTiming(duration: 1_000_000, speed: 0.5, repeatCount: 2e12)
        #expect(!longest.repeatsForever)
        #expect(longest.endTime == nil)
    }
}
