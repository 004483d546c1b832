import FixedPoint

/// The capacities of an engine's pools, fixed when it is created (every pool is allocated then and
/// never grows; a full pool is `EngineError.poolFull`).
public struct EngineConfiguration: Sendable {
    /// The default animation pool size.
    public static let defaultAnimationCapacity = 1024
    /// The default keyframe store size, in 4-byte slots.
    public static let defaultKeyframeSlotCapacity = 16_384

    /// The canvas size in pixels: the root layer's bounds.
    public var canvasWidth: Int
    /// The canvas height in pixels.
    public var canvasHeight: Int
    /// Layers, the root layer included (1 … 65 535).
    public var layerCapacity: Int
    /// Animation records: every animation, each group child counted (1 … 65 535).
    public var animationCapacity: Int
    /// Slots of keyframe data shared by all keyframe animations (values, key times, curves).
    public var keyframeSlotCapacity: Int
    /// Model edits that can wait in open transactions.
    public var editCapacity: Int
    /// Delegate and completion events that can wait for delivery.
    public var eventCapacity: Int

    /// Creates a configuration; the defaults suit a few hundred layers.
    public init(
        canvasWidth: Int, canvasHeight: Int, layerCapacity: Int = 256,
        animationCapacity: Int = EngineConfiguration.defaultAnimationCapacity,
        keyframeSlotCapacity: Int = EngineConfiguration.defaultKeyframeSlotCapacity, editCapacity: Int = 1024,
        eventCapacity: Int = 1024
    ) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.layerCapacity = layerCapacity
        self.animationCapacity = animationCapacity
        self.keyframeSlotCapacity = keyframeSlotCapacity
        self.editCapacity = editCapacity
        self.eventCapacity = eventCapacity
    }

    /// Checks every field, naming the first bad one.
    func validated() throws(EngineError) -> EngineConfiguration {
        let limits: [(String, Int, Int)] = [
            ("canvasWidth", canvasWidth, 16_383), ("canvasHeight", canvasHeight, 16_383),
            ("layerCapacity", layerCapacity, 65_535), ("animationCapacity", animationCapacity, 65_535),
            ("keyframeSlotCapacity", keyframeSlotCapacity, 1 << 24), ("editCapacity", editCapacity, 1 << 20),
            ("eventCapacity", eventCapacity, 1 << 20),
        ]
        for (field, value, maximum) in limits where value < 1 || value > maximum {
            throw .invalidValue(layer: nil, field: field, value: Double(value),
                                reason: .outOfRange(min: 1, max: Double(maximum)))
        }
        return self
    }
}
