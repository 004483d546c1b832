import FixedPoint

/// Gradient stop morphs on the frame path: an animation's scratch stops rewritten in place.
extension Engine {
    /// The `colors` / `locations` slot value (stops index + 1, 0 = the layer's own) to present for a morph
    /// from slot value `from` to `to` at `progress` on the gradient layer `layerIndex`: the scratch stops
    /// `scratch` become the stop-by-stop interpolation of both ends (Raster's `setStops(interpolating:)`,
    /// colours and locations at `progress`) and their slot value is returned; for ends of different counts
    /// the value switches at progress ½ as every value that cannot be interpolated.
    @_noAllocation
    func morphStops(scratch: Int32, from: Int32, to: Int32, progress: Progress, layer layerIndex: Int32) -> Int32 {
        let own = nodes[layerIndex].gradient
        let first = from > 0 ? from &- 1 : own, second = to > 0 ? to &- 1 : own
        let resources = frameResources
        // The stops are boxes in an array of the resources (rewritten in place, no copy): reading one retains
        // it, which the performance checker cannot tell from an allocation; the malloc-counting test can.
        let morphed = _unsafePerformance {
            resources.takeUnretainedValue().morphStops(scratch, from: first, to: second, progress: progress)
        }
        guard morphed else { return progress.raw >= Progress.one.raw &>> 1 ? to : from }
        return scratch &+ 1
    }
}
