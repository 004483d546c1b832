import FixedPoint

extension Rasterizer {
    /// Fills `path` mapped by `transform` with `rule`, emitting coverage inside `clip` into `sink`.
    ///
    /// Every subpath is closed implicitly. Curves are flattened in device space to 1/256 px.
    /// Nothing is emitted when the draw fails.
    ///
    /// - Throws: `.invalidClip`/`.clipTooWide` for an unusable clip, `.coordinateOutOfRange` when a mapped
    ///   point lies beyond ±`coordinateLimit` px, `.edgeCapacityExceeded` when the path needs more edges
    ///   than the scratch holds.
    @inlinable
    public mutating func fill<Sink: CoverageSink>(
        _ path: borrowing Path, transform: Affine, rule: FillRule, clip: IntRect, into sink: inout Sink
    ) throws(GeometryError) {
        try reset(clip: clip)
        try addPath(path, transform: transform)
        render(rule: rule, into: &sink)
    }

    /// Adds the edges of `path` mapped by `transform` (each subpath closed) to the current draw.
    ///
    /// - Throws: `.coordinateOutOfRange`, `.edgeCapacityExceeded` (the edges added so far stay).
    @inlinable
    public mutating func addPath(_ path: borrowing Path, transform: Affine) throws(GeometryError) {
        var pointIndex = 0
        var start = DevicePoint(x: 0, y: 0), current = start
        var open = false
        let elements = Path.elements(of: path)
        let points = elements.points
        for verbIndex in 0..<elements.verbCount {
            let verb = elements.verbs[verbIndex]
            switch verb {
            case .move:
                if open { try addLine(from: current, to: start) }
                startContour()
                start = try DevicePoint(points[pointIndex], transform)
                current = start
                open = true
            case .line:
                let end = try DevicePoint(points[pointIndex], transform)
                try addLine(from: current, to: end)
                current = end
            case .quadratic:
                let control = try DevicePoint(points[pointIndex], transform)
                let end = try DevicePoint(points[pointIndex &+ 1], transform)
                try addQuadratic(from: current, control: control, to: end)
                current = end
            case .cubic:
                let control1 = try DevicePoint(points[pointIndex], transform)
                let control2 = try DevicePoint(points[pointIndex &+ 1], transform)
                let end = try DevicePoint(points[pointIndex &+ 2], transform)
                try addCubic(from: current, control1: control1, control2: control2, to: end)
                current = end
            case .close:
                try addLine(from: current, to: start)
                current = start
                open = false
            }
            pointIndex &+= verb.pointCount
        }
        if open { try addLine(from: current, to: start) }
    }

    @inlinable
    mutating func addLine(from a: DevicePoint, to b: DevicePoint) throws(GeometryError) {
        try addLine(x0: a.x, y0: a.y, x1: b.x, y1: b.y)
    }

    /// Flattens a quadratic in device subpixels into lines (as the cubic it equals).
    @inlinable
    mutating func addQuadratic(from p0: DevicePoint, control p1: DevicePoint, to p2: DevicePoint) throws(GeometryError) {
        try addCubic(
            from: p0,
            control1: DevicePoint(x: Flattening.elevated(p0.x, p1.x), y: Flattening.elevated(p0.y, p1.y)),
            control2: DevicePoint(x: Flattening.elevated(p2.x, p1.x), y: Flattening.elevated(p2.y, p1.y)), to: p2)
    }

    /// Flattens a cubic in device subpixels into lines whose inner vertices straddle the curve
    /// (`Flattening.straddled`), so that the polygon keeps the curve's area.
    @inlinable
    mutating func addCubic(
        from p0: DevicePoint, control1 p1: DevicePoint, control2 p2: DevicePoint, to p3: DevicePoint
    ) throws(GeometryError) {
        let (dx, dy) = DevicePoint.largerSecondDifference(p0, p1, p2, p3)
        let n = Flattening.cubicSegments(dx: dx, dy: dy, tolerance: Flattening.toleranceSubpixels)
        var emitted = p0, before = p0, current = p3
        var i: Int64 = 1
        let cube = ReciprocalDivisor(n &* n &* n)
        if n > 1 {
            current = DevicePoint(x: Flattening.cubic(p0.x, p1.x, p2.x, p3.x, step: 1, of: n, cube: cube),
                                  y: Flattening.cubic(p0.y, p1.y, p2.y, p3.y, step: 1, of: n, cube: cube))
        }
        while i < n {
            let next = i &+ 1 == n ? p3 : DevicePoint(
                x: Flattening.cubic(p0.x, p1.x, p2.x, p3.x, step: i &+ 1, of: n, cube: cube),
                y: Flattening.cubic(p0.y, p1.y, p2.y, p3.y, step: i &+ 1, of: n, cube: cube))
            let vertex = DevicePoint(
                x: Flattening.straddled(before.x, current.x, next.x), y: Flattening.straddled(before.y, current.y, next.y))
            try addLine(from: emitted, to: vertex)
            emitted = vertex
            before = current
            current = next
            i &+= 1
        }
        try addLine(from: emitted, to: p3)
    }
}
