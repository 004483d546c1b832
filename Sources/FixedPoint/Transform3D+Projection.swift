extension Transform3D {
    /// True when the fourth column is (0, 0, 0, 1): no perspective, w stays 1.
    @inlinable
    public var isAffine: Bool {
        row1.w.raw == 0 && row2.w.raw == 0 && row3.w.raw == 0 && row4.w == .one
    }

    /// The homogeneous image `[x y z 1] · M` of a point, each coordinate rounded once per product.
    ///
    /// - Throws: `FixedPointError.overflow(operation: "Transform3D.homogeneous")` when a coordinate
    ///   leaves the Q32.32 range.
    @inlinable
    public func homogeneous(x: Fixed, y: Fixed, z: Fixed = .zero) throws(FixedPointError) -> Row {
        do {
            return try transformed(Row(WideFixed(x), WideFixed(y), WideFixed(z), .one))
        } catch {
            throw .overflow(operation: "Transform3D.homogeneous")
        }
    }

    /// The screen position of `point` (at depth `z`) after the w divide, rounded to nearest
    /// (ties away from zero), or `nil` when the point is at or behind the eye (w ≤ 0) and has no image.
    ///
    /// - Throws: `FixedPointError.overflow(operation: "Transform3D.project")` when a coordinate or the
    ///   projected point leaves its range.
    @inlinable
    public func project(_ point: Point, z: Fixed = .zero) throws(FixedPointError) -> Point? {
        let image = try homogeneous(x: point.x, y: point.y, z: z)
        guard image.w.raw > 0 else { return nil }
        guard let x = WideDivision.roundedQuotient(image.x.raw, shiftedLeftBy: 16, dividedBy: image.w.raw),
            let y = WideDivision.roundedQuotient(image.y.raw, shiftedLeftBy: 16, dividedBy: image.w.raw)
        else { throw .overflow(operation: "Transform3D.project") }
        return Point(x: Fixed(raw: x), y: Fixed(raw: y))
    }

    /// The 2-D affine transform this matrix applies to points in the z = 0 plane (x′, y′ only):
    /// `a = m11, b = m12, c = m21, d = m22, tx = m41, ty = m42`, each rounded to Q16.16.
    ///
    /// - Throws: `.notDecomposable(reason: "perspective")` when m14, m24 or m44 make w differ from 1
    ///   on that plane; `.overflow` when an entry is outside the `Fixed` range.
    @inlinable
    public func affine() throws(FixedPointError) -> Affine {
        guard row1.w.raw == 0, row2.w.raw == 0, row4.w == .one else {
            throw .notDecomposable(reason: "perspective")
        }
        guard let a = row1.x.roundedToFixed, let b = row1.y.roundedToFixed,
            let c = row2.x.roundedToFixed, let d = row2.y.roundedToFixed,
            let tx = row4.x.roundedToFixed, let ty = row4.y.roundedToFixed
        else { throw .overflow(operation: "Transform3D.affine") }
        return Affine(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// The 3-D transform of a 2-D affine one (exact).
    @inlinable
    public init(_ affine: Affine) {
        self = .identity
        row1 = Row(WideFixed(affine.a), WideFixed(affine.b), .zero, .zero)
        row2 = Row(WideFixed(affine.c), WideFixed(affine.d), .zero, .zero)
        row4 = Row(WideFixed(affine.tx), WideFixed(affine.ty), .zero, .one)
    }
}
