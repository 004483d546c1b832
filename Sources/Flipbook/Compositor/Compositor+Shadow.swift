import FixedPoint
import Raster

/// Drop shadows: Core Animation's shadow is the layer's composited alpha — or its `shadowPath` filled —
/// moved by the offset, blurred by the radius, in the shadow colour at the shadow opacity, under the layer
/// and through any enclosing clip. A layer that draws only an opaque background casts the shadow of its
/// rounded bounds, computed analytically; a shadow path is filled offscreen; any other layer is drawn
/// offscreen first and its alpha is the silhouette.
extension Compositor {
    /// Draws the layer offscreen, then the shadow of that image's alpha (moved by the device offset rounded
    /// to whole pixels), then the image over it, both through the context's clip.
    @_noAllocation
    mutating func drawSilhouetteShadowed(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int, end: Int,
                                         world: Affine, opacity: UInt8, _ context: DrawContext) throws(CompositorError) {
        let entry = entries[index]
        let reach = LayerExtent.shadowReach(entry, world: world)
        let offset = LayerExtent.shadowDeviceOffset(entry, world: world)
        let shift = (x: Int(truncatingIfNeeded: (offset.x &+ 0x8000) &>> 16),
                     y: Int(truncatingIfNeeded: (offset.y &+ 0x8000) &>> 16))
        let target = context.target
        // What shows in the clip, and what casts a shadow into it.
        let region = target.clip.union(target.clip.insetBy(0 &- reach).offsetBy(dx: 0 &- shift.x, dy: 0 &- shift.y))
            .intersection(canvas)
        let silhouette = try groups.acquire(region: region)
        defer { groups.release() }
        var inner = context
        inner.target = silhouette
        inner.clip = nil
        try drawLayerBody(entries, index, end: end, world: world, opacity: 255, inner)
        try castShadow(ofAlpha: silhouette, entry, world: world, shift: shift, opacity: opacity, context)
        OffscreenCompositing.composite(silhouette, over: target, region: target.clip, opacity: opacity, mask: context.clip)
    }

    /// Draws the shadow of the layer's `shadowPath`: the path filled (non-zero winding) offscreen under the
    /// layer's transform, then its alpha moved, blurred and tinted as a silhouette's, through the context's
    /// clip. The layer itself is drawn over it as without a shadow.
    @_noAllocation
    mutating func drawPathShadow(_ entry: PresentationLayer, path id: PathID, world: Affine, opacity: UInt8,
                                 _ context: DrawContext) throws(CompositorError) {
        let reach = LayerExtent.shadowReach(entry, world: world)
        let offset = LayerExtent.shadowDeviceOffset(entry, world: world)
        let shift = (x: Int(truncatingIfNeeded: (offset.x &+ 0x8000) &>> 16),
                     y: Int(truncatingIfNeeded: (offset.y &+ 0x8000) &>> 16))
        // The pixels whose shadow can land in the clip.
        let region = context.target.clip.insetBy(0 &- reach).offsetBy(dx: 0 &- shift.x, dy: 0 &- shift.y)
            .intersection(canvas)
        guard !region.isEmpty else { return }
        let silhouette = try groups.acquire(region: region)
        defer { groups.release() }
        var inner = context
        inner.target = silhouette
        inner.clip = nil
        let resources = context.resources
        // Reading a path retains its storage, which the checker cannot tell from an allocation.
        let failure = _unsafePerformance { () -> GeometryError? in
            guard let path = resources.takeUnretainedValue().path(for: id) else { return nil }
            do throws(GeometryError) {
                try rasterizer.reset(clip: silhouette.clip)
                try rasterizer.addPath(path, transform: world)
            } catch { return error }
            return nil
        }
        if let failure { throw .geometry(failure) }
        renderCoverage(color: .white, opacity: 255, rule: .nonZero, inner)
        try castShadow(ofAlpha: silhouette, entry, world: world, shift: shift, opacity: opacity, context)
    }

    /// The shadow of `silhouette`'s alpha moved by `shift` whole pixels, blurred by the layer's radius under
    /// `world`, in its shadow colour at its shadow opacity × `opacity`, into the context's target through its clip.
    @_noAllocation
    mutating func castShadow(ofAlpha silhouette: Surface, _ entry: PresentationLayer, world: Affine,
                             shift: (x: Int, y: Int), opacity: UInt8, _ context: DrawContext) throws(CompositorError) {
        guard let color = entry.shadowColor else { return }
        let blur = Fixed(raw: Int32(truncatingIfNeeded: (Int64(entry.shadowRadius.raw)
            &* SubpixelMapping(world).stretchBound()) &>> 16))
        let alpha = UInt8(truncatingIfNeeded: ChannelMath.multiply(UInt32(Compositor.alpha8(entry.shadowOpacity)),
                                                                   UInt32(opacity)))
        let premultiplied = color.premultiplied()
        let target = context.target, clip = context.clip
        try Compositor.check(_unsafePerformance { Result { () throws(RasterError) in
            try shadows.drawShadow(ofAlpha: silhouette, color: premultiplied, opacity: alpha, offsetX: shift.x,
                                   offsetY: shift.y, radius: blur, into: target, mask: clip)
        } })
    }

    /// Draws the shadow of the layer's rounded bounds: offset, blurred by `shadowRadius` (three box blurs
    /// approximating Core Animation's Gaussian), in `shadowColor` at `shadowOpacity`, under everything
    /// the layer draws, through the context's clip. Offsets and radii scale with the transform; rotated
    /// and skewed layers cast the shadow of their bounding box.
    @_noAllocation
    mutating func drawShadow(_ entry: PresentationLayer, world: Affine, opacity: UInt8,
                             _ context: DrawContext) throws(CompositorError) {
        guard let color = entry.shadowColor else { return }
        let transform = SubpixelMapping(world)
        let box = Compositor.boundsBox(entry.bounds)
        let pixels = transform.pixelBounds(minX: box.0, minY: box.1, maxX: box.2, maxY: box.3)
        let first = transform.subpixel(x: box.0, y: box.1), last = transform.subpixel(x: box.2, y: box.3)
        let bits = SubpixelMapping.subpixelBits()
        let aligned = world.b.raw == 0 && world.c.raw == 0
        // Device rectangle in Q16.16: exact for axis-aligned layers, the pixel bounding box otherwise.
        let minX = aligned ? min(first.x, last.x) &<< (16 &- bits) : Int64(pixels.x) &<< 16
        let minY = aligned ? min(first.y, last.y) &<< (16 &- bits) : Int64(pixels.y) &<< 16
        let maxX = aligned ? max(first.x, last.x) &<< (16 &- bits) : Int64(pixels.maxX) &<< 16
        let maxY = aligned ? max(first.y, last.y) &<< (16 &- bits) : Int64(pixels.maxY) &<< 16
        let scale = transform.stretchBound()
        let radius = Fixed(raw: Int32(truncatingIfNeeded: (Int64(entry.cornerRadius.raw) &* scale) &>> 16))
        let blur = Fixed(raw: Int32(truncatingIfNeeded: (Int64(entry.shadowRadius.raw) &* scale) &>> 16))
        let offset = LayerExtent.shadowDeviceOffset(entry, world: world)
        let offsetX = Fixed(raw: Int32(truncatingIfNeeded: offset.x))
        let offsetY = Fixed(raw: Int32(truncatingIfNeeded: offset.y))
        let alpha = UInt8(truncatingIfNeeded: ChannelMath.multiply(UInt32(Compositor.alpha8(entry.shadowOpacity)),
                                                                   UInt32(opacity)))
        let premultiplied = color.premultiplied()
        let target = context.target, clip = context.clip
        try Compositor.check(_unsafePerformance { Result { () throws(RasterError) in
            let shape = try RoundedRect(
                rect: Rect(x: Fixed(raw: Int32(truncatingIfNeeded: minX)), y: Fixed(raw: Int32(truncatingIfNeeded: minY)),
                           width: Fixed(raw: Int32(truncatingIfNeeded: maxX &- minX)),
                           height: Fixed(raw: Int32(truncatingIfNeeded: maxY &- minY))),
                cornerRadius: radius)
            try shadows.drawShadow(of: shape, color: premultiplied, opacity: alpha, offsetX: offsetX, offsetY: offsetY,
                                   radius: blur, into: target, mask: clip)
        } })
    }
}
