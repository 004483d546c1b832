/// Pixels of the current draw that the cells' chain tags cannot judge: rows and columns (absolute pixels,
/// inclusive, inside the clip) whose rows are refined where an edge touched one of those cells
/// (`Rasterizer.markNotedRows`).
///
/// Two kinds: a horizontal segment strictly inside a pixel row (the columns strictly between its end
/// pixels: it carries no cover, so no cell sees it, yet the winding steps along it; its end pixels hold
/// its neighbours in the contour, which the tags judge), and an inner join pivoted through its path point
/// (the spike's bounding box: its edges follow each other yet overlap, `Rasterizer.notePivot`). When the
/// scratch list is full, the last entry grows to the bounding box of itself and the new note, so rows
/// are marked too often rather than missed.
@usableFromInline
struct RefinementNote {
    @usableFromInline var firstRow: Int32
    @usableFromInline var lastRow: Int32
    @usableFromInline var firstColumn: Int32
    @usableFromInline var lastColumn: Int32

    @inlinable
    init(firstRow: Int32, lastRow: Int32, firstColumn: Int32, lastColumn: Int32) {
        self.firstRow = firstRow
        self.lastRow = lastRow
        self.firstColumn = firstColumn
        self.lastColumn = lastColumn
    }

    /// Grows this entry to cover `other` too (rows and columns).
    @inlinable
    mutating func absorb(_ other: RefinementNote) {
        firstRow = min(firstRow, other.firstRow)
        lastRow = max(lastRow, other.lastRow)
        firstColumn = min(firstColumn, other.firstColumn)
        lastColumn = max(lastColumn, other.lastColumn)
    }
}
