import FixedPoint

/// A point in device space in 20.12 subpixels (1/4096 px), held in 64 bits while it is validated.
@usableFromInline
struct DevicePoint: Equatable {
    @usableFromInline var x: Int64
    @usableFromInline var y: Int64

    @inlinable
    init(x: Int64, y: Int64) {
        self.x = x
        self.y = y
    }

    /// `point` mapped by `transform` and rounded to the nearest subpixel, computed in 64 bits.
    ///
    /// - Throws: `.coordinateOutOfRange` beyond ±`Rasterizer.coordinateLimit` pixels.
    @inlinable
    init(_ point: Point, _ transform: Affine) throws(GeometryError) {
        x = DevicePoint.map(transform.a, point.x, transform.c, point.y, transform.tx)
        y = DevicePoint.map(transform.b, point.x, transform.d, point.y, transform.ty)
        try Rasterizer.checkSubpixel(x, .x)
        try Rasterizer.checkSubpixel(y, .y)
    }

    /// `m1·v1 + m2·v2 + offset` (all Q16.16) in 20.12, rounded to nearest; never overflows.
    @inlinable
    static func map(_ m1: Fixed, _ v1: Fixed, _ m2: Fixed, _ v2: Fixed, _ offset: Fixed) -> Int64 {
        map(raw: m1.raw, Int64(v1.raw), m2.raw, Int64(v2.raw), offset.raw)
    }

    /// `map` with raw Q16.16 inputs; the values `v1`, `v2` may reach ±2^31 (one past `Fixed`).
    @inlinable
    static func map(raw m1: Int32, _ v1: Int64, _ m2: Int32, _ v2: Int64, _ offset: Int32) -> Int64 {
        let q24 = ((Int64(m1) &* v1) &>> 8) &+ ((Int64(m2) &* v2) &>> 8) &+ (Int64(offset) &<< 8)
        return (q24 &+ (1 &<< 11)) &>> 12
    }

    /// The Euclidean length (subpixels, rounded down) of the larger of a cubic's two second differences.
    @inlinable
    static func largerSecondDifference(
        _ p0: DevicePoint, _ p1: DevicePoint, _ p2: DevicePoint, _ p3: DevicePoint
    ) -> Int64 {
        max(StrokeGeometry.length(p0.x &- 2 &* p1.x &+ p2.x, p0.y &- 2 &* p1.y &+ p2.y),
            StrokeGeometry.length(p1.x &- 2 &* p2.x &+ p3.x, p1.y &- 2 &* p2.y &+ p3.y))
    }
}
