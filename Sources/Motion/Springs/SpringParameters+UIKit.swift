import FixedPoint

extension SpringParameters {
    /// UIKit's fixed-duration spring (`animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`),
    /// reconstructed as in `SEMANTICS.md` §3: m = 1, and ω0 solved by 12 Newton steps from 5/T so that the
    /// envelope falls to 1e-3 at T: `((ζω0 − v)/ωd)·e^(−ζω0T) = 1e-3` (ζ < 1) or
    /// `e^(−ω0T)·((ω0 − v)T + 1) = 1e-3` (ζ = 1); then k = ω0², c = 2ζω0.
    ///
    /// Golden (v = 0): (ζ 0.5, T 0.5 s) → k 646.88, c 25.434; (0.7, 0.5) → 387.27, 27.551; (1, 0.5) → 341.02, 36.934.
    /// - Throws: `MotionError` for a duration outside 0.01 … 10 s or a damping ratio outside (0, 1] (UIKit's
    ///   own range; refused rather than clamped), or when Newton's method does not converge.
    public init(dampingRatio ratio: Double, duration: Double, initialVelocity velocity: Double = 0) throws(MotionError) {
        guard duration.isFinite else { throw .notFinite(field: .settlingDuration, value: duration) }
        guard duration >= 0.01, duration <= 10 else {
            throw .outOfRange(field: .settlingDuration, value: duration, lower: 0.01, upper: 10)
        }
        guard ratio.isFinite else { throw .notFinite(field: .dampingRatio, value: ratio) }
        guard ratio > 0, ratio <= 1 else { throw .outOfRange(field: .dampingRatio, value: ratio, lower: 0, upper: 1) }
        guard velocity.isFinite else { throw .notFinite(field: .initialVelocity, value: velocity) }
        func residual(_ omega: Double) -> Double {
            if ratio < 1 {
                let damped = omega * (1 - ratio * ratio).squareRoot()
                return ((ratio * omega - velocity) / damped) * SpringMath.exp(-ratio * omega * duration) - 1e-3
            }
            return SpringMath.exp(-omega * duration) * ((omega - velocity) * duration + 1) - 1e-3
        }
        var omega = 5 / duration
        for _ in 0..<12 {
            let step = omega * 1e-7
            let slope = (residual(omega + step) - residual(omega - step)) / (2 * step)
            guard slope != 0, slope.isFinite else { break }
            omega -= residual(omega) / slope
        }
        guard omega.isFinite, omega > 0, residual(omega).magnitude < 1e-9 else {
            throw .outOfRange(field: .initialVelocity, value: velocity, lower: -5 / duration, upper: 5 / duration)
        }
        try self.init(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega, initialVelocity: velocity)
    }
}
