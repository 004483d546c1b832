/// A 2-D affine transform in Q16.16, Core Graphics convention:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (row vector `[x y 1]` times `[[a b 0] [c d 0] [tx ty 1]]`).
///
/// Every derived value (a product, an applied point, an inverse entry) is computed in 64 bits and
/// rounded once, to nearest with ties toward +∞ (ties away from zero for the inverse's divisions).
@frozen
public struct Affine: Hashable, Sendable {
    /// x scale / rotation term.
    public var a: Fixed
    /// y shear / rotation term (contribution of x to y').
    public var b: Fixed
    /// x shear / rotation term (contribution of y to x').
    public var c: Fixed
    /// y scale / rotation term.
    public var d: Fixed
    /// x translation.
    public var tx: Fixed
    /// y translation.
    public var ty: Fixed

    /// Creates a transform from its six entries.
    @inlinable
    public init(a: Fixed, b: Fixed, c: Fixed, d: Fixed, tx: Fixed, ty: Fixed) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform.
    @inlinable public static var identity: Affine { Affine(a: .one, b: .zero, c: .zero, d: .one, tx: .zero, ty: .zero) }

    /// A translation by (`x`, `y`).
    @inlinable
    public init(translationX x: Fixed, y: Fixed) {
        self.init(a: .one, b: .zero, c: .zero, d: .one, tx: x, ty: y)
    }

    /// A scale by `x` horizontally and `y` vertically.
    @inlinable
    public init(scaleX x: Fixed, y: Fixed) {
        self.init(a: x, b: .zero, c: .zero, d: y, tx: .zero, ty: .zero)
    }

    /// A rotation by `angle` radians (Q16.16): positive turns +x toward +y (clockwise on a y-down
    /// screen), as `CGAffineTransform(rotationAngle:)`. Entries carry the error of `Fixed.sin`/`cos`.
    @inlinable
    public init(rotationAngle angle: Fixed) {
        let sine = angle.sine, cosine = angle.cosine
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: .zero, ty: .zero)
    }

    /// True when this is exactly the identity.
    @inlinable public var isIdentity: Bool { self == .identity }

    /// `self` followed by `other` (Core Graphics `concatenating`): the matrix product `self × other`.
    @inlinable
    public func concatenating(_ other: Affine) -> Affine {
        Affine(
            a: Affine.dot(a, other.a, b, other.c),
            b: Affine.dot(a, other.b, b, other.d),
            c: Affine.dot(c, other.a, d, other.c),
            d: Affine.dot(c, other.b, d, other.d),
            tx: Affine.dot(tx, other.a, ty, other.c, plus: other.tx),
            ty: Affine.dot(tx, other.b, ty, other.d, plus: other.ty))
    }

    /// `point` mapped through the transform.
    @inlinable
    public func apply(to point: Point) -> Point {
        Point(x: Affine.dot(a, point.x, c, point.y, plus: tx), y: Affine.dot(b, point.x, d, point.y, plus: ty))
    }

    /// The determinant `a·d − b·c` as raw Q32.32 bits (exact), or `nil` if it overflows `Int64`.
    ///
    /// Always inlined: out of line, LLVM's 32-bit ARM backend compiles this getter to `ldm r10!, {r0-r3}`,
    /// advancing the Swift self register (r10) that callers keep using, so `inverted()` read wrong entries
    /// there (docs/boards.md, "r10 write-back").
    @inlinable @inline(__always)
    public var determinantRaw: Int64? {
        let (value, overflow) = (Int64(a.raw) &* Int64(d.raw)).subtractingReportingOverflow(
            Int64(b.raw) &* Int64(c.raw))
        return overflow ? nil : value
    }

    /// `x1·y1 + x2·y2 (+ offset)` with one rounding, to nearest, ties toward +∞, wrapped to 32 bits.
    @inlinable
    static func dot(_ x1: Fixed, _ y1: Fixed, _ x2: Fixed, _ y2: Fixed, plus offset: Fixed = .zero) -> Fixed {
        let sum = Int64(x1.raw) &* Int64(y1.raw) &+ Int64(x2.raw) &* Int64(y2.raw) &+ (Int64(offset.raw) &<< 16)
        return Fixed(raw: Int32(truncatingIfNeeded: ScaledRounding.shiftedRight(sum, by: 16)))
    }
}
