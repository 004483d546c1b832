/// What flattening carries from one curve to the next within a subpath (path space for strokes,
/// device space for fills), so that the point where two curves meet smoothly straddles the curve like
/// the points inside them.
///
/// A curve's end points lie on the curve while its inner vertices sit ⅔ of the chord sagitta outside
/// it, so an unmoved joint leaves the polygon short by ⅔ · sagitta · chord length per joint: a circle
/// of eight cubics came out about 1/255 too light along its edge once chords grew longer (a
/// 1.5-px circle: −1/255 on half its pixels). Where the tangents of both curves agree, the joint is
/// moved outward by a sixth of its second difference like any inner vertex. Only joints between two
/// consecutive curves are moved, and for strokes also a closed subpath's start; a fill's start stays.
@usableFromInline
struct CurveJoint {
    /// The last segment was a curve: its last unmoved sample before the end and its end tangent.
    @usableFromInline var endsWithCurve: Bool
    @usableFromInline var lastSample: LocalPoint
    @usableFromInline var endTangent: LocalPoint
    /// The subpath began with a curve: its first unmoved sample after the start and its start tangent.
    @usableFromInline var startsWithCurve: Bool
    @usableFromInline var firstSample: LocalPoint
    @usableFromInline var startTangent: LocalPoint

    /// No curve before, none at the subpath's start.
    @inlinable
    init() {
        endsWithCurve = false
        lastSample = .zero
        endTangent = .zero
        startsWithCurve = false
        firstSample = .zero
        startTangent = .zero
    }

    /// Whether a curve ending along `incoming` continues smoothly along `outgoing` (raw Q16.16
    /// vectors): same direction within 1/64 radian. A zero vector is never smooth.
    @inlinable
    static func isSmooth(_ incoming: LocalPoint, _ outgoing: LocalPoint) -> Bool {
        var ax = incoming.x, ay = incoming.y, bx = outgoing.x, by = outgoing.y
        // Below 2^26 the products stay well inside 64 bits, also once multiplied by 64.
        while max(max(abs(ax), abs(ay)), max(abs(bx), abs(by))) >= 1 << 26 {
            ax &>>= 1; ay &>>= 1; bx &>>= 1; by &>>= 1
        }
        let dot = ax &* bx &+ ay &* by, cross = ax &* by &- ay &* bx
        if dot <= 0 { return false }
        let bound = Flattening.approximateLength(ax, ay) &* Flattening.approximateLength(bx, by)
        return abs(cross) &* 64 <= bound
    }

    /// The first non-zero of `vectors` tried in order (a curve's tangent at an end whose control
    /// point coincides with it runs towards the next one), or zero.
    @inlinable
    static func tangent(_ first: LocalPoint, _ second: LocalPoint, _ third: LocalPoint) -> LocalPoint {
        if first.x != 0 || first.y != 0 { return first }
        if second.x != 0 || second.y != 0 { return second }
        return third
    }
}
