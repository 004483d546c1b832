/// A media time or duration: signed microseconds in an `Int64` (about ±292,000 years; never wraps in
/// practice, unlike a 32-bit millisecond tick).
///
/// Every clock, timestamp, beginTime, duration and timeOffset of the runtime is a `MediaTime`.
public typealias MediaTime = Int64

extension Int64 {
    /// Microseconds per second.
    public static let microsPerSecond: Int64 = 1_000_000

    /// The largest magnitude a timing parameter may have: 2^46 µs (about 2.2 years), so that products
    /// with a Q17.15 progress or a Q16.16 speed stay inside 64 bits.
    public static let mediaTimeLimit: Int64 = 1 << 46

    /// Converts seconds to the nearest microsecond (ties to even), refusing NaN, infinities and
    /// magnitudes above `mediaTimeLimit`.
    ///
    /// - Parameter field: the timing field the value belongs to, carried by the error.
    /// - Throws: `MotionError.notFinite` or `.outOfRange` naming `field` and `seconds`.
    public init(seconds: Double, field: MotionField) throws(MotionError) {
        guard seconds.isFinite else { throw .notFinite(field: field, value: seconds) }
        let limit = Double(Int64.mediaTimeLimit) / Double(Int64.microsPerSecond)
        guard seconds.magnitude <= limit else {
            throw .outOfRange(field: field, value: seconds, lower: -limit, upper: limit)
        }
        self = Int64((seconds * Double(Int64.microsPerSecond)).rounded(.toNearestOrEven))
    }

    /// This time in seconds (exact below 2^53 µs): for reports and tests, never in a frame.
    public var seconds: Double { Double(self) / Double(Int64.microsPerSecond) }
}
