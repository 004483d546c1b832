/// The points of a cubic Bézier at t = i / n, i = 1, 2, …, by forward differences: the same points as
/// `Flattening.cubic`, with three additions per coordinate instead of its eleven multiplications.
///
/// `Flattening.cubic` divides S(i) = 3j²i·A + 3ji²·B + i³·C (j = n − i; A, B, C the control points less
/// p0) by n³. Expanded, S(i) = c1·i + c2·i² + c3·i³ with c1 = 3n²A, c2 = 3n(B − 2A), c3 = 3A − 3B + C,
/// whose differences are ΔS(0) = c1 + c2 + c3, Δ²S(i) = 2c2 + 6c3·(i + 1) and Δ³S = 6c3. The sums are
/// integer identities, so S(i) comes out equal to the direct sum even modulo 2^64 (both wrap alike);
/// the differences themselves fit: for n ≤ 1024 and |A|, |B|, |C| ≤ 2^33, |ΔS| < 2^60, |Δ²S| < 2^50.
@usableFromInline
struct CubicSteps {
    @usableFromInline let origin: LocalPoint
    @usableFromInline var sum: LocalPoint
    @usableFromInline var first: LocalPoint
    @usableFromInline var second: LocalPoint
    @usableFromInline let third: LocalPoint

    /// The steps of the cubic p0, p1, p2, p3 (raw Q16.16) in `n` chords, before step 1.
    @inlinable
    init(_ p0: LocalPoint, _ p1: LocalPoint, _ p2: LocalPoint, _ p3: LocalPoint, segments n: Int64) {
        origin = p0
        sum = .zero
        let x = CubicSteps.coefficients(p1.x &- p0.x, p2.x &- p0.x, p3.x &- p0.x, n)
        let y = CubicSteps.coefficients(p1.y &- p0.y, p2.y &- p0.y, p3.y &- p0.y, n)
        first = LocalPoint(x: x.c1 &+ x.c2 &+ x.c3, y: y.c1 &+ y.c2 &+ y.c3)
        second = LocalPoint(x: 2 &* x.c2 &+ 6 &* x.c3, y: 2 &* y.c2 &+ 6 &* y.c3)
        third = LocalPoint(x: 6 &* x.c3, y: 6 &* y.c3)
    }

    /// c1, c2, c3 of S(i) for one coordinate (a, b, c: the control points less p0).
    @inlinable
    static func coefficients(_ a: Int64, _ b: Int64, _ c: Int64, _ n: Int64) -> (c1: Int64, c2: Int64, c3: Int64) {
        (3 &* n &* n &* a, 3 &* n &* (b &- 2 &* a), 3 &* a &- 3 &* b &+ c)
    }

    /// The next point, i + 1: p0 + S(i + 1) / n³ rounded to nearest (`cube` divides by n³), as
    /// `Flattening.cubic(…, step: i + 1, of: n, cube: cube)`.
    @inlinable @inline(__always)
    mutating func next(_ cube: ReciprocalDivisor) -> LocalPoint {
        sum = LocalPoint(x: sum.x &+ first.x, y: sum.y &+ first.y)
        first = LocalPoint(x: first.x &+ second.x, y: first.y &+ second.y)
        second = LocalPoint(x: second.x &+ third.x, y: second.y &+ third.y)
        return LocalPoint(x: origin.x &+ cube.roundedQuotient(sum.x), y: origin.y &+ cube.roundedQuotient(sum.y))
    }
}
