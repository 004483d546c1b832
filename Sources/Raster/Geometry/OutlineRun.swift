/// A stretch of the stroke outline drawn in one tight loop: the pen, the edge list's end and the
/// bounds held in locals while consecutive points each add one plain edge, written back once.
///
/// `line(to:)` takes only the common case, a point in range whose edge to the previous point lies
/// inside the clip, is not horizontal and fits the edge list; anything else it declines unchanged, and
/// the caller draws that point with the general pen (`penLine`, `addLine`), which stores the same
/// edges, grows the bounds the same way and throws the same errors.
@usableFromInline
struct OutlineRun {
    @usableFromInline var pen: OutlinePen
    @usableFromInline let edges: UnsafeMutablePointer<Edge>
    @usableFromInline let capacity: Int
    @usableFromInline let chainStart: Int32
    @usableFromInline var count: Int
    @usableFromInline var minX: Int32
    @usableFromInline var maxX: Int32
    @usableFromInline var minY: Int32
    @usableFromInline var maxY: Int32

    /// The run continuing `rasterizer`'s outline.
    @inlinable @inline(__always)
    init(_ rasterizer: borrowing Rasterizer) {
        pen = rasterizer.pen
        edges = rasterizer.edges
        capacity = rasterizer.edgeCapacity
        chainStart = rasterizer.chainStartTag
        count = rasterizer.edgeCount
        minX = rasterizer.boundsMinX
        maxX = rasterizer.boundsMaxX
        minY = rasterizer.boundsMinY
        maxY = rasterizer.boundsMaxY
    }

    /// Adds the edge from the previous point to `point` (path space, raw Q16.16) and moves there, or
    /// returns false and changes nothing when that edge is not the common case. The previous point
    /// must lie inside the clip (`OutlinePen.contains`).
    @inlinable @inline(__always)
    mutating func line(to point: LocalPoint) -> Bool {
        let limit = OutlinePen.mappableLimit
        guard point.x >= -limit, point.x <= limit, point.y >= -limit, point.y <= limit else { return false }
        let next = pen.map(point)
        guard pen.contains(next), count < capacity, next.y != pen.previous.y else { return false }
        let rising = pen.previous.y > next.y
        let top = rising ? next : pen.previous, bottom = rising ? pen.previous : next
        let edge = Edge(
            x0: Int32(truncatingIfNeeded: top.x), y0: Int32(truncatingIfNeeded: top.y),
            x1: Int32(truncatingIfNeeded: bottom.x), y1: Int32(truncatingIfNeeded: bottom.y),
            winding: rising ? -1 : 1, chainStart: chainStart)
        edges[count] = edge
        count &+= 1
        include(next)
        pen.previous = next
        return true
    }

    /// Grows the bounds to take in `point`. The edges of a run P0 → P1 → … → Pn span exactly the
    /// points' box, so the run takes in each new point and, once at the end, its first (`finish`).
    @inlinable @inline(__always)
    mutating func include(_ point: DevicePoint) {
        let x = Int32(truncatingIfNeeded: point.x), y = Int32(truncatingIfNeeded: point.y)
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
    }
}
