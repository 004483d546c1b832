/// The destination outline of an image: its rectangle mapped by an `ImageTransform`, a convex quad (a
/// parallelogram under an affine map, the projected rectangle under a perspective one). Vertices are Q16
/// destination pixels (rounded to nearest: within 1/131,072 px), ordered so that the edges running down (y
/// increasing) bound the quad on the left.
///
/// `drawImage` multiplies each pixel's alpha by the exact area of the pixel inside this quad.
struct ImageQuad {
    /// Largest vertex coordinate magnitude, pixels. It keeps Q16 coordinates below 2^39, so a difference
    /// times a within-pixel Q16 distance stays within 64 bits (`QuadRowEdge`); a quad reaching further is
    /// drawn without exact edges (see `drawImage`).
    static let coordinateLimit: Int64 = 1 << 22

    /// Vertex coordinates, Q16 pixels.
    let xs: [4 of Int64], ys: [4 of Int64]
    /// True when the quad encloses no area at Q16 precision (nothing to draw).
    let isEmpty: Bool

    /// The image rectangle `0 ... width × 0 ... height` mapped by `transform`; nil when a corner lies at or
    /// behind the viewer (w ≤ 0) or beyond `coordinateLimit`.
    init?(transform: ImageTransform, width: Int, height: Int) {
        var xs: [4 of Int64] = [0, 0, 0, 0], ys: [4 of Int64] = [0, 0, 0, 0]
        let cornersX: [4 of Int64] = [0, Int64(width), Int64(width), 0]
        let cornersY: [4 of Int64] = [0, 0, Int64(height), Int64(height)]
        let f = transform.forward
        for corner in 0..<4 {
            let u = cornersX[corner], v = cornersY[corner]
            guard let w = Self.mapped(f[0][2], u, f[1][2], v, f[2][2]), w > 0,
                  let px = Self.mapped(f[0][0], u, f[1][0], v, f[2][0]),
                  let py = Self.mapped(f[0][1], u, f[1][1], v, f[2][1]),
                  let x = Self.q16(px, over: w), let y = Self.q16(py, over: w) else { return nil }
            xs[corner] = x
            ys[corner] = y
        }
        // Twice the signed area is the cross product of the diagonals (128-bit products); positive means
        // the downward edges are on the right: reverse.
        let diagonalsCross = Self.crossSign(xs[2] &- xs[0], ys[2] &- ys[0], xs[3] &- xs[1], ys[3] &- ys[1])
        if diagonalsCross > 0 {
            (xs[1], xs[3]) = (xs[3], xs[1])
            (ys[1], ys[3]) = (ys[3], ys[1])
        }
        self.xs = xs
        self.ys = ys
        isEmpty = diagonalsCross == 0
    }

    /// The sign (−1, 0, 1) of `ax·by − ay·bx`, exactly (128-bit products).
    static func crossSign(_ ax: Int64, _ ay: Int64, _ bx: Int64, _ by: Int64) -> Int {
        let first = ax.multipliedFullWidth(by: by), second = ay.multipliedFullWidth(by: bx)
        if first.high != second.high { return first.high > second.high ? 1 : -1 }
        return first.low == second.low ? 0 : (first.low > second.low ? 1 : -1)
    }

    /// `a·u + b·v + c` for Q32.32 entries and integer `u`, `v`; nil on overflow.
    static func mapped(_ a: Int64, _ u: Int64, _ b: Int64, _ v: Int64, _ c: Int64) -> Int64? {
        let (au, o1) = a.multipliedReportingOverflow(by: u)
        let (bv, o2) = b.multipliedReportingOverflow(by: v)
        let (sum, o3) = au.addingReportingOverflow(bv)
        let (total, o4) = sum.addingReportingOverflow(c)
        return o1 || o2 || o3 || o4 ? nil : total
    }

    /// `numerator / w` in Q16, rounded to nearest (w > 0); nil beyond `coordinateLimit` pixels.
    static func q16(_ numerator: Int64, over w: Int64) -> Int64? {
        guard numerator.magnitude / w.magnitude < UInt64(coordinateLimit) else { return nil }
        let scaled = numerator.multipliedFullWidth(by: 1 << 17)
        let quotient = w.dividingFullWidth(scaled).quotient  // doubled, truncated toward zero
        return quotient >= 0 ? (quotient &+ 1) &>> 1 : -((-quotient &+ 1) &>> 1)
    }

    /// The destination rows the quad touches.
    var rows: Range<Int> {
        var low = ys[0], high = ys[0]
        for i in 1..<4 {
            low = Swift.min(low, ys[i])
            high = Swift.max(high, ys[i])
        }
        return Int(low &>> 16)..<Int((high &+ 0xFFFF) &>> 16)
    }

    /// The quad's edges clipped to pixel row `y`, with the coverage they give each pixel of the row.
    func row(_ y: Int, opacity: UInt8) -> QuadRowCoverage {
        var coverage = QuadRowCoverage(opacity: UInt32(opacity))
        let top = Int64(y) &<< 16, bottom = top &+ 65_536
        for i in 0..<4 {
            let j = (i + 1) & 3
            let (x0, y0, x1, y1) = (xs[i], ys[i], xs[j], ys[j])
            if y0 == y1 { continue }  // horizontal edges add no area
            let downward = y0 < y1
            let (upperX, upperY, lowerX, lowerY) = downward ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
            let clippedTop = Swift.max(upperY, top), clippedBottom = Swift.min(lowerY, bottom)
            if clippedTop >= clippedBottom { continue }
            func x(atY value: Int64) -> Int64 {  // |quotient| ≤ |lowerX − upperX| < 2^40: no trap
                upperX &+ (lowerY &- upperY).dividingFullWidth((value &- upperY).multipliedFullWidth(by: lowerX &- upperX)).quotient
            }
            coverage.append(QuadRowEdge(topX: x(atY: clippedTop), topY: clippedTop, bottomX: x(atY: clippedBottom),
                                        bottomY: clippedBottom, isLeft: downward))
        }
        return coverage
    }
}
