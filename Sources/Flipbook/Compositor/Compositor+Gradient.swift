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
        var gradient = _unsafePerformance { Compositor.presentedStops(entry.gradient, resources.takeUnretainedValue()) }
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

    /// The layer's gradient with its presented `colors` and `locations` (stops replacing its own, or an
    /// animation's morph): colours from one list, locations from the other, each exact (`setStops` at progress
    /// 0 and 1). Lists of another count than the layer's (its gradient set again meanwhile) are not used.
    @inline(__always)
    static func presentedStops(_ content: GradientContent, _ resources: EngineResources) -> Gradient {
        var gradient = resources.gradients[Int(content.storage)].gradient
        guard content.colors >= 0 || content.locations >= 0 else { return gradient }
        let colors = resources.gradient(at: content.colors) ?? gradient
        let locations = resources.gradient(at: content.locations) ?? gradient
        guard colors.stopCount == gradient.stopCount, locations.stopCount == gradient.stopCount else { return gradient }
        try? gradient.setStops(interpolating: colors, locations, colors: .zero, locations: .one)
        return gradient
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
