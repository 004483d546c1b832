/// A keyframe animation's values and interpolation.
public struct KeyframeDescription: Sendable {
    /// The animated key path.
    public var keyPath: SceneKeyPath
    /// The keyframe values (from `path` when one is given).
    public var values: [SceneValue]
    /// Key times in 0…1, or `nil` for even spacing.
    public var keyTimes: [Double]?
    /// Per-segment timing functions (`values.count − 1`), or empty for linear.
    public var timingFunctions: [SceneTimingFunction] = []
    /// `linear`, `discrete`, `paced`, `cubic` or `cubicPaced`.
    public var calculationMode = "linear"
    /// Kochanek–Bartels tension per keyframe (empty for 0).
    public var tensionValues: [Double] = []
    /// Kochanek–Bartels continuity per keyframe.
    public var continuityValues: [Double] = []
    /// Kochanek–Bartels bias per keyframe.
    public var biasValues: [Double] = []
    /// The motion path (for `position`), if one was given.
    public var path: ScenePath?
    /// `auto`, `autoReverse`, or `nil` for no rotation along the path.
    public var rotationMode: String?
    /// Whether the value is added to the underlying value.
    public var additive = false
    /// Whether repeats accumulate.
    public var cumulative = false
    /// `CAValueFunction`'s name (`transform` only): the values are its numbers.
    public var valueFunction: String?
}
