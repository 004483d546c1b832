/// Integer sine, cosine and arctangent kernels in Q30, shared by `Fixed`, `Affine` and `Transform3D`.
///
/// The kernels are minimax polynomials evaluated with `Int64` Horner steps, not lookup tables: a table
/// stored in a global is reached through a lazy-initialisation accessor that another module's
/// `@_noAllocation` function cannot call ("called function is not available in this module"), whereas
/// these bodies are `@inlinable` and need no global at all. Polynomial error is below 3e-11 (sine) and
/// 1.4e-8 (arctangent), far under the Q16.16 half-LSB of 7.6e-6.
@usableFromInline
enum Trigonometry {
    /// Q30 one.
    @inlinable static var oneQ30: Int64 { 1 << 30 }
    /// π in Q30.
    @inlinable static var piQ30: Int64 { 3_373_259_426 }
    /// π/2 in Q30.
    @inlinable static var halfPiQ30: Int64 { 1_686_629_713 }

    /// A Q16.16 angle in radians as a fraction of a turn in 1/2^32 units, reduced modulo one turn.
    ///
    /// 2^16/(2π) = 10430 + 1625002897 / 2^32; the error of the product is below 2^-31 turn.
    @inlinable
    static func phase(ofRadians raw: Int32) -> UInt32 {
        let whole = Int64(raw) &* 10430
        let fraction = ScaledRounding.shiftedRight(Int64(raw) &* 1_625_002_897, by: 32)
        return UInt32(truncatingIfNeeded: whole &+ fraction)
    }

    /// sin(2π · phase / 2^32) in Q30.
    @inlinable
    static func sineQ30(phase: UInt32) -> Int64 {
        let quadrant = phase &>> 30
        var quarter = Int64(phase & 0x3FFF_FFFF)  // Q30 position within the quarter turn
        if quadrant & 1 != 0 { quarter = oneQ30 &- quarter }
        let value = quarterSineQ30(quarter)
        return quadrant >= 2 ? 0 &- value : value
    }

    /// sin(π/2 · u) for u in [0, 1] (Q30), as u · P(u²) with a degree-5 minimax polynomial.
    @inlinable
    static func quarterSineQ30(_ u: Int64) -> Int64 {
        let square = ScaledRounding.shiftedRight(u &* u, by: 30)
        var sum: Int64 = -3685
        sum = 172_072 &+ ScaledRounding.shiftedRight(sum &* square, by: 30)
        sum = -5_026_892 &+ ScaledRounding.shiftedRight(sum &* square, by: 30)
        sum = 85_569_282 &+ ScaledRounding.shiftedRight(sum &* square, by: 30)
        sum = -693_598_666 &+ ScaledRounding.shiftedRight(sum &* square, by: 30)
        sum = 1_686_629_713 &+ ScaledRounding.shiftedRight(sum &* square, by: 30)
        return ScaledRounding.shiftedRight(sum &* u, by: 30)
    }

    /// atan(t) for t in [0, 1] (Q30 in, Q30 radians out), as t · P(t²) with a degree-8 minimax polynomial.
    @inlinable
    static func arctangentQ30(_ t: Int64) -> Int64 {
        let square = ScaledRounding.shiftedRight(t &* t, by: 30)
        var sum: Int64 = 3_117_926
        sum = -17_484_848 &+ ScaledRounding.shiftedRight(sum &* square, by: 30)
        sum = 46_215_083 &+ ScaledRounding.shiftedRight(sum &* square, by: 30)
        sum = -80_893_993 &+ ScaledRounding.shiftedRight(sum &* square, by: 30)
        sum = 114_404_650 &+ ScaledRounding.shiftedRight(sum &* square, by: 30)
        sum = -152_548_209 &+ ScaledRounding.shiftedRight(sum &* square, by: 30)
        sum = 214_673_827 &+ ScaledRounding.shiftedRight(sum &* square, by: 30)
        sum = -357_911_374 &+ ScaledRounding.shiftedRight(sum &* square, by: 30)
        sum = 1_073_741_809 &+ ScaledRounding.shiftedRight(sum &* square, by: 30)
        return ScaledRounding.shiftedRight(sum &* t, by: 30)
    }

    /// atan2(y, x) in Q30 radians, in (−π, π]; atan2(0, 0) is 0 (the IEEE convention).
    @inlinable
    static func arctangentQ30(y: Int64, x: Int64) -> Int64 {
        if x == 0 && y == 0 { return 0 }
        let absX = x < 0 ? 0 &- x : x, absY = y < 0 ? 0 &- y : y
        // Octant: angle in [0, π/4] from the smaller over the larger magnitude (both < 2^32).
        var angle: Int64
        if absY <= absX {
            angle = arctangentQ30(ratioQ30(absY, absX))
        } else {
            angle = halfPiQ30 &- arctangentQ30(ratioQ30(absX, absY))
        }
        if x < 0 { angle = piQ30 &- angle }
        return y < 0 ? 0 &- angle : angle
    }

    /// `numerator / denominator` in Q30, rounded to nearest; 0 ≤ numerator ≤ denominator < 2^33.
    @inlinable
    static func ratioQ30(_ numerator: Int64, _ denominator: Int64) -> Int64 {
        let shift: Int64 = numerator < (1 << 33) ? 30 : 0
        let scaled = numerator &<< shift
        let quotient = (scaled &+ (denominator &>> 1)) / denominator
        return shift == 30 ? quotient : quotient &<< 30
    }
}
