/// A property animation's target and values (`basic` and `spring`).
public struct PropertyAnimationDescription: Sendable {
    /// The animated key path, e.g. `position.x`.
    public var keyPath: SceneKeyPath
    /// Start value (`from`).
    public var from: SceneValue?
    /// End value (`to`).
    public var to: SceneValue?
    /// Relative change (`by`).
    public var by: SceneValue?
    /// Whether the value is added to the underlying value.
    public var additive = false
    /// Whether repeats accumulate.
    public var cumulative = false
    /// `CAValueFunction`'s name (`transform` only): the values are its numbers.
    public var valueFunction: String?
}

/// A spring's physical parameters.
public struct SpringParameters: Sendable {
    /// Mass (> 0).
    public var mass = 1.0
    /// Stiffness (> 0).
    public var stiffness = 100.0
    /// Damping (≥ 0).
    public var damping = 10.0
    /// Initial velocity in distance fractions a second (positive toward the target).
    public var initialVelocity = 0.0
}
