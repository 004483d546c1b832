import FixedPoint

/// The placement of a composite glyph's component: a 2×2 matrix in F2Dot14 units (16,384 = 1) and an offset
/// in Q16.16 font units, composed down the component tree.
struct ComponentTransform {
    /// x' = xx·x + yx·y + dx, y' = xy·x + yy·y + dy (the `glyf` component fields' names).
    var xx: Int64, xy: Int64, yx: Int64, yy: Int64
    var dx: Int64, dy: Int64

    static let identity = ComponentTransform(xx: 16_384, xy: 0, yx: 0, yy: 16_384, dx: 0, dy: 0)

    /// This transform applied after `inner`. Wrapping arithmetic: absurd nestings give absurd numbers, which
    /// `apply` then refuses, never a trap.
    func concatenating(_ inner: ComponentTransform) -> ComponentTransform {
        ComponentTransform(
            xx: (xx &* inner.xx &+ yx &* inner.xy) >> 14, xy: (xy &* inner.xx &+ yy &* inner.xy) >> 14,
            yx: (xx &* inner.yx &+ yx &* inner.yy) >> 14, yy: (xy &* inner.yx &+ yy &* inner.yy) >> 14,
            dx: ((xx &* inner.dx &+ yx &* inner.dy) >> 14) &+ dx, dy: ((xy &* inner.dx &+ yy &* inner.dy) >> 14) &+ dy)
    }

    /// The point (raw Q16.16 font units) transformed; `nil` when it leaves the Q16.16 range.
    func apply(x: Int64, y: Int64) -> Point? {
        let tx = ((xx &* x &+ yx &* y) >> 14) &+ dx, ty = ((xy &* x &+ yy &* y) >> 14) &+ dy
        guard let rx = Int32(exactly: tx), let ry = Int32(exactly: ty) else { return nil }
        return Point(x: Fixed(raw: rx), y: Fixed(raw: ry))
    }
}
