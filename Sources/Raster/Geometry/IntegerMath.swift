/// Integer helpers of the geometry code.
@usableFromInline
enum IntegerMath {
    /// ⌊√value⌋ for value ≥ 0 (0 for negative input), with one division.
    ///
    /// The value is shifted left by an even amount into m ∈ [2^62, 2^64), so that ⌊√value⌋ =
    /// ⌊√m⌋ >> (shift / 2) exactly. With x = m / 2^64 ∈ [¼, 1) in Q30, 1/√x starts from a quadratic
    /// (relative error 2.4 %) and takes two Newton steps y ← y·(3 − x·y²)/2 in multiplications only
    /// (1.2·10⁻⁶); r = x·y·2^32 then takes one Newton step r ← (r + m/r)/2, which lands on ⌊√m⌋ or one
    /// above it (an integer Newton step never undershoots); a comparison settles it.
    @inlinable
    static func squareRoot(_ value: Int64) -> Int64 {
        if value <= 0 { return 0 }
        let shift = UInt64(truncatingIfNeeded: value.leadingZeroBitCount & ~1)
        let m = UInt64(truncatingIfNeeded: value) &<< shift
        let x = Int64(truncatingIfNeeded: m &>> 34)  // Q30, [2^28, 2^30)
        let xSquared = (x &* x) &>> 30
        // 1/√x ≈ 2.67017 − 3.28372·x + 1.63775·x² on [¼, 1), Q30.
        var y = 2_867_070_183 &+ ((-3_525_870_480 &* x) &>> 30) &+ ((1_758_521_571 &* xSquared) &>> 30)
        for _ in 0..<2 {
            let xyy = (x &* ((y &* y) &>> 30)) &>> 30
            y = (y &* (3 &<< 30 &- xyy)) &>> 31
        }
        let estimate = UInt64(truncatingIfNeeded: (x &* y) &>> 28)  // ≈ √m, within 2^-19 relative
        var root = min((estimate &+ m / estimate) &>> 1, 0xFFFF_FFFF)
        while root &* root > m { root &-= 1 }
        return Int64(truncatingIfNeeded: root &>> (shift &>> 1))
    }

    /// ⌊√value⌋ for value ≥ 0 from a guess of it (`guess` < 2^31), as `squareRoot(value)` returns it.
    ///
    /// An integer Newton step r = ⌊(g + ⌊value / g⌋) / 2⌋ never lands below ⌊√value⌋, whatever g > 0,
    /// and steps down to it from there. From a guess within about 2^10 of the root (|value − g²| ≤
    /// g·2^11, checked) it lands at most (g − √value)² / 2g + 1 above it: one or two steps down for
    /// g ≥ 2^20. A guess farther off (or none, g ≤ 0) takes `squareRoot(value)`. Products: g² < 2^62,
    /// g·2^11 < 2^42, r² < 2^63 for r < 2^31 + 2^11.
    @inlinable
    static func squareRoot(_ value: Int64, near guess: Int64) -> Int64 {
        guard guess > 0, guess < (1 << 31), value > 0 else { return squareRoot(value) }
        let miss = value &- guess &* guess
        guard (miss < 0 ? 0 &- miss : miss) <= guess &<< 11 else { return squareRoot(value) }
        var root = (guess &+ value / guess) &>> 1
        while root &* root > value { root &-= 1 }
        return root
    }

    /// numerator / denominator rounded to nearest (ties away from zero); denominator > 0.
    @inlinable
    static func roundedQuotient(_ numerator: Int64, _ denominator: Int64) -> Int64 {
        numerator >= 0
            ? (numerator &+ denominator / 2) / denominator
            : 0 &- ((0 &- numerator &+ denominator / 2) / denominator)
    }
}
