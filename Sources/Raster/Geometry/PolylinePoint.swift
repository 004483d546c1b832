/// A point of a flattened path kept for stroking: Q16.16 raw coordinates in path space, flags (on the
/// first point of each subpath), the direction (Q30) and length (raw Q16.16) of the segment that
/// leaves it, and where the offset lines of its two segments meet, filled in by the stroker once per
/// subpath.
@usableFromInline
struct PolylinePoint {
    @usableFromInline var x: Int64
    @usableFromInline var y: Int64
    @usableFromInline var flags: UInt8
    @usableFromInline var directionX: Int32
    @usableFromInline var directionY: Int32
    @usableFromInline var length: Int64
    /// Where the left offset lines of the two segments meet, relative to the point (raw Q16.16), when
    /// `intersectionJoinForward` or `…Backward` is set (the right side's is its negation).
    @usableFromInline var joinX: Int64
    @usableFromInline var joinY: Int64

    /// First point of a subpath.
    @inlinable static var subpathStart: UInt8 { 1 }
    /// On a subpath's first point: the subpath was closed.
    @inlinable static var closed: UInt8 { 2 }
    /// On a subpath's first point: the subpath had at least one segment (a zero-length one gets caps).
    @inlinable static var hasSegments: UInt8 { 4 }
    /// An inner point of a flattened curve: the stroke turns there smoothly (round), whatever the join.
    @inlinable static var smooth: UInt8 { 8 }
    /// Walking forward (backward), the stroke's side joins at the offset lines' intersection here.
    @inlinable static var intersectionJoinForward: UInt8 { 16 }
    @inlinable static var intersectionJoinBackward: UInt8 { 32 }
    /// On the first or last point of a subpath that starts or ends with a curve: `joinX`, `joinY` hold
    /// the curve's tangent there (raw Q16.16 vector, forward), so that caps stand square to the curve
    /// rather than to its end chord (which is off by half a chord's turn).
    @inlinable static var curveTangent: UInt8 { 64 }

    @inlinable
    init(x: Int64, y: Int64, flags: UInt8) {
        self.x = x
        self.y = y
        self.flags = flags
        directionX = 0
        directionY = 0
        length = 0
        joinX = 0
        joinY = 0
    }
}

/// A point in path space, Q16.16 raw in 64 bits (stroke offsets may step slightly outside `Fixed`).
@usableFromInline
struct LocalPoint {
    @usableFromInline var x: Int64
    @usableFromInline var y: Int64

    /// (0, 0), also "no direction given".
    @inlinable static var zero: LocalPoint { LocalPoint(x: 0, y: 0) }

    @inlinable
    init(x: Int64, y: Int64) {
        self.x = x
        self.y = y
    }
}
