extension Rasterizer {
    /// Adds the line segment (x0, y0) → (x1, y1), in 20.12 subpixels, to the current draw.
    ///
    /// The segment is clipped to the clip rectangle: parts above or below it are cut off, parts left of it
    /// become a vertical segment on its left edge (they still change the winding of pixels to their right),
    /// parts right of it are dropped. Horizontal segments add no edge; one lying inside a pixel row is
    /// noted (`noteHorizontal`) so that pixels it shares with other edges are refined.
    ///
    /// - Throws: `.coordinateOutOfRange` beyond ±`coordinateLimit` pixels; `.edgeCapacityExceeded` when
    ///   the edge list is full.
    @inlinable
    public mutating func addLine(x0: Int64, y0: Int64, x1: Int64, y1: Int64) throws(GeometryError) {
        // Inside the clip (which lies within the coordinate limits) nothing is cut: store it as it is.
        let left = Int64(clip.x) &<< SubpixelGrid.bits, right = Int64(clip.maxX) &<< SubpixelGrid.bits
        let top = Int64(clip.y) &<< SubpixelGrid.bits, bottom = Int64(clip.maxY) &<< SubpixelGrid.bits
        if x0 > left && x0 < right && x1 > left && x1 < right && y0 >= top && y0 <= bottom && y1 >= top && y1 <= bottom {
            return try storeInsideClip(x0: x0, y0: y0, x1: x1, y1: y1)
        }
        segmentLeftClip = true
        try Rasterizer.checkSubpixel(x0, .x)
        try Rasterizer.checkSubpixel(y0, .y)
        try Rasterizer.checkSubpixel(x1, .x)
        try Rasterizer.checkSubpixel(y1, .y)
        if y0 == y1 {
            chainBroken = true
            return noteHorizontal(x0: x0, x1: x1, y: y0)
        }
        if y0 < y1 {
            try addDownwardLine(x0: x0, y0: y0, x1: x1, y1: y1, winding: 1)
        } else {
            try addDownwardLine(x0: x1, y0: y1, x1: x0, y1: y0, winding: -1)
        }
    }

    /// Stores a segment that lies inside the clip as it is: top to bottom, with its winding (+1 downward).
    @inlinable
    mutating func storeInsideClip(x0: Int64, y0: Int64, x1: Int64, y1: Int64) throws(GeometryError) {
        if y0 < y1 {
            try storeEdge(x0: x0, y0: y0, x1: x1, y1: y1, winding: 1)
        } else {
            try storeEdge(x0: x1, y0: y1, x1: x0, y1: y0, winding: -1)
        }
    }

    /// Marks the start of a new closed contour: the next edge added begins a new chain of edges.
    @inlinable
    public mutating func startContour() {
        chainStartTag = Int32(truncatingIfNeeded: edgeCount &+ 1)
        chainBroken = false
    }

    @inlinable
    static func checkSubpixel(_ value: Int64, _ axis: GeometryError.Axis) throws(GeometryError) {
        let limit = Int64(coordinateLimit) &<< SubpixelGrid.bits
        guard value >= -limit, value <= limit else {
            throw .coordinateOutOfRange(axis: axis, raw: value &<< (16 &- SubpixelGrid.bits))
        }
    }

    /// Notes a horizontal segment at `y` (subpixels) from `x0` to `x1` when it lies strictly inside a pixel
    /// row of the clip: the columns strictly between its end pixels go to `refinementNotes` (a full list grows
    /// its last entry instead). An end cut off by the clip keeps its pixel: no neighbouring edge ends there.
    @inlinable @inline(never)
    mutating func noteHorizontal(x0: Int64, x1: Int64, y: Int64) {
        horizontalMinX = min(horizontalMinX, min(x0, x1))
        horizontalMaxX = max(horizontalMaxX, max(x0, x1))
        horizontalMinY = min(horizontalMinY, y)
        horizontalMaxY = max(horizontalMaxY, y)
        if y & SubpixelGrid.mask == 0 { return }
        let top = Int64(clip.y) &<< SubpixelGrid.bits, bottom = Int64(clip.maxY) &<< SubpixelGrid.bits
        if y < top || y > bottom { return }
        let low = min(x0, x1), high = max(x0, x1)
        let clipLeft = Int64(clip.x) &<< SubpixelGrid.bits, clipRight = Int64(clip.maxX) &<< SubpixelGrid.bits
        let firstInterior = (max(low, clipLeft) &>> SubpixelGrid.bits) &+ (low >= clipLeft ? 1 : 0)
        let lastInterior = ((min(high, clipRight) &- 1) &>> SubpixelGrid.bits) &- (high <= clipRight ? 1 : 0)
        if firstInterior > lastInterior { return }
        let row = Int32(truncatingIfNeeded: y &>> SubpixelGrid.bits)
        appendNote(RefinementNote(
            firstRow: row, lastRow: row, firstColumn: Int32(truncatingIfNeeded: firstInterior),
            lastColumn: Int32(truncatingIfNeeded: lastInterior)))
    }

    /// Notes the pixels around an inner join pivoted through its path point (`Rasterizer.join`): the
    /// outline runs from `start` out to `corner` and back to `end`, over the stroke's own inside, so its
    /// edges overlap each other there although they follow each other in the contour, which the cells'
    /// chain tags take as unambiguous. Every row of the pivot's bounding box inside the clip is refined
    /// (`markNotedRows`: the pivot's own edges touch its cells). Device subpixels.
    @inlinable @inline(never)
    mutating func notePivot(_ start: DevicePoint, _ corner: DevicePoint, _ end: DevicePoint) {
        let minX = min(start.x, min(corner.x, end.x)), maxX = max(start.x, max(corner.x, end.x))
        let minY = min(start.y, min(corner.y, end.y)), maxY = max(start.y, max(corner.y, end.y))
        let firstRow = max(minY &>> SubpixelGrid.bits, Int64(clip.y))
        let lastRow = min(maxY &>> SubpixelGrid.bits, Int64(clip.maxY) &- 1)
        let firstColumn = max(minX &>> SubpixelGrid.bits, Int64(clip.x))
        let lastColumn = min(maxX &>> SubpixelGrid.bits, Int64(clip.maxX) &- 1)
        if firstRow > lastRow || firstColumn > lastColumn { return }
        appendNote(RefinementNote(
            firstRow: Int32(truncatingIfNeeded: firstRow), lastRow: Int32(truncatingIfNeeded: lastRow),
            firstColumn: Int32(truncatingIfNeeded: firstColumn), lastColumn: Int32(truncatingIfNeeded: lastColumn)))
    }

    /// Appends a note to `refinementNotes`; a full list grows its last entry to cover the new one instead.
    @inlinable
    mutating func appendNote(_ note: RefinementNote) {
        if refinementNoteCount < refinementNoteCapacity {
            refinementNotes[refinementNoteCount] = note
            refinementNoteCount &+= 1
        } else {
            refinementNotes[refinementNoteCount &- 1].absorb(note)
        }
    }

    /// Clips a segment with `y0 < y1` against the clip rows, then against the clip columns.
    @inlinable
    mutating func addDownwardLine(
        x0: Int64, y0: Int64, x1: Int64, y1: Int64, winding: Int32
    ) throws(GeometryError) {
        let clipTop = Int64(clip.y) &<< SubpixelGrid.bits
        let clipBottom = Int64(clip.maxY) &<< SubpixelGrid.bits
        if y1 <= clipTop || y0 >= clipBottom {
            chainBroken = true
            return
        }
        var topX = x0, topY = y0, bottomX = x1, bottomY = y1
        if y0 < clipTop {
            topX = x0 &+ (clipTop &- y0) &* (x1 &- x0) / (y1 &- y0)
            topY = clipTop
        }
        if y1 > clipBottom {
            bottomX = x0 &+ (clipBottom &- y0) &* (x1 &- x0) / (y1 &- y0)
            bottomY = clipBottom
        }
        try addRowClippedLine(x0: topX, y0: topY, x1: bottomX, y1: bottomY, winding: winding)
    }

    /// Splits a segment (already inside the clip rows, `y0 < y1`) where it crosses the clip's left and
    /// right edges, and stores the pieces that can affect pixels inside the clip, top to bottom.
    @inlinable
    mutating func addRowClippedLine(
        x0: Int64, y0: Int64, x1: Int64, y1: Int64, winding: Int32
    ) throws(GeometryError) {
        let left = Int64(clip.x) &<< SubpixelGrid.bits
        let right = Int64(clip.maxX) &<< SubpixelGrid.bits
        if x0 >= right && x1 >= right {
            chainBroken = true
            return
        }
        if x0 <= left && x1 <= left {
            try storeEdge(x0: left, y0: y0, x1: left, y1: y1, winding: winding)
            return
        }
        // The line is monotonic in x: moving right it meets the left edge first, moving left the right edge.
        let (first, second) = x0 < x1 ? (left, right) : (right, left)
        // Pieces are stored top to bottom; for a rising line (winding −1) that is against the contour's
        // direction, so when it is cut, none of its pieces continues the edge stored before it, and the
        // next edge does not continue its last piece.
        let reversed = winding < 0 && (min(x0, x1) < left || max(x0, x1) > right)
        var start = (x: x0, y: y0)
        try cut(x0: x0, y0: y0, x1: x1, y1: y1, at: first, from: &start, left: left, right: right, winding: winding,
                breaksChain: reversed)
        try cut(x0: x0, y0: y0, x1: x1, y1: y1, at: second, from: &start, left: left, right: right, winding: winding,
                breaksChain: reversed)
        try storeClippedPiece(start.x, start.y, x1, y1, left: left, right: right, winding: winding, breaksChain: reversed)
        if reversed { chainBroken = true }
    }

    /// When the segment crosses the vertical line x = `boundary`, stores the piece from `start` to the
    /// crossing and moves `start` there.
    @inlinable
    mutating func cut(
        x0: Int64, y0: Int64, x1: Int64, y1: Int64, at boundary: Int64, from start: inout (x: Int64, y: Int64),
        left: Int64, right: Int64, winding: Int32, breaksChain: Bool
    ) throws(GeometryError) {
        guard (x0 < boundary) != (x1 < boundary), x0 != boundary else { return }
        let crossingY = y0 &+ (boundary &- x0) &* (y1 &- y0) / (x1 &- x0)
        try storeClippedPiece(start.x, start.y, boundary, crossingY, left: left, right: right, winding: winding,
                              breaksChain: breaksChain)
        start = (boundary, crossingY)
    }

    /// Stores one piece that lies entirely on one side of each clip edge; with `breaksChain`, as an edge
    /// that does not continue the one stored before it (`Edge.chainStart`).
    @inlinable
    mutating func storeClippedPiece(
        _ xa: Int64, _ ya: Int64, _ xb: Int64, _ yb: Int64, left: Int64, right: Int64, winding: Int32, breaksChain: Bool
    ) throws(GeometryError) {
        if breaksChain { chainBroken = true }
        if xa >= right && xb >= right {
            chainBroken = true
            return
        }
        if xa <= left && xb <= left {
            try storeEdge(x0: left, y0: ya, x1: left, y1: yb, winding: winding)
        } else {
            try storeEdge(x0: xa, y0: ya, x1: xb, y1: yb, winding: winding)
        }
    }

    /// Appends one clipped edge (`y0 ≤ y1`) and grows the bounds. A horizontal one is only noted
    /// (`noteHorizontal`).
    @inlinable
    mutating func storeEdge(x0: Int64, y0: Int64, x1: Int64, y1: Int64, winding: Int32) throws(GeometryError) {
        if y0 >= y1 {
            if y0 == y1 {
                chainBroken = true
                noteHorizontal(x0: x0, x1: x1, y: y0)
            }
            return
        }
        guard edgeCount < edgeCapacity else { throw .edgeCapacityExceeded(capacity: edgeCapacity) }
        let edge = Edge(
            x0: Int32(truncatingIfNeeded: x0), y0: Int32(truncatingIfNeeded: y0),
            x1: Int32(truncatingIfNeeded: x1), y1: Int32(truncatingIfNeeded: y1), winding: winding,
            chainStart: chainBroken ? 0 &- chainStartTag : chainStartTag)
        chainBroken = false
        edges[edgeCount] = edge
        edgeCount &+= 1
        boundsMinX = min(boundsMinX, min(edge.x0, edge.x1))
        boundsMaxX = max(boundsMaxX, max(edge.x0, edge.x1))
        boundsMinY = min(boundsMinY, edge.y0)
        boundsMaxY = max(boundsMaxY, edge.y1)
    }
}
