/// What an animation contributes outside its active interval (`CAMediaTimingFillMode`).
public enum FillMode: Sendable, Equatable {
    /// Nothing before or after: the animation is removed from the presentation.
    case removed
    /// Holds the first value before the begin time.
    case backwards
    /// Holds the final value after the active interval ends.
    case forwards
    /// Both `backwards` and `forwards`.
    case both

    /// Whether the animation is presented before its begin time.
    @inlinable
    public var fillsBackwards: Bool {
        switch self {
        case .backwards, .both: true
        case .removed, .forwards: false
        }
    }

    /// Whether the animation is presented after its active interval.
    @inlinable
    public var fillsForwards: Bool {
        switch self {
        case .forwards, .both: true
        case .removed, .backwards: false
        }
    }
}
