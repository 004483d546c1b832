/// Callbacks for one animation (`CAAnimationDelegate`): each is called exactly once, after the frame
/// in which the animation started or stopped.
public struct AnimationDelegate {
    /// Called when the animation starts (its active interval begins, or it is presented filling backwards).
    public var didStart: (() -> Void)?
    /// Called when the animation stops: `finished` is true when it ran to its end, false when it was
    /// removed or replaced first.
    public var didStop: ((_ finished: Bool) -> Void)?

    /// Creates a delegate.
    public init(didStart: (() -> Void)? = nil, didStop: ((_ finished: Bool) -> Void)? = nil) {
        self.didStart = didStart
        self.didStop = didStop
    }
}
