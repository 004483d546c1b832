extension PropertyAnimator {
    /// Creates an animator of `animations` and starts it at once, after `delay` seconds
    /// (`UIViewPropertyAnimator.runningPropertyAnimator(withDuration:delay:options:animations:completion:)`): its
    /// curve is the one `options`' curve options name (ease-in-out when none), `completion` runs when it ends.
    ///
    /// - Throws: `invalidValue` for a duration that is not positive and finite or a bad delay; what the
    ///   changes throw.
    public static func runningPropertyAnimator(
        withDuration duration: Double, delay: Double = 0, options: ViewAnimationOptions = [], engine: Engine,
        animations: @escaping () throws(EngineError) -> Void, completion: ((AnimatorPosition) -> Void)? = nil
    ) throws(EngineError) -> PropertyAnimator {
        let animator = try PropertyAnimator(duration: duration, curve: options.timingFunction, engine: engine,
                                            animations: animations)
        if let completion { animator.addCompletion(completion) }
        try animator.startAnimation(afterDelay: delay)
        return animator
    }
}
