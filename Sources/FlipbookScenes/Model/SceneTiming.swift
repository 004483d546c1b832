/// How an animation contributes outside its active interval (CAMediaTiming `fillMode`).
public enum SceneFillMode: String, Sendable, CaseIterable {
    /// Contributes nothing outside the active interval.
    case removed
    /// Holds the final value after the end.
    case forwards
    /// Holds the initial value before the begin.
    case backwards
    /// Both.
    case both
}

/// A timing curve: a named one or cubic-Bézier control points.
public enum SceneTimingFunction: Equatable, Sendable {
    /// A named curve: `linear`, `easeIn`, `easeOut`, `easeInEaseOut` or `default`.
    case named(String)
    /// `[c1x, c1y, c2x, c2y]`, x values within 0…1.
    case bezier(Double, Double, Double, Double)

    /// The names a scene may use.
    public static let names = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
}

/// CAMediaTiming parameters of one animation.
public struct SceneTiming: Sendable {
    /// Begin time in seconds (relative to the layer, or to the group for a child).
    public var beginTime = 0.0
    /// Simple duration in seconds; `nil` when not written (0.25 s, or the settling duration for a spring).
    public var duration: Double?
    /// Speed factor.
    public var speed = 1.0
    /// Time offset in seconds.
    public var timeOffset = 0.0
    /// Repeat count (`.infinity` for `"infinite"`, 0 for none).
    public var repeatCount = 0.0
    /// Repeat duration in seconds (0 for none).
    public var repeatDuration = 0.0
    /// Whether each cycle plays forwards then backwards.
    public var autoreverses = false
    /// Fill mode.
    public var fillMode = SceneFillMode.removed
    /// Whether the animation is removed once it has finished.
    public var removedOnCompletion = true
    /// Timing curve (default linear).
    public var timingFunction = SceneTimingFunction.named("linear")
}
