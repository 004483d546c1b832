/// A spring as a timing curve: how `UIViewPropertyAnimator(duration:dampingRatio:)` eases, so that an animator
/// whose fraction is scrubbed, paused, reversed or continued treats a spring like any other curve.
extension TimingCurve {
    /// The curve of `parameters`' 0 → 1 move over `duration` seconds: y(x) = the spring's progress at
    /// x · `duration` (overshooting above 1 when underdamped), exactly 1 at x = 1 (where a spring made by
    /// `SpringParameters(dampingRatio:duration:)` is within 10⁻³ of its target), tabulated within 2⁻¹².
    ///
    /// - Throws: `.storeFull` when the table does not fit.
    public init(spring parameters: SpringParameters, duration: Double, in store: inout MotionStore) throws(MotionError) {
        try self.init(tabulating: { 1 + parameters.displacement(at: $0 * duration) }, in: &store)
    }
}
