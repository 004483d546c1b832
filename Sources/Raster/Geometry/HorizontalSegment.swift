/// Where a horizontal segment of the current draw lies strictly inside a pixel row: the rows and the
/// pixel columns strictly between its two end pixels (absolute pixels, inclusive, inside the clip).
///
/// A horizontal segment carries no cover, so no cell sees it, yet the winding steps along it inside the
/// row: a pixel it runs through that another edge also crosses is ambiguous. The band marks a row for
/// refinement when a cell between the segment's ends was touched (`Rasterizer.markHorizontalRows`); the
/// end pixels hold the segment's neighbours in its contour, which the cells' chain tags already judge.
/// When the scratch list is full, the last entry grows to the bounding box of itself and the new
/// segment, so rows are marked too often rather than missed.
@usableFromInline
struct HorizontalSegment {
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
    mutating func absorb(_ other: HorizontalSegment) {
        firstRow = min(firstRow, other.firstRow)
        lastRow = max(lastRow, other.lastRow)
        firstColumn = min(firstColumn, other.firstColumn)
        lastColumn = max(lastColumn, other.lastColumn)
    }
}
