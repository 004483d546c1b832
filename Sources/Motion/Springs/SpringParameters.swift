/// Validated physical parameters of a damped spring, as `CASpringAnimation` defines them.
///
/// The spring moves a value from `from` to `to`; positions are measured as fractions of that distance and
/// `initialVelocity` in distance fractions per second, positive toward the target (`SEMANTICS.md` §3).
/// Setup-time type (`Double`): a `SpringCurve` built from it is what frames evaluate.
public struct SpringParameters: Sendable, Equatable {
    /// The mass, > 0 (default 1).
    public let mass: Double
    /// The spring constant, > 0 (default 100).
    public let stiffness: Double
    /// The damping coefficient, ≥ 0 (default 10; 0 oscillates forever).
    public let damping: Double
    /// The initial velocity in distance fractions per second, positive toward the target (default 0).
    public let initialVelocity: Double

    /// Creates spring parameters, validating each.
    ///
    /// - Throws: `MotionError` naming the field: NaN or infinite values, mass or stiffness ≤ 0, damping
    ///   < 0, or values outside the supported ranges (mass and stiffness 1e-6 … 1e6, ω0 = √(k/m) 0.01 …
    ///   2000 rad/s, damping ratio ≤ 1000, |initialVelocity| ≤ 32·ω0).
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) throws(MotionError) {
        try SpringParameters.checkFinite(mass, .mass)
        try SpringParameters.checkFinite(stiffness, .stiffness)
        try SpringParameters.checkFinite(damping, .damping)
        try SpringParameters.checkFinite(initialVelocity, .initialVelocity)
        guard mass > 0 else { throw .notPositive(field: .mass, value: mass) }
        guard stiffness > 0 else { throw .notPositive(field: .stiffness, value: stiffness) }
        guard damping >= 0 else { throw .negative(field: .damping, value: damping) }
        guard mass >= 1e-6, mass <= 1e6 else { throw .outOfRange(field: .mass, value: mass, lower: 1e-6, upper: 1e6) }
        guard stiffness >= 1e-6, stiffness <= 1e6 else {
            throw .outOfRange(field: .stiffness, value: stiffness, lower: 1e-6, upper: 1e6)
        }
        let omega = (stiffness / mass).squareRoot()
        guard omega >= 0.01, omega <= 2000 else {
            // ω0 is derived from both; name the stiffness, with the range it would need at this mass.
            throw .outOfRange(field: .stiffness, value: stiffness, lower: 1e-4 * mass, upper: 4e6 * mass)
        }
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        guard ratio <= 1000 else {
            throw .outOfRange(field: .damping, value: damping, lower: 0, upper: 2000 * (stiffness * mass).squareRoot())
        }
        guard initialVelocity.magnitude <= 32 * omega else {
            throw .outOfRange(field: .initialVelocity, value: initialVelocity, lower: -32 * omega, upper: 32 * omega)
        }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    private static func checkFinite(_ value: Double, _ field: MotionField) throws(MotionError) {
        guard value.isFinite else { throw .notFinite(field: field, value: value) }
    }

    /// The undamped angular frequency ω0 = √(k/m), in rad/s.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The damping ratio ζ = c / (2√(km)): < 1 under-, = 1 critically, > 1 over-damped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// SwiftUI's `Spring(duration:bounce:)`: m = 1, k = (2π/duration)², ζ = 1 − bounce for bounce ≥ 0,
    /// 1/(1 + bounce) below, c = 2ζ√(mk).
    ///
    /// - Throws: `MotionError` for a duration that is not positive and finite (field `settlingDuration`) or
    ///   a bounce outside −1 < bounce < 1 (field `dampingRatio`).
    public init(perceptualDuration duration: Double, bounce: Double, initialVelocity: Double = 0) throws(MotionError) {
        guard duration.isFinite else { throw .notFinite(field: .settlingDuration, value: duration) }
        guard duration > 0 else { throw .notPositive(field: .settlingDuration, value: duration) }
        guard bounce.isFinite else { throw .notFinite(field: .dampingRatio, value: bounce) }
        guard bounce > -1, bounce < 1 else { throw .outOfRange(field: .dampingRatio, value: bounce, lower: -1, upper: 1) }
        let stiffness = (2 * Double.pi / duration) * (2 * Double.pi / duration)
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try self.init(mass: 1, stiffness: stiffness, damping: 2 * ratio * stiffness.squareRoot(), initialVelocity: initialVelocity)
    }
}
