/// The tags of the edge a piece belongs to (see `Edge.chainStart`; tag 0: not tracked).
@usableFromInline
struct CellPiece {
    @usableFromInline let tag: Int32
    @usableFromInline let chainStart: Int32
    /// The largest tag difference to a cell's first edge that needs no test (`Rasterizer.chainStaysInside`):
    /// 1 when this edge continues the edge stored before it (the two are a wedge), or 0 for the first edge
    /// of a contour (the edge before it belongs to another contour) and for an edge whose
    /// `Edge.chainStart` is negated (a left-out segment lies between it and the edge before).
    @usableFromInline let chainStep: UInt32

    @inlinable
    init(tag: Int32, chainStart: Int32) {
        self.tag = tag
        self.chainStart = chainStart < 0 ? 0 &- chainStart : chainStart
        chainStep = tag == chainStart || chainStart < 0 ? 0 : 1
    }
}
