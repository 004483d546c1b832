import FixedPoint

/// A gradient layer's content: its kind and stops (an index in the engine's resources; −1 for none) and the
/// presentation `startPoint` and `endPoint` (unit coordinates of the bounds, animatable).
public struct GradientContent: Sendable {
    /// The index of the layer's gradient in `EngineResources`, or −1 (nothing is drawn).
    public var storage: Int32
    /// `startPoint`.
    public var startPoint: Point
    /// `endPoint`.
    public var endPoint: Point
    /// The index of the stops whose colours are presented instead of `storage`'s (an animated or set
    /// `colors`), or −1.
    public var colors: Int32 = -1
    /// The index of the stops whose locations are presented instead of `storage`'s, or −1.
    public var locations: Int32 = -1

    /// No gradient, Core Animation's default points ((0.5, 0) → (0.5, 1)).
    @inlinable
    public init(storage: Int32 = -1, startPoint: Point = Point(x: Fixed(raw: 32768), y: .zero),
                endPoint: Point = Point(x: Fixed(raw: 32768), y: .one)) {
        self.storage = storage
        self.startPoint = startPoint
        self.endPoint = endPoint
    }
}
