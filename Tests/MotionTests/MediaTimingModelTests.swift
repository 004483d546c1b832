import FixedPoint
import Testing
@testable import Motion

/// `evaluate` against an independent model of SEMANTICS §1.2 over seeded random parameters and times,
/// covering the short path (speed 1, offset ≥ 0, reciprocal progress) and the general path alike.
@Suite struct MediaTimingModelTests {
    struct Expected: Equatable {
        var phase: TimingPhase, iteration: Int64, iterationTime: Int64, progress: Int32
    }

    /// §1.2 steps 1–5 written directly from the text (floor division, rounded progress).
    static func model(
        begin: Int64, duration d: Int64, speedRaw: Int64, offset: Int64, active: Int64?,
        autoreverses: Bool, fill: FillMode, at time: Int64
    ) -> Expected? {
        let product = Double(time - begin) * Double(speedRaw)  // exact: < 2^53 here
        let e = Int64(((product + 32768) / 65536).rounded(.down))
        let end = active ?? Int64.max
        let phase: TimingPhase
        if speedRaw >= 0 { phase = e < 0 ? .before : (e >= end ? .after : .active) }
        else { phase = e <= 0 ? .before : (e > end ? .after : .active) }
        if phase == .before && !(fill == .backwards || fill == .both) { return nil }
        if phase == .after && !(fill == .forwards || fill == .both) { return nil }
        let clamped = min(max(e, 0), end)
        let a = clamped + offset
        var k = a >= 0 ? a / d : -((-a + d - 1) / d)
        var u = a - k * d
        if u == 0 && a > 0 && clamped == end {
            k -= 1
            u = d
        }
        if autoreverses && k % 2 != 0 { u = d - u }
        let progress = Int32((u * 32768 + d / 2) / d)
        return Expected(phase: phase, iteration: k, iterationTime: u, progress: progress)
    }

    @Test func randomTimingsMatchTheModel() throws {
        var random = SeededGenerator(seed: 0x5EED_7141_0000_0001, test: "randomTimingsMatchTheModel")
        let speeds = [1.0, 1.0, 1.0, 2.0, 0.5, -1.0, 0.0, 1.5, -0.25]
        let fills: [FillMode] = [.removed, .backwards, .forwards, .both]
        for _ in 0..<3000 {
            let duration = Int64.random(in: 1...20_000_000, using: &random)
            let begin = Int64.random(in: -2_000_000...5_000_000, using: &random)
            let offset = Bool.random(using: &random) ? 0 : Int64.random(in: -3_000_000...3_000_000, using: &random)
            let speed = speeds.randomElement(using: &random)!
            let repeatCount = [0, 1, 2.5, 3, .infinity].randomElement(using: &random)!
            let repeatDuration = Int64.random(in: 0...4, using: &random) == 0 ? Int64.random(in: 1...40_000_000, using: &random) : 0
            let autoreverses = Bool.random(using: &random)
            let fill = fills.randomElement(using: &random)!
            let timing = try MediaTiming(
                beginTime: begin, duration: duration, speed: speed, timeOffset: offset, repeatCount: repeatCount,
                repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fill)
            let cycle = autoreverses ? 2 * duration : duration
            let active: Int64? = repeatDuration > 0 ? repeatDuration
                : (repeatCount == .infinity ? nil : Int64((Double(cycle) * max(repeatCount, 1)).rounded(.toNearestOrEven)))
            for _ in 0..<20 {
                let time = Int64.random(in: -10_000_000...60_000_000, using: &random)
                let expected = Self.model(
                    begin: begin, duration: duration, speedRaw: timing.speedRaw, offset: offset, active: active,
                    autoreverses: autoreverses, fill: fill, at: time)
                let actual = timing.evaluate(parentTime: time).map {
                    Expected(phase: $0.phase, iteration: $0.iteration, iterationTime: $0.iterationTime, progress: $0.progress.raw)
                }
                #expect(actual == expected, "D=\(duration) b=\(begin) o=\(offset) s=\(speed) rc=\(repeatCount) rd=\(repeatDuration) ar=\(autoreverses) \(fill) t=\(time)")
            }
        }
    }

    @Test func reciprocalProgressIsExactBelowTheLimit() {
        // The short path's multiply must equal the rounded division for every u of these durations.
        for duration: Int64 in [1, 3, 7, 16_667, 333_333, 1_000_000, 11_863_282] {
            let timing = try! MediaTiming(duration: duration, repeatCount: .infinity)
            #expect(timing.progressReciprocal != 0)
            var u: Int64 = 0
            let step = max(1, duration / 50_000)
            while u <= duration {
                let state = timing.evaluate(parentTime: u)!
                let expected = u == duration ? 0 : Int32((u * 32768 + duration / 2) / duration)
                if state.progress.raw != expected { Issue.record("D=\(duration) u=\(u): \(state.progress.raw) ≠ \(expected)"); break }
                u += step
            }
        }
        #expect(try! MediaTiming(duration: 11_863_283).progressReciprocal == 0)
    }

    @Test func cursorNeverChangesResults() throws {
        var random = SeededGenerator(seed: 0xC0_4505_0000_0002, test: "cursorNeverChangesResults")
        for _ in 0..<400 {
            let duration = Int64.random(in: 1...12_000_000, using: &random)
            let timing = try MediaTiming(
                beginTime: Int64.random(in: -1_000_000...3_000_000, using: &random), duration: duration,
                speed: Int64.random(in: 0...5, using: &random) == 0 ? 2 : 1,
                timeOffset: Int64.random(in: 0...2, using: &random) == 0 ? -1000 : Int64.random(in: 0...2_000_000, using: &random),
                repeatCount: [0, 1.5, 3, .infinity].randomElement(using: &random)!,
                autoreverses: Bool.random(using: &random), fillMode: [.removed, .both, .forwards].randomElement(using: &random)!)
            var cursor = TimingCursor()
            var time = Int64.random(in: -2_000_000...2_000_000, using: &random)
            for _ in 0..<150 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: time -= Int64.random(in: 0...3_000_000, using: &random)  // backward jump
                case 1: time += Int64.random(in: 0...10_000_000, using: &random)  // forward jump
                case 2: time += duration - (time % duration)  // onto an iteration boundary
                default: time += 16_667  // a 60 Hz frame
                }
                #expect(cursor.state(of: timing, at: time) == timing.evaluate(parentTime: time), "D=\(duration) t=\(time)")
            }
        }
    }
}
