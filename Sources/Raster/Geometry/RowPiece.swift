/// One edge's part inside a refined pixel row, in the refinement's row coordinates: x from the sweep
/// region's left side, y from the row's top, both in 1/(4096 · scale) px (`scale` sub-cells per pixel
/// side, see `Rasterizer.refineRow`), so the row is 4096 · scale high. (`x0`, `y0`) is the upper end,
/// (`x1`, `y1`) the lower one (`y0 < y1`).
@usableFromInline
struct RowPiece {
    @usableFromInline var x0: Int32
    @usableFromInline var y0: Int32
    @usableFromInline var x1: Int32
    @usableFromInline var y1: Int32
    /// +1 when the edge points down, −1 when it points up.
    @usableFromInline var winding: Int32
    /// x at the top and at the bottom of the strip being refined, on the piece's line rounded to nearest.
    @usableFromInline var xTop: Int32
    @usableFromInline var xBottom: Int32

    @inlinable
    init(x0: Int32, y0: Int32, x1: Int32, y1: Int32, winding: Int32) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
        self.winding = winding
        xTop = x0
        xBottom = x1
    }

    /// x on the piece's line at `y` (`y0 ... y1`), rounded to nearest (exact at the ends).
    @inlinable
    func x(at y: Int32) -> Int32 {
        if y == y1 { return x1 }
        let run = Int64(y &- y0) &* (Int64(x1) &- Int64(x0))
        return x0 &+ Int32(truncatingIfNeeded: IntegerMath.roundedQuotient(run, Int64(y1 &- y0)))
    }

    /// dx · other.dy − other.dx · dy: positive when this piece moves right faster than `other` per unit
    /// of y (its slope dx/dy is larger).
    @inlinable
    func slopeExcess(over other: RowPiece) -> Int64 {
        (Int64(x1) &- Int64(x0)) &* Int64(other.y1 &- other.y0) &- (Int64(other.x1) &- Int64(other.x0)) &* Int64(y1 &- y0)
    }

    /// Whether this piece lies left of `other` just below the strip's top: by `xTop`, and where those are
    /// equal, by slope (the one moving right more slowly is on the left below).
    @inlinable
    func precedes(_ other: RowPiece) -> Bool {
        if xTop != other.xTop { return xTop < other.xTop }
        return slopeExcess(over: other) < 0
    }

    /// How far below the strip's top (row units, at least 1) this piece, left of `right` there, meets it;
    /// `limit` when they do not meet less than `limit` below. The meeting height gap · dy · dy′ / excess
    /// is rounded to nearest.
    @inlinable
    func meeting(_ right: RowPiece, within limit: Int32) -> Int32 {
        let closing = slopeExcess(over: right)
        if closing <= 0 { return limit }
        let gap = (Int64(right.xTop) &- Int64(xTop)) &* Int64(y1 &- y0) &* Int64(right.y1 &- right.y0)
        if gap >= Int64(limit) &* closing { return limit }
        let height = Int32(truncatingIfNeeded: IntegerMath.roundedQuotient(gap, closing))
        return min(limit, max(1, height))
    }
}
