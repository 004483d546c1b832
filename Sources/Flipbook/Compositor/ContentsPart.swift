import FixedPoint
import Raster

/// The part of an image a layer's `contentsRect` shows (unit coordinates of the image, Core Animation's
/// default 0, 0, 1, 1 being the whole image): the pixels it samples and where the part's edges lie in them.
///
/// Only the pixels under the rectangle (rounded outward, kept inside the image) are sampled, so a sprite of a
/// sprite sheet never blends in its neighbours' pixels at its edges; beyond the image the edge pixels repeat,
/// as in Core Animation. A rectangle with no width or height, or selecting more than 32,767 image pixels
/// across (the Q16.16 range of the placement), shows nothing.
struct ContentsPart {
    /// The image pixels sampled.
    let hull: IntRect
    /// The part's edges in the hull's pixels.
    let region: ImageRegion
    /// The part's size in image pixels (what `contentsGravity` places in the bounds).
    let width: Fixed, height: Fixed

    @_noAllocation
    init?(contentsRect rect: Rect, imageWidth: Int, imageHeight: Int) {
        let minX = Int64(rect.origin.x.raw) &* Int64(imageWidth)
        let minY = Int64(rect.origin.y.raw) &* Int64(imageHeight)
        let spanX = Int64(rect.size.width.raw) &* Int64(imageWidth)
        let spanY = Int64(rect.size.height.raw) &* Int64(imageHeight)
        guard spanX > 0, spanY > 0, spanX <= Int64(Int32.max), spanY <= Int64(Int32.max) else { return nil }
        let columns = Self.pixels(from: minX, to: minX &+ spanX, count: imageWidth)
        let rows = Self.pixels(from: minY, to: minY &+ spanY, count: imageHeight)
        hull = IntRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
        let originX = minX &- (Int64(columns.lowerBound) &<< 16), originY = minY &- (Int64(rows.lowerBound) &<< 16)
        do throws(RasterError) {
            region = try ImageRegion(minX: originX, minY: originY, maxX: originX &+ spanX, maxY: originY &+ spanY)
        } catch {
            return nil
        }
        width = Fixed(raw: Int32(spanX))
        height = Fixed(raw: Int32(spanY))
    }

    /// The pixels `from … to` (raw Q16.16) touches, rounded outward and kept inside `0 ..< count` (at least one).
    @_noAllocation
    static func pixels(from start: Int64, to end: Int64, count: Int) -> Range<Int> {
        let last = Int64(count &- 1)
        let first = Swift.min(Swift.max(start &>> 16, 0), last)
        let after = Swift.min(Swift.max((end &+ 0xFFFF) &>> 16, first &+ 1), last &+ 1)
        return Int(first)..<Int(after)
    }

}
