import FixedPoint
import Fonts
import Raster

/// An `OutlineSink` that streams a glyph's outline straight into the compositor's rasterizer: font units placed
/// in layer pixels by a `GlyphPlacement`, then mapped to the canvas by the layer's world transform, with the same
/// flattening and exact-area coverage as a shape's path (no `Path` is built, so nothing is allocated).
struct GlyphRasterSink: OutlineSink {
    let rasterizer: UnsafeMutablePointer<Rasterizer>
    var placement: GlyphPlacement
    var outline: StreamedOutline
    /// The largest distance (raw Q16.16, on either axis) of a placed point from the pen origin.
    var reach: Int64 = 0

    init(rasterizer: UnsafeMutablePointer<Rasterizer>, placement: GlyphPlacement, outline: StreamedOutline) {
        self.rasterizer = rasterizer
        self.placement = placement
        self.outline = outline
    }

    /// `point` placed in layer pixels, noted in `reach`.
    private mutating func place(_ point: Point) throws(FontError) -> Point {
        let placed = try placement.pixel(point)
        let origin = placement.origin
        reach = max(reach, abs(Int64(placed.x.raw) &- Int64(origin.x.raw)), abs(Int64(placed.y.raw) &- Int64(origin.y.raw)))
        return placed
    }

    mutating func move(to point: Point) throws(FontError) {
        let mapped = try place(point)
        do { try rasterizer.pointee.move(to: mapped, &outline) } catch { throw .path(error) }
    }

    mutating func line(to point: Point) throws(FontError) {
        let mapped = try place(point)
        do { try rasterizer.pointee.line(to: mapped, &outline) } catch { throw .path(error) }
    }

    mutating func quadratic(to end: Point, control: Point) throws(FontError) {
        let mappedEnd = try place(end), mappedControl = try place(control)
        do { try rasterizer.pointee.quadratic(to: mappedEnd, control: mappedControl, &outline) } catch { throw .path(error) }
    }

    mutating func cubic(to end: Point, control1: Point, control2: Point) throws(FontError) {
        let mappedEnd = try place(end), first = try place(control1), second = try place(control2)
        do {
            try rasterizer.pointee.cubic(to: mappedEnd, control1: first, control2: second, &outline)
        } catch { throw .path(error) }
    }

    mutating func close() throws(FontError) {
        do { try rasterizer.pointee.closeSubpath(&outline) } catch { throw .path(error) }
    }
}
