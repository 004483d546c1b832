import FixedPoint

/// A rectangle with circular corners, in device pixels (Q16.16): the shape of a layer's background, border,
/// shadow and `masksToBounds` clip, drawn by `RoundedRectRasterizer` without the general path rasterizer.
public struct RoundedRect: Hashable, Sendable {
    /// Coordinates must stay within ±`coordinateLimit` pixels.
    public static let coordinateLimit = Fixed(Int16(16_384))

    /// The rectangle, standardised (non-negative size).
    public let rect: Rect
    /// The corner radius actually drawn: the requested one, limited to half the shorter side, as Core
    /// Animation draws it.
    public let cornerRadius: Fixed

    /// A rounded rectangle. Throws `.invalidGeometry` for a negative radius (`"cornerRadius"`) or an edge
    /// beyond ±`coordinateLimit` (`"rect"`, with the offending edge's raw value).
    public init(rect: Rect, cornerRadius: Fixed = .zero) throws(RasterError) {
        guard cornerRadius.raw >= 0 else { throw .invalidGeometry(name: "cornerRadius", raw: cornerRadius.raw) }
        let standard = rect.standardized
        try Self.checkEdge(standard.minX)
        try Self.checkEdge(standard.maxX)
        try Self.checkEdge(standard.minY)
        try Self.checkEdge(standard.maxY)
        self.rect = standard
        let halfShorter = Fixed(raw: Swift.min(standard.width.raw, standard.height.raw) / 2)
        self.cornerRadius = Swift.min(cornerRadius, halfShorter)
    }

    private static func checkEdge(_ edge: Fixed) throws(RasterError) {
        if edge > coordinateLimit || edge < -coordinateLimit { throw .invalidGeometry(name: "rect", raw: edge.raw) }
    }

    /// The shape `amount` pixels inside this one, with radius max(0, r − amount) (a border's inner edge);
    /// nil when nothing is left.
    public func inset(by amount: Fixed) -> RoundedRect? {
        guard amount.raw >= 0, let inner = rect.insetBy(dx: amount, dy: amount), !inner.isEmpty else { return nil }
        return try? RoundedRect(rect: inner, cornerRadius: Swift.max(.zero, cornerRadius - amount))
    }

    /// The pixels the shape touches (its edges rounded outward).
    ///
    /// Always inlined: out of line, 32-bit ARM compiles it to an `ldm r10!` that advances the Swift self
    /// register callers keep using (docs/boards.md, "r10 write-back").
    @inline(__always)
    public var pixelBounds: IntRect {
        IntRect(minX: Int(rect.minX.raw >> 16), minY: Int(rect.minY.raw >> 16),
                maxX: Int((rect.maxX.raw &+ 0xFFFF) >> 16), maxY: Int((rect.maxY.raw &+ 0xFFFF) >> 16))
    }
}

/// A rounded rectangle's edges in Q24.8 (1/256 pixel), the rasterizer's working precision.
struct SubpixelRoundedRect {
    let left: Int64, top: Int64, right: Int64, bottom: Int64, radius: Int64

    init(_ shape: RoundedRect) {
        func q8(_ value: Fixed) -> Int64 { (Int64(value.raw) &+ 128) &>> 8 }
        left = q8(shape.rect.minX)
        top = q8(shape.rect.minY)
        right = q8(shape.rect.maxX)
        bottom = q8(shape.rect.maxY)
        radius = Swift.min(q8(shape.cornerRadius), Swift.min(right &- left, bottom &- top) / 2)
    }

    /// The left boundary's x (Q8) at height `y` (Q8, inside `top ... bottom`); the right boundary mirrors it.
    @inline(__always)
    func leftX(at y: Int64) -> Int64 {
        let distance: Int64
        if y < top &+ radius {
            distance = top &+ radius &- y
        } else if y > bottom &- radius {
            distance = y &- (bottom &- radius)
        } else {
            return left
        }
        return left &+ radius &- Self.squareRoot(radius &* radius &- distance &* distance)
    }

    /// The height (Q8) at which the left arc passes x (Q8, inside the corner), in the upper or lower corner.
    @inline(__always)
    func y(atLeftX x: Int64, upper: Bool) -> Int64 {
        let distance = left &+ radius &- x
        let along = Self.squareRoot(radius &* radius &- distance &* distance)
        return upper ? top &+ radius &- along : bottom &- radius &+ along
    }

    /// √value rounded to nearest (0 for negative input): digit by digit from the highest set bit pair,
    /// branch-free, the same result as `IntegerSquareRoot.nearest` (tested) in about half the steps for
    /// the ≤ 42-bit values of a Q8 radius.
    @inline(__always)
    static func squareRoot(_ value: Int64) -> Int64 {
        if value <= 0 { return 0 }
        var remainder = UInt64(value)
        var root: UInt64 = 0
        var bit: UInt64 = 1 &<< UInt64((63 &- remainder.leadingZeroBitCount) & ~1)
        while bit != 0 {
            let trial = root &+ bit
            let fits = remainder >= trial
            remainder = fits ? remainder &- trial : remainder
            root = fits ? (root &>> 1) &+ bit : root &>> 1
            bit &>>= 2
        }
        return Int64(remainder > root ? root &+ 1 : root)
    }

    /// Polyline step (Q8) along an arc's dominant axis: the chord's area error h³/(12r) stays under 1/700
    /// of a pixel (h = 1/4 px below r = 8, 1/2 px below r = 32, 3/4 px above).
    var arcStep: Int64 { radius < 8 * 256 ? 64 : radius < 32 * 256 ? 128 : 192 }

    /// The right boundary's x for a left boundary at `x` (the shape is mirror-symmetric).
    @inline(__always)
    func mirrored(_ x: Int64) -> Int64 { left &+ right &- x }
}
