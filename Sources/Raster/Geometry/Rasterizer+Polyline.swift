import FixedPoint

extension Rasterizer {
    /// Flattens `path` (path space, not transformed) into the polyline scratch, chords within `tolerance`
    /// (raw Q16.16). Repeated points are dropped; the first point of each subpath carries the flags.
    /// Returns the number of points stored.
    ///
    /// - Throws: `.polylineCapacityExceeded` when the scratch is full.
    @inlinable
    mutating func flattenToPolyline(_ path: borrowing Path, tolerance: Int64) throws(GeometryError) -> Int {
        let elements = Path.elements(of: path)
        var count = 0
        var subpathStart = 0
        var pointIndex = 0
        for verbIndex in 0..<elements.verbCount {
            let verb = elements.verbs[verbIndex]
            let points = elements.points + pointIndex
            switch verb {
            case .move:
                guard count < polylineCapacity else { throw .polylineCapacityExceeded(capacity: polylineCapacity) }
                subpathStart = count
                polyline[count] = PolylinePoint(
                    x: Int64(points[0].x.raw), y: Int64(points[0].y.raw), flags: PolylinePoint.subpathStart)
                count &+= 1
            case .line:
                polyline[subpathStart].flags |= PolylinePoint.hasSegments
                try appendPolylinePoint(LocalPoint(points[0]), smooth: false, count: &count)
            case .quadratic:
                polyline[subpathStart].flags |= PolylinePoint.hasSegments
                try appendQuadratic(LocalPoint(points[0]), LocalPoint(points[1]), tolerance: tolerance, count: &count)
            case .cubic:
                polyline[subpathStart].flags |= PolylinePoint.hasSegments
                try appendCubic(
                    LocalPoint(points[0]), LocalPoint(points[1]), LocalPoint(points[2]), tolerance: tolerance,
                    count: &count)
            case .close:
                polyline[subpathStart].flags |= PolylinePoint.closed | PolylinePoint.hasSegments
                let last = polyline[count &- 1], first = polyline[subpathStart]
                if count &- 1 > subpathStart && last.x == first.x && last.y == first.y { count &-= 1 }
            }
            pointIndex &+= verb.pointCount
        }
        return count
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
        _ p1: LocalPoint, _ p2: LocalPoint, tolerance: Int64, count: inout Int
    ) throws(GeometryError) {
        let start = polyline[count &- 1]
        try appendCubic(
            LocalPoint(x: Flattening.elevated(start.x, p1.x), y: Flattening.elevated(start.y, p1.y)),
            LocalPoint(x: Flattening.elevated(p2.x, p1.x), y: Flattening.elevated(p2.y, p1.y)), p2,
            tolerance: tolerance, count: &count)
    }

    /// Flattens a cubic from the last polyline point; inner points straddle the curve
    /// (`Flattening.straddled`) and are marked smooth.
    @inlinable
    mutating func appendCubic(
        _ p1: LocalPoint, _ p2: LocalPoint, _ p3: LocalPoint, tolerance: Int64, count: inout Int
    ) throws(GeometryError) {
        let start = polyline[count &- 1]
        let p0 = LocalPoint(x: start.x, y: start.y)
        let first = Flattening.approximateLength(p0.x &- 2 &* p1.x &+ p2.x, p0.y &- 2 &* p1.y &+ p2.y)
        let second = Flattening.approximateLength(p1.x &- 2 &* p2.x &+ p3.x, p1.y &- 2 &* p2.y &+ p3.y)
        let n = Flattening.cubicSegments(dx: max(first, second), dy: 0, tolerance: tolerance)
        var before = p0, current = p3
        let cube = ReciprocalDivisor(n &* n &* n)
        if n > 1 {
            current = LocalPoint(x: Flattening.cubic(p0.x, p1.x, p2.x, p3.x, step: 1, of: n, cube: cube),
                                 y: Flattening.cubic(p0.y, p1.y, p2.y, p3.y, step: 1, of: n, cube: cube))
        }
        var i: Int64 = 1
        while i < n {
            let next = i &+ 1 == n ? p3 : LocalPoint(
                x: Flattening.cubic(p0.x, p1.x, p2.x, p3.x, step: i &+ 1, of: n, cube: cube),
                y: Flattening.cubic(p0.y, p1.y, p2.y, p3.y, step: i &+ 1, of: n, cube: cube))
            let vertex = LocalPoint(
                x: Flattening.straddled(before.x, current.x, next.x), y: Flattening.straddled(before.y, current.y, next.y))
            try appendPolylinePoint(vertex, smooth: true, count: &count)
            before = current
            current = next
            i &+= 1
        }
        try appendPolylinePoint(p3, smooth: false, count: &count)
    }

    /// The path-space flattening tolerance (raw Q16.16) that keeps 1/256 px after `transform`: 1/256 px
    /// divided by the transform's largest scale (its largest singular value), at least 1 raw.
    @inlinable
    static func localTolerance(_ transform: Affine) -> Int64 {
        let scale = largestScale(transform)
        guard scale > 0 else { return 1 << 16 }
        return max(1, (Int64(1) &<< 24) / scale)
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
