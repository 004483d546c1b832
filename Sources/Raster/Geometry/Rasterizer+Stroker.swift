import FixedPoint

extension Rasterizer {
    /// Outlines one subpath of distinct points `points[0 ..< count]` and adds the outline's edges.
    ///
    /// An open subpath becomes one closed contour: the left offsets forward, the end cap, the left
    /// offsets of the reversed path (the right side), the start cap. A closed subpath becomes two closed
    /// contours of opposite orientation (its two sides, joined all around). The outline is filled with
    /// the non-zero rule; inner corners are cut at the offset lines' intersection, so the outline stays a
    /// simple polygon (which the exact-area sweep needs to be exact), except where segments are too short
    /// for that and the corner is pivoted through the path point instead.
    ///
    /// `startTangent` and `endTangent` (Q30 units, zero for none) replace the end segments' directions
    /// at the ends of an open subpath: a subpath cut inside a curve gets its caps square to the curve.
    @inlinable
    mutating func strokeSubpath(
        _ points: UnsafeMutablePointer<PolylinePoint>, count: Int, closed: Bool, hasSegments: Bool,
        _ parameters: StrokeParameters, startTangent: LocalPoint, endTangent: LocalPoint
    ) throws(GeometryError) {
        if count == 1 {
            if hasSegments { try strokeDot(at: points[0], parameters) }
            return
        }
        let walk = PolylineWalk(points: points, count: count, startTangent: startTangent, endTangent: endTangent)
        walk.measureSegments(closed: closed)
        walk.findIntersectionJoins(closed: closed, parameters)
        if closed {
            try strokeClosedSide(walk, forward: true, parameters)
            try strokeClosedSide(walk, forward: false, parameters)
            return
        }
        let first = walk.vertex(0, forward: true)
        try penMove(to: first + StrokeGeometry.offset(walk.endDirection(atStart: true, forward: true), parameters.halfWidth))
        let endUnit = try strokeOpenSide(walk, forward: true, parameters)
        try cap(at: walk.vertex(count &- 1, forward: true), direction: endUnit, parameters)
        let startUnit = try strokeOpenSide(walk, forward: false, parameters)
        try cap(at: first, direction: startUnit, parameters)
        try penClose()
    }

    /// Walks an open subpath's left side (the pen at the first offset point), joining the segments;
    /// ends at the last offset point and returns the direction there.
    @inlinable
    mutating func strokeOpenSide(_ walk: PolylineWalk, forward: Bool, _ parameters: StrokeParameters) throws(GeometryError) -> LocalPoint {
        try joinAll(walk, from: 1, to: walk.count &- 1, forward: forward, parameters)
        let lastUnit = walk.endDirection(atStart: false, forward: forward)
        try penLine(to: walk.vertex(walk.count &- 1, forward: forward) + StrokeGeometry.offset(lastUnit, parameters.halfWidth))
        return lastUnit
    }

    /// One side of a closed subpath as its own closed contour, joined at every point including the first;
    /// it starts and ends in the middle of the first segment.
    @inlinable
    mutating func strokeClosedSide(_ walk: PolylineWalk, forward: Bool, _ parameters: StrokeParameters) throws(GeometryError) {
        let a = walk.vertex(0, forward: forward), b = walk.vertex(1, forward: forward)
        let middle = LocalPoint(x: a.x &+ (b.x &- a.x) / 2, y: a.y &+ (b.y &- a.y) / 2)
        try penMove(to: middle + StrokeGeometry.offset(walk.direction(from: 0, forward: forward), parameters.halfWidth))
        try joinAll(walk, from: 1, to: walk.count, forward: forward, parameters)
        try join(walk, at: 0, forward: forward, parameters)
        try penClose()
    }

    /// Joins the walk's segments at position `k` (the last segment when k = 0 on a closed walk): one
    /// line to the join point found by `findIntersectionJoins`, or the general `join`.
    @inlinable @inline(__always)
    mutating func join(_ walk: PolylineWalk, at k: Int, forward: Bool, _ parameters: StrokeParameters) throws(GeometryError) {
        if let point = walk.intersectionJoin(k, forward: forward) { return try penLine(to: point) }
        let before = k == 0 ? walk.count &- 1 : k &- 1
        try join(at: walk.vertex(k, forward: forward), smooth: walk.isSmooth(k, forward: forward),
                 from: walk.direction(from: before, forward: forward), walk.length(from: before, forward: forward),
                 to: walk.direction(from: k, forward: forward), walk.length(from: k, forward: forward), parameters)
    }

    /// Joins two segments at `corner` (lengths raw Q16.16): the pen comes along the incoming offset line
    /// and leaves on the outgoing one. Smooth points (inside a flattened curve) join round.
    @inlinable
    mutating func join(
        at corner: LocalPoint, smooth: Bool, from incoming: LocalPoint, _ incomingLength: Int64,
        to outgoing: LocalPoint, _ outgoingLength: Int64, _ parameters: StrokeParameters
    ) throws(GeometryError) {
        let cross = (incoming.x &* outgoing.y &- incoming.y &* outgoing.x) &>> 30
        let dot = (incoming.x &* outgoing.x &+ incoming.y &* outgoing.y) &>> 30
        let onePlusDot = StrokeGeometry.unitOne &+ dot
        if Rasterizer.joinsAtIntersection(
            cross: cross, dot: dot, smooth: smooth, shorter: min(incomingLength, outgoingLength), parameters) {
            return try penLine(to: Rasterizer.offsetIntersection(corner, incoming, outgoing, onePlusDot, straddled: smooth, parameters))
        }
        let start = corner + StrokeGeometry.offset(incoming, parameters.halfWidth)
        let end = corner + StrokeGeometry.offset(outgoing, parameters.halfWidth)
        if cross == 0 && dot > 0 { return try penLine(to: end) }
        if cross > 0 {
            // Inner side, segments too short for the cut: pivot through the corner.
            try penLine(to: start)
            let pivotStart = pen.previous
            try penLine(to: corner)
            let pivotCorner = pen.previous
            try penLine(to: end)
            return notePivot(pivotStart, pivotCorner, pen.previous)
        }
        try penLine(to: start)
        switch smooth ? LineJoin.round : parameters.join {
        case .bevel:
            break
        case .miter:
            // Miter length / width = 1 / sin(θ/2) with sin²(θ/2) = (1 + dot) / 2.
            if ((onePlusDot &>> 14) &* parameters.miterLimitSquared) &>> 16 >= 2 &<< 16 {
                try penLine(to: Rasterizer.offsetIntersection(corner, incoming, outgoing, onePlusDot, straddled: false, parameters))
            }
        case .round:
            // Turns within one arc step (the common case inside curves) need no inner arc points.
            let magnitude = cross < 0 ? 0 &- cross : cross
            if dot > 0 && magnitude <= parameters.arcStep &<< 14 { break }
            let normal = LocalPoint(x: 0 &- incoming.y, y: incoming.x)
            let turn = Int64(Fixed.atan2(y: Fixed(raw: Int32(truncatingIfNeeded: cross &>> 14)),
                                         x: Fixed(raw: Int32(truncatingIfNeeded: dot &>> 14))).raw)
            try arc(around: corner, from: normal, sweep: turn, parameters)
        }
        try penLine(to: end)
    }

    /// Whether a side joins at the single point where its offset lines cross (`cross`, `dot` Q30 of its
    /// incoming and outgoing directions; `shorter` the shorter segment, raw Q16.16):
    /// - on the inner side (cross > 0) the lines meet hw·tan(θ/2) before the corner on both segments;
    ///   when both are at least twice that long, the meeting point is the corner of a simple outline;
    /// - inside a curve (smooth, turning less than 25° and so little that hw·θ²/8 stays within half the
    ///   flattening tolerance: `smoothIntersectionDot`) the outer lines meet just outside the offset
    ///   curve: one point instead of a round join's two or more.
    /// A straight continuation (cross 0, dot > 0) draws the next offset point instead.
    @inlinable
    static func joinsAtIntersection(
        cross: Int64, dot: Int64, smooth: Bool, shorter: Int64, _ parameters: StrokeParameters
    ) -> Bool {
        if cross == 0 && dot > 0 { return false }
        let onePlusDot = StrokeGeometry.unitOne &+ dot
        if cross > 0 { return onePlusDot > 0 && innerCutFits(parameters.halfWidth &* cross, onePlusDot, shorter) }
        return smooth && dot >= parameters.smoothIntersectionDot
    }

    /// Whether 2·⌊behind / onePlusDot⌋ ≤ shorter (the cut's reach behind the corner, doubled, fits the
    /// shorter segment), without the division: ⌊a / b⌋ ≤ ⌊L / 2⌋ ⇔ a < (⌊L / 2⌋ + 1)·b for b > 0.
    @inlinable
    static func innerCutFits(_ behind: Int64, _ onePlusDot: Int64, _ shorter: Int64) -> Bool {
        let (limit, overflow) = ((shorter &>> 1) &+ 1).multipliedReportingOverflow(by: onePlusDot)
        return overflow || behind < limit
    }

    /// cos 25° in Q30: smooth points turning less than this are mitered, more (a cusp) rounded.
    @inlinable static var smoothMiterDot: Int64 { 973_146_681 }

    /// Where the left offset lines of two segments meeting at `corner` cross: corner + (n0 + n1)·hw / (1 + dot).
    ///
    /// `straddled` (a smooth point inside a flattened curve) pulls the point in along the bisector, from
    /// hw / cos(θ/2) ≈ hw·(1 + θ²/8) to hw·(1 + θ²/12), θ the turn: the offset polygon then straddles the
    /// offset curve as the flattened path straddles the curve (vertices ⅔ of the offset curve's own sagitta
    /// outside it), keeping each side's area. The plain intersection puts every offset vertex hw·θ²/24 too far
    /// out, so both sides of a curve's stroke sit hw·s / (3r) outside the exact ones (s the path's sagitta, r
    /// its radius): on a 7-px stroke of radius 10 at the flattening tolerance, 0.0016 px on every edge pixel.
    @inlinable
    static func offsetIntersection(
        _ corner: LocalPoint, _ incoming: LocalPoint, _ outgoing: LocalPoint, _ onePlusDot: Int64,
        straddled: Bool, _ parameters: StrokeParameters
    ) -> LocalPoint {
        let sumX = (0 &- incoming.y) &+ (0 &- outgoing.y), sumY = incoming.x &+ outgoing.x
        let divisor = ReciprocalDivisor(onePlusDot)
        var reach = parameters.halfWidth
        if straddled {
            // (1 + θ²/12)·cos(θ/2) = 1 − θ²/24 + O(θ⁴) with θ² = 2(1 − cos θ): hw·(1 − (1 − dot)/12).
            let oneMinusDot = 2 &* StrokeGeometry.unitOne &- onePlusDot
            reach &-= ((reach &* oneMinusDot) &>> 30) / 12
        }
        return LocalPoint(
            x: corner.x &+ divisor.truncatedQuotient(sumX &* reach),
            y: corner.y &+ divisor.truncatedQuotient(sumY &* reach))
    }
}

/// A subpath's points walked forward or backward, with segment directions and lengths.
@usableFromInline
struct PolylineWalk {
    @usableFromInline let points: UnsafeMutablePointer<PolylinePoint>
    @usableFromInline let count: Int
    /// Directions (Q30) at the first and last point in forward order, or zero to use the end segments'.
    @usableFromInline let startTangent: LocalPoint
    @usableFromInline let endTangent: LocalPoint

    @inlinable
    init(points: UnsafeMutablePointer<PolylinePoint>, count: Int, startTangent: LocalPoint, endTangent: LocalPoint) {
        self.points = points
        self.count = count
        self.startTangent = startTangent
        self.endTangent = endTangent
    }

    /// The walking direction at the walk's first (`atStart`) or last point: the given tangent (reversed
    /// when walking backward) or the end segment's direction.
    @inlinable
    func endDirection(atStart: Bool, forward: Bool) -> LocalPoint {
        let tangent = atStart == forward ? startTangent : endTangent
        if tangent.x != 0 || tangent.y != 0 {
            return forward ? tangent : LocalPoint(x: 0 &- tangent.x, y: 0 &- tangent.y)
        }
        return direction(from: atStart ? 0 : count &- 2, forward: forward)
    }

    /// The point at walking position `k` (forward: k, backward: count − 1 − k).
    @inlinable
    func vertex(_ k: Int, forward: Bool) -> LocalPoint {
        let point = points[forward ? k : count &- 1 &- k]
        return LocalPoint(x: point.x, y: point.y)
    }

    /// Whether the point at walking position `k` lies inside a flattened curve.
    @inlinable
    func isSmooth(_ k: Int, forward: Bool) -> Bool {
        points[forward ? k : count &- 1 &- k].flags & PolylinePoint.smooth != 0
    }

    /// Stores each segment's direction and length in the point it leaves (the closing segment too when
    /// `closed`), so that both sides of the stroke share one square root per segment. The chords of a
    /// flattened curve change length smoothly: the last two lengths, extrapolated, guess the next one's
    /// for its square root (`StrokeGeometry.unitAndLength(_:_:lengthNear:)`).
    @inlinable
    func measureSegments(closed: Bool) {
        let segments = closed ? count : count &- 1
        var last: Int64 = 0, beforeLast: Int64 = 0
        for index in 0..<segments {
            let a = points[index], b = points[index &+ 1 == count ? 0 : index &+ 1]
            let guess = beforeLast > 0 ? 2 &* last &- beforeLast : last
            let (unit, length) = StrokeGeometry.unitAndLength(b.x &- a.x, b.y &- a.y, lengthNear: guess)
            points[index].directionX = Int32(truncatingIfNeeded: unit.x)
            points[index].directionY = Int32(truncatingIfNeeded: unit.y)
            points[index].length = length
            beforeLast = last
            last = length
        }
    }

    /// The point index of the measured segment that walking segment k → k + 1 runs along (positions
    /// modulo `count`; walking backward runs along segment count − 2 − k, reversed).
    @inlinable
    func segmentIndex(_ k: Int, forward: Bool) -> Int {
        let position = wrapped(k)
        if forward { return position }
        let backward = count &- 2 &- position
        return backward < 0 ? backward &+ count : backward
    }

    /// k modulo `count` for k ≥ 0, without a division for the positions a walk uses (0 … 2·count − 1).
    @inlinable
    func wrapped(_ k: Int) -> Int {
        k < count ? k : k < 2 &* count ? k &- count : k % count
    }

    /// The Q30 direction of the walking segment k → k + 1.
    @inlinable
    func direction(from k: Int, forward: Bool) -> LocalPoint {
        let point = points[segmentIndex(k, forward: forward)]
        let x = Int64(point.directionX), y = Int64(point.directionY)
        return forward ? LocalPoint(x: x, y: y) : LocalPoint(x: 0 &- x, y: 0 &- y)
    }

    /// The length of the walking segment k → k + 1 (raw Q16.16).
    @inlinable
    func length(from k: Int, forward: Bool) -> Int64 { points[segmentIndex(k, forward: forward)].length }
}
