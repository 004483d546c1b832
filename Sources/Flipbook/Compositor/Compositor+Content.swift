import FixedPoint
import Raster

/// A layer's content and shadow: shape fill and stroke, image placed by its gravity, drop shadow.
extension Compositor {
    /// The layer's world transform with the device offset of a transition folded in.
    @_noAllocation
    @inline(__always)
    static func worldAffine(_ entry: PresentationLayer, offsetX: Int64, offsetY: Int64) -> Affine {
        var affine = entry.transform
        affine.tx = Fixed(raw: Int32(truncatingIfNeeded: Int64(affine.tx.raw) &+ offsetX))
        affine.ty = Fixed(raw: Int32(truncatingIfNeeded: Int64(affine.ty.raw) &+ offsetY))
        return affine
    }

    /// Draws the entry's content (shape, image, custom-drawn backing surface, text or gradient) into the context.
    @_noAllocation
    mutating func drawContent(_ entry: PresentationLayer, world: Affine, opacity: UInt8,
                              _ context: DrawContext) throws(CompositorError) {
        let resources = context.resources
        if case .some(let tint) = entry.contentTint {
            switch entry.kind {
            case .image, .custom, .gradient:
                try drawTinted(entry, tint: tint, world: world, opacity: opacity, context)
                return
            case .shape, .text, .plain, .replicator:
                break  // their colours are tinted in the snapshot
            }
        }
        switch entry.kind {
        case .shape:
            try drawShape(entry.shape, world: world, opacity: opacity, context)
        case .image:
            guard case .some(let id) = entry.image.image,
                  let image = _unsafePerformance({ resources.takeUnretainedValue().image(for: id) }) else { return }
            try drawBitmap(image, contentsRect: entry.image.contentsRect, gravity: entry.image.gravity,
                           bounds: entry.bounds, world: world, opacity: opacity, context)
        case .custom:
            guard case .some(let id) = entry.custom.surface,
                  let backing = _unsafePerformance({ resources.takeUnretainedValue().surface(for: id) }) else { return }
            try drawBitmap(backing, contentsRect: Rect(x: .zero, y: .zero, width: .one, height: .one), gravity: .resize,
                           bounds: entry.bounds, world: world, opacity: opacity, context)
        case .text:
            try drawText(entry, world: world, opacity: opacity, context)
        case .gradient:
            try drawGradient(entry, world: world, opacity: opacity, context)
        case .plain, .replicator:
            return
        }
    }

    /// A replicator instance's picture, backing store or gradient: drawn offscreen, its red, green and blue
    /// multiplied by the tint's (`OffscreenCompositing.tint`), then composited through the context's clip.
    @_noAllocation
    mutating func drawTinted(_ entry: PresentationLayer, tint: Color, world: Affine, opacity: UInt8,
                             _ context: DrawContext) throws(CompositorError) {
        let region = context.target.clip
        if region.isEmpty { return }
        let buffer = try groups.acquire(region: region)
        defer { groups.release() }
        var inner = context
        inner.target = buffer
        inner.clip = nil
        var untinted = entry
        untinted.contentTint = nil
        try drawContent(untinted, world: world, opacity: opacity, inner)
        OffscreenCompositing.tint(buffer, by: tint, region: region)
        OffscreenCompositing.composite(buffer, over: context.target, region: region, opacity: 255, mask: context.clip)
    }

    /// CAShapeLayer: the path filled with its rule, then stroked (trimmed to strokeStart … strokeEnd).
    @_noAllocation
    mutating func drawShape(_ shape: ShapeContent, world: Affine, opacity: UInt8,
                            _ context: DrawContext) throws(CompositorError) {
        guard case .some(let id) = shape.path else { return }
        var fill: Color? = nil, stroke: Color? = nil
        if let color = shape.fillColor, color.alpha > 0 { fill = color }
        if let color = shape.strokeColor, color.alpha > 0, shape.lineWidth.raw > 0,
           shape.strokeEnd.raw > shape.strokeStart.raw { stroke = color }
        if case .none = fill, case .none = stroke { return }
        let style = StrokeStyle(lineWidth: shape.lineWidth, lineCap: shape.lineCap,
                                lineJoin: shape.lineJoin, miterLimit: shape.miterLimit,
                                strokeStart: Progress(raw: (shape.strokeStart.raw &+ 1) &>> 1),
                                strokeEnd: Progress(raw: (shape.strokeEnd.raw &+ 1) &>> 1))
        let rule = shape.fillRule
        let resources = context.resources
        // Paths are values with reference-counted storage: reading one retains it, which the
        // performance checker cannot tell from an allocation (the malloc-counting test shows none).
        let failure = _unsafePerformance { () -> GeometryError? in
            guard let path = resources.takeUnretainedValue().path(for: id) else { return nil }
            do throws(GeometryError) {
                if let fill {
                    try rasterizer.reset(clip: context.target.clip)
                    try rasterizer.addPath(path, transform: world)
                    renderCoverage(color: fill, opacity: opacity, rule: rule, context)
                }
                if let stroke {
                    try rasterizer.reset(clip: context.target.clip)
                    try rasterizer.addStroke(path, style: style, transform: world)
                    renderCoverage(color: stroke, opacity: opacity, rule: .nonZero, context)
                }
            } catch { return error }
            return nil
        }
        if let failure { throw .geometry(failure) }
    }

    /// The `contentsRect` part of a bitmap (an image layer's image, a custom-drawn layer's backing surface)
    /// placed in the bounds by `gravity`, bilinear, through the clip (drawn offscreen first when a clip applies,
    /// since image drawing takes no mask).
    @_noAllocation
    mutating func drawBitmap(_ bitmap: Surface, contentsRect: Rect, gravity: ContentsGravity, bounds: Rect,
                             world: Affine, opacity: UInt8, _ context: DrawContext) throws(CompositorError) {
        guard let part = ContentsPart(contentsRect: contentsRect, imageWidth: bitmap.width,
                                      imageHeight: bitmap.height) else { return }
        let placement = ContentsPlacement.affine(gravity: gravity, bounds: bounds, contentWidth: part.width,
                                                 contentHeight: part.height)
        var transform = Compositor.concatenate(world, placement)
        if part.region.minX != 0 || part.region.minY != 0 {
            transform = Compositor.concatenate(transform, Compositor.translation(x: 0 &- part.region.minX,
                                                                                 y: 0 &- part.region.minY))
        }
        let hull = part.hull, source = part.region
        let mapping: ImageTransform
        do throws(RasterError) {
            mapping = try ImageTransform(transform)
        } catch {
            return  // A singular placement (zero-sized bounds) shows nothing.
        }
        if let clip = context.clip {
            let region = context.target.clip
            let buffer = try groups.acquire(region: region)
            defer { groups.release() }
            try Compositor.check(_unsafePerformance {
                Result { () throws(RasterError) in
                    try buffer.drawImage(try bitmap.part(hull), region: source, transform: mapping, opacity: 255)
                }
            })
            OffscreenCompositing.composite(buffer, over: context.target, region: region, opacity: opacity, mask: clip)
        } else {
            let target = context.target
            try Compositor.check(_unsafePerformance {
                Result { () throws(RasterError) in
                    try target.drawImage(try bitmap.part(hull), region: source, transform: mapping, opacity: opacity)
                }
            })
        }
    }

    /// `outer` applied after `inner` (points go through `inner` first), in Q16.16.
    @_noAllocation
    @inline(__always)
    static func concatenate(_ outer: Affine, _ inner: Affine) -> Affine {
        Affine(a: outer.a * inner.a + outer.c * inner.b, b: outer.b * inner.a + outer.d * inner.b,
               c: outer.a * inner.c + outer.c * inner.d, d: outer.b * inner.c + outer.d * inner.d,
               tx: outer.a * inner.tx + outer.c * inner.ty + outer.tx, ty: outer.b * inner.tx + outer.d * inner.ty + outer.ty)
    }

    /// The outcome of a raster call made through `_unsafePerformance` (its body is `@_noAllocation` only
    /// in release builds of `Raster`), with its error turned into ours.
    @_noAllocation
    @inline(__always)
    static func check(_ result: Result<Void, RasterError>) throws(CompositorError) {
        if case .failure(let error) = result { throw .raster(error) }
    }
}
