/// Where pieces of edges accumulate: a block of cell rows and their touched-column bounds.
@usableFromInline
struct CellTarget {
    @usableFromInline let cells: UnsafeMutablePointer<Cell>
    @usableFromInline let firstColumn: UnsafeMutablePointer<Int32>
    @usableFromInline let lastColumn: UnsafeMutablePointer<Int32>
    /// Cells per row.
    @usableFromInline let stride: Int
    /// The absolute row (in the edges' row units) of the block's first row.
    @usableFromInline let originRow: Int32
    /// The subpixel x of the block's first column.
    @usableFromInline let originX: Int64
    /// One bit per cell, rows of `wordsPerRow` words.
    @usableFromInline let touchedBits: UnsafeMutablePointer<UInt64>
    @usableFromInline let wordsPerRow: Int

    @inlinable
    init(
        cells: UnsafeMutablePointer<Cell>, firstColumn: UnsafeMutablePointer<Int32>,
        lastColumn: UnsafeMutablePointer<Int32>, stride: Int, originRow: Int32, originX: Int64,
        touchedBits: UnsafeMutablePointer<UInt64>, wordsPerRow: Int
    ) {
        self.touchedBits = touchedBits
        self.wordsPerRow = wordsPerRow
        self.cells = cells
        self.firstColumn = firstColumn
        self.lastColumn = lastColumn
        self.stride = stride
        self.originRow = originRow
        self.originX = originX
    }

    /// The cells, touched bits and column bounds of block row `index`.
    @inlinable
    func row(_ index: Int) -> CellRow {
        CellRow(cells: cells + index &* stride, touchedBits: touchedBits + index &* wordsPerRow,
                firstColumn: firstColumn + index, lastColumn: lastColumn + index, index: index)
    }
}
