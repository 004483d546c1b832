/// A width and height in Q16.16. Negative sizes are allowed (Core Graphics semantics); `Rect` reads its
/// edges through `minX`/`maxX`, which account for the sign.
@frozen
public struct Size: Hashable, Sendable {
    /// The horizontal extent.
    public var width: Fixed
    /// The vertical extent.
    public var height: Fixed

    /// Creates a size from its extents.
    @inlinable
    public init(width: Fixed, height: Fixed) {
        self.width = width
        self.height = height
    }

    /// Creates a size from `Double` extents, validating both.
    ///
    /// - Throws: `FixedPointError` for a NaN, infinite or out-of-range extent (field `"width"` or `"height"`).
    @inlinable
    public init(width: Double, height: Double) throws(FixedPointError) {
        self.init(
            width: try Fixed(exactly: width, field: "width"), height: try Fixed(exactly: height, field: "height"))
    }

    /// Zero by zero.
    @inlinable public static var zero: Size { Size(width: .zero, height: .zero) }

    /// Each extent interpolated toward `end` (see `Fixed.interpolated(to:by:)`).
    @inlinable
    public func interpolated(to end: Size, by progress: Progress) -> Size {
        Size(
            width: width.interpolated(to: end.width, by: progress),
            height: height.interpolated(to: end.height, by: progress))
    }
}
