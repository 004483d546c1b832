import FixedPoint
import Raster

/// Drop shadows, from the layer's rounded bounds (the shape of its background).
extension Compositor {
    /// Draws the shadow of the layer's rounded bounds: offset, blurred by `shadowRadius` (three box blurs
    /// approximating Core Animation's Gaussian), in `shadowColor` at `shadowOpacity`, under everything
    /// the layer draws. Offsets and radii scale with the transform; rotated and skewed layers cast the
    /// shadow of their bounding box.
    @_noAllocation
    mutating func drawShadow(_ entry: PresentationLayer, world: Affine, opacity: UInt8,
                             _ context: DrawContext) throws(CompositorError) {
        guard let color = entry.shadowColor else { return }
        let transform = DeviceTransform(world)
        let box = Compositor.boundsBox(entry.bounds)
        let pixels = transform.pixelBounds(minX: box.0, minY: box.1, maxX: box.2, maxY: box.3)
        let first = transform.subpixel(x: box.0, y: box.1), last = transform.subpixel(x: box.2, y: box.3)
        let bits = DeviceTransform.subpixelBits()
        let aligned = world.b.raw == 0 && world.c.raw == 0
        // Device rectangle in Q16.16: exact for axis-aligned layers, the pixel bounding box otherwise.
        let minX = aligned ? min(first.x, last.x) &<< (16 &- bits) : Int64(pixels.x) &<< 16
        let minY = aligned ? min(first.y, last.y) &<< (16 &- bits) : Int64(pixels.y) &<< 16
        let maxX = aligned ? max(first.x, last.x) &<< (16 &- bits) : Int64(pixels.maxX) &<< 16
        let maxY = aligned ? max(first.y, last.y) &<< (16 &- bits) : Int64(pixels.maxY) &<< 16
        let scale = transform.stretchBound()
        let radius = Fixed(raw: Int32(truncatingIfNeeded: (Int64(entry.cornerRadius.raw) &* scale) &>> 16))
        let blur = Fixed(raw: Int32(truncatingIfNeeded: (Int64(entry.shadowRadius.raw) &* scale) &>> 16))
        let offsetX = Fixed(raw: Int32(truncatingIfNeeded: (Int64(world.a.raw) &* Int64(entry.shadowOffset.width.raw)
            &+ Int64(world.c.raw) &* Int64(entry.shadowOffset.height.raw)) &>> 16))
        let offsetY = Fixed(raw: Int32(truncatingIfNeeded: (Int64(world.b.raw) &* Int64(entry.shadowOffset.width.raw)
            &+ Int64(world.d.raw) &* Int64(entry.shadowOffset.height.raw)) &>> 16))
        let alpha = UInt8(truncatingIfNeeded: ChannelMath.multiply(UInt32(Compositor.alpha8(entry.shadowOpacity)),
                                                                   UInt32(opacity)))
        let premultiplied = color.premultiplied()
        let target = context.target
        try Compositor.check(_unsafePerformance { Result { () throws(RasterError) in
            let shape = try RoundedRect(
                rect: Rect(x: Fixed(raw: Int32(truncatingIfNeeded: minX)), y: Fixed(raw: Int32(truncatingIfNeeded: minY)),
                           width: Fixed(raw: Int32(truncatingIfNeeded: maxX &- minX)),
                           height: Fixed(raw: Int32(truncatingIfNeeded: maxY &- minY))),
                cornerRadius: radius)
            try shadows.drawShadow(of: shape, color: premultiplied, opacity: alpha, offsetX: offsetX, offsetY: offsetY,
                                   radius: blur, into: target)
        } })
    }
}
