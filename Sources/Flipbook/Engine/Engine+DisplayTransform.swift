import FixedPoint

extension Engine {
    /// Places the root on the canvas through `transform` (root points → canvas pixels), as a turned or
    /// scaled display needs: every layer's world transform, the drawing, its damage and hit testing
    /// (`hitTest(_:)` takes canvas points) follow it, so nothing is copied or turned after drawing. Quarter
    /// turns with whole-pixel translations draw exactly the turned picture. The next frame redraws the
    /// whole tree.
    ///
    /// - Throws: `invalidValue` (field `displayTransform`, reason `.notInvertible`, the value its determinant)
    ///   for a transform that cannot be inverted (touches could not be mapped back).
    public func setDisplayTransform(_ transform: Affine) throws(EngineError) {
        do { _ = try transform.inverted() } catch {
            let determinant = transform.determinantRaw.map { Double($0) / 4_294_967_296 } ?? .infinity
            throw .invalidValue(layer: nil, field: "displayTransform", value: determinant, reason: .notInvertible)
        }
        displayTransform = transform
        structureChanged = true
    }
}
