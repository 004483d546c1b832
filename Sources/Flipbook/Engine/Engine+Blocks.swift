import FixedPoint
import Motion

/// The block API in the spirit of UIView: property changes made inside `animations` animate.
extension Engine {
    /// Animates every property change made in `animations` over `duration` seconds after `delay`
    /// (`UIView.animate(withDuration:delay:options:animations:completion:)`). The completion runs (from
    /// `deliverCallbacks()`) once all of them finished — at once when nothing animated.
    ///
    /// - Throws: `invalidValue` for a negative or non-finite duration or delay, and whatever the changes throw.
    public func animate(
        withDuration duration: Double, delay: Double = 0, options: ViewAnimationOptions = [],
        animations: () throws(EngineError) -> Void, completion: ((_ finished: Bool) -> Void)? = nil
    ) throws(EngineError) {
        try runBlock(duration: duration, delay: delay, options: options, spring: nil, completion: completion,
                     animations: animations)
    }

    /// Animates the changes with a spring that settles in `duration` seconds
    /// (`usingSpringWithDamping:initialSpringVelocity:`; UIKit's mapping, SEMANTICS §3).
    ///
    /// - Throws: `invalidAnimation` for a damping ratio outside (0, 1] or a duration outside 0.01 … 10 s.
    public func animate(
        withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
        initialSpringVelocity velocity: Double, options: ViewAnimationOptions = [],
        animations: () throws(EngineError) -> Void, completion: ((_ finished: Bool) -> Void)? = nil
    ) throws(EngineError) {
        let parameters: SpringParameters
        do {
            parameters = try SpringParameters(dampingRatio: dampingRatio, duration: duration, initialVelocity: velocity)
        } catch {
            throw .invalidAnimation(field: String(describingField: error), reason: error.message)
        }
        try runBlock(duration: duration, delay: delay, options: options,
                     spring: (parameters.stiffness, parameters.damping, velocity), completion: completion,
                     animations: animations)
    }

    /// Opens a transaction with the block's settings, runs `animations`, commits.
    func runBlock(
        duration: Double, delay: Double, options: ViewAnimationOptions,
        spring: (stiffness: Double, damping: Double, velocity: Double)?, completion: ((_ finished: Bool) -> Void)?,
        animations: () throws(EngineError) -> Void
    ) throws(EngineError) {
        let delayMicros = try Engine.blockTime(delay, field: "delay", allowZero: true)
        _ = try Engine.blockTime(duration, field: "duration", allowZero: true)
        guard animationsEnabled else { return try applyWithoutAnimating(completion: completion, animations) }
        try inTransaction { () throws(EngineError) in
            // A duration of 0 applies the changes without animating (as UIKit does).
            try setDisableActions(duration == 0)
            if duration > 0 { try setAnimationDuration(duration) }
            try setAnimationTimingFunction(options.timingFunction)
            var style = ActionStyle()
            style.delay = delayMicros
            style.repeatCount = options.contains(.repeat) ? Double(Float.greatestFiniteMagnitude) : 0
            style.autoreverses = options.contains(.autoreverse)
            style.spring = spring
            transactionLevels[transactionLevels.count - 1].style = style
            if let completion { try setCompletion(completion) }
            try animations()
        }
    }

    /// Seconds → µs for block parameters.
    static func blockTime(_ seconds: Double, field: String, allowZero: Bool) throws(EngineError) -> MediaTime {
        guard seconds.isFinite else { throw .invalidValue(layer: nil, field: field, value: seconds, reason: .notFinite) }
        guard allowZero ? seconds >= 0 : seconds > 0 else {
            throw .invalidValue(layer: nil, field: field, value: seconds, reason: allowZero ? .negative : .notPositive)
        }
        do {
            return try MediaTime(seconds: seconds, field: .duration)
        } catch {
            throw .invalidValue(layer: nil, field: field, value: seconds,
                                reason: .outOfRange(min: 0, max: Double(Int64.mediaTimeLimit) / 1e6))
        }
    }
}
