/// An axis-aligned rectangle: an origin and a size, in Q16.16.
///
/// As in Core Graphics a negative width or height extends the rectangle left of (or above) its origin;
/// the edge accessors (`minX`, `maxX`, …) and the set operations work on the standardised edges.
/// Edge sums wrap like `Fixed.+`; geometry is expected to lie within ±16384 so that they cannot.
@frozen
public struct Rect: Hashable, Sendable {
    /// The corner the size is measured from.
    public var origin: Point
    /// The extents, possibly negative.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its origin coordinates and extents.
    @inlinable
    public init(x: Fixed, y: Fixed, width: Fixed, height: Fixed) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    @inlinable public static var zero: Rect { Rect(origin: .zero, size: .zero) }

    /// The smallest x coordinate.
    @inlinable public var minX: Fixed { Swift.min(origin.x, origin.x + size.width) }
    /// The largest x coordinate.
    @inlinable public var maxX: Fixed { Swift.max(origin.x, origin.x + size.width) }
    /// The smallest y coordinate.
    @inlinable public var minY: Fixed { Swift.min(origin.y, origin.y + size.height) }
    /// The largest y coordinate.
    @inlinable public var maxY: Fixed { Swift.max(origin.y, origin.y + size.height) }
    /// The horizontal centre, rounded toward −∞ by half an LSB at most.
    @inlinable public var midX: Fixed { Fixed(raw: Int32(truncatingIfNeeded: (Int64(minX.raw) &+ Int64(maxX.raw)) &>> 1)) }
    /// The vertical centre, rounded toward −∞ by half an LSB at most.
    @inlinable public var midY: Fixed { Fixed(raw: Int32(truncatingIfNeeded: (Int64(minY.raw) &+ Int64(maxY.raw)) &>> 1)) }
    /// The absolute width.
    @inlinable public var width: Fixed { maxX - minX }
    /// The absolute height.
    @inlinable public var height: Fixed { maxY - minY }

    /// True when the rectangle covers no area (a zero width or height).
    @inlinable public var isEmpty: Bool { size.width.raw == 0 || size.height.raw == 0 }

    /// The same rectangle with a non-negative size.
    @inlinable
    public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    /// True when `point` lies inside: edges at `minX`/`minY` included, `maxX`/`maxY` excluded.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The smallest rectangle containing both (an empty operand contributes nothing).
    @inlinable
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other.standardized }
        if other.isEmpty { return standardized }
        let left = Swift.min(minX, other.minX), top = Swift.min(minY, other.minY)
        return Rect(
            x: left, y: top,
            width: Swift.max(maxX, other.maxX) - left, height: Swift.max(maxY, other.maxY) - top)
    }

    /// The overlap of the two rectangles, or `nil` when they do not overlap in a positive area.
    @inlinable
    public func intersection(_ other: Rect) -> Rect? {
        let left = Swift.max(minX, other.minX), right = Swift.min(maxX, other.maxX)
        let top = Swift.max(minY, other.minY), bottom = Swift.min(maxY, other.maxY)
        guard left < right, top < bottom else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The standardised rectangle moved in by `dx` on the left and right and `dy` on the top and bottom
    /// (negative values grow it), or `nil` when the inset leaves no area — never a silently flipped rect.
    @inlinable
    public func insetBy(dx: Fixed, dy: Fixed) -> Rect? {
        let newWidth = Int64(width.raw) - 2 * Int64(dx.raw)
        let newHeight = Int64(height.raw) - 2 * Int64(dy.raw)
        guard newWidth > 0, newHeight > 0, newWidth <= Int64(Int32.max), newHeight <= Int64(Int32.max) else {
            return nil
        }
        return Rect(
            x: minX + dx, y: minY + dy,
            width: Fixed(raw: Int32(truncatingIfNeeded: newWidth)),
            height: Fixed(raw: Int32(truncatingIfNeeded: newHeight)))
    }
}
