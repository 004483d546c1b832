import FixedPoint

/// `CALayer.frame`: derived from the position, bounds, anchor point and transform, and settable.
extension Engine {
    /// The layer's frame in its superlayer's coordinates, from its model values (`CALayer.frame`): the box
    /// around its bounds under its transform about the anchor point — the corners mapped as the compositor
    /// maps them (a rotation about x or y flattened, without perspective).
    ///
    /// - Throws: `staleLayer`.
    public func frame(of layer: LayerID) throws(EngineError) -> (x: Double, y: Double, width: Double, height: Double) {
        let model = nodes[Int(try slot(of: layer))].model
        let transform = SlotMath.localTransform(model)
        let left = model.fixed(LayerSlot.boundsX), top = model.fixed(LayerSlot.boundsY)
        let right = left + model.fixed(LayerSlot.boundsWidth), bottom = top + model.fixed(LayerSlot.boundsHeight)
        var minimum = transform.apply(to: Point(x: left, y: top)), maximum = minimum
        for corner in [Point(x: right, y: top), Point(x: left, y: bottom), Point(x: right, y: bottom)] {
            let mapped = transform.apply(to: corner)
            minimum = Point(x: Swift.min(minimum.x, mapped.x), y: Swift.min(minimum.y, mapped.y))
            maximum = Point(x: Swift.max(maximum.x, mapped.x), y: Swift.max(maximum.y, mapped.y))
        }
        return (minimum.x.doubleValue, minimum.y.doubleValue,
                (maximum.x - minimum.x).doubleValue, (maximum.y - minimum.y).doubleValue)
    }

    /// Sets the layer's frame (`CALayer.frame = …`): its bounds' size and its position, each through
    /// `setValue` (so in an animating transaction `bounds.size` and `position` animate implicitly, as in Core
    /// Animation); the bounds' origin, the anchor point and the transform stay.
    ///
    /// - Throws: `staleLayer`; `invalidValue` naming `frame` for a layer that is rotated or scaled (Core
    ///   Animation leaves such a frame undefined: set `bounds` and `position` instead), and for a value that is
    ///   not finite or a negative size; what `setValue` throws.
    public func setFrame(x: Double, y: Double, width: Double, height: Double, of layer: LayerID) throws(EngineError) {
        let layerIndex = try slot(of: layer)
        let model = nodes[Int(layerIndex)].model
        for value in [x, y, width, height] where !value.isFinite {
            throw .invalidValue(layer: layerName(layerIndex), field: "frame", value: value, reason: .notFinite)
        }
        for value in [width, height] where value < 0 {
            throw .invalidValue(layer: layerName(layerIndex), field: "frame", value: value, reason: .negative)
        }
        let turns = [LayerSlot.rotationX, LayerSlot.rotationY, LayerSlot.rotationZ].contains { model.slots[$0] != 0 }
        let scales = model.slots[LayerSlot.scaleX] != 1 << 16 || model.slots[LayerSlot.scaleY] != 1 << 16
        if turns || scales {
            throw .invalidValue(layer: layerName(layerIndex), field: "frame", value: x, reason: .transformed)
        }
        let anchorX = model.fixed(LayerSlot.anchorX).doubleValue, anchorY = model.fixed(LayerSlot.anchorY).doubleValue
        let shiftX = model.fixed(LayerSlot.translationX).doubleValue, shiftY = model.fixed(LayerSlot.translationY).doubleValue
        try setValue(.pair(width, height), for: .boundsSize, of: layer)
        try setValue(.pair(x + anchorX * width - shiftX, y + anchorY * height - shiftY), for: .position, of: layer)
    }
}
