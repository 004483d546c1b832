import FixedPoint
import Raster

/// A projective map from a layer's plane to a target: the row vector (x, y, 1) times this 3 × 3 matrix
/// is (X, Y, W), and the target point is (X / W, Y / W). Entries are Q32.32 (`WideFixed` raw), rows are the
/// x, y and constant rows, columns the x, y and w columns, as `ImageTransform(rows:)` takes them.
///
/// Core Animation flattens: a plain layer draws its sublayers into its own plane, dropping their depth.
/// The map of a 3-D sublayer into its superlayer's plane is therefore its local 4 × 4 transform restricted
/// to the x, y and w rows and columns; `relative(child:parent:)` recovers it from the two world matrices
/// of the snapshot (`child = local × parent`) as `child × adj(parent)`, which equals the local matrix up to
/// the factor det(parent) that a projective map ignores. No division, no `Double`; every product goes
/// through `WideFixed`'s checked multiply, and any overflow gives nil (the layer is then not projected).
struct PlaneMap {
    /// The entries, `m[row][column]`, Q32.32.
    var m: [3 of [3 of Int64]]

    @_noAllocation
    @inline(__always)
    init(_ m: [3 of [3 of Int64]]) { self.m = m }

    /// The map of the z = 0 plane through `transform` onto the screen (rows 1, 2, 4; columns x, y, w).
    @_noAllocation
    @inline(__always)
    init(projecting transform: Transform3D) {
        m = [[transform.m11.raw, transform.m12.raw, transform.m14.raw],
             [transform.m21.raw, transform.m22.raw, transform.m24.raw],
             [transform.m41.raw, transform.m42.raw, transform.m44.raw]]
    }

    /// The map of `child`'s plane into `parent`'s plane, given both world matrices with
    /// `child = local × parent`: the x, y, w rows and columns of `child × adj(parent)`, scaled by a power
    /// of two so the largest entry is about 2^12 and signed like `local` (det(parent) > 0). Nil when
    /// `parent` is singular or a product leaves the Q32.32 range.
    @_noAllocation
    static func relative(child: Transform3D, parent: Transform3D) -> PlaneMap? {
        let p: [4 of [4 of Int64]] = PlaneMap.entries(parent)
        // cofactor[j][i] for the output columns j = 0, 1, 3 (x, y, w), every input row i.
        var cofactors: [3 of [4 of Int64]] = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
        let columns: [3 of Int] = [0, 1, 3]
        for j in 0..<3 {
            for i in 0..<4 {
                guard let minor = PlaneMap.minor(p, skippingRow: columns[j], column: i) else { return nil }
                cofactors[j][i] = (columns[j] &+ i) & 1 == 0 ? minor : 0 &- minor
            }
        }
        var determinant: Int64 = 0
        for i in 0..<4 {
            guard let term = PlaneMap.product(p[0][i], cofactors[0][i]) else { return nil }
            determinant &+= term
        }
        if determinant == 0 { return nil }
        PlaneMap.normalise(&cofactors, sign: determinant < 0 ? -1 : 1)
        let c = PlaneMap.entries(child)
        let rows: [3 of Int] = [0, 1, 3]
        var result: [3 of [3 of Int64]] = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
        for r in 0..<3 {
            for j in 0..<3 {
                var sum: Int64 = 0
                for i in 0..<4 {
                    guard let term = PlaneMap.product(c[rows[r]][i], cofactors[j][i]) else { return nil }
                    let (added, overflow) = sum.addingReportingOverflow(term)
                    if overflow { return nil }
                    sum = added
                }
                result[r][j] = sum
            }
        }
        return PlaneMap(result)
    }

    /// The map of a 3-D layer drawn outside any plane onto the canvas: its world matrix, with points moved
    /// first by its transition shift (layer points) and last by its ancestors' device offset (`parentOffsetX`,
    /// `parentOffsetY`, raw Q16.16 canvas pixels). Nil without a 3-D matrix or when that leaves the range.
    @_noAllocation
    static func screen(of entry: PresentationLayer, parentOffsetX: Int64, parentOffsetY: Int64) -> PlaneMap? {
        guard case .some(let matrix) = entry.transform3D else { return nil }
        let shift = TransitionPlacement.layerShift(of: entry)
        guard let map = PlaneMap(projecting: matrix).translatedBefore(x: shift.x, y: shift.y) else { return nil }
        if parentOffsetX == 0 && parentOffsetY == 0 { return map }
        return map.followed(by: Compositor.translation(x: parentOffsetX, y: parentOffsetY))
    }

    /// The whole target pixels the layer rectangle `minX … maxX × minY … maxY` (raw Q16.16) lands on,
    /// grown by `margin` pixels, or nil when a corner lies at or behind the eye (w ≤ 0) or a product leaves
    /// the range (then any pixel may be touched).
    @_noAllocation
    func pixelBounds(minX: Int64, minY: Int64, maxX: Int64, maxY: Int64, margin: Int64) -> IntRect? {
        var left = Int64.max, top = Int64.max, right = Int64.min, bottom = Int64.min
        for corner in 0..<4 {
            let x = (corner & 1 == 0 ? minX : maxX) &<< 16, y = (corner < 2 ? minY : maxY) &<< 16
            var image: [3 of Int64] = [0, 0, 0]
            for j in 0..<3 {
                guard let first = PlaneMap.product(x, m[0][j]), let second = PlaneMap.product(y, m[1][j]) else { return nil }
                image[j] = first &+ second &+ m[2][j]
            }
            let w = image[2]
            guard w > 0 else { return nil }
            let px = PlaneMap.floorDivide(image[0], w), py = PlaneMap.floorDivide(image[1], w)
            left = min(left, px); right = max(right, px &+ 1)
            top = min(top, py); bottom = max(bottom, py &+ 1)
        }
        let limit: Int64 = 1 &<< 20  // far beyond any canvas, and within a 32-bit Int
        func clamped(_ value: Int64) -> Int { Int(truncatingIfNeeded: min(max(value, 0 &- limit), limit)) }
        let minPixelX = clamped(left &- margin), minPixelY = clamped(top &- margin)
        return IntRect(x: minPixelX, y: minPixelY, width: clamped(right &+ margin) &- minPixelX,
                       height: clamped(bottom &+ margin) &- minPixelY)
    }

    /// ⌊numerator / denominator⌋ for a positive denominator.
    @_noAllocation
    @inline(__always)
    static func floorDivide(_ numerator: Int64, _ denominator: Int64) -> Int64 {
        let quotient = numerator / denominator
        return numerator % denominator != 0 && numerator < 0 ? quotient &- 1 : quotient
    }

    /// Whether the map has (almost) no perspective over a `width × height` plane: the w column's x and y
    /// terms change w by less than 1/4096 across it, so the map is affine to far below a pixel.
    @_noAllocation
    @inline(__always)
    func isAffine(width: Int64, height: Int64) -> Bool {
        let spread = m[0][2].magnitude &* UInt64(max(width, 1)) &+ m[1][2].magnitude &* UInt64(max(height, 1))
        return spread <= m[2][2].magnitude &>> 12
    }

    /// The map of points moved by (`x`, `y`) (raw Q16.16) first: the constant row gains x·row₀ + y·row₁.
    /// Nil on overflow.
    @_noAllocation
    func translatedBefore(x: Int64, y: Int64) -> PlaneMap? {
        if x == 0 && y == 0 { return self }
        var moved = self
        for j in 0..<3 {
            guard let first = PlaneMap.product(x &<< 16, m[0][j]), let second = PlaneMap.product(y &<< 16, m[1][j])
            else { return nil }
            moved.m[2][j] = m[2][j] &+ first &+ second
        }
        return moved
    }

    /// The map of points moved by whole pixels (`x`, `y`) first, exactly (integer products).
    @_noAllocation
    @inline(__always)
    func translatedBefore(pixelsX x: Int64, pixelsY y: Int64) -> PlaneMap {
        var moved = self
        for j in 0..<3 { moved.m[2][j] = m[2][j] &+ x &* m[0][j] &+ y &* m[1][j] }
        return moved
    }

    /// This map followed by the affine `after` (x′ = a·x + c·y + tx, y′ = b·x + d·y + ty). Nil on overflow.
    @_noAllocation
    func followed(by after: Affine) -> PlaneMap? {
        let a = Int64(after.a.raw) &<< 16, b = Int64(after.b.raw) &<< 16
        let c = Int64(after.c.raw) &<< 16, d = Int64(after.d.raw) &<< 16
        let tx = Int64(after.tx.raw) &<< 16, ty = Int64(after.ty.raw) &<< 16
        var result = self
        for row in 0..<3 {
            guard let ax = PlaneMap.product(m[row][0], a), let cy = PlaneMap.product(m[row][1], c),
                  let txw = PlaneMap.product(m[row][2], tx), let bx = PlaneMap.product(m[row][0], b),
                  let dy = PlaneMap.product(m[row][1], d), let tyw = PlaneMap.product(m[row][2], ty)
            else { return nil }
            result.m[row][0] = ax &+ cy &+ txw
            result.m[row][1] = bx &+ dy &+ tyw
        }
        return result
    }

    /// A Q32.32 product, rounded to nearest; nil when it leaves the range.
    @_noAllocation
    @inline(__always)
    static func product(_ a: Int64, _ b: Int64) -> Int64? {
        WideFixed(raw: a).multipliedReportingOverflow(by: WideFixed(raw: b))?.raw
    }

    /// The 16 raw entries of `t`, row by row.
    @_noAllocation
    @inline(__always)
    static func entries(_ t: Transform3D) -> [4 of [4 of Int64]] {
        [[t.m11.raw, t.m12.raw, t.m13.raw, t.m14.raw], [t.m21.raw, t.m22.raw, t.m23.raw, t.m24.raw],
         [t.m31.raw, t.m32.raw, t.m33.raw, t.m34.raw], [t.m41.raw, t.m42.raw, t.m43.raw, t.m44.raw]]
    }

    /// The determinant of `p` without row `skippedRow` and column `skippedColumn` (Q32.32), or nil on overflow.
    @_noAllocation
    static func minor(_ p: [4 of [4 of Int64]], skippingRow skippedRow: Int, column skippedColumn: Int) -> Int64? {
        // Row and column r of the 3 × 3 minor are r, or r + 1 from the skipped one on.
        let r0 = 0 < skippedRow ? 0 : 1, r1 = 1 < skippedRow ? 1 : 2, r2 = 2 < skippedRow ? 2 : 3
        let c: [3 of Int] = [0 < skippedColumn ? 0 : 1, 1 < skippedColumn ? 1 : 2, 2 < skippedColumn ? 2 : 3]
        var sum: Int64 = 0
        // The six permutations of three columns with their signs.
        let permutations: [6 of (Int, Int, Int, Int64)] = [(0, 1, 2, 1), (1, 2, 0, 1), (2, 0, 1, 1),
                                                           (0, 2, 1, -1), (1, 0, 2, -1), (2, 1, 0, -1)]
        for k in 0..<6 {
            let (c0, c1, c2, sign) = permutations[k]
            guard let pair = product(p[r0][c[c0]], p[r1][c[c1]]), let triple = product(pair, p[r2][c[c2]]) else { return nil }
            let (added, overflow) = sum.addingReportingOverflow(sign > 0 ? triple : 0 &- triple)
            if overflow { return nil }
            sum = added
        }
        return sum
    }

    /// Scales `cofactors` by a power of two so the largest magnitude lies in [2^43, 2^44) (about 2^12 as
    /// Q32.32: child entries up to 2^15 times these stay in range), and by `sign`.
    @_noAllocation
    static func normalise(_ cofactors: inout [3 of [4 of Int64]], sign: Int64) {
        var largest: UInt64 = 0
        for j in 0..<3 { for i in 0..<4 { largest = max(largest, cofactors[j][i].magnitude) } }
        if largest == 0 { return }
        let shift = largest.leadingZeroBitCount &- 20
        for j in 0..<3 {
            for i in 0..<4 {
                let value = cofactors[j][i]
                let scaled = shift >= 0 ? value &<< Int64(shift) : value &>> Int64(0 &- shift)
                cofactors[j][i] = sign > 0 ? scaled : 0 &- scaled
            }
        }
    }
}
