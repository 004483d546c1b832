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

    /// Quotient through a 64-bit intermediate, rounded to nearest (ties away from zero).
    ///
    /// Division by zero gives `max` or `min` by the dividend's sign (zero for 0 / 0); use
    /// `dividedReportingZero(by:)` where the divisor is not known to be non-zero.
    @inlinable
    public static func / (lhs: Fixed, rhs: Fixed) -> Fixed {
        if rhs.raw == 0 { return lhs.raw > 0 ? .max : (lhs.raw < 0 ? .min : .zero) }
        let numerator = Int64(lhs.raw) &<< 16
        let divisor = Int64(rhs.raw)
        let magnitude = (numerator.magnitude &+ divisor.magnitude / 2) / divisor.magnitude
        let quotient = (numerator < 0) != (divisor < 0) ? 0 &- Int64(magnitude) : Int64(magnitude)
        return Fixed(raw: Int32(truncatingIfNeeded: quotient))
    }

    /// `lhs = lhs + rhs`.
    @inlinable
    public static func += (lhs: inout Fixed, rhs: Fixed) { lhs = lhs + rhs }

    /// `lhs = lhs - rhs`.
    @inlinable
    public static func -= (lhs: inout Fixed, rhs: Fixed) { lhs = lhs - rhs }
}
