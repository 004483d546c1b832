/// One row of a `CellTarget`, resolved once per piece of an edge.
@usableFromInline
struct CellRow {
    @usableFromInline let cells: UnsafeMutablePointer<Cell>
    @usableFromInline let touchedBits: UnsafeMutablePointer<UInt64>
    @usableFromInline let firstColumn: UnsafeMutablePointer<Int32>
    @usableFromInline let lastColumn: UnsafeMutablePointer<Int32>
    /// The row's index in its block (for the complex-row flags).
    @usableFromInline let index: Int

    @inlinable
    init(
        cells: UnsafeMutablePointer<Cell>, touchedBits: UnsafeMutablePointer<UInt64>,
        firstColumn: UnsafeMutablePointer<Int32>, lastColumn: UnsafeMutablePointer<Int32>, index: Int
    ) {
        self.cells = cells
        self.touchedBits = touchedBits
        self.firstColumn = firstColumn
        self.lastColumn = lastColumn
        self.index = index
    }

    /// Widens the row's touched-column bounds to the columns a piece spans. The bounds may then
    /// include cells a piece of no height passed without touching; the sweep finds no bit there.
    @inlinable
    func widen(first: Int32, last: Int32) {
        if first < firstColumn.pointee { firstColumn.pointee = first }
        if last > lastColumn.pointee { lastColumn.pointee = last }
    }
}
