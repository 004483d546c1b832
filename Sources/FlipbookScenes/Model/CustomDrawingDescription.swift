/// A custom-drawn layer's drawing (`kind: "custom"`; CALayer's `draw(in:)`): commands drawn in order into the
/// layer's backing store (one pixel per point, the size of its bounds), again whenever a `custom.N` value they
/// use changes.
public struct CustomDrawingDescription: Sendable {
    /// The initial values of `custom.0` … `custom.3`.
    public var customValues: [Double] = [0, 0, 0, 0]
    /// The commands, back to front.
    public var commands: [DrawCommand] = []
}

/// One command of a custom drawing: a path (or rectangle) filled and/or stroked, optionally turned about a
/// centre; the stroke's end and the turn may follow a `custom.N` value.
public struct DrawCommand: Sendable {
    /// The outline, in the layer's coordinates.
    public var path: ScenePath
    /// Fill colour, nil for no fill.
    public var fillColor: SceneColor?
    /// `true` for the even-odd rule.
    public var evenOddFill = false
    /// Stroke colour, nil for no stroke.
    public var strokeColor: SceneColor?
    /// Stroke width in points.
    public var lineWidth = 1.0
    /// `"butt"`, `"round"` or `"square"`.
    public var lineCap = "butt"
    /// `"miter"`, `"round"` or `"bevel"`.
    public var lineJoin = "miter"
    /// The drawn part of the stroke's length ends here (0 … 1, as `strokeEnd`).
    public var strokeEnd = DrawAmount.number(1)
    /// Radians the command is turned by, about `center`.
    public var rotation = DrawAmount.number(0)
    /// The centre of the turn, in the layer's coordinates.
    public var center = ScenePoint.zero
}

/// A number of a draw command: fixed, or the presentation value of `custom.N` when the layer is drawn.
public enum DrawAmount: Sendable, Equatable {
    case number(Double)
    /// `custom.N`, N in 0 … 3.
    case custom(Int)
}
