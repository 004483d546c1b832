/// The tags of the edge a piece belongs to (see `Edge.chainStart`; tag 0: not tracked).
@usableFromInline
struct CellPiece {
    @usableFromInline let tag: Int32
    @usableFromInline let chainStart: Int32

    @inlinable
    init(tag: Int32, chainStart: Int32) {
        self.tag = tag
        self.chainStart = chainStart
    }
}
