import FixedPoint

/// Maps points between the canvas and a presentation entry's own (bounds) coordinates, the inverse of the
/// world transform the compositor draws the entry with.
///
/// A 2-D entry is inverted exactly: the Q32.32 products of its Q16.16 affine are divided once by the exact
/// determinant. A 3-D entry (`transform3D`) is unprojected through the homography of its z = 0 plane
/// (rows 1, 2, 4 and columns x, y, w of the matrix): the canvas point times the adjugate gives the layer
/// point up to a factor, and the point counts only when the forward w is positive, so a point seen behind
/// the eye misses. No `Double`, no allocation; an overflow anywhere gives nil (the point misses).
enum LayerPlaneMapping {
    /// The point of `entry`'s bounds coordinates drawn at canvas `point`, or nil when none is (a singular
    /// transform, a point behind the eye, or a coordinate outside the `Fixed` range).
    @_noAllocation
    static func local(of point: Point, in entry: PresentationLayer) -> Point? {
        if case .some(let matrix) = entry.transform3D { return unproject(point, through: matrix) }
        return invert(point, through: entry.transform)
    }

    /// The canvas point where `entry` draws its bounds point `point`, or nil when it lies behind the eye
    /// or outside the `Fixed` range.
    @_noAllocation
    static func canvas(of point: Point, in entry: PresentationLayer) -> Point? {
        guard case .some(let matrix) = entry.transform3D else { return entry.transform.apply(to: point) }
        do { return try matrix.project(point) } catch { return nil }
    }

    /// The exact inverse image of `point` under `affine`, rounded once to Q16.16.
    @_noAllocation
    static func invert(_ point: Point, through affine: Affine) -> Point? {
        guard let determinant = affine.determinantRaw, determinant != 0 else { return nil }
        let dx = Int64(point.x.raw) &- Int64(affine.tx.raw), dy = Int64(point.y.raw) &- Int64(affine.ty.raw)
        guard let x = difference(Int64(affine.d.raw), dx, Int64(affine.c.raw), dy),
              let y = difference(Int64(affine.a.raw), dy, Int64(affine.b.raw), dx),
              let localX = ratio(x, determinant), let localY = ratio(y, determinant)
        else { return nil }
        return Point(x: localX, y: localY)
    }

    /// The point of the z = 0 plane that `matrix` projects onto `point`, when it lies in front of the eye.
    @_noAllocation
    static func unproject(_ point: Point, through matrix: Transform3D) -> Point? {
        let h: [3 of [3 of Int64]] = [[matrix.m11.raw, matrix.m12.raw, matrix.m14.raw],
                                      [matrix.m21.raw, matrix.m22.raw, matrix.m24.raw],
                                      [matrix.m41.raw, matrix.m42.raw, matrix.m44.raw]]
        let v: [3 of Int64] = [Int64(point.x.raw) &<< 16, Int64(point.y.raw) &<< 16, 1 &<< 32]
        // (X, Y, W) = v · adj(h): component j sums v[i] times the cofactor of h at row j, column i.
        var image: [3 of Int64] = [0, 0, 0]
        for j in 0..<3 {
            var sum: Int64 = 0
            for i in 0..<3 {
                guard let cofactor = cofactor(h, row: j, column: i), let term = PlaneMap.product(v[i], cofactor) else { return nil }
                let (added, overflow) = sum.addingReportingOverflow(term)
                if overflow { return nil }
                sum = added
            }
            image[j] = sum
        }
        guard image[2] != 0, let x = ratio(image[0], image[2]), let y = ratio(image[1], image[2]) else { return nil }
        // The layer point's own w: positive in front of the eye.
        guard let wx = PlaneMap.product(Int64(x.raw) &<< 16, h[0][2]), let wy = PlaneMap.product(Int64(y.raw) &<< 16, h[1][2]) else {
            return nil
        }
        let (partial, firstOverflow) = wx.addingReportingOverflow(wy)
        let (w, secondOverflow) = partial.addingReportingOverflow(h[2][2])
        guard !firstOverflow, !secondOverflow, w > 0 else { return nil }
        return Point(x: x, y: y)
    }

    /// The cofactor of `h` at (`row`, `column`), Q32.32, or nil on overflow.
    @_noAllocation
    @inline(__always)
    static func cofactor(_ h: [3 of [3 of Int64]], row: Int, column: Int) -> Int64? {
        let r0 = row == 0 ? 1 : 0, r1 = row == 2 ? 1 : 2
        let c0 = column == 0 ? 1 : 0, c1 = column == 2 ? 1 : 2
        guard let first = PlaneMap.product(h[r0][c0], h[r1][c1]), let second = PlaneMap.product(h[r0][c1], h[r1][c0]) else { return nil }
        let (minor, overflow) = first.subtractingReportingOverflow(second)
        if overflow { return nil }
        return (row &+ column) & 1 == 0 ? minor : 0 &- minor
    }

    /// `p·q − r·s` for raw Q16.16 factors (a Q32.32 result), or nil on overflow.
    @_noAllocation
    @inline(__always)
    static func difference(_ p: Int64, _ q: Int64, _ r: Int64, _ s: Int64) -> Int64? {
        let (first, firstOverflow) = p.multipliedReportingOverflow(by: q)
        let (second, secondOverflow) = r.multipliedReportingOverflow(by: s)
        let (result, overflow) = first.subtractingReportingOverflow(second)
        return firstOverflow || secondOverflow || overflow ? nil : result
    }

    /// `numerator / denominator` (two values of the same scale) as Q16.16, rounded to nearest with ties
    /// away from zero, or nil when the denominator is zero or the quotient leaves the `Fixed` range.
    @_noAllocation
    static func ratio(_ numerator: Int64, _ denominator: Int64) -> Fixed? {
        guard denominator != 0 else { return nil }
        let n = numerator.magnitude, d = denominator.magnitude
        let whole = n / d
        guard whole < 1 &<< 15 else { return nil }
        let remainder = n % d
        // remainder < d, so remainder · 2^16 / d < 2^16 fits.
        let (fraction, rest) = d.dividingFullWidth(remainder.multipliedFullWidth(by: 1 &<< 16))
        let rounded = (whole &<< 16) &+ fraction &+ (rest >= d &- rest ? 1 : 0)
        guard rounded <= UInt64(Int32.max) else { return nil }
        let raw = Int32(truncatingIfNeeded: rounded)
        return Fixed(raw: (numerator < 0) != (denominator < 0) ? 0 &- raw : raw)
    }
}
