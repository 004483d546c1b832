extension Transform3D {
    /// The components whose matrix (`Transform3D(_:)`) is this one, for key paths such as
    /// `transform.rotation.z` or `transform.scale.x`.
    ///
    /// Scale is the length of each of the first three rows (a negative determinant makes scale x
    /// negative); rotation comes from the normalised rows with y in [−π/2, π/2] (at y = ±π/2, gimbal
    /// lock, z is reported as 0); perspective is the m34 that best explains the fourth column.
    /// The result is verified by rebuilding the matrix: each entry must agree within 2^-14 · (1 + |scale|).
    /// - Throws: `FixedPointError.notDecomposable` with reason `"zero scale"` (a row is zero), or
    ///   `"shear"` (the matrix is not of the component form); `.overflow` for translations outside `Fixed`.
    @inlinable
    public func decomposed() throws(FixedPointError) -> Components {
        let lengths = (Transform3D.length(row1), Transform3D.length(row2), Transform3D.length(row3))
        guard lengths.0 > 0, lengths.1 > 0, lengths.2 > 0 else { throw .notDecomposable(reason: "zero scale") }
        var rotation = (
            Transform3D.unit(row1, length: lengths.0), Transform3D.unit(row2, length: lengths.1),
            Transform3D.unit(row3, length: lengths.2))
        var scaleXRaw = lengths.0
        if Transform3D.determinantSign(rotation) < 0 {
            scaleXRaw = 0 &- scaleXRaw
            rotation.0 = (0 &- rotation.0.0, 0 &- rotation.0.1, 0 &- rotation.0.2)
        }
        guard let scaleX = WideFixed(raw: scaleXRaw).roundedToFixed,
            let scaleY = WideFixed(raw: lengths.1).roundedToFixed,
            let scaleZ = WideFixed(raw: lengths.2).roundedToFixed,
            let translationX = row4.x.roundedToFixed, let translationY = row4.y.roundedToFixed,
            let translationZ = row4.z.roundedToFixed
        else { throw .overflow(operation: "Transform3D.decomposed") }
        let angles = Transform3D.angles(of: rotation)
        let parts = Components(
            translationX: translationX, translationY: translationY, translationZ: translationZ,
            rotationX: angles.x, rotationY: angles.y, rotationZ: angles.z,
            scaleX: scaleX, scaleY: scaleY, scaleZ: scaleZ, perspective: try perspectiveEntry())
        try verify(parts, largestScale: Swift.max(Swift.max(lengths.0, lengths.1), lengths.2))
        return parts
    }

    /// Euler angles (x, y, z) of a Q30 rotation `Rx · Ry · Rz`.
    @inlinable
    static func angles(
        of r: ((Int64, Int64, Int64), (Int64, Int64, Int64), (Int64, Int64, Int64))
    ) -> (x: Fixed, y: Fixed, z: Fixed) {
        func fixed(_ q30: Int64) -> Fixed { Fixed(raw: Int32(truncatingIfNeeded: ScaledRounding.shiftedRight(q30, by: 14))) }
        let cosineY = Int64(IntegerSquareRoot.nearest(UInt64(r.0.0 &* r.0.0 &+ r.0.1 &* r.0.1)))
        let y = fixed(Trigonometry.arctangentQ30(y: 0 &- r.0.2, x: cosineY))
        guard cosineY > 1 << 10 else {  // gimbal lock: z folds into x
            return (fixed(Trigonometry.arctangentQ30(y: 0 &- r.2.1, x: r.1.1)), y, .zero)
        }
        let x = fixed(Trigonometry.arctangentQ30(y: r.1.2, x: r.2.2))
        let z = fixed(Trigonometry.arctangentQ30(y: r.0.1, x: r.0.0))
        return (x, y, z)
    }

    /// The Euclidean length of a row's first three entries, raw Q32.32 (0 for a zero row).
    @inlinable
    static func length(_ row: Row) -> Int64 {
        let largest = Swift.max(Swift.max(row.x.raw.magnitude, row.y.raw.magnitude), row.z.raw.magnitude)
        guard largest != 0 else { return 0 }
        // Normalise so the largest entry has 30 significant bits: squares < 2^60, their sum < 2^62.
        let shift = Int64(64 &- largest.leadingZeroBitCount) &- 30
        func normalised(_ v: Int64) -> UInt64 {
            let m = v.magnitude
            return shift >= 0 ? m &>> UInt64(shift) : m &<< UInt64(0 &- shift)
        }
        let (x, y, z) = (normalised(row.x.raw), normalised(row.y.raw), normalised(row.z.raw))
        let root = Int64(IntegerSquareRoot.nearest(x &* x &+ y &* y &+ z &* z))
        return shift >= 0 ? root &<< shift : ScaledRounding.shiftedRight(root, by: 0 &- shift)
    }

    /// A row's first three entries divided by `length`, in Q30.
    @inlinable
    static func unit(_ row: Row, length: Int64) -> (Int64, Int64, Int64) {
        // |v| ≤ length, so the quotient is at most 2^30 and always representable.
        func q30(_ v: Int64) -> Int64 { WideDivision.wideRoundedQuotient(v, shiftedLeftBy: 30, dividedBy: length) ?? 0 }
        return (q30(row.x.raw), q30(row.y.raw), q30(row.z.raw))
    }

    /// The sign of the determinant of a Q30 3×3 matrix (−1, 0 or 1).
    @inlinable
    static func determinantSign(
        _ r: ((Int64, Int64, Int64), (Int64, Int64, Int64), (Int64, Int64, Int64))
    ) -> Int64 {
        func minor(_ a: Int64, _ b: Int64, _ c: Int64, _ d: Int64) -> Int64 {
            ScaledRounding.shiftedRight(a &* d &- b &* c, by: 30)
        }
        let determinant = ScaledRounding.shiftedRight(
            r.0.0 &* minor(r.1.1, r.1.2, r.2.1, r.2.2) &- r.0.1 &* minor(r.1.0, r.1.2, r.2.0, r.2.2)
                &+ r.0.2 &* minor(r.1.0, r.1.1, r.2.0, r.2.1), by: 30)
        return determinant > 0 ? 1 : (determinant < 0 ? -1 : 0)
    }
}
