/// A replicator layer's instances (SCENE-FORMAT.md "Replicator layers", CAReplicatorLayer).
public struct ReplicatorDescription: Sendable {
    /// How many times the sublayers are drawn, 1 … `Engine.maximumInstanceCount`.
    public var instanceCount = 1
    /// The transform instance k gets k times (rotation about z, uniform scale, translation in x and y).
    public var instanceTransform = TransformDescription.identity
    /// Seconds by which each instance sees its sublayers' animations later than the one before.
    public var instanceDelay = 0.0
    /// The colour multiplying every instance (white: none).
    public var instanceColor = SceneColor(red: 255, green: 255, blue: 255, alpha: 255)
    /// What each instance adds to `instanceColor`'s red, green, blue and alpha (−1 … 1 each).
    public var offsets: (red: Double, green: Double, blue: Double, alpha: Double) = (0, 0, 0, 0)
}
