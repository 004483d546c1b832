/// An axis-aligned rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
///
/// A rectangle with a width or height of zero or less is empty; empty rectangles compare equal only to
/// themselves but every operation treats them as "no pixels".
public struct IntRect: Hashable, Sendable {
    /// Left column, in pixels.
    public var x: Int
    /// Top row, in pixels.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A rectangle from its origin and size, in pixels.
    @inlinable
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A rectangle from its edges: columns `minX ..< maxX`, rows `minY ..< maxY`.
    @inlinable
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The empty rectangle at the origin. Computed, not a `static let`: a stored global's lazy initialiser is
    /// opaque to another module's `@_noAllocation` check.
    @inlinable public static var empty: IntRect { IntRect(x: 0, y: 0, width: 0, height: 0) }

    /// Whether both rectangles have the same origin and size (written out so other modules' frame code can
    /// see the body; a synthesised `==` is not inlinable).
    @inlinable
    public static func == (lhs: IntRect, rhs: IntRect) -> Bool {
        lhs.x == rhs.x && lhs.y == rhs.y && lhs.width == rhs.width && lhs.height == rhs.height
    }

    /// One past the right-most column.
    @inlinable public var maxX: Int { x + width }
    /// One past the bottom row.
    @inlinable public var maxY: Int { y + height }
    /// Whether the rectangle holds no pixel.
    @inlinable public var isEmpty: Bool { Swift.min(width, height) <= 0 }
    /// Number of pixels covered (0 when empty).
    @inlinable public var area: Int { isEmpty ? 0 : width * height }

    /// The pixels in both rectangles (`.empty` when they do not overlap).
    @inlinable
    public func intersection(_ other: IntRect) -> IntRect {
        let minX = Swift.max(x, other.x), maxX = Swift.min(self.maxX, other.maxX)
        let minY = Swift.max(y, other.y), maxY = Swift.min(self.maxY, other.maxY)
        if minX >= maxX || minY >= maxY { return .empty }
        return IntRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// The smallest rectangle holding both (an empty operand is ignored).
    @inlinable
    public func union(_ other: IntRect) -> IntRect {
        if isEmpty { return other.isEmpty ? .empty : other }
        if other.isEmpty { return self }
        return IntRect(minX: Swift.min(x, other.x), minY: Swift.min(y, other.y),
                       maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }

    /// Whether every pixel of `other` is inside this rectangle (an empty `other` is contained everywhere).
    @inlinable
    public func contains(_ other: IntRect) -> Bool {
        if other.isEmpty { return true }
        return other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }

    /// Whether the pixel at column `px`, row `py` is inside.
    @inlinable
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The rectangle moved by `dx`, `dy` pixels.
    @inlinable
    public func offsetBy(dx: Int, dy: Int) -> IntRect {
        IntRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle grown by `amount` pixels on every side (shrunk when negative).
    @inlinable
    public func insetBy(_ amount: Int) -> IntRect {
        IntRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}
