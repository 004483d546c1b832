import FixedPoint
import Raster

/// A gradient layer's content: its gradient filling the bounds (`Surface.drawGradient`: exact at pixel
/// centres, one rounding, RGB565 dithered).
extension Compositor {
    /// Draws the entry's gradient through the clip (offscreen first when a clip applies, as for images:
    /// gradient drawing takes no mask).
    @_noAllocation
    mutating func drawGradient(_ entry: PresentationLayer, world: Affine, opacity: UInt8,
                               _ context: DrawContext) throws(CompositorError) {
        guard entry.gradient.storage >= 0, !entry.bounds.isEmpty else { return }
        let resources = context.resources
        var gradient = _unsafePerformance { resources.takeUnretainedValue().gradients[Int(entry.gradient.storage)] }
        gradient.start = entry.gradient.startPoint
        gradient.end = entry.gradient.endPoint
        let bounds = entry.bounds
        if let clip = context.clip {
            let region = context.target.clip
            let buffer = try groups.acquire(region: region)
            defer { groups.release() }
            try Compositor.check(drawn(gradient, bounds: bounds, world: world, opacity: 255, into: buffer))
            OffscreenCompositing.composite(buffer, over: context.target, region: region, opacity: opacity, mask: clip)
        } else {
            try Compositor.check(drawn(gradient, bounds: bounds, world: world, opacity: opacity, into: context.target))
        }
    }

    /// `drawGradient` into `target`; a world transform that flattens the bounds draws nothing.
    @_noAllocation
    @inline(__always)
    func drawn(_ gradient: Gradient, bounds: Rect, world: Affine, opacity: UInt8,
               into target: Surface) -> Result<Void, RasterError> {
        _unsafePerformance {
            Result { () throws(RasterError) in
                do throws(RasterError) {
                    try target.drawGradient(gradient, bounds: bounds, transform: world, opacity: opacity)
                } catch .singularTransform {
                    return
                }
            }
        }
    }
}
