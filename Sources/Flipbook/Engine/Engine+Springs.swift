import FixedPoint
import Motion

/// Building a spring animation's tables (setup time).
extension Engine {
    /// The spring's tables and its settling duration (µs), the default duration of a spring animation.
    ///
    /// - Throws: `invalidAnimation` naming the Motion field and problem (mass, stiffness, damping,
    ///   velocity out of range; a store too full for the tables).
    func springCurve(_ spring: SpringAnimation) throws(EngineError) -> (SpringCurve, MediaTime) {
        do {
            let parameters = try SpringParameters(
                mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                initialVelocity: spring.initialVelocity)
            return try springCurve(parameters)
        } catch {
            throw .invalidAnimation(field: String(describingField: error), reason: error.message)
        }
    }

    /// The tables of `parameters` (shared between equal springs) and the settling duration (µs; an
    /// undamped spring, which never settles, gets `Engine.undampedSpringDuration`).
    func springCurve(_ parameters: SpringParameters) throws(MotionError) -> (SpringCurve, MediaTime) {
        let settling = try MediaTime(seconds: parameters.settlingDuration ?? Engine.undampedSpringDuration,
                                     field: .settlingDuration)
        for (known, curve) in springCurves where known == parameters { return (curve, settling) }
        let curve = try SpringCurve(parameters, in: &curveStore)
        springCurves.append((parameters, curve))
        return (curve, settling)
    }

    /// UIKit's fixed-duration spring of `dampingRatio` (`SpringParameters(dampingRatio:duration:)`, at rest,
    /// SEMANTICS §3) as a timing curve over the animation's duration. Its shape does not depend on the duration
    /// (ω0·T is fixed by the ratio), so one table per ratio serves every duration.
    ///
    /// - Throws: `invalidValue(field: "dampingRatio")` outside (0, 1]; `invalidAnimation` when the curve store
    ///   is full.
    func springTimingCurve(dampingRatio: Double) throws(EngineError) -> TimingCurve {
        for known in springTimingCurves where known.dampingRatio == dampingRatio { return known.curve }
        guard dampingRatio.isFinite, dampingRatio > 0, dampingRatio <= 1 else {
            throw .invalidValue(layer: nil, field: "dampingRatio", value: dampingRatio,
                                reason: dampingRatio.isFinite ? .outOfRange(min: 0, max: 1) : .notFinite)
        }
        do {
            let parameters = try SpringParameters(dampingRatio: dampingRatio, duration: 1)
            let curve = try TimingCurve(spring: parameters, duration: 1, in: &curveStore)
            springTimingCurves.append((dampingRatio, curve))
            return curve
        } catch {
            throw .invalidAnimation(field: String(describingField: error), reason: error.message)
        }
    }

    /// The duration given to an undamped spring animation whose duration is 0 (seconds).
    static let undampedSpringDuration = 10.0
}
