/// What a layer draws as its content, besides its background, border and shadow.
public enum LayerKind: UInt8, Equatable, Sendable {
    /// A plain layer (`CALayer`): background, border, shadow, sublayers.
    case plain
    /// A shape layer (`CAShapeLayer`): a filled and stroked path.
    case shape
    /// An image layer: a bitmap placed by `contentsGravity`.
    case image
    /// A custom-drawn layer: a draw callback renders into the layer's backing surface when it needs display.
    case custom
    /// A text layer (`CATextLayer`): a string or a formatted number laid out in the bounds, glyph outlines filled
    /// with the foreground colour.
    case text
}

/// How a shape's stroke ends (`CAShapeLayerLineCap`).
public enum LineCap: UInt8, Equatable, Sendable {
    /// Flat at the end point (default).
    case butt
    /// A half-disc past the end point.
    case round
    /// A half-square past the end point.
    case square
}

/// How a shape's stroke joins segments (`CAShapeLayerLineJoin`).
public enum LineJoin: UInt8, Equatable, Sendable {
    /// A sharp corner, up to `miterLimit` (default).
    case miter
    /// A rounded corner.
    case round
    /// A cut corner.
    case bevel
}

/// Which points a shape's fill covers (`CAShapeLayerFillRule`).
public enum ShapeFillRule: UInt8, Equatable, Sendable {
    /// Non-zero winding (default).
    case nonZero
    /// Even-odd.
    case evenOdd
}

/// How an image is placed in the layer's bounds (`CALayerContentsGravity`).
public enum ContentsGravity: UInt8, Equatable, Sendable {
    /// Stretched to fill the bounds (default).
    case resize
    /// Scaled to fit inside the bounds, keeping its aspect ratio, centred.
    case resizeAspect
    /// Scaled to cover the bounds, keeping its aspect ratio, centred (and clipped by masksToBounds).
    case resizeAspectFill
    /// Unscaled, centred.
    case center
}
