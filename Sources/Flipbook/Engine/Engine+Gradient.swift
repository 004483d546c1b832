import FixedPoint
import Raster

/// The kind of gradient a gradient layer draws (`CAGradientLayerType`): Raster's type.
public typealias GradientType = Raster.GradientKind

extension Engine {
    /// Sets a gradient layer's `type`, `colors` (2 … 16, straight sRGB) and `locations` (as many, non-decreasing
    /// in 0 … 1; nil: evenly spaced). Takes effect at the next frame, without an animation, and resets the
    /// layer's `colors` and `locations` key paths to these stops. The first call registers the layer's gradient
    /// storage (at setup; later calls reuse it and allocate nothing beyond the caller's arrays).
    ///
    /// - Throws: `staleLayer`, `wrongLayerKind` for a layer that is not a gradient layer, `invalidValue` naming
    ///   `colors` (a count outside 2 … 16) or `locations` (another count, a location outside 0 … 1 or below
    ///   the one before), `poolFull(.resources)`.
    public func setGradient(_ type: GradientType, colors: [Color], locations: [Fixed]? = nil,
                            of layer: LayerID) throws(EngineError) {
        let layerIndex = try checkedKind(layer, .gradient, field: "colors")
        let gradient = try Engine.stops(type, colors: colors, locations: locations, layer: layerName(layerIndex))
        try EngineResources.store(GradientBox(gradient), in: &presentation.resources.gradients,
                                  slot: &nodes[Int(layerIndex)].gradient)
        for slot in [LayerSlot.colors, LayerSlot.locations] {
            nodes[Int(layerIndex)].model.slots[slot] = 0
            nodes[Int(layerIndex)].presentation.slots[slot] = 0
        }
        nodes[Int(layerIndex)].settingsChanged = true
    }

    /// Registers `colors` (2 … 16, straight sRGB) as a value of gradient layers' `colors` key path
    /// (`setValue(.stops(id), for: .colors, of:)`, an animation's from / to / values): the colours replace
    /// the layer's, its locations stay. Registered once (setup time), never removed.
    ///
    /// - Throws: `invalidValue` naming `colors` (a count outside 2 … 16), `poolFull(.resources)`.
    public func addGradientStops(colors: [Color]) throws(EngineError) -> GradientStopsID {
        try presentation.resources.add(Engine.stops(.axial, colors: colors, locations: nil, layer: nil))
    }

    /// Registers `locations` (2 … 16, non-decreasing in 0 … 1) as a value of gradient layers' `locations` key
    /// path: the locations replace the layer's, its colours stay. Registered once, never removed.
    ///
    /// - Throws: `invalidValue` naming `locations`, `poolFull(.resources)`.
    public func addGradientStops(locations: [Fixed]) throws(EngineError) -> GradientStopsID {
        let colors = [Color](repeating: .clear, count: locations.count)
        return try presentation.resources.add(Engine.stops(.axial, colors: colors, locations: locations, layer: nil,
                                                           countField: "locations"))
    }

    /// Checks a `colors` or `locations` value for the gradient layer `layerIndex`: registered stops, as many
    /// as the layer's gradient has (a value of another count could not be drawn with the layer's other half).
    ///
    /// - Throws: `unknownResource(.gradientStops)`, `invalidValue` naming the key path and the count.
    func checkStops(_ value: PropertyValue, for property: LayerProperty, layer layerIndex: Int32) throws(EngineError) {
        guard case let .stops(id?) = value else { return }
        guard let stops = presentation.resources.gradient(at: Int32(id.index)) else {
            throw .unknownResource(.gradientStops, index: Int(id.index))
        }
        let count = presentation.resources.gradient(at: nodes[Int(layerIndex)].gradient)?.stopCount ?? 0
        guard stops.stopCount == count else {
            throw .invalidValue(layer: layerName(layerIndex), field: property.keyPath, value: Double(stops.stopCount),
                                reason: .outOfRange(min: Double(count), max: Double(count)))
        }
    }

    /// Why an animation of `colors` or `locations` cannot be relative.
    public static let stopsRelativeRefusal =
        "gradient stops have no relative change (give fromValue and toValue, or values; not additive or cumulative)"

    /// Checks a keyframe animation of `colors` or `locations` on the layer `layerIndex`; returns its scratch
    /// stops (−1 for a discrete one, which only switches).
    func keyframeScratchStops(_ keyframe: KeyframeAnimation, layer layerIndex: Int32) throws(EngineError) -> Int32 {
        guard !keyframe.isAdditive, !keyframe.isCumulative else {
            throw .invalidAnimation(field: "additive", reason: Engine.stopsRelativeRefusal)
        }
        for value in keyframe.values { try checkStops(value, for: keyframe.keyPath, layer: layerIndex) }
        guard keyframe.calculationMode != .discrete, keyframe.values.count > 1 else { return -1 }
        return try makeScratchStops(layer: layerIndex)
    }

    /// Scratch stops for an animation of `colors` or `locations` on the layer `layerIndex` that interpolates:
    /// the frame rewrites them with the morph between its two values.
    func makeScratchStops(layer layerIndex: Int32) throws(EngineError) -> Int32 {
        guard let own = presentation.resources.gradient(at: nodes[Int(layerIndex)].gradient) else { return -1 }
        return try presentation.resources.makeScratchStops(like: own)
    }

    /// A gradient of `type` with `colors` at `locations` (evenly spaced when nil), validated; a stop count outside
    /// 2 … 16 is named as `countField`'s.
    private static func stops(_ type: GradientType, colors: [Color], locations: [Fixed]?, layer name: LayerName?,
                              countField: String = "colors") throws(EngineError) -> Gradient {
        guard colors.count >= 2, colors.count <= Gradient.maximumStops else {
            throw .invalidValue(layer: name, field: countField, value: Double(colors.count),
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
        return gradient
    }
}
