/// `UIView.transition(from:to:duration:options:completion:)`: one layer replaced by another with a transition.
extension Engine {
    /// Replaces `fromLayer` with `toLayer` in its superlayer with a transition of the superlayer: `toLayer` is
    /// inserted just above `fromLayer` at once; the transition's outgoing side shows the superlayer with
    /// `fromLayer` and without `toLayer`, its incoming side the reverse; when it ends, `fromLayer` is removed
    /// from the tree and `completion` runs (as UIKit's default; `showHideTransitionViews` is not offered).
    /// Cross-dissolve by default, a flip or a curl with those options, timed by the curve options. With
    /// animations disabled the layers are swapped at once.
    ///
    /// - Throws: `staleLayer`; `invalidValue(field: "superlayer")` when `fromLayer` has none;
    ///   `invalidValue(reason: .replacesItself)` for one layer twice; `invalidValue` for a bad duration;
    ///   `sublayerCycle` when `toLayer` contains the superlayer; what adding the transition throws.
    public func transition(from fromLayer: LayerID, to toLayer: LayerID, duration: Double,
                           options: ViewAnimationOptions = [.transitionCrossDissolve],
                           completion: ((_ finished: Bool) -> Void)? = nil) throws(EngineError) {
        let from = try slot(of: fromLayer), to = try slot(of: toLayer)
        guard from != to else {
            throw .invalidValue(layer: layerName(to), field: "toView", value: Double(to), reason: .replacesItself)
        }
        _ = try Engine.blockTime(duration, field: "duration", allowZero: false)
        guard let superlayer = try superlayer(of: fromLayer) else {
            throw .invalidValue(layer: layerName(from), field: "superlayer", value: -1, reason: .negative)
        }
        try insertSublayer(toLayer, above: fromLayer)
        guard animationsEnabled else {
            try removeFromSuperlayer(fromLayer)
            return try applyWithoutAnimating(completion: completion) { () throws(EngineError) in }
        }
        try transition(with: superlayer, duration: duration, options: options, animations: { () throws(EngineError) in },
                       // Runs from this engine's `deliverCallbacks()`, which then lets go of it (and of the engine).
                       completion: { [self] finished in
                           try? removeFromSuperlayer(fromLayer)
                           completion?(finished)
                       })
        guard let record = findAnimation(key: "transition", on: try slot(of: superlayer)) else { return }
        animations.records[Int(record)].transition.outgoingOnly = from
        animations.records[Int(record)].transition.incomingOnly = to
    }
}
