/// A shape layer's path and paint.
public struct ShapeDescription: Sendable {
    /// The path, or `nil` for none (nothing drawn).
    public var path: ScenePath?
    /// Fill colour, `nil` for no fill.
    public var fillColor: SceneColor? = .black
    /// `true` for the even-odd rule, `false` for non-zero.
    public var evenOddFill = false
    /// Stroke colour, `nil` for no stroke.
    public var strokeColor: SceneColor?
    /// Stroke width in pixels.
    public var lineWidth = 1.0
    /// `"butt"`, `"round"` or `"square"`.
    public var lineCap = "butt"
    /// `"miter"`, `"round"` or `"bevel"`.
    public var lineJoin = "miter"
    /// Miter limit (ratio).
    public var miterLimit = 10.0
    /// Start of the drawn part of the stroke, a fraction of the whole path's length.
    public var strokeStart = 0.0
    /// End of the drawn part of the stroke, a fraction of the whole path's length.
    public var strokeEnd = 1.0
}
