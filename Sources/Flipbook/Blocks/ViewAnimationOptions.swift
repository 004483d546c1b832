import Motion

/// Options of the block API (`UIView.AnimationOptions` / `KeyframeAnimationOptions`).
public struct ViewAnimationOptions: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt32

    /// Creates options from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Repeat forever.
    public static let `repeat` = ViewAnimationOptions(rawValue: 1 << 0)
    /// Play forward then backward (with `repeat`, back and forth forever).
    public static let autoreverse = ViewAnimationOptions(rawValue: 1 << 1)
    /// Start from the current presentation value (what implicit animations always do here).
    public static let beginFromCurrentState = ViewAnimationOptions(rawValue: 1 << 2)
    /// Ease in and out (the default curve of the block API).
    public static let curveEaseInOut = ViewAnimationOptions(rawValue: 1 << 3)
    /// Ease in.
    public static let curveEaseIn = ViewAnimationOptions(rawValue: 1 << 4)
    /// Ease out.
    public static let curveEaseOut = ViewAnimationOptions(rawValue: 1 << 5)
    /// Linear.
    public static let curveLinear = ViewAnimationOptions(rawValue: 1 << 6)
    /// Transition: cross-dissolve from the old to the new content.
    public static let transitionCrossDissolve = ViewAnimationOptions(rawValue: 1 << 7)
    /// Transition: flip about the vertical axis, the left edge coming forward.
    public static let transitionFlipFromLeft = ViewAnimationOptions(rawValue: 1 << 8)
    /// Transition: flip about the vertical axis, the right edge coming forward.
    public static let transitionFlipFromRight = ViewAnimationOptions(rawValue: 1 << 9)
    /// Transition: flip about the horizontal axis, the top edge coming forward.
    public static let transitionFlipFromTop = ViewAnimationOptions(rawValue: 1 << 10)
    /// Transition: flip about the horizontal axis, the bottom edge coming forward.
    public static let transitionFlipFromBottom = ViewAnimationOptions(rawValue: 1 << 11)
    /// Keyframes: discrete values.
    public static let calculationModeDiscrete = ViewAnimationOptions(rawValue: 1 << 12)
    /// Keyframes: constant speed.
    public static let calculationModePaced = ViewAnimationOptions(rawValue: 1 << 13)
    /// Keyframes: Catmull-Rom spline.
    public static let calculationModeCubic = ViewAnimationOptions(rawValue: 1 << 14)
    /// Keyframes: spline at constant speed.
    public static let calculationModeCubicPaced = ViewAnimationOptions(rawValue: 1 << 15)
    /// Transition: the old content curls up from the bottom edge (`pageCurl` from the bottom).
    public static let transitionCurlUp = ViewAnimationOptions(rawValue: 1 << 16)
    /// Transition: the new content uncurls down over the old (`pageUnCurl` from the bottom).
    public static let transitionCurlDown = ViewAnimationOptions(rawValue: 1 << 17)

    /// The timing function the curve options select (ease-in-out when none is given).
    var timingFunction: TimingFunction {
        if contains(.curveLinear) { return .linear }
        if contains(.curveEaseIn) { return .easeIn }
        if contains(.curveEaseOut) { return .easeOut }
        return .easeInEaseOut
    }

    /// The keyframe calculation mode the options select (linear when none is given).
    var calculationMode: CalculationMode {
        if contains(.calculationModeDiscrete) { return .discrete }
        if contains(.calculationModePaced) { return .paced }
        if contains(.calculationModeCubic) { return .cubic }
        if contains(.calculationModeCubicPaced) { return .cubicPaced }
        return .linear
    }

    /// The transition type the options select besides a flip: a curl, or a cross-dissolve.
    var transitionType: TransitionType {
        if contains(.transitionCurlUp) { return .pageCurl }
        if contains(.transitionCurlDown) { return .pageUnCurl }
        return .fade
    }

    /// The flip the transition options select: 1 left, 2 right, 3 top, 4 bottom, 0 none.
    var flip: UInt8 {
        if contains(.transitionFlipFromLeft) { return 1 }
        if contains(.transitionFlipFromRight) { return 2 }
        if contains(.transitionFlipFromTop) { return 3 }
        if contains(.transitionFlipFromBottom) { return 4 }
        return 0
    }
}
