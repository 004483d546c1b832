import FixedPoint

/// The integer vector helpers of the stroker: lengths, unit vectors (Q30) and offsets.
@usableFromInline
enum StrokeGeometry {
    /// Q30 one.
    @inlinable static var unitOne: Int64 { 1 << 30 }

    /// ⌊|(dx, dy)|⌋ for components up to ±2^40, shifting the operands down when their squares would
    /// overflow.
    @inlinable
    static func length(_ dx: Int64, _ dy: Int64) -> Int64 {
        let ax = dx < 0 ? 0 &- dx : dx, ay = dy < 0 ? 0 &- dy : dy
        let larger = max(ax, ay)
        var shift: Int64 = 0
        while (larger &>> shift) >= (1 << 30) { shift &+= 1 }
        let sx = ax &>> shift, sy = ay &>> shift
        return IntegerMath.squareRoot(sx &* sx &+ sy &* sy) &<< shift
    }

    /// (dx, dy) scaled to length 2^30; (0, 0) stays (0, 0).
    @inlinable
    static func unit(_ dx: Int64, _ dy: Int64) -> LocalPoint {
        unitAndLength(dx, dy).unit
    }

    /// `unit(dx, dy)` and `length(dx, dy)` with one square root where the second follows from the first.
    ///
    /// The direction is computed on (dx, dy) scaled by 2^k into [2^20, 2^31) (down by halving when the
    /// components are larger). When it was scaled up (k ≥ 0) and both lengths are taken without
    /// shifting, ⌊√(4^k·s)⌋ >> k = ⌊√s⌋ exactly, so the length costs no second root.
    ///
    /// Components below 2^30 (every segment of a flattened curve) take the scale from the larger one's
    /// bit width instead of doubling step by step: k = max(0, 21 − width) is the smallest k that brings
    /// it to 2^20 or more, the same k the doubling loop ends with, so the results are identical. Scaled,
    /// the components stay below 2^30 and their squares' sum below 2^61.
    ///
    /// `guess`, an estimate of the length (raw Q16.16, 0 for none), saves most of the square root's work
    /// when it is close (`IntegerMath.squareRoot(_:near:)`); the results do not depend on it.
    @inlinable @inline(__always)
    static func unitAndLength(_ dx: Int64, _ dy: Int64, lengthNear guess: Int64 = 0) -> (unit: LocalPoint, length: Int64) {
        let larger = max(dx.magnitude, dy.magnitude)
        guard larger < (1 << 30) else { return unitAndLengthOfLongVector(dx, dy) }
        if larger == 0 { return (LocalPoint(x: 0, y: 0), 0) }
        let doublings = max(0, 21 &- (UInt64.bitWidth &- larger.leadingZeroBitCount))
        let x = dx &<< doublings, y = dy &<< doublings
        let scaledLength = IntegerMath.squareRoot(x &* x &+ y &* y, near: guess &<< doublings)
        let divisor = ReciprocalDivisor(scaledLength)
        return (LocalPoint(x: divisor.truncatedQuotient(x &<< 30), y: divisor.truncatedQuotient(y &<< 30)),
                scaledLength &>> doublings)
    }

    /// `unitAndLength` for components of 2^30 or more: the direction from them halved below 2^31 (so
    /// that their squares fit; they stay at 2^30 or more, no doubling), the length from `length`.
    @inlinable @inline(never)
    static func unitAndLengthOfLongVector(_ dx: Int64, _ dy: Int64) -> (unit: LocalPoint, length: Int64) {
        var x = dx, y = dy
        while max(x.magnitude, y.magnitude) >= (1 << 31) {
            x &>>= 1
            y &>>= 1
        }
        let divisor = ReciprocalDivisor(length(x, y))
        return (LocalPoint(x: divisor.truncatedQuotient(x &<< 30), y: divisor.truncatedQuotient(y &<< 30)), length(dx, dy))
    }

    /// The left normal (−y, x) of a Q30 unit vector, scaled to `halfWidth` (raw Q16.16).
    @inlinable
    static func offset(_ unit: LocalPoint, _ halfWidth: Int64) -> LocalPoint {
        LocalPoint(x: (0 &- unit.y &* halfWidth) &>> 30, y: (unit.x &* halfWidth) &>> 30)
    }

    /// `unit` scaled to `length` (raw Q16.16).
    @inlinable
    static func scaled(_ unit: LocalPoint, _ length: Int64) -> LocalPoint {
        LocalPoint(x: (unit.x &* length) &>> 30, y: (unit.y &* length) &>> 30)
    }
}

extension LocalPoint {
    @inlinable
    static func + (lhs: LocalPoint, rhs: LocalPoint) -> LocalPoint { LocalPoint(x: lhs.x &+ rhs.x, y: lhs.y &+ rhs.y) }

    @inlinable
    static func - (lhs: LocalPoint, rhs: LocalPoint) -> LocalPoint { LocalPoint(x: lhs.x &- rhs.x, y: lhs.y &- rhs.y) }
}

/// The stroke style in the stroker's units.
@usableFromInline
struct StrokeParameters {
    /// Half the line width, raw Q16.16.
    @usableFromInline var halfWidth: Int64
    @usableFromInline var cap: LineCap
    @usableFromInline var join: LineJoin
    /// The miter limit squared, Q16.16.
    @usableFromInline var miterLimitSquared: Int64
    /// The largest angle step of round joins and caps (Q16.16 radians) for the flattening tolerance.
    @usableFromInline var arcStep: Int64
    /// The smallest cosine (Q30) of a turn inside a curve whose outer side still joins at the offset
    /// lines' intersection: that point lies hw·(1/cos(θ/2) − 1) ≈ hw·(1 − cos θ)/4 outside the offset
    /// curve, kept within half the flattening tolerance; wider turns join round. Never below cos 25°.
    @usableFromInline var smoothIntersectionDot: Int64

    @inlinable
    init(style: StrokeStyle, tolerance: Int64) {
        halfWidth = Int64(style.lineWidth.raw) &>> 1
        if halfWidth == 0 { halfWidth = 1 }
        cap = style.lineCap
        join = style.lineJoin
        let limit = Int64(style.miterLimit.raw)
        miterLimitSquared = (limit &* limit) &>> 16
        // A chord of angle θ on radius r strays r·(1 − cos θ/2) ≈ r·θ²/8 from the arc: θ = √(8·tol/r).
        let ratio = (8 &* tolerance &<< 32) / halfWidth  // Q32
        arcStep = min(max(IntegerMath.squareRoot(ratio), 64), 51_472)  // Q16 radians, ≤ π/4
        // hw·(1 − cos θ)/4 ≤ tol/2  ⇔  cos θ ≥ 1 − 2·tol/hw.
        smoothIntersectionDot = max(Rasterizer.smoothMiterDot, StrokeGeometry.unitOne &- (2 &* tolerance &<< 30) / halfWidth)
    }
}
