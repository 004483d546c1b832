import FixedPoint

/// A rectangle with circular corners, in device pixels (Q16.16): the shape of a layer's background, border,
/// shadow and `masksToBounds` clip, drawn as a `RoundedOutline` (`RoundedRectPainter`).
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
