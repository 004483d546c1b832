import FixedPoint
import Raster

/// An `OutlineSink` that appends a glyph's outline to a Raster `Path` in pixels: font units scaled by
/// `fontSize / unitsPerEm` (rounded to the nearest Q16.16 step), y flipped for a y-down layer, placed with the
/// glyph's origin (the pen position on the baseline) at `origin`.
public struct GlyphPathBuilder: OutlineSink {
    /// The path the outline is appended to.
    public var path: Path
    /// Where the glyph's origin lands, in pixels (Q16.16, y down).
    public var origin: Point
    private let fontSizeRaw: Int64
    private let divisor: Int64

    /// A builder appending to `path`, for glyphs of a font with `unitsPerEm` drawn at `fontSize` pixels per em.
    public init(path: Path, unitsPerEm: Int, fontSize: Fixed, origin: Point = .zero) {
        self.path = path
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

    private func pixel(_ point: Point) throws(FontError) -> Point {
        let x = Int64(origin.x.raw) + scaled(point.x), y = Int64(origin.y.raw) - scaled(point.y)
        guard let rx = Int32(exactly: x) else { throw .path(.coordinateOutOfRange(axis: .x, raw: x)) }
        guard let ry = Int32(exactly: y) else { throw .path(.coordinateOutOfRange(axis: .y, raw: y)) }
        return Point(x: Fixed(raw: rx), y: Fixed(raw: ry))
    }

    public mutating func move(to point: Point) throws(FontError) {
        let mapped = try pixel(point)
        do { try path.move(to: mapped) } catch { throw .path(error) }
    }

    public mutating func line(to point: Point) throws(FontError) {
        let mapped = try pixel(point)
        do { try path.line(to: mapped) } catch { throw .path(error) }
    }

    public mutating func quadratic(to end: Point, control: Point) throws(FontError) {
        let mappedEnd = try pixel(end), mappedControl = try pixel(control)
        do { try path.quadratic(to: mappedEnd, control: mappedControl) } catch { throw .path(error) }
    }

    public mutating func cubic(to end: Point, control1: Point, control2: Point) throws(FontError) {
        let mappedEnd = try pixel(end), first = try pixel(control1), second = try pixel(control2)
        do { try path.cubic(to: mappedEnd, control1: first, control2: second) } catch { throw .path(error) }
    }

    public mutating func close() throws(FontError) {
        do { try path.close() } catch { throw .path(error) }
    }
}
