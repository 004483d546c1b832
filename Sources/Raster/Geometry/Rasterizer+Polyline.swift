import FixedPoint

extension Rasterizer {
    /// Flattens `path` (path space, not transformed) into the polyline scratch, the straddled polygon
    /// within `tolerance` (raw Q16.16) of each curve; smooth joints between two curves straddle the
    /// curve too (`CurveJoint`), and an open subpath's end points keep its curves' end tangents
    /// (`PolylinePoint.curveTangent`). Repeated points are dropped; the first point of each subpath
    /// carries the flags. Returns the number of points stored.
    ///
    /// - Throws: `.polylineCapacityExceeded` when the scratch is full.
    @inlinable
    mutating func flattenToPolyline(_ path: borrowing Path, tolerance: Int64) throws(GeometryError) -> Int {
        let elements = Path.elements(of: path)
        var count = 0
        var subpathStart = 0
        var pointIndex = 0
        var joint = CurveJoint()
        for verbIndex in 0..<elements.verbCount {
            let verb = elements.verbs[verbIndex]
            let points = elements.points + pointIndex
            switch verb {
            case .move:
                if count > 0 { markCurveEnd(joint, at: count &- 1) }
                guard count < polylineCapacity else { throw .polylineCapacityExceeded(capacity: polylineCapacity) }
                subpathStart = count
                polyline[count] = PolylinePoint(
                    x: Int64(points[0].x.raw), y: Int64(points[0].y.raw), flags: PolylinePoint.subpathStart)
                count &+= 1
                joint = CurveJoint()
            case .line:
                polyline[subpathStart].flags |= PolylinePoint.hasSegments
                try appendPolylinePoint(LocalPoint(points[0]), smooth: false, count: &count)
                joint.endsWithCurve = false
            case .quadratic:
                polyline[subpathStart].flags |= PolylinePoint.hasSegments
                try appendQuadratic(
                    LocalPoint(points[0]), LocalPoint(points[1]), tolerance: tolerance, joint: &joint, count: &count)
            case .cubic:
                polyline[subpathStart].flags |= PolylinePoint.hasSegments
                try appendCubic(
                    LocalPoint(points[0]), LocalPoint(points[1]), LocalPoint(points[2]), tolerance: tolerance,
                    joint: &joint, count: &count)
            case .close:
                polyline[subpathStart].flags |= PolylinePoint.closed | PolylinePoint.hasSegments
                let last = polyline[count &- 1], first = polyline[subpathStart]
                if count &- 1 > subpathStart && last.x == first.x && last.y == first.y {
                    count &-= 1
                    if joint.endsWithCurve && joint.startsWithCurve {
                        straddleJoint(at: subpathStart, joint.lastSample, joint.endTangent,
                                      joint.firstSample, joint.startTangent)
                    }
                }
                joint = CurveJoint()
            }
            pointIndex &+= verb.pointCount
        }
        if count > 0 { markCurveEnd(joint, at: count &- 1) }
        return count
    }

    /// Keeps the end tangent of an open subpath's last curve in its last point (`curveTangent`).
    @inlinable
    mutating func markCurveEnd(_ joint: CurveJoint, at index: Int) {
        guard joint.endsWithCurve, joint.endTangent.x != 0 || joint.endTangent.y != 0 else { return }
        polyline[index].joinX = joint.endTangent.x
        polyline[index].joinY = joint.endTangent.y
        polyline[index].flags |= PolylinePoint.curveTangent
    }

    /// The curve tangents (Q30 units, forward) at the ends of the subpath `start ..< end`, zero where
    /// it starts or ends with a line, and for a closed subpath (which has no ends).
    @inlinable
    func curveTangents(from start: Int, to end: Int, closed: Bool) -> (LocalPoint, LocalPoint) {
        if closed { return (LocalPoint.zero, LocalPoint.zero) }
        return (curveTangent(at: start), end &- 1 > start ? curveTangent(at: end &- 1) : LocalPoint.zero)
    }

    /// The curve tangent kept in the polyline point at `index` as a Q30 unit, or zero.
    @inlinable
    func curveTangent(at index: Int) -> LocalPoint {
        let point = polyline[index]
        guard point.flags & PolylinePoint.curveTangent != 0 else { return LocalPoint.zero }
        return StrokeGeometry.unit(point.joinX, point.joinY)
    }

    /// Appends a point unless it repeats the previous one; `smooth` marks inner points of curves.
    @inlinable
    mutating func appendPolylinePoint(_ point: LocalPoint, smooth: Bool, count: inout Int) throws(GeometryError) {
        let previous = polyline[count &- 1]
        if previous.x == point.x && previous.y == point.y { return }
        guard count < polylineCapacity else { throw .polylineCapacityExceeded(capacity: polylineCapacity) }
        polyline[count] = PolylinePoint(x: point.x, y: point.y, flags: smooth ? PolylinePoint.smooth : 0)
        count &+= 1
    }

    /// Flattens a quadratic (as the cubic it equals) from the last polyline point.
    @inlinable
    mutating func appendQuadratic(
        _ p1: LocalPoint, _ p2: LocalPoint, tolerance: Int64, joint: inout CurveJoint, count: inout Int
    ) throws(GeometryError) {
        let start = polyline[count &- 1]
        try appendCubic(
            LocalPoint(x: Flattening.elevated(start.x, p1.x), y: Flattening.elevated(start.y, p1.y)),
            LocalPoint(x: Flattening.elevated(p2.x, p1.x), y: Flattening.elevated(p2.y, p1.y)), p2,
            tolerance: tolerance, joint: &joint, count: &count)
    }

    /// Moves the polyline point at `index`, where a curve ending along `endTangent` (its last unmoved
    /// sample `before`) meets one starting along `startTangent` (first sample `after`), outward by a
    /// sixth of its second difference when the two continue smoothly, and marks it smooth.
    @inlinable
    mutating func straddleJoint(
        at index: Int, _ before: LocalPoint, _ endTangent: LocalPoint, _ after: LocalPoint, _ startTangent: LocalPoint
    ) {
        guard CurveJoint.isSmooth(endTangent, startTangent) else { return }
        let point = polyline[index]
        polyline[index].x = Flattening.straddled(before.x, point.x, after.x)
        polyline[index].y = Flattening.straddled(before.y, point.y, after.y)
        polyline[index].flags |= PolylinePoint.smooth
    }

    /// Flattens a cubic from the last polyline point (its points stepped by `CubicSteps`, as
    /// `Flattening.cubic` puts them); inner points straddle the curve
    /// (`Flattening.straddled`) and are marked smooth, and so is the start when the previous curve
    /// flows into this one (`joint`).
    @inlinable
    mutating func appendCubic(
        _ p1: LocalPoint, _ p2: LocalPoint, _ p3: LocalPoint, tolerance: Int64,
        joint: inout CurveJoint, count: inout Int
    ) throws(GeometryError) {
        let startIndex = count &- 1
        let start = polyline[startIndex]
        let p0 = LocalPoint(x: start.x, y: start.y)
        let first = StrokeGeometry.length(p0.x &- 2 &* p1.x &+ p2.x, p0.y &- 2 &* p1.y &+ p2.y)
        let second = StrokeGeometry.length(p1.x &- 2 &* p2.x &+ p3.x, p1.y &- 2 &* p2.y &+ p3.y)
        let n = Flattening.cubicSegments(secondDifference: max(first, second), tolerance: tolerance)
        var before = p0, current = p3
        let cube = ReciprocalDivisor(n &* n &* n)
        var steps = CubicSteps(p0, p1, p2, p3, segments: n)
        if n > 1 { current = steps.next(cube) }
        let startTangent = CurveJoint.tangent(
            LocalPoint(x: p1.x &- p0.x, y: p1.y &- p0.y), LocalPoint(x: p2.x &- p0.x, y: p2.y &- p0.y),
            LocalPoint(x: p3.x &- p0.x, y: p3.y &- p0.y))
        if joint.endsWithCurve {
            straddleJoint(at: startIndex, joint.lastSample, joint.endTangent, current, startTangent)
        } else if polyline[startIndex].flags & PolylinePoint.subpathStart != 0 {
            joint.startsWithCurve = true
            joint.firstSample = current
            joint.startTangent = startTangent
            if startTangent.x != 0 || startTangent.y != 0 {
                polyline[startIndex].joinX = startTangent.x
                polyline[startIndex].joinY = startTangent.y
                polyline[startIndex].flags |= PolylinePoint.curveTangent
            }
        }
        var i: Int64 = 1
        while i < n {
            let next = i &+ 1 == n ? p3 : steps.next(cube)
            let vertex = LocalPoint(
                x: Flattening.straddled(before.x, current.x, next.x), y: Flattening.straddled(before.y, current.y, next.y))
            try appendPolylinePoint(vertex, smooth: true, count: &count)
            before = current
            current = next
            i &+= 1
        }
        try appendPolylinePoint(p3, smooth: false, count: &count)
        joint.endsWithCurve = true
        joint.lastSample = before
        joint.endTangent = CurveJoint.tangent(
            LocalPoint(x: p3.x &- p2.x, y: p3.y &- p2.y), LocalPoint(x: p3.x &- p1.x, y: p3.y &- p1.y),
            LocalPoint(x: p3.x &- p0.x, y: p3.y &- p0.y))
    }

    /// The path-space flattening tolerance (raw Q16.16) that keeps `Flattening.toleranceSubpixels`
    /// after `transform`: the device tolerance divided by the transform's largest scale (its largest
    /// singular value), at least 1 raw.
    @inlinable
    static func localTolerance(_ transform: Affine) -> Int64 {
        let scale = largestScale(transform)
        guard scale > 0 else { return 1 << 16 }
        // Subpixels (1/4096 px) to raw Q16.16 (1/65536) is · 16; dividing by a Q16.16 scale adds << 16.
        return max(1, (Flattening.toleranceSubpixels &<< 20) / scale)
    }

    /// The largest singular value of the transform's 2 × 2 part, Q16.16:
    /// σ² = (T + √(T² − 4D²)) / 2 with T = a² + b² + c² + d² and D = ad − bc, computed on values
    /// shifted below 2^30 so that the squares fit 64 bits.
    @inlinable
    static func largestScale(_ transform: Affine) -> Int64 {
        let a = Int64(transform.a.raw), b = Int64(transform.b.raw), c = Int64(transform.c.raw), d = Int64(transform.d.raw)
        var sum = (a &* a) &>> 2 &+ (b &* b) &>> 2 &+ (c &* c) &>> 2 &+ (d &* d) &>> 2  // T / 4, Q32
        var determinant = ((a &* d) &>> 2) &- ((b &* c) &>> 2)  // D / 4, Q32
        var shift: Int64 = 0
        while sum >= (1 << 30) {
            sum &>>= 2
            determinant &>>= 2
            shift &+= 2
        }
        let discriminant = max(0, sum &* sum &- 4 &* determinant &* determinant)
        let squared = (sum &+ IntegerMath.squareRoot(discriminant)) / 2  // σ² / 4 >> shift, Q32
        return IntegerMath.squareRoot(squared) &<< (shift / 2 &+ 1)
    }
}

extension LocalPoint {
    /// A path point widened to 64 bits.
    @inlinable
    init(_ point: Point) {
        self.init(x: Int64(point.x.raw), y: Int64(point.y.raw))
    }
}
