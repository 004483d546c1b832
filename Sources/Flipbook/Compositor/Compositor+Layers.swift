import FixedPoint
import Raster

/// Walking the snapshot: subtrees, offscreen groups, and each layer's own drawing in Core Animation's order.
extension Compositor {
    /// Draws the subtree at `index` into `context` and returns the index after it.
    @_noAllocation
    mutating func drawSubtree(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int,
                              _ context: DrawContext) throws(CompositorError) -> Int {
        let entry = entries[index]
        let end = max(Int(entry.subtreeEnd), index &+ 1)
        if entry.isHidden || (entry.isMask && !context.drawingMask) { return end }
        let region = visibleRegion(index, context)
        let opacity = Compositor.alpha8(entry.opacity)
        if region.isEmpty || opacity == 0 { return end }
        if TransitionPlacement.isSide(entry, .outgoing), end < context.drawCount,
           TransitionPlacement.isSide(entries[end], .incoming),
           entries[end].id.index == entry.id.index, entries[end].id.generation == entry.id.generation {
            return try drawTransition(entries, outgoing: index, incoming: end, context)
        }
        try drawEntry(entries, index, end: end, region: region, opacity: opacity, context)
        return end
    }

    /// Where the subtree at `index` can show in the context: its planned canvas pixels within the clip,
    /// or the whole clip when drawing flat inside a 3-D layer (the plan's canvas bounds do not apply).
    @_noAllocation
    @inline(__always)
    func visibleRegion(_ index: Int, _ context: DrawContext) -> IntRect {
        if case .some = context.frame { return context.target.clip }
        return plan.subtreeBounds[index].intersection(context.target.clip)
    }

    /// Draws the subtree `index ..< end` (visible within `region`) straight in, as an offscreen group, or
    /// projected (a 3-D layer outside any other 3-D layer, or one with perspective of its own inside one).
    @_noAllocation
    mutating func drawEntry(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int, end: Int,
                            region: IntRect, opacity: UInt8, _ context: DrawContext) throws(CompositorError) {
        if case .some = entries[index].transform3D {
            if case .none = context.frame {
                if let map = screenMap(entries, index) {
                    try drawProjected(entries, index, end: end, opacity: opacity, map: map, context)
                }
                return
            }
            if let map = nestedMap(entries, index, context) {
                try drawProjected(entries, index, end: end, opacity: opacity, map: map, context)
                return
            }
        }
        if needsGroup(entries[index], hasSublayers: end > index &+ 1, opacity: opacity) {
            try drawGroup(entries, index, end: end, region: region, opacity: opacity, context)
        } else {
            try drawLayer(entries, index, end: end, opacity: opacity, context)
        }
    }

    /// Whether the layer must be composited as one offscreen image: a mask, or group
    /// opacity over more than one thing drawn (overlaps would otherwise show through each other).
    @inline(__always)
    @_noAllocation
    func needsGroup(_ entry: PresentationLayer, hasSublayers: Bool, opacity: UInt8) -> Bool {
        if entry.maskIndex >= 0 { return true }
        return opacity < 255 && (hasSublayers || Compositor.ownPrimitiveCount(entry) > 1)
    }

    /// Draws the layer and its subtree offscreen, then composites that image faded by `opacity`, through
    /// the layer's mask (if any) and the context's clip.
    @_noAllocation
    mutating func drawGroup(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int, end: Int,
                            region: IntRect, opacity: UInt8, _ context: DrawContext) throws(CompositorError) {
        let group = try groups.acquire(region: region)
        defer { groups.release() }
        var inner = context
        inner.target = group
        inner.clip = nil
        try drawLayer(entries, index, end: end, opacity: 255, inner)
        let maskIndex = Int(entries[index].maskIndex)
        if maskIndex >= 0 && maskIndex < entries.count {
            let mask = try coverage.acquire(region: region)
            defer { coverage.release() }
            var maskContext = DrawContext(target: mask, clip: nil, resources: context.resources,
                                          drawCount: context.drawCount, drawingMask: true)
            maskContext.frame = context.frame
            _ = try drawSubtree(entries, maskIndex, maskContext)
            if let clip = context.clip { CoverageMath.multiply(mask, by: clip, region: region) }
            OffscreenCompositing.composite(group, over: context.target, region: region, opacity: opacity, mask: mask)
        } else {
            OffscreenCompositing.composite(group, over: context.target, region: region, opacity: opacity,
                                           mask: context.clip)
        }
    }

    /// Draws the layer itself and its sublayers straight into the context: shadow, background, content,
    /// sublayers (through the rounded-bounds clip when it masks to bounds), border. `opacity` fades the
    /// layer's single primitive when it has no sublayers (otherwise it is 255 and a group fades).
    @_noAllocation
    mutating func drawLayer(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int, end: Int,
                            opacity: UInt8, _ context: DrawContext) throws(CompositorError) {
        let entry = entries[index]
        var world = Compositor.worldAffine(entry, offsetX: plan.offsetX[index], offsetY: plan.offsetY[index])
        if case .some(let frame) = context.frame { world = Compositor.concatenate(frame, world) }
        if LayerExtent.hasShadow(entry) {
            if case .some(let path) = entry.shadowPath {
                try drawPathShadow(entry, path: path, world: world, opacity: opacity, context)
            } else if !LayerExtent.castsBoundsShadow(entry, hasSublayers: end > index &+ 1) {
                try drawSilhouetteShadowed(entries, index, end: end, world: world, opacity: opacity, context)
                return
            } else {
                try drawShadow(entry, world: world, opacity: opacity, context)
            }
        }
        try drawLayerBody(entries, index, end: end, world: world, opacity: opacity, context)
    }

    /// Everything the layer draws but its shadow: background, content, sublayers (through the
    /// rounded-bounds clip when it masks to bounds), border; `world` is its transform into the target.
    @_noAllocation
    mutating func drawLayerBody(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int, end: Int,
                                world: Affine, opacity: UInt8, _ context: DrawContext) throws(CompositorError) {
        let entry = entries[index]
        let transform = SubpixelMapping(world)
        let box = Compositor.boundsBox(entry.bounds)
        if let color = entry.backgroundColor, LayerExtent.hasBackground(entry) {
            outline.setRoundedRect(minX: box.0, minY: box.1, maxX: box.2, maxY: box.3,
                                   radius: Int64(entry.cornerRadius.raw), transform: transform)
            try fillOutline(color: color, opacity: opacity, rule: .nonZero, context)
        }
        var inner = context
        let clips = entry.masksToBounds && (end > index &+ 1 || Compositor.hasContent(entry))
        if clips {
            let region = visibleRegion(index, context)
            let clip = try coverage.acquire(region: region)
            inner.clip = clip
            let clipContext = DrawContext(target: clip, clip: context.clip, resources: context.resources,
                                          drawCount: context.drawCount, drawingMask: true)
            outline.setRoundedRect(minX: box.0, minY: box.1, maxX: box.2, maxY: box.3,
                                   radius: Int64(entry.cornerRadius.raw), transform: transform)
            try fillOutline(color: .white, opacity: 255, rule: .nonZero, clipContext)
        }
        defer { if clips { coverage.release() } }
        try drawContent(entry, world: world, opacity: opacity, inner)
        var child = index &+ 1
        while child < end {
            child = try drawSubtree(entries, child, inner)
        }
        if let color = entry.borderColor, LayerExtent.hasBorder(entry) {
            try drawBorder(entry, box: box, color: color, opacity: opacity, transform: transform, context)
        }
    }

    /// The border: the ring between the rounded bounds and the bounds inset by the border width, whose
    /// corner radius is max(0, cornerRadius − borderWidth).
    @_noAllocation
    mutating func drawBorder(_ entry: PresentationLayer, box: (Int64, Int64, Int64, Int64), color: Color,
                             opacity: UInt8, transform: SubpixelMapping, _ context: DrawContext) throws(CompositorError) {
        let width = Int64(entry.borderWidth.raw), radius = Int64(entry.cornerRadius.raw)
        do {
            try rasterizer.reset(clip: context.target.clip)
            outline.setRoundedRect(minX: box.0, minY: box.1, maxX: box.2, maxY: box.3, radius: radius,
                                   transform: transform)
            try outline.addEdges(to: &rasterizer)
            outline.setRoundedRect(minX: box.0 &+ width, minY: box.1 &+ width, maxX: box.2 &- width,
                                   maxY: box.3 &- width, radius: max(0, radius &- width), transform: transform)
            try outline.addEdges(to: &rasterizer, reversed: true)
        } catch { throw .geometry(error) }
        renderCoverage(color: color, opacity: opacity, rule: .nonZero, context)
    }

    /// Fills the outline currently built, in `color` faded by `opacity`, through the context's clip.
    @_noAllocation
    mutating func fillOutline(color: Color, opacity: UInt8, rule: FillRule,
                              _ context: DrawContext) throws(CompositorError) {
        do {
            try rasterizer.reset(clip: context.target.clip)
            try outline.addEdges(to: &rasterizer)
        } catch { throw .geometry(error) }
        renderCoverage(color: color, opacity: opacity, rule: rule, context)
    }

    /// Sends the rasterizer's accumulated coverage to a solid-colour sink over the context's target.
    @_noAllocation
    mutating func renderCoverage(color: Color, opacity: UInt8, rule: FillRule, _ context: DrawContext) {
        let premultiplied = color.premultiplied()
        // The clip buffer is canvas-sized like every target, so the sink cannot refuse it.
        guard var sink = try? SolidColorSink(surface: context.target, color: premultiplied, opacity: opacity,
                                             mask: context.clip) else { return }
        rasterizer.render(rule: rule, into: &sink)
    }

    /// Whether the layer has shape, image or custom-drawn content to draw.
    @_noAllocation
    @inline(__always)
    static func hasContent(_ entry: PresentationLayer) -> Bool {
        switch entry.kind {
        case .shape: if case .some = entry.shape.path { return true }
        case .image: if case .some = entry.image.image { return true }
        case .custom: if case .some = entry.custom.surface { return true }
        case .text: return LayerExtent.hasText(entry)
        case .gradient: return LayerExtent.hasGradient(entry)
        case .plain, .replicator: break
        }
        return false
    }

    /// How many separate things the layer draws itself (shadow, background, fill, stroke, image, border):
    /// with one, fading it directly equals fading it as a group.
    @inline(__always)
    @_noAllocation
    static func ownPrimitiveCount(_ entry: PresentationLayer) -> Int {
        var count = 0
        if LayerExtent.hasShadow(entry) { count &+= 1 }
        if LayerExtent.hasBackground(entry) { count &+= 1 }
        if LayerExtent.hasBorder(entry) { count &+= 1 }
        switch entry.kind {
        case .shape:
            if case .some = entry.shape.path {
                if let fill = entry.shape.fillColor, fill.alpha > 0 { count &+= 1 }
                if let stroke = entry.shape.strokeColor, stroke.alpha > 0 { count &+= 1 }
            }
        case .image: if case .some = entry.image.image { count &+= 1 }
        case .custom: if case .some = entry.custom.surface { count &+= 1 }
        // Glyphs are filled one by one and may overlap: a faded text layer is drawn as a group.
        case .text: if LayerExtent.hasText(entry) { count &+= 2 }
        case .gradient: if LayerExtent.hasGradient(entry) { count &+= 1 }
        case .plain, .replicator: break
        }
        return count
    }

    /// Opacity 0 … 1 (Q16.16) as 0 … 255, rounded to nearest; values outside [0, 1] (undefined in Core
    /// Animation) draw as fully transparent or fully opaque.
    @inline(__always)
    @_noAllocation
    static func alpha8(_ opacity: Fixed) -> UInt8 {
        let scaled = (Int64(opacity.raw) &* 255 &+ 0x8000) &>> 16
        return UInt8(truncatingIfNeeded: min(max(scaled, 0), 255))
    }

    /// The bounds rectangle as raw Q16.16 edges (min x, min y, max x, max y).
    @inline(__always)
    @_noAllocation
    static func boundsBox(_ bounds: Rect) -> (Int64, Int64, Int64, Int64) {
        (Int64(bounds.minX.raw), Int64(bounds.minY.raw), Int64(bounds.maxX.raw), Int64(bounds.maxY.raw))
    }
}
