import Foundation
import Motion
import Testing
@testable import Flipbook

/// `UIViewPropertyAnimator(duration:dampingRatio:)`: the animator eases as UIKit's fixed-duration spring, checked
/// against the closed-form damped oscillator with SEMANTICS §3's golden stiffnesses (ζ 0.5 / 0.7 / 1 over 0.5 s),
/// while running and while scrubbed along the curve; it ends exactly at the target; ratios outside (0, 1] are
/// refused; one curve table per ratio.
@Suite struct PropertyAnimatorSpringTests {
    /// The 0 → 1 move of a unit-mass spring at rest with natural frequency `omega` and damping ratio `ratio`.
    static func model(ratio: Double, omega: Double, at t: Double) -> Double {
        if ratio >= 1 { return 1 - exp(-omega * t) * (1 + omega * t) }
        let damped = omega * (1 - ratio * ratio).squareRoot()
        return 1 - exp(-ratio * omega * t) * (cos(damped * t) + ratio * omega / damped * sin(damped * t))
    }

    /// SEMANTICS §3's goldens for T = 0.5 s: (ζ, k) with ω0 = √k.
    static let goldens: [(ratio: Double, stiffness: Double)] = [(0.5, 646.88), (0.7, 387.27), (1.0, 341.02)]

    func setUp(ratio: Double) throws -> (Engine, LayerID, PropertyAnimator) {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine, modelX: 0)
        engine.advance(to: 0)
        let animator = try PropertyAnimator(duration: 0.5, dampingRatio: ratio, engine: engine) { () throws(EngineError) in
            try engine.setValue(.pair(200, 0), for: .position, of: layer)
        }
        return (engine, layer, animator)
    }

    @Test(arguments: goldens)
    func runsAsTheClosedFormSpring(ratio: Double, stiffness: Double) throws {
        let (engine, layer, animator) = try setUp(ratio: ratio)
        try animator.startAnimation()
        var peak = 0.0
        for step in 1 ..< 50 {
            let t = Double(step) / 100
            let x = try Fixture.x(engine, layer, at: t)
            engine.deliverCallbacks()
            let expected = 200 * Self.model(ratio: ratio, omega: stiffness.squareRoot(), at: t)
            // The table is within 2⁻¹² of the curve; progress is Q15 of the time; values Q16.16.
            #expect(abs(x - expected) <= 0.2, "ζ \(ratio) at \(t) s: \(x) against \(expected)")
            peak = max(peak, x)
        }
        // ζ 0.5 overshoots by e^(−πζ/√(1−ζ²)) = 16.3 %; ζ 0.7 by 4.6 %; ζ 1 not at all.
        let overshoot = ratio < 1 ? exp(-Double.pi * ratio / (1 - ratio * ratio).squareRoot()) : 0
        #expect(abs(peak - 200 * (1 + overshoot)) <= 1.5, "ζ \(ratio) peak \(peak)")
        #expect(try Fixture.x(engine, layer, at: 0.5) == 200)
        engine.deliverCallbacks()
        #expect(animator.state == .inactive)
    }

    /// Scrubbed with `scrubsLinearly` off, the value is the spring's at that fraction of the duration; on, the
    /// fraction itself (UIKit's default).
    @Test func scrubsAlongTheSpringOrLinearly() throws {
        let (engine, layer, animator) = try setUp(ratio: 0.5)
        animator.scrubsLinearly = false
        try animator.setFractionComplete(0.3)
        let expected = 200 * Self.model(ratio: 0.5, omega: 646.88.squareRoot(), at: 0.15)
        #expect(abs(try Fixture.x(engine, layer, at: 0.1) - expected) <= 0.2)
        animator.scrubsLinearly = true
        try animator.setFractionComplete(0.3)
        #expect(abs(try Fixture.x(engine, layer, at: 0.2) - 60) <= 0.01)
    }

    @Test func refusesRatiosOutsideUIKitsRangeAndSharesTables() throws {
        let engine = try Fixture.engine()
        for ratio in [0, -0.5, 1.5, Double.nan] {
            do {
                _ = try PropertyAnimator(duration: 1, dampingRatio: ratio, engine: engine)
                Issue.record("ζ \(ratio) accepted")
            } catch {
                guard case .invalidValue(nil, "dampingRatio", _, _) = error else {
                    Issue.record("ζ \(ratio): \(error)")
                    continue
                }
            }
        }
        for duration in [0.3, 1, 2.5] { _ = try PropertyAnimator(duration: duration, dampingRatio: 0.8, engine: engine) }
        #expect(engine.springTimingCurves.count == 1)
    }
}
