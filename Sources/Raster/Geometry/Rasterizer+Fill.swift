import FixedPoint

extension Rasterizer {
    /// Fills `path` mapped by `transform` with `rule`, emitting coverage inside `clip` into `sink`.
    ///
    /// Every subpath is closed implicitly. Curves are flattened in device space within `Flattening.toleranceSubpixels` (1/64 px).
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
        var outline = StreamedOutline(transform: transform)
        let elements = Path.elements(of: path)
        let points = elements.points
        for verbIndex in 0..<elements.verbCount {
            let verb = elements.verbs[verbIndex]
            switch verb {
            case .move: try move(to: points[pointIndex], &outline)
            case .line: try line(to: points[pointIndex], &outline)
            case .quadratic: try quadratic(to: points[pointIndex &+ 1], control: points[pointIndex], &outline)
            case .cubic:
                try cubic(to: points[pointIndex &+ 2], control1: points[pointIndex], control2: points[pointIndex &+ 1],
                          &outline)
            case .close: try closeSubpath(&outline)
            }
            pointIndex &+= verb.pointCount
        }
        try finish(&outline)
    }

    @inlinable
    mutating func addLine(from a: DevicePoint, to b: DevicePoint) throws(GeometryError) {
        try addLine(x0: a.x, y0: a.y, x1: b.x, y1: b.y)
    }

    /// Flattens a quadratic in device subpixels into lines (as the cubic it equals).
    @inlinable
    mutating func addQuadratic(
        from p0: DevicePoint, control p1: DevicePoint, to p2: DevicePoint, joint: inout CurveJoint,
        pendingChord: inout DevicePoint
    ) throws(GeometryError) {
        try addCubic(
            from: p0,
            control1: DevicePoint(x: Flattening.elevated(p0.x, p1.x), y: Flattening.elevated(p0.y, p1.y)),
            control2: DevicePoint(x: Flattening.elevated(p2.x, p1.x), y: Flattening.elevated(p2.y, p1.y)), to: p2,
            joint: &joint, pendingChord: &pendingChord)
    }

    /// Flattens a cubic in device subpixels into lines whose inner vertices straddle the curve
    /// (`Flattening.straddled`), so that the polygon keeps the curve's area. The last chord is left
    /// pending (from `pendingChord` to p3, `joint.endsWithCurve`): when the next segment is a curve
    /// continuing smoothly, their joint moves outward like an inner vertex before the chord is added.
    @inlinable
    mutating func addCubic(
        from p0: DevicePoint, control1 p1: DevicePoint, control2 p2: DevicePoint, to p3: DevicePoint,
        joint: inout CurveJoint, pendingChord: inout DevicePoint
    ) throws(GeometryError) {
        let n = Flattening.cubicSegments(
            secondDifference: DevicePoint.largerSecondDifference(p0, p1, p2, p3), tolerance: Flattening.toleranceSubpixels)
        var emitted = p0, before = p0, current = p3
        var i: Int64 = 1
        let cube = ReciprocalDivisor(n &* n &* n)
        if n > 1 {
            current = DevicePoint(x: Flattening.cubic(p0.x, p1.x, p2.x, p3.x, step: 1, of: n, cube: cube),
                                  y: Flattening.cubic(p0.y, p1.y, p2.y, p3.y, step: 1, of: n, cube: cube))
        }
        if joint.endsWithCurve {
            let startTangent = CurveJoint.tangent(
                LocalPoint(x: p1.x &- p0.x, y: p1.y &- p0.y), LocalPoint(x: p2.x &- p0.x, y: p2.y &- p0.y),
                LocalPoint(x: p3.x &- p0.x, y: p3.y &- p0.y))
            if CurveJoint.isSmooth(joint.endTangent, startTangent) {
                emitted = DevicePoint(x: Flattening.straddled(joint.lastSample.x, p0.x, current.x),
                                      y: Flattening.straddled(joint.lastSample.y, p0.y, current.y))
            }
            try addLine(from: pendingChord, to: emitted)
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
        pendingChord = emitted
        joint.endsWithCurve = true
        joint.lastSample = LocalPoint(x: before.x, y: before.y)
        joint.endTangent = CurveJoint.tangent(
            LocalPoint(x: p3.x &- p2.x, y: p3.y &- p2.y), LocalPoint(x: p3.x &- p1.x, y: p3.y &- p1.y),
            LocalPoint(x: p3.x &- p0.x, y: p3.y &- p0.y))
    }
}
