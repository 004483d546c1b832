import FixedPoint
import Raster

/// Transitions drawn through a warp of a snapshot, evaluated at every pixel (`TransitionWarp`): ripple, suck
/// (genie), page curl and uncurl. The warped side is drawn offscreen through the layer's rounded bounds (the
/// warp bends the page, not what lies beyond it), then, pixel by pixel, from the point its warp names; the
/// other side is drawn beneath as it is.
extension Compositor {
    /// Draws a warp transition of the layer whose sides are at `outgoing` and `incoming`.
    @_noAllocation
    mutating func drawWarpTransition(_ entries: UnsafeBufferPointer<PresentationLayer>, outgoing: Int, incoming: Int,
                                     transition: TransitionFrame, _ context: DrawContext) throws(CompositorError) {
        let entry = entries[incoming]
        let world = sideWorld(entries, incoming, context)
        guard let map = LayerPixelMap(world: world) else { return }  // edge-on: nothing
        let box = Compositor.boundsBox(entry.bounds)
        let page = SubpixelMapping(world).pixelBounds(minX: box.0, minY: box.1, maxX: box.2, maxY: box.3)
            .intersection(context.target.clip)
        let progress = transition.progress
        switch transition.type {
        case .rippleEffect:
            if page.isEmpty { return }
            try drawRipple(entries, outgoing: outgoing, incoming: incoming, map: map, region: page,
                           progress: progress, context)
        case .suckEffect:
            try drawSide(entries, incoming, context)
            if page.isEmpty { return }
            let side = try groups.acquire(region: page)
            defer { groups.release() }
            try drawThroughBounds(entries, outgoing, map: map, into: side, context)
            let target = try warpTarget(page, context)
            try drawWarped(side, through: .suck(SuckWarp(bounds: entry.bounds, progress: progress)), map: map, region: page,
                           whitening: 0, onto: target)
            try finishWarpTarget(target, page, context)
        case .pageCurl, .pageUnCurl:
            var uncurls = false
            if case .pageUnCurl = transition.type { uncurls = true }
            try drawSide(entries, uncurls ? outgoing : incoming, context)
            if page.isEmpty { return }
            let curled = uncurls ? Progress(raw: Progress.one.raw &- progress.raw) : progress
            try drawCurl(entries, uncurls ? incoming : outgoing, edge: transition.subtype, progress: curled, map: map,
                         region: page, context)
        default:
            return
        }
    }

    /// Both sides offscreen through the bounds, cross-dissolved, then drawn through the ripple.
    @_noAllocation
    private mutating func drawRipple(_ entries: UnsafeBufferPointer<PresentationLayer>, outgoing: Int, incoming: Int,
                                     map: LayerPixelMap, region: IntRect, progress: Progress,
                                     _ context: DrawContext) throws(CompositorError) {
        let old = try groups.acquire(region: region)
        defer { groups.release() }
        try drawThroughBounds(entries, outgoing, map: map, into: old, context)
        do {
            let new = try groups.acquire(region: region)
            defer { groups.release() }
            try drawThroughBounds(entries, incoming, map: map, into: new, context)
            OffscreenCompositing.dissolve(old, toward: new, region: region, progress: Compositor.dissolveStep(progress))
        }
        let target = try warpTarget(region, context)
        try drawWarped(old, through: .ripple(RippleWarp(bounds: entries[incoming].bounds, progress: progress)), map: map,
                       region: region, whitening: 0, onto: target)
        try finishWarpTarget(target, region, context)
    }

    /// The side at `index` offscreen through the bounds, then drawn through the curl's front and back passes
    /// (the back of the page mixed three quarters toward white).
    @_noAllocation
    private mutating func drawCurl(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int,
                                   edge: TransitionSubtype, progress: Progress, map: LayerPixelMap, region: IntRect,
                                   _ context: DrawContext) throws(CompositorError) {
        let side = try groups.acquire(region: region)
        defer { groups.release() }
        try drawThroughBounds(entries, index, map: map, into: side, context)
        let bounds = entries[index].bounds
        let target = try warpTarget(region, context)
        try drawWarped(side, through: .curl(PageCurlWarp(bounds: bounds, edge: edge, progress: progress, back: false)),
                       map: map, region: region, whitening: 0, onto: target)
        try drawWarped(side, through: .curl(PageCurlWarp(bounds: bounds, edge: edge, progress: progress, back: true)),
                       map: map, region: region, whitening: 192, onto: target)
        try finishWarpTarget(target, region, context)
    }

    /// Draws the side at `index` into `target` (an offscreen buffer clipped to the region), through the layer's
    /// rounded bounds.
    @_noAllocation
    private mutating func drawThroughBounds(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int,
                                            map: LayerPixelMap, into target: Surface,
                                            _ context: DrawContext) throws(CompositorError) {
        let entry = entries[index]
        let clip = try coverage.acquire(region: target.clip)
        defer { coverage.release() }
        let box = Compositor.boundsBox(entry.bounds)
        outline.setRoundedRect(minX: box.0, minY: box.1, maxX: box.2, maxY: box.3,
                               radius: Int64(entry.cornerRadius.raw), transform: SubpixelMapping(map.world))
        try fillOutline(color: .white, opacity: 255, rule: .nonZero,
                        DrawContext(target: clip, clip: nil, resources: context.resources,
                                    drawCount: context.drawCount, drawingMask: true))
        var inner = context
        inner.target = target
        inner.clip = clip
        try drawSide(entries, index, inner)
    }

    /// Where warped rows are drawn: the context's target, or, when it has a clip, a staging buffer that
    /// `finishWarpTarget` composites through the clip (warped rows take no mask). The caller releases a
    /// staging buffer with `finishWarpTarget`.
    @_noAllocation
    private mutating func warpTarget(_ region: IntRect, _ context: DrawContext) throws(CompositorError) -> Surface {
        if case .none = context.clip { return context.target.clipped(to: region) }
        return try groups.acquire(region: region)
    }

    /// Composites a staging buffer from `warpTarget` through the context's clip and gives it back.
    @_noAllocation
    private mutating func finishWarpTarget(_ target: Surface, _ region: IntRect,
                                           _ context: DrawContext) throws(CompositorError) {
        guard case .some(let clip) = context.clip else { return }
        OffscreenCompositing.composite(target, over: context.target, region: region, opacity: 255, mask: clip)
        groups.release()
    }

    /// Draws `snapshot` (canvas coordinates) over `region` of `target`, each pixel from the point `warp`
    /// names for the layer point at its centre.
    @_noAllocation
    private mutating func drawWarped(_ snapshot: Surface, through warp: TransitionWarp, map: LayerPixelMap,
                                                   region: IntRect, whitening: UInt8,
                                                   onto target: Surface) throws(CompositorError) {
        let image: Surface
        switch _unsafePerformance({ Result { () throws(RasterError) -> Surface in try snapshot.part(region) } }) {
        case .success(let part): image = part
        case .failure(let error): throw .raster(error)
        }
        let originX = Int64(region.x) &<< 16, originY = Int64(region.y) &<< 16
        let xs = warpRow.xs, ys = warpRow.ys
        let nowhere: Int64 = 1 &<< 40  // beyond `Surface.warpPointLimit`: shows nothing
        for y in region.y..<region.maxY {
            for column in 0..<region.width {
                let layer = map.layerPoint(pixelX: region.x &+ column, pixelY: y)
                if let source = warp.source(x: layer.x, y: layer.y) {
                    let canvas = map.canvasPoint(source.x, source.y)
                    xs[column] = canvas.x &- originX
                    ys[column] = canvas.y &- originY
                } else {
                    xs[column] = nowhere
                    ys[column] = nowhere
                }
            }
            try Compositor.check(_unsafePerformance { Result { () throws(RasterError) in
                try target.drawWarpedImageRow(image, y: y, x: region.x, count: region.width, xs: xs, ys: ys,
                                              whitening: whitening)
            } })
        }
    }
}
