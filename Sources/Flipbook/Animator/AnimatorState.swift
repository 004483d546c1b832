/// The state of a `PropertyAnimator` (`UIViewAnimatingState`, SEMANTICS §5).
public enum AnimatorState: Equatable, Sendable {
    /// Not started, or finished: animations may be added and the animator started.
    case inactive
    /// Running or paused.
    case active
    /// Stopped without finishing: only `finishAnimation(at:)` is allowed.
    case stopped
}
