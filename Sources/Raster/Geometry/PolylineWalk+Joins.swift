extension PolylineWalk {
    /// Finds, once for both sides, the points where a side's join is the single intersection point of
    /// its two offset lines (inside a curve: the outer side mitered smoothly, the inner side cut), stores
    /// that point relative to the polyline point and flags the sides that use it.
    ///
    /// Walking backward turns both directions around, so the right side meets the same dot product, the
    /// opposite cross product and the negated intersection (division truncates toward zero, so the
    /// quotients negate exactly). The decision per side is the one `Rasterizer.join` takes; joins
    /// flagged here are drawn without it, the others go through it. Call after `measureSegments`.
    @inlinable
    func findIntersectionJoins(closed: Bool, _ parameters: StrokeParameters) {
        let both = PolylinePoint.intersectionJoinForward | PolylinePoint.intersectionJoinBackward
        for index in 0..<count { points[index].flags &= ~both }
        let first = closed ? 0 : 1, end = closed ? count : count &- 1
        if first >= end { return }
        var previous = points[first == 0 ? count &- 1 : first &- 1]
        for index in first..<end {
            let point = points[index]
            defer { previous = point }
            let incoming = LocalPoint(x: Int64(previous.directionX), y: Int64(previous.directionY))
            let outgoing = LocalPoint(x: Int64(point.directionX), y: Int64(point.directionY))
            let crossProduct = incoming.x &* outgoing.y &- incoming.y &* outgoing.x
            let dot = (incoming.x &* outgoing.x &+ incoming.y &* outgoing.y) &>> 30
            let shorter = min(previous.length, point.length)
            let smooth = point.flags & PolylinePoint.smooth != 0
            var flags: UInt8 = 0
            if Rasterizer.joinsAtIntersection(cross: crossProduct &>> 30, dot: dot, smooth: smooth, shorter: shorter, parameters) {
                flags |= PolylinePoint.intersectionJoinForward
            }
            if Rasterizer.joinsAtIntersection(cross: (0 &- crossProduct) &>> 30, dot: dot, smooth: smooth, shorter: shorter, parameters) {
                flags |= PolylinePoint.intersectionJoinBackward
            }
            if flags == 0 { continue }
            let corner = LocalPoint(x: point.x, y: point.y)
            let join = Rasterizer.offsetIntersection(
                corner, incoming, outgoing, StrokeGeometry.unitOne &+ dot, straddled: smooth, parameters)
            points[index].joinX = join.x &- corner.x
            points[index].joinY = join.y &- corner.y
            points[index].flags |= flags
        }
    }

    /// The join point of walking position `k` when the side joins at the offset lines' intersection there.
    @inlinable @inline(__always)
    func intersectionJoin(_ k: Int, forward: Bool) -> LocalPoint? {
        let point = points[forward ? k : count &- 1 &- k]
        if forward {
            guard point.flags & PolylinePoint.intersectionJoinForward != 0 else { return nil }
            return LocalPoint(x: point.x &+ point.joinX, y: point.y &+ point.joinY)
        }
        guard point.flags & PolylinePoint.intersectionJoinBackward != 0 else { return nil }
        return LocalPoint(x: point.x &- point.joinX, y: point.y &- point.joinY)
    }
}
