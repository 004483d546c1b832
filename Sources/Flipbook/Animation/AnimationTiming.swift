import Motion

/// A timing function (`CAMediaTimingFunction`): a named curve or a cubic Bézier's control points.
public enum TimingFunction: Equatable, Sendable {
    /// y = x (also what a missing timing function means).
    case linear
    /// (0.42, 0, 1, 1).
    case easeIn
    /// (0, 0, 0.58, 1).
    case easeOut
    /// (0.42, 0, 0.58, 1).
    case easeInEaseOut
    /// (0.25, 0.1, 0.25, 1): Core Animation's default, used by implicit animations.
    case `default`
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2); x in 0 … 1.
    case controlPoints(Double, Double, Double, Double)
}

/// The `CAMediaTiming` fields of an animation, in seconds, with Core Animation's defaults.
public struct AnimationTiming: Equatable, Sendable {
    /// Start on the parent's timeline (the layer's time, or the group's for a child); 0 at the top
    /// level means "now" (the engine's current time in the layer's time space).
    public var beginTime: Double = 0
    /// One iteration; 0 means the enclosing group's duration for a group's child, else the transaction's
    /// animation duration (0.25 s by default) — for a spring, its settling duration.
    public var duration: Double = 0
    /// Rate relative to the parent (−1024 … 1024).
    public var speed: Double = 1
    /// Offset into the active duration (wraps inside it).
    public var timeOffset: Double = 0
    /// Iterations, fractional allowed; 0 = once; `.infinity` = forever.
    public var repeatCount: Double = 0
    /// Active duration in seconds, when > 0 (wins over `repeatCount`).
    public var repeatDuration: Double = 0
    /// Whether each iteration plays forward then backward.
    public var autoreverses = false
    /// What the animation presents outside its active interval.
    public var fillMode = FillMode.removed
    /// Whether the animation is removed from the layer once its active duration has passed.
    public var isRemovedOnCompletion = true
    /// The timing function applied to each iteration's progress; a group's eases the time its children
    /// see (`D · f(u / D)`).
    public var timingFunction = TimingFunction.linear

    /// Creates timing with Core Animation's defaults; set fields as needed.
    public init(
        beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed, isRemovedOnCompletion: Bool = true,
        timingFunction: TimingFunction = .linear
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.timingFunction = timingFunction
    }
}
