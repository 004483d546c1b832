import FixedPoint
import Motion

/// An animation description: a value copied into the engine's pool by `Engine.addAnimation`.
public indirect enum Animation: Equatable, Sendable {
    /// `CABasicAnimation`.
    case basic(BasicAnimation)
    /// `CAKeyframeAnimation`.
    case keyframe(KeyframeAnimation)
    /// `CASpringAnimation`.
    case spring(SpringAnimation)
    /// `CAAnimationGroup`.
    case group(AnimationGroup)
    /// `CATransition`.
    case transition(TransitionAnimation)

    /// The animation's timing fields.
    public var timing: AnimationTiming {
        switch self {
        case let .basic(animation): return animation.timing
        case let .keyframe(animation): return animation.timing
        case let .spring(animation): return animation.timing
        case let .group(animation): return animation.timing
        case let .transition(animation): return animation.timing
        }
    }
}

/// Interpolates a property between two values (`CABasicAnimation`; SEMANTICS §1.4 for from/to/by).
public struct BasicAnimation: Equatable, Sendable {
    /// The animated property.
    public var keyPath: LayerProperty
    /// The start value; nil = the current presentation value (or `to − by`).
    public var fromValue: PropertyValue?
    /// The end value; nil = `from + by`, or the current presentation value.
    public var toValue: PropertyValue?
    /// A relative change.
    public var byValue: PropertyValue?
    /// Whether the value is added to (scales: multiplied with) the presentation value instead of
    /// replacing it.
    public var isAdditive = false
    /// Whether each completed repeat cycle adds the cycle's end value.
    public var isCumulative = false
    /// Timing fields.
    public var timing = AnimationTiming()
    /// Makes the values (numbers, or pairs for `scale` and `translate`) a transform (`CAValueFunction`; key
    /// path `transform` only).
    public var valueFunction: ValueFunction?

    /// Creates a basic animation of `keyPath`.
    public init(
        keyPath: LayerProperty, from: PropertyValue? = nil, to: PropertyValue? = nil, by: PropertyValue? = nil,
        additive: Bool = false, cumulative: Bool = false, timing: AnimationTiming = AnimationTiming()
    ) {
        self.keyPath = keyPath
        self.fromValue = from
        self.toValue = to
        self.byValue = by
        self.isAdditive = additive
        self.isCumulative = cumulative
        self.timing = timing
    }
}

/// A damped spring from `fromValue` to `toValue` (`CASpringAnimation`): the basic fields plus the
/// oscillator's parameters. A duration of 0 means the spring's settling duration.
public struct SpringAnimation: Equatable, Sendable {
    /// The value fields (from / to / by, additive, cumulative) and timing.
    public var basic: BasicAnimation
    /// Mass, > 0.
    public var mass: Double = 1
    /// Stiffness k, > 0.
    public var stiffness: Double = 100
    /// Damping c, ≥ 0.
    public var damping: Double = 10
    /// Initial velocity in distance fractions per second, positive toward the target.
    public var initialVelocity: Double = 0

    /// Creates a spring animation.
    public init(
        _ basic: BasicAnimation, mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
        initialVelocity: Double = 0
    ) {
        self.basic = basic
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// Timing fields. The timing function must stay linear: the spring's motion is its own timing, and a
    /// curve on it is refused rather than silently ignored.
    public var timing: AnimationTiming { basic.timing }

    /// Why a spring with a timing function is refused (`EngineError.invalidAnimation`, field "timingFunction").
    public static let timingFunctionRefusal =
        "a spring's motion is its own timing curve; give no timing function (it would be ignored)"
}

/// How a keyframe animation interpolates (Motion's `CalculationMode`, named here for users of this module).
public typealias CalculationMode = Motion.CalculationMode

/// How a layer moving along a path turns (`CAAnimationRotationMode`).
public enum RotationMode: Equatable, Sendable {
    /// Rotates to the path's tangent.
    case auto
    /// Rotates to the tangent plus 180°.
    case autoReverse
}

/// Steps a property through values (`CAKeyframeAnimation`; SEMANTICS §4).
public struct KeyframeAnimation: Equatable, Sendable {
    /// The animated property.
    public var keyPath: LayerProperty
    /// The keyframe values (overridden by `path`).
    public var values: [PropertyValue] = []
    /// Unit times of the values (empty = evenly spaced).
    public var keyTimes: [Double] = []
    /// One timing function per segment (empty = linear).
    public var timingFunctions: [TimingFunction] = []
    /// How values are interpolated.
    public var calculationMode = CalculationMode.linear
    /// Per-key Kochanek–Bartels tension (cubic modes), −1 … 1.
    public var tensionValues: [Double] = []
    /// Per-key continuity, −1 … 1.
    public var continuityValues: [Double] = []
    /// Per-key bias, −1 … 1.
    public var biasValues: [Double] = []
    /// Points of a motion path for `position`, its start point first (every point a keyframe); overrides
    /// `values`.
    public var path: [PropertyValue] = []
    /// The curve of each `path` segment, one per segment (empty = straight lines); not with cubic modes.
    public var pathCurves: [PathCurve] = []
    /// Whether a layer moving along `path` turns with it.
    public var rotationMode: RotationMode?
    /// Whether values add to the presentation value.
    public var isAdditive = false
    /// Whether each completed cycle adds the last value.
    public var isCumulative = false
    /// Timing fields.
    public var timing = AnimationTiming()
    /// Makes the values a transform (`CAValueFunction`; key path `transform` only).
    public var valueFunction: ValueFunction?

    /// Creates a keyframe animation of `keyPath` through `values`.
    public init(
        keyPath: LayerProperty, values: [PropertyValue], keyTimes: [Double] = [],
        timingFunctions: [TimingFunction] = [], calculationMode: CalculationMode = .linear,
        timing: AnimationTiming = AnimationTiming()
    ) {
        self.keyPath = keyPath
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.timing = timing
    }
}

/// Runs animations together in the group's time (`CAAnimationGroup`); children's begin times are
/// relative to the group, and the group's active window clips them.
public struct AnimationGroup: Equatable, Sendable {
    /// The children.
    public var animations: [Animation]
    /// Timing fields.
    public var timing = AnimationTiming()

    /// Creates a group.
    public init(animations: [Animation], timing: AnimationTiming = AnimationTiming()) {
        self.animations = animations
        self.timing = timing
    }
}

/// Changes a layer's content with a visual transition (`CATransition`): `changes` are applied to the
/// model at the transition's begin, and the presentation shows old and new content blended by style.
public struct TransitionAnimation: Equatable, Sendable {
    /// The style.
    public var type = TransitionType.fade
    /// The direction (moveIn, push, reveal).
    public var subtype = TransitionSubtype.fromLeft
    /// Where in the transition to start, 0 … 1.
    public var startProgress = 0.0
    /// Where to end, startProgress … 1.
    public var endProgress = 1.0
    /// The new content: property values set on the layer at the transition's begin.
    public var changes: [PropertyChange] = []
    /// An image layer's new picture (`to.image`), or nil to keep it.
    public var image: TransitionImage?
    /// Timing fields.
    public var timing = AnimationTiming()

    /// Creates a transition.
    public init(
        type: TransitionType = .fade, subtype: TransitionSubtype = .fromLeft, startProgress: Double = 0,
        endProgress: Double = 1, changes: [PropertyChange] = [], image: TransitionImage? = nil,
        timing: AnimationTiming = AnimationTiming()
    ) {
        self.type = type
        self.subtype = subtype
        self.startProgress = startProgress
        self.endProgress = endProgress
        self.changes = changes
        self.image = image
        self.timing = timing
    }
}

/// An image layer's picture and its placement: the new content of a transition.
public struct TransitionImage: Equatable, Sendable {
    /// The picture; nil shows none.
    public var image: ImageID?
    /// How it is placed in the bounds; nil keeps the layer's gravity.
    public var gravity: ContentsGravity?

    /// Creates the new picture of a transition.
    public init(_ image: ImageID?, gravity: ContentsGravity? = nil) {
        self.image = image
        self.gravity = gravity
    }
}

/// A property and its new value.
public struct PropertyChange: Equatable, Sendable {
    /// The property.
    public var property: LayerProperty
    /// The value.
    public var value: PropertyValue

    /// Creates a change.
    public init(_ property: LayerProperty, _ value: PropertyValue) {
        self.property = property
        self.value = value
    }
}
