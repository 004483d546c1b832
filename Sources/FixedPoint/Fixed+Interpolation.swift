extension Fixed {
    /// `self + (end − self) · progress`, computed in 64 bits and rounded once to nearest (ties toward +∞).
    ///
    /// Exact at `progress` 0 and 1; an overshooting progress extrapolates (and wraps if the result leaves
    /// the Q16.16 range, as `+` does).
    @inlinable
    public func interpolated(to end: Fixed, by progress: Progress) -> Fixed {
        let span = Int64(end.raw) &- Int64(raw)
        let step = ScaledRounding.shiftedRight(span &* Int64(progress.raw), by: 15)
        return Fixed(raw: Int32(truncatingIfNeeded: Int64(raw) &+ step))
    }
}
