import FixedPoint
import Testing
@testable import FlipbookScenes

/// The fixed-point release arithmetic of a scrubbed animator against its `Double` definition: the duration
/// factor 1 ÷ (|speed| × duration) kept within 1/1024 … 1, and the scrubbed fraction kept within 0 … 1.
@Suite struct ScrubReleaseMathTests {
    /// 4,000 speeds (fractions per second, 1/65,536 apart at the slow end, up to ±32,000) and four durations.
    @Test func durationFactorEqualsItsDoubleDefinition() {
        var worst = 0.0
        for micros in [Int64(16_667), 600_000, 1_000_000, 30_000_000] {
            for step in 0 ..< 1_000 {
                let raw = Int32(step * step * step * 2) * (step % 2 == 0 ? 1 : -1)
                let speed = Fixed(raw: raw)
                let model = min(1, max(1 / (abs(speed.doubleValue) * Double(micros) / 1e6), 1.0 / 1024))
                let factor = SceneAnimators.durationFactor(speed: speed, durationMicros: micros).doubleValue
                worst = max(worst, abs(factor - model))
                // Q16.16 steps of the pace and the quotient: within two units of the last place.
                #expect(abs(factor - model) <= 2.0 / 65_536, "speed \(speed.doubleValue), \(micros) µs: \(factor) vs \(model)")
            }
        }
        #expect(worst > 0)  // the comparison ran over values that round
        #expect(SceneAnimators.durationFactor(speed: .max, durationMicros: .max).raw == 64)  // overflow: the fastest
        #expect(SceneAnimators.durationFactor(speed: .zero, durationMicros: 600_000) == Fixed(1))
    }

    @Test func scrubbedFractionsStayWithinTheAnimator() {
        #expect(SceneAnimators.clampedFraction(Fixed(raw: -1)) == .zero)
        #expect(SceneAnimators.clampedFraction(Fixed(raw: 40_000)) == Fixed(raw: 40_000))
        #expect(SceneAnimators.clampedFraction(Fixed(raw: 65_537)) == Fixed(1))
        #expect(SceneAnimators.clampedFraction(.max) == Fixed(1))
    }
}
