/// Conversions between `Double` and raw fixed-point bits, shared by every Q format of this module.
///
/// Rounding is to nearest, ties to even, done with integer steps only (no libm call), so the same code
/// runs in Embedded Swift on boards without a maths library.
@usableFromInline
enum ScaledRounding {
    /// The raw bits of `value` in a Q format with `fractionBits` fraction bits, or a typed error.
    ///
    /// - Throws: `.notFinite` for NaN and ±∞; `.outOfRange` when the rounded value does not fit `Int32`.
    @usableFromInline
    static func raw(
        of value: Double, fractionBits: Int32, field: StaticString?
    ) throws(FixedPointError) -> Int32 {
        guard value.isFinite else { throw .notFinite(field: field, value: value) }
        let unit = Double(Int64(1) << Int64(fractionBits))
        let scaled = value * unit  // exact: a power-of-two scale
        // Ties to even: Int32.max + 0.5 rounds up (out of range), Int32.min − 0.5 rounds to min (in range).
        guard scaled >= Double(Int32.min) - 0.5, scaled < Double(Int32.max) + 0.5 else {
            throw .outOfRange(
                field: field, value: value,
                range: (Double(Int32.min) / unit)...(Double(Int32.max) / unit))
        }
        return Int32(roundedToNearestEven(scaled))
    }

    /// `value` (|value| < 2^62) rounded to the nearest integer, ties to even.
    @usableFromInline
    static func roundedToNearestEven(_ value: Double) -> Int64 {
        let truncated = Int64(value)  // toward zero
        let fraction = value - Double(truncated)  // exact for |value| < 2^53, zero above
        let isOdd = truncated & 1 != 0
        if fraction > 0.5 || (fraction == 0.5 && isOdd) { return truncated + 1 }
        if fraction < -0.5 || (fraction == -0.5 && isOdd) { return truncated - 1 }
        return truncated
    }

    /// `value` shifted right by `shift` bits (1 ≤ shift ≤ 62), rounded to nearest, ties toward +∞.
    @inlinable
    static func shiftedRight(_ value: Int64, by shift: Int64) -> Int64 {
        (value &+ (Int64(1) &<< (shift &- 1))) &>> shift
    }
}
