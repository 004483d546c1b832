import Raster

/// `IntRect` operations for the frame path, checked by `@_noAllocation` from any file.
///
/// `IntRect.intersection` / `union` in `Raster` return `IntRect.empty`, a `static let`, whose lazy
/// initialiser the performance checker cannot see through from another module; these equivalents build
/// the empty rectangle directly.
extension IntRect {
    /// No pixels, at the origin (equal to `IntRect.empty`).
    @_noAllocation
    @inline(__always)
    static func noPixels() -> IntRect { IntRect(x: 0, y: 0, width: 0, height: 0) }

    /// The pixels in both rectangles (as `intersection`).
    @_noAllocation
    @inline(__always)
    func clipped(to other: IntRect) -> IntRect {
        let minX = Swift.max(x, other.x), maxX = Swift.min(x &+ width, other.x &+ other.width)
        let minY = Swift.max(y, other.y), maxY = Swift.min(y &+ height, other.y &+ other.height)
        if minX >= maxX || minY >= maxY { return .noPixels() }
        return IntRect(x: minX, y: minY, width: maxX &- minX, height: maxY &- minY)
    }

    /// The smallest rectangle holding both, ignoring an empty one (as `union`).
    @_noAllocation
    @inline(__always)
    func merged(with other: IntRect) -> IntRect {
        if width <= 0 || height <= 0 { return other.width <= 0 || other.height <= 0 ? .noPixels() : other }
        if other.width <= 0 || other.height <= 0 { return self }
        let minX = Swift.min(x, other.x), minY = Swift.min(y, other.y)
        let maxX = Swift.max(x &+ width, other.x &+ other.width), maxY = Swift.max(y &+ height, other.y &+ other.height)
        return IntRect(x: minX, y: minY, width: maxX &- minX, height: maxY &- minY)
    }

    /// Whether both rectangles have the same origin and size (as `==`, which is synthesised in `Raster`
    /// and so not visible to the checker).
    @_noAllocation
    @inline(__always)
    func isSame(as other: IntRect) -> Bool {
        x == other.x && y == other.y && width == other.width && height == other.height
    }
}
