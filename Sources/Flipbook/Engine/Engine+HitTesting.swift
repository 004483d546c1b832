import FixedPoint

extension Engine {
    /// The frontmost layer under canvas `point` in the last presented frame (what is on screen), as
    /// `CALayer.hitTest(_:)`; nil when only the background is there. See `PresentationTree.hitTest(_:)`.
    public func hitTest(_ point: Point) -> LayerID? {
        presentation.hitTest(point)
    }

    /// Whether `point`, in `layer`'s own (bounds) coordinates, lies inside its presented bounds with rounded
    /// corners (`CALayer.contains(_:)`); false when the layer is not in the last presented frame.
    ///
    /// - Throws: `EngineError.staleLayer`.
    public func contains(_ point: Point, in layer: LayerID) throws(EngineError) -> Bool {
        _ = try slot(of: layer)
        guard let index = presentedIndex(of: layer) else { return false }
        return PresentationTree.contains(point, in: presentation.storage[index])
    }

    /// `point` in `source`'s bounds coordinates, expressed in `target`'s (`CALayer.convert(_:from:)`), through
    /// both layers' presented 3-D transforms; nil for the canvas on either side. Answers nil when a layer is
    /// not in the last presented frame, the point lies behind the eye of either, or a transform is singular.
    ///
    /// - Throws: `EngineError.staleLayer` for a destroyed layer.
    public func convert(_ point: Point, from source: LayerID?, to target: LayerID?) throws(EngineError) -> Point? {
        var canvas = point
        if case .some(let source) = source {
            _ = try slot(of: source)
            guard let index = presentedIndex(of: source),
                  let mapped = LayerPlaneMapping.canvas(of: point, in: presentation.storage[index])
            else { return nil }
            canvas = mapped
        }
        guard case .some(let target) = target else { return canvas }
        _ = try slot(of: target)
        guard let index = presentedIndex(of: target) else { return nil }
        return LayerPlaneMapping.local(of: canvas, in: presentation.storage[index])
    }

    /// The drawn entry of `layer` in the presentation (the incoming one during a transition), or nil.
    func presentedIndex(of layer: LayerID) -> Int? {
        var index = presentation.drawCount &- 1
        while index >= 0 {
            if presentation.storage[index].id == layer { return index }
            index &-= 1
        }
        return nil
    }
}
