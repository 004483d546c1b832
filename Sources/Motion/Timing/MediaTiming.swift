/// Validated `CAMediaTiming` parameters of one animation, in integer microseconds.
///
/// Built once at setup (from seconds or microseconds); `evaluate(parentTime:)` then maps a parent time
/// to a phase, an iteration and a progress with integer operations only (`SEMANTICS.md` §1.2).
/// Derived quantities (cycle and active duration) are computed here, so evaluation does no setup work.
@frozen
public struct MediaTiming: Sendable, Equatable {
    /// Where the animation starts on its parent's timeline.
    public let beginTime: MediaTime
    /// The rate relative to the parent, Q16.16 in an `Int64` (65536 = 1.0; 0 freezes; negative reverses).
    public let speedRaw: Int64
    /// Added to the active time after the phase is decided, wrapping inside the active window.
    public let timeOffset: MediaTime
    /// The simple duration of one iteration, > 0.
    public let duration: MediaTime
    /// Whether every iteration plays forward then backward.
    public let autoreverses: Bool
    /// What the animation contributes outside its active interval.
    public let fillMode: FillMode
    /// One cycle: `duration`, doubled when autoreversing.
    public let cycleDuration: MediaTime
    /// The active duration, or `MediaTiming.forever` when the animation repeats forever.
    public let activeDuration: MediaTime

    /// 1 when autoreversing, else 0: odd iterations with this bit set play backward.
    @usableFromInline let reverseMask: UInt64
    /// ⌈2^63 / duration⌉ when duration² < 2^47 µs² (below 11.86 s): then `(u · this + 2^47) >> 48` equals
    /// `u · 2^15 / duration` rounded to nearest for every 0 ≤ u ≤ duration (the error u·δ/2^48 stays below
    /// the 1/(2·duration) distance of any non-tie from a rounding boundary). 0 otherwise.
    @usableFromInline let progressReciprocal: UInt64
    /// The active duration when speed is exactly 1 and timeOffset ≥ 0 (the short evaluation applies to
    /// 0 ≤ parentTime − beginTime < this), else 0.
    @usableFromInline let fastPathLimit: UInt64

    /// The active duration of an animation that never ends.
    public static let forever: MediaTime = .max

    /// Creates timing from microsecond values and a `Double` speed and repeat count.
    ///
    /// - Parameters:
    ///   - duration: one iteration in µs, 1 … `Int64.mediaTimeLimit` (a caller wanting Core Animation's
    ///     "0 means the transaction duration" substitutes that before calling).
    ///   - speed: −1024 … 1024, finite; stored as Q16.16 (rounded to nearest 1/65536).
    ///   - repeatCount: ≥ 0, fractional allowed; 0 = once; `.infinity` or ≥ `Float.greatestFiniteMagnitude`
    ///     = forever. Ignored when `repeatDuration` > 0 (Core Animation leaves both set undefined).
    ///   - repeatDuration: ≥ 0 µs; when > 0 it is the active duration (not doubled by `autoreverses`).
    /// - Throws: `MotionError` naming the first invalid field and its value.
    public init(
        beginTime: MediaTime = 0, duration: MediaTime, speed: Double = 1, timeOffset: MediaTime = 0,
        repeatCount: Double = 0, repeatDuration: MediaTime = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) throws(MotionError) {
        try MediaTiming.checkTime(beginTime, field: .beginTime)
        try MediaTiming.checkTime(timeOffset, field: .timeOffset)
        try MediaTiming.checkTime(repeatDuration, field: .repeatDuration)
        try MediaTiming.checkTime(duration, field: .duration)
        guard duration > 0 else { throw .notPositive(field: .duration, value: duration.seconds) }
        guard repeatDuration >= 0 else { throw .negative(field: .repeatDuration, value: repeatDuration.seconds) }
        guard !repeatCount.isNaN, repeatCount != -.infinity else {
            throw .notFinite(field: .repeatCount, value: repeatCount)
        }
        guard repeatCount >= 0 else { throw .negative(field: .repeatCount, value: repeatCount) }
        self.beginTime = beginTime
        self.speedRaw = try RateScaling.rate(fromSpeed: speed)
        self.timeOffset = timeOffset
        self.duration = duration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
        self.cycleDuration = autoreverses ? duration * 2 : duration
        self.reverseMask = autoreverses ? 1 : 0
        self.activeDuration = MediaTiming.activeDuration(
            cycle: cycleDuration, repeatCount: repeatCount, repeatDuration: repeatDuration)
        let unitSpeed = speedRaw == RateScaling.unitRate
        self.fastPathLimit = unitSpeed && timeOffset >= 0 ? UInt64(bitPattern: activeDuration) : 0
        let exact = duration < 11_863_283  // ⌊√(2^47)⌋ + 1
        self.progressReciprocal = exact ? (UInt64(1) << 63) / UInt64(duration) + 1 : 0
    }

    /// Creates timing from seconds, as the scene format and Core Animation state it.
    ///
    /// - Throws: `MotionError` naming the first invalid field (NaN, infinities, negative or zero duration,
    ///   negative repeat count or repeat duration, speed outside −1024 … 1024).
    public init(
        beginTimeSeconds: Double = 0, durationSeconds: Double, speed: Double = 1, timeOffsetSeconds: Double = 0,
        repeatCount: Double = 0, repeatDurationSeconds: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) throws(MotionError) {
        guard durationSeconds.isFinite else { throw .notFinite(field: .duration, value: durationSeconds) }
        guard durationSeconds > 0 else { throw .notPositive(field: .duration, value: durationSeconds) }
        guard repeatDurationSeconds.isFinite else {
            throw .notFinite(field: .repeatDuration, value: repeatDurationSeconds)
        }
        guard repeatDurationSeconds >= 0 else {
            throw .negative(field: .repeatDuration, value: repeatDurationSeconds)
        }
        let duration = try MediaTime(seconds: durationSeconds, field: .duration)
        guard duration > 0 else { throw .notPositive(field: .duration, value: durationSeconds) }
        try self.init(
            beginTime: try MediaTime(seconds: beginTimeSeconds, field: .beginTime),
            duration: duration, speed: speed,
            timeOffset: try MediaTime(seconds: timeOffsetSeconds, field: .timeOffset),
            repeatCount: repeatCount,
            repeatDuration: try MediaTime(seconds: repeatDurationSeconds, field: .repeatDuration),
            autoreverses: autoreverses, fillMode: fillMode)
    }

    /// Whether the animation never ends.
    @inlinable
    public var repeatsForever: Bool { activeDuration == MediaTiming.forever }

    private static func checkTime(_ time: MediaTime, field: MotionField) throws(MotionError) {
        guard time.magnitude <= UInt64(Int64.mediaTimeLimit) else {
            let limit = Double(Int64.mediaTimeLimit) / 1e6
            throw .outOfRange(field: field, value: time.seconds, lower: -limit, upper: limit)
        }
    }

    /// `rd > 0 ? rd : C · (rc > 0 ? rc : 1)`, rounded to the microsecond; forever when it exceeds 2^62 µs.
    private static func activeDuration(
        cycle: MediaTime, repeatCount: Double, repeatDuration: MediaTime
    ) -> MediaTime {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount == 0 { return cycle }
        if repeatCount >= Double(Float.greatestFiniteMagnitude) { return forever }
        let active = (Double(cycle) * repeatCount).rounded(.toNearestOrEven)
        // Beyond 2^62 µs (146,000 years) the animation cannot end within any representable media time.
        guard active < Double(Int64(1) << 62) else { return forever }
        return Int64(active)
    }
}
