import FixedPoint
import Raster

/// An `OutlineSink` that appends a glyph's outline to a Raster `Path` in pixels, placed by a `GlyphPlacement`
/// (font units scaled by `fontSize / unitsPerEm`, y flipped for a y-down layer, the glyph's origin at `origin`).
public struct GlyphPathBuilder: OutlineSink {
    /// The path the outline is appended to.
    public var path: Path
    /// Where the glyph lands.
    public var placement: GlyphPlacement
    /// Where the glyph's origin lands, in pixels (Q16.16, y down).
    public var origin: Point {
        get { placement.origin }
        set { placement.origin = newValue }
    }

    /// A builder appending to `path`, for glyphs of a font with `unitsPerEm` drawn at `fontSize` pixels per em.
    public init(path: Path, unitsPerEm: Int, fontSize: Fixed, origin: Point = .zero) {
        self.path = path
        placement = GlyphPlacement(unitsPerEm: unitsPerEm, fontSize: fontSize, origin: origin)
    }

    private func pixel(_ point: Point) throws(FontError) -> Point { try placement.pixel(point) }

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
