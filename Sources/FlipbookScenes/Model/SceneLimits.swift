/// The limits a scene must stay within; a scene over a limit is refused with a message naming it.
public enum SceneLimits {
    /// Largest canvas side in pixels.
    public static let maximumCanvasSide = 4096
    /// Most layers in one scene, masks included.
    public static let maximumLayers = 256
    /// Most animations in one scene, group children included.
    public static let maximumAnimations = 512
    /// Most keyframe values in one keyframe animation (or keyframe points of its `path`).
    public static let maximumKeyframes = 64
    /// Most points (end and control points) in one path.
    public static let maximumPathPoints = 1024
    /// Largest absolute coordinate, length or radius in pixels (keeps geometry inside Q16.16 with headroom).
    public static let maximumCoordinate = 16384.0
    /// Largest time value in seconds (begin times, durations, offsets).
    public static let maximumSeconds = 86_400.0
    /// Deepest nesting of sublayers, masks and groups.
    public static let maximumDepth = 32
    /// The longest text layer string, in UTF-8 bytes (a text layer's storage is sized for its string, at least
    /// `Engine.defaultTextCapacity` bytes).
    public static let maximumTextBytes = 4096
    /// Most colours in one gradient layer (Raster's `Gradient.maximumStops`).
    public static let maximumGradientColors = 16
    /// The largest `fontSize`, in pixels per em.
    public static let maximumFontSize = 1024.0
    /// The largest magnitude of a text layer's `number` (the engine's numbers are Q16.16).
    public static let maximumTextNumber = 32767.0
    /// Most commands in one custom-drawn layer's `draw` list.
    public static let maximumDrawCommands = 64
}
