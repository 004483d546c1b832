/// A system-provided animation (`UISystemAnimation`).
public enum SystemAnimation: Sendable {
    /// The views shrink and fade, then are removed from the tree (`UISystemAnimation.delete`).
    case delete
}

extension Engine {
    /// The duration of a system animation, seconds: UIKit fixes its own and does not publish it; this is
    /// Flipbook's.
    public static var systemAnimationDuration: Double { 0.3 }

    /// Performs `animation` on `layers` (`UIView.perform(_:on:options:animations:completion:)`): for
    /// `.delete`, each layer fades to opacity 0 and shrinks to half its scale over
    /// ``systemAnimationDuration`` with the ease-in-ease-out curve (the curve options are ignored, as UIKit
    /// ignores them), `parallelAnimations`' changes animate with the same timing, and once they finish the
    /// layers are removed from their superlayers and `completion` runs.
    ///
    /// - Throws: `staleLayer` for a layer that no longer exists (before anything changes); what the parallel
    ///   changes throw.
    public func perform(_ animation: SystemAnimation, on layers: [LayerID], options: ViewAnimationOptions = [],
                        animations parallelAnimations: (() throws(EngineError) -> Void)? = nil,
                        completion: ((_ finished: Bool) -> Void)? = nil) throws(EngineError) {
        for layer in layers { _ = try slot(of: layer) }
        let systemOptions = options.subtracting([.curveLinear, .curveEaseIn, .curveEaseOut, .curveEaseInOut])
        try runBlock(duration: Self.systemAnimationDuration, delay: 0, options: systemOptions, spring: nil,
                     // Runs from this engine's `deliverCallbacks()`, which then lets go of it (and of the engine).
                     completion: { [self] finished in
                         for layer in layers { try? removeFromSuperlayer(layer) }
                         completion?(finished)
                     }, animations: { () throws(EngineError) in
                         for layer in layers {
                             try setValue(.number(0), for: .opacity, of: layer)
                             try setValue(.number(0.5), for: .scale, of: layer)
                         }
                         try parallelAnimations?()
                     })
    }
}
