/// What an animation does.
public enum AnimationContent: Sendable {
    /// `basic`.
    case basic(PropertyAnimationDescription)
    /// `keyframe`.
    case keyframe(KeyframeDescription)
    /// `spring`.
    case spring(PropertyAnimationDescription, SpringParameters)
    /// `group`: children run in the group's time.
    indirect case group([AnimationDescription])
    /// `transition`.
    case transition(TransitionDescription)
}

/// A validated animation of a scene.
public struct AnimationDescription: Sendable {
    /// The JSON pointer of the animation in its scene file.
    public var pointer: String
    /// The key (a later animation with the same key replaces an earlier one from its begin time).
    public var key: String?
    /// Timing parameters.
    public var timing: SceneTiming
    /// What is animated.
    public var content: AnimationContent
    /// `autostart` (extension): false arms the animation without adding it; an interaction or a control
    /// command's `start` adds it then.
    public var autostart = true
}
