extension Affine {
    /// The transform that undoes this one, each entry the correctly rounded value of the exact inverse
    /// (ties away from zero), computed from the exact Q32.32 determinant.
    ///
    /// - Throws: `FixedPointError.notInvertible(determinantRaw:)` (Q32.32) when the determinant is zero,
    ///   overflows, or is so small that an inverse entry leaves the `Fixed` range.
    @inlinable
    public func inverted() throws(FixedPointError) -> Affine {
        guard let determinant = determinantRaw else { throw .notInvertible(determinantRaw: .max) }
        guard determinant != 0 else { throw .notInvertible(determinantRaw: 0) }
        // Linear part: entry / det, Q16.16 / Q32.32 → shift by 32 to land in Q16.16.
        // Translation: (Q32.32 numerator) / det → shift by 16.
        let (txNumerator, txOverflow) = (Int64(c.raw) &* Int64(ty.raw)).subtractingReportingOverflow(
            Int64(d.raw) &* Int64(tx.raw))
        let (tyNumerator, tyOverflow) = (Int64(b.raw) &* Int64(tx.raw)).subtractingReportingOverflow(
            Int64(a.raw) &* Int64(ty.raw))
        guard !txOverflow, !tyOverflow,
            let inverseA = WideDivision.roundedQuotient(Int64(d.raw), shiftedLeftBy: 32, dividedBy: determinant),
            let inverseB = WideDivision.roundedQuotient(-Int64(b.raw), shiftedLeftBy: 32, dividedBy: determinant),
            let inverseC = WideDivision.roundedQuotient(-Int64(c.raw), shiftedLeftBy: 32, dividedBy: determinant),
            let inverseD = WideDivision.roundedQuotient(Int64(a.raw), shiftedLeftBy: 32, dividedBy: determinant),
            let inverseTx = WideDivision.roundedQuotient(txNumerator, shiftedLeftBy: 16, dividedBy: determinant),
            let inverseTy = WideDivision.roundedQuotient(tyNumerator, shiftedLeftBy: 16, dividedBy: determinant)
        else { throw .notInvertible(determinantRaw: determinant) }
        return Affine(
            a: Fixed(raw: inverseA), b: Fixed(raw: inverseB), c: Fixed(raw: inverseC), d: Fixed(raw: inverseD),
            tx: Fixed(raw: inverseTx), ty: Fixed(raw: inverseTy))
    }
}
