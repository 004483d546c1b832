/// A box in device subpixels (20.12, 1/4096 px), both ends inclusive; empty when `minX > maxX`.
public struct SubpixelBox: Equatable, Sendable {
    public var minX: Int64
    public var minY: Int64
    public var maxX: Int64
    public var maxY: Int64

    /// The box holding no point.
    @inlinable
    public static var empty: SubpixelBox { SubpixelBox(minX: .max, minY: .max, maxX: .min, maxY: .min) }

    @inlinable
    public init(minX: Int64, minY: Int64, maxX: Int64, maxY: Int64) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Whether the box holds no point.
    @inlinable
    public var isEmpty: Bool { minX > maxX || minY > maxY }

    /// The smallest box holding this one and `other`.
    @inlinable
    public func union(_ other: SubpixelBox) -> SubpixelBox {
        SubpixelBox(minX: min(minX, other.minX), minY: min(minY, other.minY),
                    maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// Grows the box to hold the point (`x`, `y`).
    @inlinable
    public mutating func include(x: Int64, y: Int64) {
        minX = min(minX, x)
        minY = min(minY, y)
        maxX = max(maxX, x)
        maxY = max(maxY, y)
    }
}

extension Rasterizer {
    /// Where the segments added since the last `reset` lie, and whether each lay strictly inside the clip's
    /// columns and within its rows (the clip then cut nothing, and the same segments moved by whole pixels give
    /// the same coverage moved by those pixels, as long as they stay so inside the clip).
    ///
    /// `box` holds every segment end, horizontal segments included; read it before `render`.
    @inlinable
    public var segmentExtent: (box: SubpixelBox, insideClip: Bool) {
        var box = SubpixelBox(minX: Int64(boundsMinX), minY: Int64(boundsMinY),
                              maxX: Int64(boundsMaxX), maxY: Int64(boundsMaxY))
        if edgeCount == 0 { box = .empty }
        box = box.union(SubpixelBox(minX: horizontalMinX, minY: horizontalMinY,
                                    maxX: horizontalMaxX, maxY: horizontalMaxY))
        return (box, !segmentLeftClip)
    }

    /// Whether segments spanning `box` (subpixels) would all lie strictly inside the clip's columns and
    /// within its rows: the condition under which `addLine` cuts nothing.
    @inlinable
    public func clipHoldsSegments(_ box: SubpixelBox) -> Bool {
        let left = Int64(clip.x) &<< SubpixelGrid.bits, right = Int64(clip.maxX) &<< SubpixelGrid.bits
        let top = Int64(clip.y) &<< SubpixelGrid.bits, bottom = Int64(clip.maxY) &<< SubpixelGrid.bits
        return box.minX > left && box.maxX < right && box.minY >= top && box.maxY <= bottom
    }
}

extension Rasterizer {
    /// Whether every point of `box` (subpixels) lies within ±`coordinateLimit` pixels, where mapping accepts it.
    @inlinable
    public static func holdsCoordinates(_ box: SubpixelBox) -> Bool {
        let limit = Int64(coordinateLimit) &<< SubpixelGrid.bits
        return box.minX >= -limit && box.maxX <= limit && box.minY >= -limit && box.maxY <= limit
    }
}
