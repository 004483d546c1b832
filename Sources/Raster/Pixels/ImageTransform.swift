import FixedPoint

/// Where an image lands: a projective map from image coordinates (pixels, y down) to destination pixels,
/// `x' = (m11·x + m21·y + m31) / w`, `y' = (m12·x + m22·y + m32) / w`, `w = m13·x + m23·y + m33`
/// (row-vector convention, like `Transform3D` restricted to the z = 0 plane). Entries are Q32.32.
///
/// Drawing needs the inverse; `init` computes it once (adjugate, normalised so every product fits 64 bits).
public struct ImageTransform: Sendable {
    /// The forward entries, row by row (m11, m12, m13, m21, …), Q32.32.
    public let forward: [3 of [3 of Int64]]
    /// The adjugate of `forward` scaled so its largest entry is below 2^30 (a projective map ignores scale),
    /// signed so that w > 0 in front of the viewer.
    @usableFromInline let inverse: [3 of [3 of Int64]]
    /// True when the map has no perspective (m13 = m23 = 0): drawing steps linearly along a row.
    public let isAffine: Bool

    /// A projective map from its nine Q32.32 entries (rows m1x, m2x, m3x). Throws `.singularTransform` when
    /// it cannot be inverted.
    @inlinable
    public init(rows first: [3 of Int64], _ second: [3 of Int64], _ third: [3 of Int64]) throws(RasterError) {
        forward = [first, second, third]
        isAffine = first[2] == 0 && second[2] == 0
        let scaled = Self.normalised([first, second, third], below: 1 << 30)
        let m = scaled
        let cofactors: [3 of [3 of Int64]] = [
            [m[1][1] &* m[2][2] &- m[1][2] &* m[2][1], m[0][2] &* m[2][1] &- m[0][1] &* m[2][2], m[0][1] &* m[1][2] &- m[0][2] &* m[1][1]],
            [m[1][2] &* m[2][0] &- m[1][0] &* m[2][2], m[0][0] &* m[2][2] &- m[0][2] &* m[2][0], m[0][2] &* m[1][0] &- m[0][0] &* m[1][2]],
            [m[1][0] &* m[2][1] &- m[1][1] &* m[2][0], m[0][1] &* m[2][0] &- m[0][0] &* m[2][1], m[0][0] &* m[1][1] &- m[0][1] &* m[1][0]],
        ]
        var adjugate = Self.normalised(cofactors, below: 1 << 30)
        // det(M) is proportional to the first row of M times the first column of its adjugate.
        let determinant = m[0][0] &* adjugate[0][0] &+ m[0][1] &* adjugate[1][0] &+ m[0][2] &* adjugate[2][0]
        guard determinant != 0, !isAffine || adjugate[2][2] != 0 else { throw .singularTransform }
        // With a positive determinant the inverse's w is positive exactly for points in front of the viewer.
        if determinant < 0 {
            for row in 0..<3 { for column in 0..<3 { adjugate[row][column] = -adjugate[row][column] } }
        }
        inverse = adjugate
    }

    /// The affine map `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (Core Graphics convention).
    @inlinable
    public init(_ affine: Affine) throws(RasterError) {
        func wide(_ value: Fixed) -> Int64 { Int64(value.raw) &<< 16 }
        try self.init(rows: [wide(affine.a), wide(affine.b), 0], [wide(affine.c), wide(affine.d), 0],
                      [wide(affine.tx), wide(affine.ty), 1 << 32])
    }

    /// `matrix` scaled down by a power of two until every entry's magnitude is below `limit`.
    @inlinable
    static func normalised(_ matrix: [3 of [3 of Int64]], below limit: Int64) -> [3 of [3 of Int64]] {
        var largest: UInt64 = 0
        for row in 0..<3 { for column in 0..<3 { largest = Swift.max(largest, matrix[row][column].magnitude) } }
        var shift: Int64 = 0
        while largest >> UInt64(shift) >= UInt64(limit) { shift += 1 }
        var result = matrix
        for row in 0..<3 { for column in 0..<3 { result[row][column] = matrix[row][column] >> shift } }
        return result
    }

    /// The destination pixels an image of `width × height` can touch (its corners mapped, rounded outward),
    /// or nil when a corner lies at or behind the viewer (w ≤ 0), in which case every pixel must be tested.
    func destinationBounds(width: Int, height: Int) -> IntRect? {
        var minX = Int64.max, minY = Int64.max, maxX = Int64.min, maxY = Int64.min
        for corner in 0..<4 {
            let x = (corner & 1) &* width, y = (corner &>> 1) &* height
            let f = forward
            let w = f[0][2] &* Int64(x) &+ f[1][2] &* Int64(y) &+ f[2][2]
            guard w > 0 else { return nil }
            let px = f[0][0] &* Int64(x) &+ f[1][0] &* Int64(y) &+ f[2][0]
            let py = f[0][1] &* Int64(x) &+ f[1][1] &* Int64(y) &+ f[2][1]
            minX = Swift.min(minX, Self.floorDivide(px, w)); maxX = Swift.max(maxX, Self.floorDivide(px, w) &+ 1)
            minY = Swift.min(minY, Self.floorDivide(py, w)); maxY = Swift.max(maxY, Self.floorDivide(py, w) &+ 1)
        }
        let limit = Int64(Surface.maximumDimension) * 2
        return IntRect(minX: Int(Swift.max(minX, -limit)), minY: Int(Swift.max(minY, -limit)),
                       maxX: Int(Swift.min(maxX &+ 1, limit)), maxY: Int(Swift.min(maxY &+ 1, limit)))
    }

    @inline(__always)
    static func floorDivide(_ numerator: Int64, _ denominator: Int64) -> Int64 {
        let quotient = numerator / denominator
        return (numerator % denominator != 0 && (numerator < 0) != (denominator < 0)) ? quotient &- 1 : quotient
    }
}
