extension Fixed {
    /// The sine of this angle (Q16.16 radians), in Q16.16.
    ///
    /// Any angle in the `Fixed` range is accepted (reduced modulo 2π exactly in 1/2^32 turn units).
    /// Error: at most 1 LSB (2^-16) from the true sine of the exact input; sin(0) is exactly 0.
    @inlinable
    public var sine: Fixed {
        Fixed(raw: Int32(truncatingIfNeeded: ScaledRounding.shiftedRight(
            Trigonometry.sineQ30(phase: Trigonometry.phase(ofRadians: raw)), by: 14)))
    }

    /// The cosine of this angle (Q16.16 radians), in Q16.16, with the error bound of `sine`.
    @inlinable
    public var cosine: Fixed {
        let phase = Trigonometry.phase(ofRadians: raw) &+ (1 << 30)  // a quarter turn ahead
        return Fixed(raw: Int32(truncatingIfNeeded: ScaledRounding.shiftedRight(
            Trigonometry.sineQ30(phase: phase), by: 14)))
    }

    /// The angle of the vector (`x`, `y`) in Q16.16 radians, in (−π, π], as C's `atan2(y, x)`.
    ///
    /// Error: at most 1 LSB from the true angle. `atan2(y: 0, x: 0)` is 0 (the IEEE convention); the
    /// direction of a zero vector has no other answer, and callers that must tell it apart test for it.
    @inlinable
    public static func atan2(y: Fixed, x: Fixed) -> Fixed {
        let angle = Trigonometry.arctangentQ30(y: Int64(y.raw), x: Int64(x.raw))
        return Fixed(raw: Int32(truncatingIfNeeded: ScaledRounding.shiftedRight(angle, by: 14)))
    }

    /// sin(π/2 · u) for `u` in 0 … 1 given in Q30, in Q30 (error below 3e-11): for tables built at setup
    /// that need more than Q16.16 (the compositor's rounded corners).
    @inlinable
    public static func quarterTurnSineQ30(_ u: Int64) -> Int64 { Trigonometry.quarterSineQ30(u) }

    /// π/2 in Q30.
    @inlinable public static var halfPiQ30: Int64 { Trigonometry.halfPiQ30 }

    /// π rounded to Q16.16 (205887 / 65536).
    @inlinable public static var pi: Fixed { Fixed(raw: 205_887) }
}
