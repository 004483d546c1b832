/// What kind of content a layer draws.
public enum LayerKind: String, Sendable, CaseIterable {
    /// A plain layer: background, border, shadow, sublayers.
    case layer
    /// A shape layer: a path filled and stroked.
    case shape
    /// An image layer: a PPM/PAM picture.
    case image
    /// A text layer: a string or a counting number in a font.
    case text
    /// A gradient layer: colours blended along an axis, around a centre or an angle.
    case gradient
    /// A replicator layer: its sublayers drawn once per instance, each instance transformed, delayed and tinted.
    case replicator
    /// A custom-drawn layer: paths filled and stroked into its backing store, following `custom.0` … `custom.3`.
    case custom
}
