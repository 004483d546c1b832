/// Exact rounded quotients of the form `numerator · 2^shift / denominator` without a 128-bit type.
///
/// 32-bit ARM has no 128-bit division helper, so this long division works on 64-bit remainders, moving
/// as many quotient bits per step as the remainder has headroom (one `UInt64` division per step).
@usableFromInline
enum WideDivision {
    /// `round(numerator · 2^shift / denominator)`, ties away from zero, or `nil` when the result does not
    /// fit `Int32`. `denominator` must not be zero; `shift` must be in 0 … 63.
    @inlinable
    static func roundedQuotient(
        _ numerator: Int64, shiftedLeftBy shift: Int64, dividedBy denominator: Int64
    ) -> Int32? {
        guard let quotient = wideRoundedQuotient(numerator, shiftedLeftBy: shift, dividedBy: denominator),
            let narrow = Int32(exactly: quotient)
        else { return nil }
        return narrow
    }

    /// `round(numerator · 2^shift / denominator)`, ties away from zero, or `nil` when |result| ≥ 2^62.
    /// `denominator` must not be zero; `shift` must be in 0 … 63.
    @inlinable
    static func wideRoundedQuotient(
        _ numerator: Int64, shiftedLeftBy shift: Int64, dividedBy denominator: Int64
    ) -> Int64? {
        let divisor = denominator.magnitude
        var quotient = numerator.magnitude / divisor
        var remainder = numerator.magnitude % divisor
        var bitsLeft = shift
        while bitsLeft > 0 {
            // remainder < divisor ≤ 2^63, so at least one bit of headroom.
            let step = Swift.min(bitsLeft, Int64(remainder.leadingZeroBitCount))
            // The quotient only grows: stop once it would reach 2^62.
            if quotient != 0 && Int64(quotient.leadingZeroBitCount) - step < 2 { return nil }
            let widened = remainder &<< UInt64(step)
            quotient = (quotient &<< UInt64(step)) | (widened / divisor)
            remainder = widened % divisor
            bitsLeft &-= step
        }
        // Round half up in magnitude = ties away from zero. 2·remainder < 2^64.
        if remainder >= divisor &- remainder { quotient &+= 1 }
        guard quotient < UInt64(1) << 62 else { return nil }
        let magnitude = Int64(quotient)
        return (numerator < 0) != (denominator < 0) ? 0 &- magnitude : magnitude
    }
}
