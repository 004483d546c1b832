extension Progress {
    /// Wrapping sum (never traps).
    @inlinable
    public static func + (lhs: Progress, rhs: Progress) -> Progress { Progress(raw: lhs.raw &+ rhs.raw) }

    /// Wrapping difference (never traps).
    @inlinable
    public static func - (lhs: Progress, rhs: Progress) -> Progress { Progress(raw: lhs.raw &- rhs.raw) }

    /// Product through a 64-bit intermediate, rounded to nearest (ties toward +∞), wrapped to 32 bits.
    @inlinable
    public static func * (lhs: Progress, rhs: Progress) -> Progress {
        Progress(raw: Int32(truncatingIfNeeded: ScaledRounding.shiftedRight(Int64(lhs.raw) &* Int64(rhs.raw), by: 15)))
    }

    /// `1 − self`: the mirrored progress of a reversed leg (exact).
    @inlinable
    public var complement: Progress { Progress(raw: Progress.one.raw &- raw) }

    /// The same real value in Q16.16 (exact: one more fraction bit; wraps above 32768).
    @inlinable
    public var fixedValue: Fixed { Fixed(raw: raw &<< 1) }
}
