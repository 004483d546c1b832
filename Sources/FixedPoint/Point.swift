/// A point in Q16.16 coordinates (layer or screen space, in points or pixels as the caller defines).
@frozen
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Fixed
    /// The vertical coordinate (y grows downward on screen).
    public var y: Fixed

    /// Creates a point from its coordinates.
    @inlinable
    public init(x: Fixed, y: Fixed) {
        self.x = x
        self.y = y
    }

    /// Creates a point from `Double` coordinates, validating both.
    ///
    /// - Throws: `FixedPointError` for a NaN, infinite or out-of-range coordinate (field `"x"` or `"y"`).
    @inlinable
    public init(x: Double, y: Double) throws(FixedPointError) {
        self.init(x: try Fixed(exactly: x, field: "x"), y: try Fixed(exactly: y, field: "y"))
    }

    /// The origin (0, 0).
    @inlinable public static var zero: Point { Point(x: .zero, y: .zero) }

    /// The component-wise sum (wrapping, as `Fixed.+`).
    @inlinable
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }

    /// The component-wise difference (wrapping, as `Fixed.-`).
    @inlinable
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

    /// Each coordinate interpolated toward `end` (see `Fixed.interpolated(to:by:)`).
    @inlinable
    public func interpolated(to end: Point, by progress: Progress) -> Point {
        Point(x: x.interpolated(to: end.x, by: progress), y: y.interpolated(to: end.y, by: progress))
    }
}
