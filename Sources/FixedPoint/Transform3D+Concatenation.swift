extension Transform3D {
    /// `self` followed by `other` (`CATransform3DConcat(self, other)`): the matrix product `self × other`.
    ///
    /// Each entry is a sum of four products, each rounded to nearest (error ≤ 2 LSB of Q32.32).
    /// - Throws: `FixedPointError.overflow(operation: "Transform3D.concatenating")` when an entry
    ///   leaves the Q32.32 range.
    @inlinable
    public func concatenating(_ other: Transform3D) throws(FixedPointError) -> Transform3D {
        Transform3D(
            row1: try other.transformed(row1), row2: try other.transformed(row2),
            row3: try other.transformed(row3), row4: try other.transformed(row4))
    }

    /// The row vector `row · self`.
    @inlinable
    func transformed(_ row: Row) throws(FixedPointError) -> Row {
        Row(
            try Transform3D.dot(row, row1.x, row2.x, row3.x, row4.x),
            try Transform3D.dot(row, row1.y, row2.y, row3.y, row4.y),
            try Transform3D.dot(row, row1.z, row2.z, row3.z, row4.z),
            try Transform3D.dot(row, row1.w, row2.w, row3.w, row4.w))
    }

    /// `row.x·c1 + row.y·c2 + row.z·c3 + row.w·c4`, reporting overflow as a typed error.
    @inlinable
    static func dot(
        _ row: Row, _ c1: WideFixed, _ c2: WideFixed, _ c3: WideFixed, _ c4: WideFixed
    ) throws(FixedPointError) -> WideFixed {
        guard let p1 = row.x.multipliedReportingOverflow(by: c1), let p2 = row.y.multipliedReportingOverflow(by: c2),
            let p3 = row.z.multipliedReportingOverflow(by: c3), let p4 = row.w.multipliedReportingOverflow(by: c4)
        else { throw .overflow(operation: "Transform3D.concatenating") }
        let (s1, o1) = p1.raw.addingReportingOverflow(p2.raw)
        let (s2, o2) = p3.raw.addingReportingOverflow(p4.raw)
        let (sum, o3) = s1.addingReportingOverflow(s2)
        guard !o1, !o2, !o3 else { throw .overflow(operation: "Transform3D.concatenating") }
        return WideFixed(raw: sum)
    }

    /// This transform applied about the point (`x`, `y`, `z`) instead of the origin:
    /// translate by −point, apply `self`, translate back (how a layer's transform acts about its anchor).
    ///
    /// - Throws: `FixedPointError.overflow` when an entry leaves the Q32.32 range.
    @inlinable
    public func about(x: Fixed, y: Fixed, z: Fixed = .zero) throws(FixedPointError) -> Transform3D {
        try Transform3D(translationX: -x, y: -y, z: -z)
            .concatenating(self)
            .concatenating(Transform3D(translationX: x, y: y, z: z))
    }
}
