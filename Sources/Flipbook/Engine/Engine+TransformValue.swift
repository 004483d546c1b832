/// The `transform` key path (a whole `CATransform3D`) and value functions: taken apart into the layer's transform
/// components (`TransformComponents`) when set or animated, put together when read. Setup-time code.
extension Engine {
    /// The component key paths, in the order of `TransformComponents.values`.
    static let transformComponents: [LayerProperty] = [.translationX, .translationY, .translationZ, .rotationX,
                                                       .rotationY, .rotation, .scaleX, .scaleY, .scaleZ, .perspective]

    /// Sets every component of `value` (each an edit of the transaction, with its implicit animation; the
    /// perspective, not animatable, at once).
    func setTransform(_ value: LayerTransform, of layer: LayerID) throws(EngineError) {
        let components = try value.components().values
        // Checked first, so that a refused component leaves every other unchanged.
        for (property, component) in zip(Self.transformComponents, components) {
            _ = try PropertyValue.number(component).slotValues(for: property, layer: layerName(try slot(of: layer)))
        }
        for (property, component) in zip(Self.transformComponents, components) {
            try setValue(.number(component), for: property, of: layer)
        }
    }

    /// The matrix of the layer's components, read by `read` (model or presentation).
    func transformValue(of layer: LayerID, _ read: (LayerProperty) throws(EngineError) -> PropertyValue)
        throws(EngineError) -> PropertyValue {
        var values: [Double] = []
        for property in Self.transformComponents {
            guard case .number(let value) = try read(property) else { return .transform(.identity) }
            values.append(value)
        }
        return .transform(LayerTransform(components: TransformComponents(values: values)))
    }

    /// `animation` with every animation of `transform` replaced by a group animating its components (children
    /// without timing of their own, so the group's timing and curve drive them as one); value functions are
    /// applied to their numbers first.
    ///
    /// - Throws: `invalidAnimation` for a spring of `transform`, a value function on another key path or with
    ///   values it does not take, a perspective that would animate; `invalidValue(.notDecomposable)`.
    func expandingTransforms(_ animation: Animation) throws(EngineError) -> Animation {
        switch animation {
        case .basic(let basic):
            guard basic.keyPath == .transform || basic.valueFunction != nil else { return animation }
            let lists = try componentLists([basic.fromValue, basic.toValue, basic.byValue], function: basic.valueFunction,
                                           keyPath: basic.keyPath)
            var children: [Animation] = []
            for (index, property) in Self.transformComponents.enumerated() {
                let values = lists.map { $0?[index] }
                if property == .perspective {
                    try checkPerspectiveHolds(values.compactMap { $0 })
                    continue
                }
                var child = BasicAnimation(keyPath: property, from: values[0].map { .number($0) },
                                           to: values[1].map { .number($0) }, by: values[2].map { .number($0) },
                                           additive: basic.isAdditive, cumulative: basic.isCumulative)
                child.timing.fillMode = basic.timing.fillMode
                children.append(.basic(child))
            }
            return .group(AnimationGroup(animations: children, timing: basic.timing))
        case .keyframe(let keyframe):
            guard keyframe.keyPath == .transform || keyframe.valueFunction != nil else { return animation }
            let lists = try componentLists(keyframe.values.map { $0 }, function: keyframe.valueFunction, keyPath: keyframe.keyPath)
            var children: [Animation] = []
            for (index, property) in Self.transformComponents.enumerated() {
                let values = lists.compactMap { $0?[index] }
                if property == .perspective {
                    try checkPerspectiveHolds(values)
                    continue
                }
                var child = keyframe
                child.keyPath = property
                child.valueFunction = nil
                child.values = values.map { .number($0) }
                child.timing = AnimationTiming(fillMode: keyframe.timing.fillMode)
                children.append(.keyframe(child))
            }
            return .group(AnimationGroup(animations: children, timing: keyframe.timing))
        case .spring(let spring):
            guard spring.basic.keyPath == .transform || spring.basic.valueFunction != nil else { return animation }
            throw .invalidAnimation(field: "keyPath", reason: "a spring animates the transform's components (transform.rotation, transform.scale, …), not the whole matrix")
        case .group(var group):
            group.animations = try group.animations.map { (child: Animation) throws(EngineError) -> Animation in
                try expandingTransforms(child)
            }
            return .group(group)
        case .transition:
            return animation
        }
    }

    /// The component values of each value (nil stays nil): a matrix taken apart, or a value function's number (or
    /// pair) placed in the identity's components.
    private func componentLists(_ values: [PropertyValue?], function: ValueFunction?,
                                keyPath: LayerProperty) throws(EngineError) -> [[Double]?] {
        if let function, keyPath != .transform {
            throw .invalidAnimation(field: "valueFunction", reason: "a value function makes a transform: its key path is \"transform\", not \"\(keyPath.keyPath)\"")
        }
        var lists: [[Double]?] = []
        for value in values {
            guard let value else {
                lists.append(nil)
                continue
            }
            if let function {
                lists.append(try function.components(of: value).values)
            } else if case .transform(let matrix) = value {
                lists.append(try matrix.components().values)
            } else {
                throw .valueKindMismatch(layer: nil, field: "transform", expected: .transform, got: value.kind)
            }
        }
        return lists
    }

    /// Refuses values whose perspectives differ (`transform.perspective` does not animate).
    private func checkPerspectiveHolds(_ values: [Double]) throws(EngineError) {
        guard let first = values.first else { return }
        for value in values where value != first {
            throw .invalidAnimation(field: "transform", reason: "the perspective (m34) does not animate: give every value the same one")
        }
    }
}
