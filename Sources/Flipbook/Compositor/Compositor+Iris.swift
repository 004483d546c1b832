import FixedPoint
import Raster

/// `cameraIris`: a dark iris closes over the old content during the first half of the transition and opens on
/// the new one during the second. Its aperture is a circle about the bounds' centre whose radius runs from half
/// the bounds' diagonal plus one point (the whole layer shows) to 0 and back; the blades fill the rest of the
/// rounded bounds.
extension Compositor {
    /// The blades' colour: opaque dark grey.
    static var irisBladeColor: Color { Color(red: 48, green: 50, blue: 56) }

    /// Draws the iris transition of the layer whose sides are at `outgoing` and `incoming`.
    @_noAllocation
    mutating func drawIris(_ entries: UnsafeBufferPointer<PresentationLayer>, outgoing: Int, incoming: Int,
                           progress: Progress, _ context: DrawContext) throws(CompositorError) {
        let entry = entries[incoming]
        let world = sideWorld(entries, incoming, context)
        let mapping = SubpixelMapping(world)
        let box = Compositor.boundsBox(entry.bounds)
        let one = Int64(Progress.one.raw), raw = min(max(Int64(progress.raw), 0), one)
        let closing = raw &* 2 < one
        let side = closing ? outgoing : incoming
        let page = mapping.pixelBounds(minX: box.0, minY: box.1, maxX: box.2, maxY: box.3)
        let region = visibleRegion(side, context).union(page.intersection(context.target.clip))
        if region.isEmpty { return }
        let content = try groups.acquire(region: region)
        defer { groups.release() }
        var inner = context
        inner.clip = nil
        inner.target = content
        try drawSide(entries, side, inner)
        // The blades: the rounded bounds in their colour (faded as the layer), offscreen.
        let blades = try groups.acquire(region: region)
        defer { groups.release() }
        let offscreen = DrawContext(target: blades, clip: nil, resources: context.resources,
                                    drawCount: context.drawCount, drawingMask: false)
        let opacity = Compositor.alpha8(entry.opacity)
        if !entry.isHidden && opacity > 0 {
            outline.setRoundedRect(minX: box.0, minY: box.1, maxX: box.2, maxY: box.3,
                                   radius: Int64(entry.cornerRadius.raw), transform: mapping)
            try fillOutline(color: Compositor.irisBladeColor, opacity: opacity, rule: .nonZero, offscreen)
        }
        // The aperture's exact coverage weighs the content against the blades, pixel by pixel.
        let aperture = try coverage.acquire(region: region)
        defer { coverage.release() }
        let halfWidth = (box.2 &- box.0) / 2, halfHeight = (box.3 &- box.1) / 2
        let halfDiagonal = Int64(IntegerSquareRoot.nearest(UInt64(halfWidth &* halfWidth &+ halfHeight &* halfHeight)))
        let openness = closing ? one &- 2 &* raw : 2 &* raw &- one
        // Open, the circle reaches a point beyond the corners: the whole layer shows, as before the transition.
        let radius = (halfDiagonal &+ 65_536) &* openness / one
        if radius > 0 {
            let centerX = box.0 &+ halfWidth, centerY = box.1 &+ halfHeight
            outline.setRoundedRect(minX: centerX &- radius, minY: centerY &- radius, maxX: centerX &+ radius,
                                   maxY: centerY &+ radius, radius: radius, transform: mapping)
            try fillOutline(color: .white, opacity: 255, rule: .nonZero,
                            DrawContext(target: aperture, clip: nil, resources: context.resources,
                                        drawCount: context.drawCount, drawingMask: true))
        }
        OffscreenCompositing.dissolve(blades, toward: content, region: region, weights: aperture)
        OffscreenCompositing.composite(blades, over: context.target, region: region, opacity: 255, mask: context.clip)
    }
}
