/// A gradient layer's content (SCENE-FORMAT.md "Gradient layers", CAGradientLayer).
public struct GradientDescription: Sendable {
    /// `"axial"`, `"radial"` or `"conic"`.
    public var type = "axial"
    /// The colours, 2 … ``SceneLimits/maximumGradientColors``.
    public var colors: [SceneColor] = []
    /// One location per colour, non-decreasing in 0 … 1; nil: evenly spaced.
    public var locations: [Double]?
    /// Where the gradient starts, in unit coordinates of the bounds.
    public var startPoint = ScenePoint(x: 0.5, y: 0)
    /// Where the gradient ends, in unit coordinates of the bounds.
    public var endPoint = ScenePoint(x: 0.5, y: 1)
}
