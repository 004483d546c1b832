import Motion

/// UIView's switches over the block API: block animations turned off for the engine
/// (`setAnimationsEnabled`) or for one closure (`performWithoutAnimation`), the repeat settings of part of a
/// block (`modifyAnimations`), and `CATransaction.flush()`.
extension Engine {
    /// Whether the block API animates (`UIView.areAnimationsEnabled`; true until turned off).
    public var areAnimationsEnabled: Bool { animationsEnabled }

    /// Turns the block API's animations on or off (`UIView.setAnimationsEnabled(_:)`). Off, `animate`,
    /// `animateKeyframes` and `transition(with:…)` apply their changes at once, without implicit animations,
    /// and their completions run with `finished` true at the next `deliverCallbacks()`. Layer changes outside
    /// blocks keep Core Animation's implicit animations (as a `CALayer`'s do under UIKit).
    public func setAnimationsEnabled(_ enabled: Bool) { animationsEnabled = enabled }

    /// Runs `actions` with the block API's animations off and implicit animations disabled, in one
    /// transaction, then restores whether animations were enabled (`UIView.performWithoutAnimation(_:)`).
    ///
    /// - Throws: what `actions` throws (the transaction is committed first); `poolFull(.edits)` when
    ///   transactions are nested too deeply.
    public func performWithoutAnimation(_ actions: () throws(EngineError) -> Void) throws(EngineError) {
        let wereEnabled = animationsEnabled
        animationsEnabled = false
        defer { animationsEnabled = wereEnabled }
        try applyWithoutAnimating(completion: nil, actions)
    }

    /// Inside an animation block, gives the animations the changes in `animations` create `count` repeats
    /// (fractions allowed; 0 plays once) and autoreversing (`UIView.modifyAnimations(withRepeatCount:
    /// autoreverses:animations:)`); the block's other settings stay.
    ///
    /// - Throws: `noOpenTransaction` outside a block or transaction; `invalidValue` naming `repeatCount` when it
    ///   is negative or not finite; what `animations` throws.
    public func modifyAnimations(withRepeatCount count: Double, autoreverses: Bool,
                                 animations: () throws(EngineError) -> Void) throws(EngineError) {
        guard !transactionLevels.isEmpty else { throw .noOpenTransaction }
        guard count.isFinite, count >= 0 else {
            throw .invalidValue(layer: nil, field: "repeatCount", value: count, reason: count.isFinite ? .negative : .notFinite)
        }
        try inTransaction { () throws(EngineError) in
            transactionLevels[transactionLevels.count - 1].style.repeatCount = count
            transactionLevels[transactionLevels.count - 1].style.autoreverses = autoreverses
            try animations()
        }
    }

    /// Commits the edits made outside any transaction now, into the model, instead of at the next `advance`
    /// (`CATransaction.flush()`): `modelValue` then answers the new values, and their implicit animations begin
    /// now. Inside an open transaction it does nothing (its edits wait for its commit, as in Core Animation).
    public func flushTransaction() {
        guard transactionLevels.isEmpty, transactions.count > 0 else { return }
        commitPass(at: currentTime)
        changedBetweenFrames = true
    }

    /// `actions` in one transaction without implicit animations, `completion` (if any) run once it commits.
    func applyWithoutAnimating(completion: ((_ finished: Bool) -> Void)?,
                               _ actions: () throws(EngineError) -> Void) throws(EngineError) {
        try inTransaction { () throws(EngineError) in
            try setDisableActions(true)
            if let completion { try setCompletion(completion) }
            try actions()
        }
    }
}
