import FixedPoint

/// Where the stroker's outline stands: the transform to device space, the first point of the current
/// closed contour and the last point drawn (both in device subpixels).
@usableFromInline
struct OutlinePen {
    @usableFromInline var transform: Affine
    @usableFromInline var first: DevicePoint
    @usableFromInline var previous: DevicePoint

    @inlinable
    init() {
        transform = Affine(a: .one, b: .zero, c: .zero, d: .one, tx: .zero, ty: .zero)
        first = DevicePoint(x: 0, y: 0)
        previous = first
    }

    /// `point` (path space, raw Q16.16 in 64 bits) in device subpixels.
    ///
    /// - Throws: `.coordinateOutOfRange` when the point lies beyond ±2^31 raw or maps beyond the limit.
    @inlinable @inline(__always)
    func device(_ point: LocalPoint) throws(GeometryError) -> DevicePoint {
        let limit = Int64(1) &<< 31
        guard point.x >= -limit, point.x <= limit else { throw .coordinateOutOfRange(axis: .x, raw: point.x) }
        guard point.y >= -limit, point.y <= limit else { throw .coordinateOutOfRange(axis: .y, raw: point.y) }
        let x = DevicePoint.map(raw: transform.a.raw, point.x, transform.c.raw, point.y, transform.tx.raw)
        let y = DevicePoint.map(raw: transform.b.raw, point.x, transform.d.raw, point.y, transform.ty.raw)
        try Rasterizer.checkSubpixel(x, .x)
        try Rasterizer.checkSubpixel(y, .y)
        return DevicePoint(x: x, y: y)
    }
}

extension Rasterizer {
    /// Starts a closed contour of the outline at `point` (path space).
    @inlinable
    mutating func penMove(to point: LocalPoint) throws(GeometryError) {
        pen.first = try pen.device(point)
        pen.previous = pen.first
        startContour()
    }

    /// Continues the contour with a line to `point` (path space).
    @inlinable @inline(__always)
    mutating func penLine(to point: LocalPoint) throws(GeometryError) {
        let next = try pen.device(point)
        try addLine(from: pen.previous, to: next)
        pen.previous = next
    }

    /// Closes the contour back to its first point.
    @inlinable
    mutating func penClose() throws(GeometryError) {
        try addLine(from: pen.previous, to: pen.first)
        pen.previous = pen.first
    }
}
