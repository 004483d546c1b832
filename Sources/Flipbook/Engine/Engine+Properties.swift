import FixedPoint
import Motion

/// Model values: setters (through transactions), model and presentation getters, settings.
extension Engine {
    /// Sets a property of the layer's model. Inside a transaction (explicit, or the implicit one that
    /// the next `advance` commits) the edit waits in the edit ring; an animatable property of a layer
    /// that has been presented (but `path`) gets an implicit animation (the transaction's duration and curve) from
    /// its current presentation value, unless actions are disabled. A layer that was never presented
    /// takes the value at once (nothing can have shown the old one).
    ///
    /// - Throws: `staleLayer`, `valueKindMismatch`, `invalidValue`, `wrongLayerKind`, `poolFull(.edits)`.
    public func setValue(_ value: PropertyValue, for property: LayerProperty, of layer: LayerID) throws(EngineError) {
        if property == .transform, case .transform(let matrix) = value { return try setTransform(matrix, of: layer) }
        let layerIndex = try slot(of: layer)
        let name = layerName(layerIndex)
        if let owner = property.ownerKind, owner != nodes[Int(layerIndex)].kind {
            throw .wrongLayerKind(layer: name, field: property.keyPath, kind: nodes[Int(layerIndex)].kind)
        }
        let slotValues = try value.slotValues(for: property, layer: name)
        if case let .path(path?) = value, !presentation.resources.isUsable(path) {
            throw .unknownResource(.path, index: Int(path.index))
        }
        try checkStops(value, for: property, layer: layerIndex)
        if property == .instanceCount { try checkReplicaEntries(setting: slotValues[0] >> 16, of: layerIndex) }
        if let capture = blockCapture, capture.layer == nil || capture.layer == layer {
            blockCapture?.changes.append(CapturedChange(layer: layer, property: property, value: value,
                                                        start: capture.start, end: capture.end))
            return
        }
        guard nodes[Int(layerIndex)].hasBeenPresented else {
            SlotMath.write(slotValues, of: property, into: &nodes[Int(layerIndex)].model)
            nodes[Int(layerIndex)].presentation = nodes[Int(layerIndex)].model
            return
        }
        var edit = ModelEdit(layer: layer, target: SlotTarget(property), value: slotValues, action: -1,
                             isCommitted: transactionLevels.isEmpty)
        let level = currentTransaction
        let unchanged = SlotMath.equal(SlotMath.read(property, from: nodes[Int(layerIndex)].model), slotValues)
        if property.hasDefaultAction && !level.disableActions && !unchanged {
            edit.action = try makeImplicitAnimation(property, to: slotValues, layer: layerIndex, level: level)
        }
        guard transactions.push(edit) else {
            if edit.action >= 0 { discardAction(edit.action) }
            throw .poolFull(.edits, capacity: transactions.ring.count)
        }
    }

    /// The model value (committed edits only).
    ///
    /// - Throws: `staleLayer`.
    public func modelValue(of property: LayerProperty, of layer: LayerID) throws(EngineError) -> PropertyValue {
        if property == .transform {
            return try transformValue(of: layer) { (component) throws(EngineError) in try modelValue(of: component, of: layer) }
        }
        return PropertyValue(slotValues: SlotMath.read(property, from: nodes[Int(try slot(of: layer))].model), property: property)
    }

    /// The presentation value at the last `advance` (model plus animations).
    ///
    /// - Throws: `staleLayer`.
    public func presentationValue(of property: LayerProperty, of layer: LayerID) throws(EngineError) -> PropertyValue {
        if property == .transform {
            return try transformValue(of: layer) { (component) throws(EngineError) in
                try presentationValue(of: component, of: layer)
            }
        }
        return PropertyValue(slotValues: SlotMath.read(property, from: nodes[Int(try slot(of: layer))].presentation),
                             property: property)
    }

    /// Sets the layer's own time space (`beginTime`, `speed`, `timeOffset`; SEMANTICS §1.1): applies at once.
    ///
    /// - Throws: `staleLayer`, `invalidValue` naming a non-finite or out-of-range field.
    public func setTiming(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0, of layer: LayerID) throws(EngineError) {
        let layerIndex = try slot(of: layer)
        do {
            nodes[Int(layerIndex)].timing = try LayerTiming(
                beginTime: try MediaTime(seconds: beginTime, field: .beginTime), speed: speed,
                timeOffset: try MediaTime(seconds: timeOffset, field: .timeOffset))
        } catch {
            throw .invalidValue(layer: layerName(layerIndex), field: String(describingField: error),
                                value: Engine.offendingValue(error), reason: .notFinite)
        }
    }

    /// The layer's time space.
    ///
    /// - Throws: `staleLayer`.
    public func timing(of layer: LayerID) throws(EngineError) -> LayerTiming {
        nodes[Int(try slot(of: layer))].timing
    }

    /// Converts a time of `layer`'s local timeline to another layer's (nil: media time), as
    /// `convertTime(_:to:)`; media time → a layer's local time with `from: nil`.
    ///
    /// - Throws: `staleLayer`.
    public func convertTime(_ time: MediaTime, from source: LayerID?, to target: LayerID?) throws(EngineError) -> MediaTime? {
        var media = time
        if let source {
            var chain: [Int32] = []
            var cursor = try slot(of: source)
            while cursor >= 0 {
                chain.append(cursor)
                cursor = nodes[Int(cursor)].parent >= 0 ? nodes[Int(cursor)].parent : nodes[Int(cursor)].maskOwner
            }
            for index in chain {
                guard let parentTime = nodes[Int(index)].timing.parentTime(localTime: media) else { return nil }
                media = parentTime
            }
        }
        guard let target else { return media }
        return localTime(ofLayer: try slot(of: target), at: media)
    }

    /// Shape settings (not animatable): fill rule, caps, joins.
    ///
    /// - Throws: `staleLayer`, `wrongLayerKind` when the layer is not a shape layer.
    public func setShapeStyle(fillRule: ShapeFillRule, lineCap: LineCap, lineJoin: LineJoin, of layer: LayerID) throws(EngineError) {
        let layerIndex = try checkedKind(layer, .shape, field: "fillRule")
        nodes[Int(layerIndex)].fillRule = fillRule
        nodes[Int(layerIndex)].lineCap = lineCap
        nodes[Int(layerIndex)].lineJoin = lineJoin
        nodes[Int(layerIndex)].settingsChanged = true
    }

    /// An image layer's image and gravity.
    ///
    /// - Throws: `staleLayer`, `wrongLayerKind` when the layer is not an image layer.
    public func setImage(_ image: ImageID?, gravity: ContentsGravity = .resize, of layer: LayerID) throws(EngineError) {
        let layerIndex = try checkedKind(layer, .image, field: "image")
        if let image, presentation.resources.image(for: image) == nil {
            throw .unknownResource(.image, index: Int(image.index))
        }
        if let capture = blockCapture, capture.layer == layer {
            blockCapture?.image = TransitionImage(image, gravity: gravity)
            return
        }
        nodes[Int(layerIndex)].image = image
        nodes[Int(layerIndex)].gravity = gravity
        nodes[Int(layerIndex)].settingsChanged = true
    }

    /// Checks a transition's new picture: the layer must be an image layer and the image registered.
    func checkTransitionImage(_ image: TransitionImage, layer layerIndex: Int32) throws(EngineError) {
        guard nodes[Int(layerIndex)].kind == .image else {
            throw .wrongLayerKind(layer: layerName(layerIndex), field: "image", kind: nodes[Int(layerIndex)].kind)
        }
        if let id = image.image, presentation.resources.image(for: id) == nil {
            throw .unknownResource(.image, index: Int(id.index))
        }
    }

    func checkedKind(_ layer: LayerID, _ kind: LayerKind, field: String) throws(EngineError) -> Int32 {
        let layerIndex = try slot(of: layer)
        guard nodes[Int(layerIndex)].kind == kind else {
            throw .wrongLayerKind(layer: layerName(layerIndex), field: field, kind: nodes[Int(layerIndex)].kind)
        }
        return layerIndex
    }

    static func offendingValue(_ error: MotionError) -> Double {
        switch error {
        case let .notFinite(_, value), let .negative(_, value), let .notPositive(_, value),
             let .outOfRange(_, value, _, _), let .notNonDecreasing(_, _, value, _), let .badEndpoint(_, _, value, _):
            return value
        case let .wrongCount(_, _, actual), let .mismatchedStructure(_, _, actual, _), let .storeFull(_, actual, _):
            return Double(actual)
        }
    }
}
