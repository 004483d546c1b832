/// Where the rasterizer's row sweep stands: the region of pixels the edges can touch, the current band of
/// rows held in the cells, and the row whose runs and spans are ready.
@usableFromInline
struct SweepState {
    /// Left column and top row of the swept region, in pixels.
    @usableFromInline var regionX: Int32 = 0
    @usableFromInline var regionY: Int32 = 0
    /// One past the region's right column and bottom row, in pixels.
    @usableFromInline var regionMaxX: Int32 = 0
    @usableFromInline var regionMaxY: Int32 = 0
    /// Cells per band row (the region's width plus one column for edges on its right side).
    @usableFromInline var stride: Int32 = 1
    /// First row of the band in the cells (absolute pixels) and its row count.
    @usableFromInline var bandTop: Int32 = 0
    @usableFromInline var bandRows: Int32 = 0
    /// Rows a band may hold.
    @usableFromInline var maximumBandRows: Int32 = 0
    /// 64-bit words of touched-cell bits per band row.
    @usableFromInline var wordsPerRow: Int = 1
    /// The row whose segments are ready (absolute pixels), or the row before the first.
    @usableFromInline var row: Int32 = 0
    @usableFromInline var segmentCount: Int = 0
    @usableFromInline var evenOdd = false

    @inlinable
    init() {}
}
