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

    mutating func move(to point: Point) throws(FontError) {
        let mapped = try placement.pixel(point)
        do { try rasterizer.pointee.move(to: mapped, &outline) } catch { throw .path(error) }
    }

    mutating func line(to point: Point) throws(FontError) {
        let mapped = try placement.pixel(point)
        do { try rasterizer.pointee.line(to: mapped, &outline) } catch { throw .path(error) }
    }

    mutating func quadratic(to end: Point, control: Point) throws(FontError) {
        let mappedEnd = try placement.pixel(end), mappedControl = try placement.pixel(control)
        do { try rasterizer.pointee.quadratic(to: mappedEnd, control: mappedControl, &outline) } catch { throw .path(error) }
    }

    mutating func cubic(to end: Point, control1: Point, control2: Point) throws(FontError) {
        let mappedEnd = try placement.pixel(end), first = try placement.pixel(control1), second = try placement.pixel(control2)
        do {
            try rasterizer.pointee.cubic(to: mappedEnd, control1: first, control2: second, &outline)
        } catch { throw .path(error) }
    }

    mutating func close() throws(FontError) {
        do { try rasterizer.pointee.closeSubpath(&outline) } catch { throw .path(error) }
    }
}
