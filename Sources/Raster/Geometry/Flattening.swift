/// Curve flattening rules shared by filling (device space) and stroking (path space).
///
/// A Bézier curve is cut into `n` chords at uniform parameter steps (quadratics as the cubics they
/// equal). The distance between a curve and its chord polyline (the sagitta) is at most
/// max|B''| / (8 n²); with the second differences `D = max |P0 − 2P1 + P2|, |P1 − 2P2 + P3|` that is
/// `3D / (4 n²)` for a cubic. Inner vertices are then moved outward by ⅔ of the adjacent chords'
/// sagitta (`straddled`), so the polygon crosses the curve: ⅔ of the sagitta outside at the vertices,
/// ⅓ inside at the chord middles. The largest deviation is therefore `⅔ · 3D / (4 n²) = D / (2 n²)`,
/// and `n` is the smallest count keeping it within the tolerance, capped at `maximumSegments` (a cubic
/// spanning thousands of pixels). Points are evaluated directly from the Bernstein form with one
/// rounding, so there is no recursion and no error accumulation.
@usableFromInline
enum Flattening {
    /// The largest distance between a curve and its straddled polygon, in 20.12 subpixels:
    /// 20/4096 = 5/1024 px (about 1/205 px). An edge displaced by at most that changes a pixel's covered
    /// area by at most 5/1024 px² (1.2/255); the deviation alternates sign along each chord (+⅔ s at the
    /// vertices, −⅓ s at the middles) and keeps the area, so most pixels see far less. Chosen by the
    /// composited corpus in RGB565, where a pixel whose exact value lies near the 8-bit tie deciding a
    /// 5-bit step flips for a small coverage error: at 10/1024 px the curve strokes of `fill_then_stroke`
    /// and `group_translucent_contents` had 2–4 such pixels (p99.9 9/255), at 5/1024 px none. The
    /// 1-px hairline circle's mean |Δ| is 0.18/255 here (0.41 at 10/1024 px, 0.66 at 1/64 px).
    @inlinable static var toleranceSubpixels: Int64 { 20 }
    /// The most chords one curve becomes.
    @inlinable static var maximumSegments: Int64 { 1024 }

    /// Chords needed for a cubic whose larger second difference has the Euclidean length
    /// `secondDifference` so that its straddled polygon deviates at most `tolerance` from it: the
    /// smallest n with D / (2 n²) ≤ tolerance.
    @inlinable
    static func cubicSegments(secondDifference: Int64, tolerance: Int64) -> Int64 {
        segments(bound: secondDifference, divisor: 2 &* tolerance)
    }

    /// The smallest n with bound / n² ≤ divisor, in 1 … maximumSegments.
    @inlinable
    static func segments(bound: Int64, divisor: Int64) -> Int64 {
        let ratio = (bound &+ divisor &- 1) / divisor
        if ratio <= 1 { return 1 }
        if ratio >= maximumSegments &* maximumSegments { return maximumSegments }
        var n = IntegerMath.squareRoot(ratio)
        if n &* n < ratio { n &+= 1 }
        return n
    }

    /// An upper bound of the Euclidean length of (dx, dy) within 12 %: max + min / 2 (for tests of
    /// direction that need no square root).
    @inlinable
    static func approximateLength(_ dx: Int64, _ dy: Int64) -> Int64 {
        let ax = dx < 0 ? 0 &- dx : dx, ay = dy < 0 ? 0 &- dy : dy
        return ax > ay ? ax &+ ay / 2 : ay &+ ax / 2
    }

    /// A quadratic's control point elevated to a cubic's: from + ⅔ (control − from), rounded.
    @inlinable
    static func elevated(_ from: Int64, _ control: Int64) -> Int64 {
        from &+ IntegerMath.roundedQuotient(2 &* (control &- from), 3)
    }

    /// An inner flattening vertex moved outward by a sixth of its second difference.
    ///
    /// Chords cut inside a convex curve, each losing ⅔ · sagitta · length of area; the sagitta of the
    /// chords around a vertex is a quarter of the vertex's second difference d = current − (before +
    /// next) / 2, so moving the vertex by d / 6 (⅔ of the sagitta) makes the polygon straddle the curve
    /// and keep its area, instead of falling short by ⅔ of the sagitta per unit of length.
    @inlinable
    static func straddled(_ before: Int64, _ current: Int64, _ next: Int64) -> Int64 {
        current &+ (2 &* current &- before &- next) / 12
    }

    /// The cubic Bézier at t = i / n, one coordinate, relative to p0 to keep the products small;
    /// `cube` divides by n³ (made once per curve), the result is rounded to nearest.
    @inlinable
    static func cubic(
        _ p0: Int64, _ p1: Int64, _ p2: Int64, _ p3: Int64, step i: Int64, of n: Int64, cube: ReciprocalDivisor
    ) -> Int64 {
        let j = n &- i
        let sum = 3 &* j &* j &* i &* (p1 &- p0) &+ 3 &* j &* i &* i &* (p2 &- p0) &+ i &* i &* i &* (p3 &- p0)
        return p0 &+ cube.roundedQuotient(sum)
    }
}
