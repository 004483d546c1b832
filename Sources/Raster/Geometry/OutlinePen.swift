import FixedPoint

/// Where the stroker's outline stands: the transform to device space, the first point of the current
/// closed contour and the last point drawn (both in device subpixels), and the clip in subpixels so
/// that lines between points inside it are stored without `addLine`'s checks.
@usableFromInline
struct OutlinePen {
    @usableFromInline var transform: Affine
    @usableFromInline var first: DevicePoint
    @usableFromInline var previous: DevicePoint
    /// Whether `previous` lies inside the clip as `contains` tells.
    @usableFromInline var previousInside: Bool
    /// The clip's edges in device subpixels (left, right, top, bottom).
    @usableFromInline var clipLeft: Int64
    @usableFromInline var clipRight: Int64
    @usableFromInline var clipTop: Int64
    @usableFromInline var clipBottom: Int64

    @inlinable
    init() {
        transform = Affine(a: .one, b: .zero, c: .zero, d: .one, tx: .zero, ty: .zero)
        first = DevicePoint(x: 0, y: 0)
        previous = first
        previousInside = false
        clipLeft = 0
        clipRight = 0
        clipTop = 0
        clipBottom = 0
    }

    /// Sets the transform and the clip (pixels) of the next outline.
    @inlinable
    mutating func prepare(transform: Affine, clip: IntRect) {
        self.transform = transform
        clipLeft = Int64(clip.x) &<< SubpixelGrid.bits
        clipRight = Int64(clip.maxX) &<< SubpixelGrid.bits
        clipTop = Int64(clip.y) &<< SubpixelGrid.bits
        clipBottom = Int64(clip.maxY) &<< SubpixelGrid.bits
    }

    /// Whether a device point lies strictly between the clip's left and right edges and within its rows:
    /// a line between two such points needs no clipping, and (the clip lying within the coordinate
    /// limits) no range check. The same test as `Rasterizer.addLine`'s.
    @inlinable @inline(__always)
    func contains(_ point: DevicePoint) -> Bool {
        point.x > clipLeft && point.x < clipRight && point.y >= clipTop && point.y <= clipBottom
    }

    /// `point` (path space, raw Q16.16 in 64 bits) in device subpixels, not yet checked against the
    /// coordinate limit.
    ///
    /// - Throws: `.coordinateOutOfRange` when the point lies beyond ±2^31 raw (where the products of the
    ///   mapping could overflow).
    @inlinable @inline(__always)
    func mapped(_ point: LocalPoint) throws(GeometryError) -> DevicePoint {
        let limit = OutlinePen.mappableLimit
        guard point.x >= -limit, point.x <= limit else { throw .coordinateOutOfRange(axis: .x, raw: point.x) }
        guard point.y >= -limit, point.y <= limit else { throw .coordinateOutOfRange(axis: .y, raw: point.y) }
        return map(point)
    }

    /// The largest magnitude (raw Q16.16) of a path-space coordinate `map` takes: 2^31.
    @inlinable static var mappableLimit: Int64 { 1 << 31 }

    /// `point` in device subpixels; its coordinates must lie within ±`mappableLimit`.
    @inlinable @inline(__always)
    func map(_ point: LocalPoint) -> DevicePoint {
        DevicePoint(
            x: DevicePoint.map(raw: transform.a.raw, point.x, transform.c.raw, point.y, transform.tx.raw),
            y: DevicePoint.map(raw: transform.b.raw, point.x, transform.d.raw, point.y, transform.ty.raw))
    }

    /// `point` (path space, raw Q16.16 in 64 bits) in device subpixels.
    ///
    /// - Throws: `.coordinateOutOfRange` when the point lies beyond ±2^31 raw or maps beyond the limit.
    @inlinable @inline(__always)
    func device(_ point: LocalPoint) throws(GeometryError) -> DevicePoint {
        let device = try mapped(point)
        try Rasterizer.checkSubpixel(device.x, .x)
        try Rasterizer.checkSubpixel(device.y, .y)
        return device
    }
}

extension Rasterizer {
    /// Starts a closed contour of the outline at `point` (path space).
    @inlinable
    mutating func penMove(to point: LocalPoint) throws(GeometryError) {
        pen.first = try pen.device(point)
        pen.previous = pen.first
        pen.previousInside = pen.contains(pen.first)
        startContour()
    }

    /// Continues the contour with a line to `point` (path space). Between two points inside the clip
    /// the edge is stored directly (as `addLine` would); otherwise the point is range-checked and the
    /// line goes through `addLine`.
    @inlinable @inline(__always)
    mutating func penLine(to point: LocalPoint) throws(GeometryError) {
        let next = try pen.mapped(point)
        let inside = pen.contains(next)
        if inside && pen.previousInside {
            if pen.previous.y < next.y {
                try storeEdge(x0: pen.previous.x, y0: pen.previous.y, x1: next.x, y1: next.y, winding: 1)
            } else {
                try storeEdge(x0: next.x, y0: next.y, x1: pen.previous.x, y1: pen.previous.y, winding: -1)
            }
        } else {
            try Rasterizer.checkSubpixel(next.x, .x)
            try Rasterizer.checkSubpixel(next.y, .y)
            try addLine(from: pen.previous, to: next)
        }
        pen.previous = next
        pen.previousInside = inside
    }

    /// Closes the contour back to its first point.
    @inlinable
    mutating func penClose() throws(GeometryError) {
        try addLine(from: pen.previous, to: pen.first)
        pen.previous = pen.first
        pen.previousInside = pen.contains(pen.first)
    }
}
