/// A point or vector in pixels (y down), as read from a scene.
public struct ScenePoint: Equatable, Sendable {
    /// Horizontal coordinate in pixels.
    public var x: Double
    /// Vertical coordinate in pixels (down is positive).
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = ScenePoint(x: 0, y: 0)
}

/// A rectangle in pixels: origin and size, as `[x, y, w, h]` in a scene.
public struct SceneRect: Equatable, Sendable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width (never negative).
    public var width: Double
    /// The height (never negative).
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = SceneRect(x: 0, y: 0, width: 0, height: 0)
}
