/// An animatable value from a scene: what `from`, `to`, `by` and `values` entries hold.
public enum SceneValue: Equatable, Sendable {
    /// A number (opacity, a coordinate, an angle in radians, a fraction …).
    case scalar(Double)
    /// A point or a size: `[x, y]`.
    case pair(Double, Double)
    /// A rectangle `[x, y, w, h]`.
    case rect(SceneRect)
    /// A colour; `nil` is "none" (`null` in the scene).
    case color(SceneColor?)
    /// A path (SVG data, already parsed).
    case path(ScenePath)
    /// A boolean (for `hidden`).
    case bool(Bool)
    /// A gradient's colours (`colors`).
    case colors([SceneColor])
    /// A gradient's stop locations (`locations`).
    case locations([Double])
    /// A whole transform (`transform`).
    case transform(TransformDescription)
}
