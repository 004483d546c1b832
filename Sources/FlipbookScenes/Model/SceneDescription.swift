/// A validated scene: what a scene file describes, with every default filled in. Produced by ``SceneDecoder``;
/// a description exists only for a scene that had no problems.
public struct SceneDescription: Sendable {
    /// The format version (`flipbook`); this build reads version 1.
    public var formatVersion: Int
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// The colour behind every layer (default opaque black).
    public var background: SceneColor
    /// Scene length in seconds: the `duration` field, or the end of the last finite animation, at least 1 s.
    public var durationSeconds: Double
    /// Top-level layers, back to front.
    public var layers: [LayerDescription]
    /// Where control commands without a layer go (`bindings`).
    public var bindings: SceneBindings
    /// Property animators interactions start and scrub (`animators`).
    public var animators: [AnimatorDescription]
    /// What touches do (`interactions`).
    public var interactions: [InteractionDescription]

    /// Creates a scene description.
    public init(
        formatVersion: Int = 1, width: Int, height: Int, background: SceneColor = .black, durationSeconds: Double,
        layers: [LayerDescription], bindings: SceneBindings = SceneBindings(),
        animators: [AnimatorDescription] = [], interactions: [InteractionDescription] = []
    ) {
        self.formatVersion = formatVersion
        self.width = width
        self.height = height
        self.background = background
        self.durationSeconds = durationSeconds
        self.layers = layers
        self.bindings = bindings
        self.animators = animators
        self.interactions = interactions
    }
}
