extension Fixed {
    /// Wrapping sum (never traps).
    @inlinable
    public static func + (lhs: Fixed, rhs: Fixed) -> Fixed { Fixed(raw: lhs.raw &+ rhs.raw) }

    /// Wrapping difference (never traps).
    @inlinable
    public static func - (lhs: Fixed, rhs: Fixed) -> Fixed { Fixed(raw: lhs.raw &- rhs.raw) }

    /// Wrapping negation (−min is min).
    @inlinable
    public static prefix func - (value: Fixed) -> Fixed { Fixed(raw: 0 &- value.raw) }

    /// Product through a 64-bit intermediate, rounded to nearest (ties toward +∞), wrapped to 32 bits.
    @inlinable
    public static func * (lhs: Fixed, rhs: Fixed) -> Fixed {
        let wide = Int64(lhs.raw) &* Int64(rhs.raw)
        return Fixed(raw: Int32(truncatingIfNeeded: (wide &+ 0x8000) &>> 16))
    }

    /// Quotient through a 64-bit intermediate, rounded to nearest (ties away from zero), wrapped to 32 bits.
    ///
    /// Division by zero gives `max` or `min` by the dividend's sign (zero for 0 / 0); use
    /// `divided(by:field:)` where the divisor is not known to be non-zero or the quotient may not fit.
    @inlinable
    public static func / (lhs: Fixed, rhs: Fixed) -> Fixed {
        if rhs.raw == 0 { return lhs.raw > 0 ? .max : (lhs.raw < 0 ? .min : .zero) }
        return Fixed(raw: Int32(truncatingIfNeeded: roundedQuotient(Int64(lhs.raw) &<< 16, Int64(rhs.raw))))
    }

    /// `lhs = lhs + rhs`.
    @inlinable
    public static func += (lhs: inout Fixed, rhs: Fixed) { lhs = lhs + rhs }

    /// `lhs = lhs - rhs`.
    @inlinable
    public static func -= (lhs: inout Fixed, rhs: Fixed) { lhs = lhs - rhs }
}
