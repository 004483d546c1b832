import FixedPoint
import Raster

/// The kind of gradient a gradient layer draws (`CAGradientLayerType`): Raster's type.
public typealias GradientType = Raster.GradientKind

extension Engine {
    /// Sets a gradient layer's `type`, `colors` (2 … 16, straight sRGB) and `locations` (as many, non-decreasing
    /// in 0 … 1; nil: evenly spaced). Takes effect at the next frame, without an animation. The first call
    /// registers the layer's gradient storage (at setup; later calls reuse it and allocate nothing beyond the
    /// caller's arrays).
    ///
    /// - Throws: `staleLayer`, `wrongLayerKind` for a layer that is not a gradient layer, `invalidValue` naming
    ///   `colors` (a count outside 2 … 16) or `locations` (another count, a location outside 0 … 1 or below
    ///   the one before), `poolFull(.resources)`.
    public func setGradient(_ type: GradientType, colors: [Color], locations: [Fixed]? = nil,
                            of layer: LayerID) throws(EngineError) {
        let layerIndex = try checkedKind(layer, .gradient, field: "colors")
        let name = layerName(layerIndex)
        guard colors.count >= 2, colors.count <= Gradient.maximumStops else {
            throw .invalidValue(layer: name, field: "colors", value: Double(colors.count),
                                reason: .outOfRange(min: 2, max: Double(Gradient.maximumStops)))
        }
        if let locations, locations.count != colors.count {
            throw .invalidValue(layer: name, field: "locations", value: Double(locations.count),
                                reason: .outOfRange(min: Double(colors.count), max: Double(colors.count)))
        }
        var gradient = Gradient(kind: type, start: .zero, end: .zero)
        for (index, color) in colors.enumerated() {
            // Evenly spaced: index / (count − 1), rounded to Q16.16.
            let even = Fixed(raw: Int32((Int64(index) << 16 + Int64(colors.count - 1) / 2) / Int64(colors.count - 1)))
            let location = locations?[index] ?? even
            do throws(RasterError) {
                try gradient.appendStop(location: location, color: color)
            } catch {
                throw .invalidValue(layer: name, field: "locations", value: location.doubleValue,
                                    reason: .outOfRange(min: 0, max: 1))
            }
        }
        try EngineResources.store(gradient, in: &presentation.resources.gradients,
                                  slot: &nodes[Int(layerIndex)].gradient)
        nodes[Int(layerIndex)].settingsChanged = true
    }
}
