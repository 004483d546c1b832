import FixedPoint

/// A path's points as plain memory, for animations that rewrite a path's points every frame (path
/// morphs) or read them without touching the path's reference-counted storage.
///
/// Obtained at setup from `Path.exclusivePoints()`; valid while the path value that owns the storage (or
/// a copy still sharing it, such as the one stored in a list) is alive and gains no points. Reading and
/// writing through it never allocates, never copies on write and never retains.
@frozen
public struct PathPointBuffer: @unchecked Sendable {
    /// The first point.
    public let base: UnsafeMutablePointer<Point>
    /// The number of points (the path's `pointCount` when the buffer was made).
    public let count: Int

    /// A buffer over `count` points at `base`.
    @inlinable
    public init(base: UnsafeMutablePointer<Point>, count: Int) {
        self.base = base
        self.count = count
    }
}

extension Path {
    /// Makes this path's storage its own (copying it now if another path shares it) and returns its
    /// points for reading and rewriting in place (setup time).
    ///
    /// Rewriting the points through the buffer changes this path and every later copy of it that shares
    /// the storage; nothing else.
    public mutating func exclusivePoints() -> PathPointBuffer {
        let storage = uniqueStorage()
        return PathPointBuffer(base: storage.points, count: storage.pointCount)
    }

    /// Whether `self` and `other` have the same verbs in the same order, so that their points can be
    /// interpolated one by one.
    public func hasSameStructure(as other: Path) -> Bool {
        let lhs = Path.elements(of: self), rhs = Path.elements(of: other)
        guard lhs.verbCount == rhs.verbCount, lhs.pointCount == rhs.pointCount else { return false }
        for index in 0..<lhs.verbCount where lhs.verbs[index] != rhs.verbs[index] { return false }
        return true
    }

    /// A number that paths of the same structure share (verbs and counts folded together), for finding
    /// candidates before comparing with `hasSameStructure(as:)`.
    public var structureHash: UInt32 {
        let elements = Path.elements(of: self)
        var hash: UInt32 = 2_166_136_261  // FNV-1a
        for index in 0..<elements.verbCount {
            hash = (hash ^ UInt32(elements.verbs[index].rawValue)) &* 16_777_619
        }
        return (hash ^ UInt32(truncatingIfNeeded: elements.pointCount)) &* 16_777_619
    }
}
