extension Transform3D {
    /// The m34 value p for which the fourth column is p · (third column): the least-squares fit
    /// `Σ m_i4 · m_i3 / Σ m_i3²` over rows 1–3 (zero when the column is zero).
    ///
    /// - Throws: `.notDecomposable(reason: "perspective")` when the third column is zero but the fourth
    ///   is not, `.overflow` when a product leaves the Q32.32 range.
    @inlinable
    func perspectiveEntry() throws(FixedPointError) -> WideFixed {
        if row1.w.raw == 0 && row2.w.raw == 0 && row3.w.raw == 0 { return .zero }
        let column = Row(row1.z, row2.z, row3.z, .zero)
        let projective = Row(row1.w, row2.w, row3.w, .zero)
        let numerator = try Transform3D.dot(column, projective.x, projective.y, projective.z, .zero)
        let denominator = try Transform3D.dot(column, column.x, column.y, column.z, .zero)
        guard denominator.raw != 0 else { throw .notDecomposable(reason: "perspective") }
        guard let p = WideDivision.wideRoundedQuotient(numerator.raw, shiftedLeftBy: 32, dividedBy: denominator.raw)
        else { throw .overflow(operation: "Transform3D.decomposed") }
        return WideFixed(raw: p)
    }

    /// Rebuilds the matrix from `parts` and requires every entry within 2^-14 · (1 + largest scale).
    ///
    /// - Throws: `.notDecomposable(reason: "shear")` when an entry is further off.
    @inlinable
    func verify(_ parts: Components, largestScale: Int64) throws(FixedPointError) {
        let rebuilt = try Transform3D(parts)
        let tolerance = (Int64(1) << 18) &+ ScaledRounding.shiftedRight(largestScale, by: 14)
        let pairs = (
            Transform3D.distance(row1, rebuilt.row1), Transform3D.distance(row2, rebuilt.row2),
            Transform3D.distance(row3, rebuilt.row3), Transform3D.distance(row4, rebuilt.row4))
        guard Swift.max(Swift.max(pairs.0, pairs.1), Swift.max(pairs.2, pairs.3)) <= UInt64(tolerance) else {
            throw .notDecomposable(reason: "shear")
        }
    }

    /// The largest entry-wise difference of two rows (raw Q32.32 magnitude).
    @inlinable
    static func distance(_ a: Row, _ b: Row) -> UInt64 {
        Swift.max(
            Swift.max((a.x.raw &- b.x.raw).magnitude, (a.y.raw &- b.y.raw).magnitude),
            Swift.max((a.z.raw &- b.z.raw).magnitude, (a.w.raw &- b.w.raw).magnitude))
    }
}
