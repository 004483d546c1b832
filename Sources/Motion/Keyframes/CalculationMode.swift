/// How a keyframe animation computes values between keyframes (`CAAnimationCalculationMode`).
public enum CalculationMode: Sendable, Equatable {
    /// Straight interpolation between neighbouring values at their keyTimes.
    case linear
    /// No interpolation: value i holds on [keyTimes[i], keyTimes[i+1]); keyTimes has one more entry.
    case discrete
    /// Linear, with keyTimes from the distances between values (constant speed); keyTimes and timing
    /// functions are ignored.
    case paced
    /// A Kochanek–Bartels spline through the values (tension, continuity, bias; 0 = Catmull-Rom).
    case cubic
    /// `cubic`, with keyTimes from the spline's segment lengths; keyTimes and timing functions are ignored.
    case cubicPaced

    /// Whether keyTimes and timing functions are computed rather than given.
    public var isPaced: Bool { self == .paced || self == .cubicPaced }

    /// Whether values are joined by a spline.
    public var isCubic: Bool { self == .cubic || self == .cubicPaced }
}
