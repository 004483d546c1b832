/// Where a property animator ended (`UIViewAnimatingPosition`).
public enum AnimatorPosition: Equatable, Sendable {
    /// At the start values.
    case start
    /// At the end values.
    case end
    /// Wherever the animation was.
    case current
}
