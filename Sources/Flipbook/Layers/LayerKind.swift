import Raster

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
    /// A gradient layer (`CAGradientLayer`): an axial, radial or conic gradient filling the bounds.
    case gradient
    /// A replicator layer (`CAReplicatorLayer`): its sublayers drawn `instanceCount` times, each instance
    /// transformed, delayed and tinted by one more step than the one before.
    case replicator
}

/// How a shape's stroke ends (`CAShapeLayerLineCap`; default `.butt`): Raster's type, which the compositor
/// hands to the stroker as it is.
public typealias LineCap = Raster.LineCap

/// How a shape's stroke joins segments (`CAShapeLayerLineJoin`; default `.miter`): Raster's type.
public typealias LineJoin = Raster.LineJoin

/// Which points a shape's fill covers (`CAShapeLayerFillRule`; default `.nonZero`): Raster's `FillRule`.
public typealias ShapeFillRule = Raster.FillRule

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
