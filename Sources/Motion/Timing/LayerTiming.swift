/// The time space of a layer (or any unbounded timeline): `local = (parent − beginTime) · speed + timeOffset`
/// with no duration and no wrap (`SEMANTICS.md` §1.2 step 7). Speeds multiply down the tree because
/// each layer converts its parent's local time.
@frozen
public struct LayerTiming: Sendable, Equatable {
    /// Where local time 0 (before the offset) sits on the parent's timeline.
    public var beginTime: MediaTime
    /// The rate relative to the parent, Q16.16 in an `Int64` (0 freezes the layer at `timeOffset`).
    public var speedRaw: Int64
    /// Added to the scaled time.
    public var timeOffset: MediaTime

    /// The identity time space: local time equals parent time.
    public static let identity = LayerTiming(validBeginTime: 0, speedRaw: RateScaling.unitRate, timeOffset: 0)

    /// Creates a time space, validating every field.
    ///
    /// - Throws: `MotionError` for a speed outside −1024 … 1024 (or not finite) and times beyond
    ///   `Int64.mediaTimeLimit`.
    public init(beginTime: MediaTime = 0, speed: Double = 1, timeOffset: MediaTime = 0) throws(MotionError) {
        for (time, field) in [(beginTime, MotionField.beginTime), (timeOffset, .timeOffset)] {
            guard time.magnitude <= UInt64(Int64.mediaTimeLimit) else {
                let limit = Double(Int64.mediaTimeLimit) / 1e6
                throw .outOfRange(field: field, value: time.seconds, lower: -limit, upper: limit)
            }
        }
        self.init(validBeginTime: beginTime, speedRaw: try RateScaling.rate(fromSpeed: speed), timeOffset: timeOffset)
    }

    @usableFromInline
    init(validBeginTime: MediaTime, speedRaw: Int64, timeOffset: MediaTime) {
        self.beginTime = validBeginTime
        self.speedRaw = speedRaw
        self.timeOffset = timeOffset
    }

    /// The speed as a `Double` (exact).
    public var speed: Double { Double(speedRaw) / 65536 }

    /// The parent time at which local time equals `localTime`, or `nil` when speed is 0 (every parent
    /// time maps to `timeOffset`). Rounded to the nearest microsecond.
    public func parentTime(localTime: MediaTime) -> MediaTime? {
        guard speedRaw != 0 else { return nil }
        let scaled = (localTime &- timeOffset) &<< 16
        let half = speedRaw.magnitude / 2
        let magnitude = (scaled.magnitude &+ half) / speedRaw.magnitude
        let signed = (scaled < 0) != (speedRaw < 0) ? 0 &- Int64(magnitude) : Int64(magnitude)
        return beginTime &+ signed
    }

    /// The paused copy of this time space at `parentTime` (Core Animation's recipe: speed 0, timeOffset =
    /// the current local time), so local time stays frozen where it was.
    public func paused(atParentTime parentTime: MediaTime) -> LayerTiming {
        LayerTiming(validBeginTime: beginTime, speedRaw: 0, timeOffset: localTime(parentTime: parentTime))
    }

    /// The resumed copy of a paused time space at `parentTime` (speed 1, timeOffset 0, beginTime = now − the
    /// paused local time), so local time continues from where it was frozen.
    public func resumed(atParentTime parentTime: MediaTime) -> LayerTiming {
        let pausedTime = timeOffset
        return LayerTiming(validBeginTime: parentTime &- pausedTime, speedRaw: RateScaling.unitRate, timeOffset: 0)
    }
}
