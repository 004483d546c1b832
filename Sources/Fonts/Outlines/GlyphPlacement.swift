import FixedPoint

/// Where a glyph's outline lands in pixels: font units scaled by `fontSize / unitsPerEm` (64-bit product,
/// rounded half away from zero to the nearest Q16.16 step), y flipped for a y-down layer, the glyph's origin (its
/// pen position on the baseline) at `origin`.
public struct GlyphPlacement: Sendable {
    /// Where the glyph's origin lands, in pixels (Q16.16, y down).
    public var origin: Point
    private let fontSizeRaw: Int64
    private let divisor: Int64

    /// The placement of glyphs of a font with `unitsPerEm` drawn at `fontSize` pixels per em.
    public init(unitsPerEm: Int, fontSize: Fixed, origin: Point = .zero) {
        self.origin = origin
        fontSizeRaw = Int64(fontSize.raw)
        divisor = Int64(unitsPerEm) << 16
    }

    /// `value` (raw Q16.16 font units) in raw Q16.16 pixels, rounded half away from zero.
    private func scaled(_ value: Fixed) -> Int64 {
        let product = Int64(value.raw) * fontSizeRaw
        let half = divisor / 2
        return product >= 0 ? (product + half) / divisor : -((-product + half) / divisor)
    }

    /// `point` (font units, y up) in pixels (y down).
    ///
    /// - Throws: `.path(.coordinateOutOfRange)` when the pixel does not fit Q16.16.
    public func pixel(_ point: Point) throws(FontError) -> Point {
        let x = Int64(origin.x.raw) + scaled(point.x), y = Int64(origin.y.raw) - scaled(point.y)
        guard let rx = Int32(exactly: x) else { throw .path(.coordinateOutOfRange(axis: .x, raw: x)) }
        guard let ry = Int32(exactly: y) else { throw .path(.coordinateOutOfRange(axis: .y, raw: y)) }
        return Point(x: Fixed(raw: rx), y: Fixed(raw: ry))
    }
}
