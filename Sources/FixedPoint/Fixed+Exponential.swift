extension Fixed {
    /// e^x in Q16.16: within 1 LSB of the true value while e^x < 16384 (x < 9.704), within 1.25 LSB
    /// (2^-30.7 relative) in the top octave. Tested exhaustively over every input that gives a non-zero result.
    ///
    /// Every x ≤ 10.3972 is accepted; below about −11.09 the result rounds to 0. Springs use x ≤ 0
    /// (a decay factor e^(−ζω₀t)); `exponentialQ30(ofNonPositive:)` gives the same factor with 14 more bits.
    /// - Throws: `FixedPointError.outOfRange` when e^x exceeds `Fixed.max` (x > ln 32768).
    @inlinable
    public static func exp(_ x: Fixed, field: StaticString? = nil) throws(FixedPointError) -> Fixed {
        let (mantissa, exponent) = Exponential.split(x.raw)
        // e^x = mantissa (Q30) · 2^exponent; in Q16.16 that is mantissa · 2^(exponent − 14).
        if exponent >= 14 {
            // mantissa ≥ 2^30, so any exponent above 14 exceeds Int32.max; at 14 the mantissa itself is raw.
            guard exponent == 14, mantissa <= Int64(Int32.max) else {
                throw .outOfRange(field: field, value: x.doubleValue, range: Fixed.min.doubleValue...10.397207)
            }
            return Fixed(raw: Int32(truncatingIfNeeded: mantissa))
        }
        let shift = 14 &- exponent
        if shift > 62 { return .zero }
        return Fixed(raw: Int32(truncatingIfNeeded: ScaledRounding.shiftedRight(mantissa, by: shift)))
    }

    /// e^x for x ≤ 0 as raw Q2.30 bits (1.0 = 2^30), within 1 LSB (2^-30) of the true value.
    ///
    /// For spring envelopes that need more than 16 fraction bits.
    /// - Throws: `FixedPointError.outOfRange` for a positive x.
    @inlinable
    public static func exponentialQ30(ofNonPositive x: Fixed, field: StaticString? = nil) throws(FixedPointError) -> Int64 {
        guard x.raw <= 0 else {
            throw .outOfRange(field: field, value: x.doubleValue, range: Fixed.min.doubleValue...0)
        }
        let (mantissa, exponent) = Exponential.split(x.raw)
        let shift = 0 &- exponent
        if shift > 62 { return 0 }
        return shift == 0 ? mantissa : ScaledRounding.shiftedRight(mantissa, by: shift)
    }
}

/// The e^x kernel: x = k·ln 2 + r with 0 ≤ r < ln 2 (r in Q32), e^r by a polynomial
/// (see `rangeReducedQ32`).
@usableFromInline
enum Exponential {
    /// ln 2 · 2^32 = 2977044472 − 774932052 / 2^32 (a two-word constant: error < 2^-33 in Q32).
    @inlinable static var ln2Q32: Int64 { 2_977_044_472 }
    /// The low word of ln 2 · 2^64 beyond `ln2Q32`, signed.
    @inlinable static var ln2Q64Low: Int64 { -774_932_052 }

    /// e^(raw / 2^16) as (mantissa in Q30 within [2^30, 2^31], binary exponent k).
    @inlinable
    static func split(_ raw: Int32) -> (mantissa: Int64, exponent: Int64) {
        let xQ32 = Int64(raw) &<< 16
        var k = xQ32 / ln2Q32  // toward zero
        if xQ32 &- k &* ln2Q32 < 0 { k &-= 1 }  // floor
        // r = x − k·ln 2 with ln 2 in two words; |k| < 2^16 so k · low < 2^47.
        var remainder = xQ32 &- k &* ln2Q32 &- ScaledRounding.shiftedRight(k &* ln2Q64Low, by: 32)
        if remainder < 0 {  // the low word can push r just below 0
            k &-= 1
            remainder &+= ln2Q32
        }
        let mantissaQ32 = rangeReducedQ32(UInt64(remainder))
        return (Int64((mantissaQ32 &+ 2) &>> 2), k)
    }

    /// e^r = 1 + r + r²·q(r) for r in [0, ln 2], Q32 in and out; q(r) = (e^r − 1 − r)/r² ∈ [½, 0.62) by a
    /// degree-7 minimax polynomial (error 6e-13), evaluated unsigned in Q32 since every term is positive.
    @inlinable
    static func rangeReducedQ32(_ r: UInt64) -> UInt64 {
        var sum: UInt64 = 15_674
        sum = 101_974 &+ rounded(sum &* r)
        sum = 854_914 &+ rounded(sum &* r)
        sum = 5_964_328 &+ rounded(sum &* r)
        sum = 35_791_556 &+ rounded(sum &* r)
        sum = 178_956_957 &+ rounded(sum &* r)
        sum = 715_827_883 &+ rounded(sum &* r)
        sum = 2_147_483_648 &+ rounded(sum &* r)
        let square = rounded(r &* r)
        return (1 << 32) &+ r &+ rounded(square &* sum)
    }

    /// A Q64 product (two Q32 factors, below 2^64) back to Q32, rounded to nearest.
    @inlinable
    static func rounded(_ product: UInt64) -> UInt64 { (product &>> 32) &+ ((product &>> 31) & 1) }
}
