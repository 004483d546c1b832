extension Rasterizer {
    /// Joins walking positions `start ..< end` in order: runs of intersection joins inside the clip in
    /// one loop (`drawIntersectionRun`), every other position through the general `join`.
    @inlinable
    mutating func joinAll(
        _ walk: PolylineWalk, from start: Int, to end: Int, forward: Bool, _ parameters: StrokeParameters
    ) throws(GeometryError) {
        var k = start
        while k < end {
            k = drawIntersectionRun(walk, from: k, to: end, forward: forward)
            if k < end {
                try join(walk, at: k, forward: forward, parameters)
                k &+= 1
            }
        }
    }

    /// Draws the joins from walking position `start` on while each is an intersection join whose edge
    /// `OutlineRun` takes; returns the first position it did not draw. A run never starts right after a
    /// left-out segment (`chainBroken`): the next edge must carry the break (`Edge.chainStart`), which
    /// `storeEdge` writes; inside a run nothing is left out.
    @inlinable
    mutating func drawIntersectionRun(_ walk: PolylineWalk, from start: Int, to end: Int, forward: Bool) -> Int {
        guard pen.previousInside, !chainBroken, walk.intersectionJoin(start, forward: forward) != nil else { return start }
        // One loop per direction, so that each walks one pointer.
        return forward ? drawIntersectionRun(walk, from: start, to: end, walkingForward: true)
                       : drawIntersectionRun(walk, from: start, to: end, walkingForward: false)
    }

    /// `drawIntersectionRun` with the direction a constant of the inlined copy.
    @inlinable @inline(__always)
    mutating func drawIntersectionRun(_ walk: PolylineWalk, from start: Int, to end: Int, walkingForward forward: Bool) -> Int {
        var run = OutlineRun(self)
        var k = start
        while k < end, let point = walk.intersectionJoin(k, forward: forward), run.line(to: point) {
            k &+= 1
        }
        if k > start { run.include(pen.previous) }
        pen = run.pen
        edgeCount = run.count
        boundsMinX = run.minX
        boundsMaxX = run.maxX
        boundsMinY = run.minY
        boundsMaxY = run.maxY
        return k
    }
}
