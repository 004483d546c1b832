extension Rasterizer {
    /// Accumulates every edge's part inside the band rows `sweep.bandTop ..< bandTop + bandRows` into the
    /// cells. Cells, the touched-column bounds and the complex-row flags must be clear on entry.
    @inlinable
    mutating func accumulateBand() {
        let bandTop = Int64(sweep.bandTop) &<< SubpixelGrid.bits
        let bandBottom = Int64(sweep.bandTop &+ sweep.bandRows) &<< SubpixelGrid.bits
        let target = CellTarget(
            cells: cells, firstColumn: rowFirstColumn, lastColumn: rowLastColumn, stride: Int(sweep.stride),
            originRow: sweep.bandTop, originX: Int64(sweep.regionX) &<< SubpixelGrid.bits,
            touchedBits: touchedBits, wordsPerRow: sweep.wordsPerRow)
        for index in 0..<edgeCount {
            let edge = edges[index]
            let top = max(Int64(edge.y0), bandTop)
            let bottom = min(Int64(edge.y1), bandBottom)
            if top >= bottom { continue }
            accumulate(edge, top: top, bottom: bottom, tag: Int32(truncatingIfNeeded: index &+ 1), into: target)
        }
    }

    /// Accumulates the rows `top ..< bottom` (subpixels) of one edge, row by row. `tag` (edge index + 1,
    /// or 0 for none) marks the cells an edge touched, to find rows where unrelated edges share a pixel.
    @inlinable
    mutating func accumulate(_ edge: Edge, top: Int64, bottom: Int64, tag: Int32, into target: CellTarget) {
        let x0 = Int64(edge.x0), y0 = Int64(edge.y0)
        let dx = Int64(edge.x1) &- x0, dy = Int64(edge.y1) &- y0
        var y = top
        var x = x0 &+ (top &- y0) &* dx / dy
        while y < bottom {
            let rowEnd = min((y | SubpixelGrid.mask) &+ 1, bottom)
            let endX = rowEnd == Int64(edge.y1) ? Int64(edge.x1) : x0 &+ (rowEnd &- y0) &* dx / dy
            let row = Int32(truncatingIfNeeded: y &>> SubpixelGrid.bits) &- target.originRow
            let rowTop = y & ~SubpixelGrid.mask
            accumulateRow(
                row: row, xa: x, ya: Int32(truncatingIfNeeded: y &- rowTop), xb: endX,
                yb: Int32(truncatingIfNeeded: rowEnd &- rowTop), winding: edge.winding,
                tag: tag, chainStart: edge.chainStart, into: target)
            y = rowEnd
            x = endX
        }
    }

    /// Accumulates a piece of an edge inside one cell row: from (xa, ya) to (xb, yb), `ya < yb` in
    /// 0…1024 within the row, x in absolute subpixels. Walks the cells the piece crosses.
    @inlinable
    mutating func accumulateRow(
        row: Int32, xa: Int64, ya: Int32, xb: Int64, yb: Int32, winding: Int32, tag: Int32, chainStart: Int32,
        into target: CellTarget
    ) {
        let ax = xa &- target.originX, bx = xb &- target.originX
        if (ax &>> SubpixelGrid.bits) == (bx &>> SubpixelGrid.bits) || ax == bx {
            let column = Int32(truncatingIfNeeded: min(ax, bx) &>> SubpixelGrid.bits)
            addToCell(row: row, column: column, xa: ax, ya: ya, xb: bx, yb: yb, winding: winding, tag: tag,
                      chainStart: chainStart, target)
            return
        }
        let spanY = Int64(yb &- ya)
        var x = ax, y = ya
        let rightward = ax < bx
        var column = rightward ? ax &>> SubpixelGrid.bits : (ax &- 1) &>> SubpixelGrid.bits
        while true {
            let boundary = rightward ? (column &+ 1) &<< SubpixelGrid.bits : column &<< SubpixelGrid.bits
            if rightward ? bx <= boundary : bx >= boundary { break }
            let travelled = rightward ? boundary &- ax : ax &- boundary
            let crossY = ya &+ Int32(truncatingIfNeeded: travelled &* spanY / (rightward ? bx &- ax : ax &- bx))
            addToCell(row: row, column: Int32(truncatingIfNeeded: column), xa: x, ya: y, xb: boundary, yb: crossY,
                      winding: winding, tag: tag, chainStart: chainStart, target)
            x = boundary
            y = crossY
            column = rightward ? column &+ 1 : column &- 1
        }
        addToCell(row: row, column: Int32(truncatingIfNeeded: column), xa: x, ya: y, xb: bx, yb: yb,
                  winding: winding, tag: tag, chainStart: chainStart, target)
    }

    /// Adds a piece lying inside the cell at `column` (x relative to the target's origin, subpixels).
    @inlinable
    mutating func addToCell(
        row: Int32, column: Int32, xa: Int64, ya: Int32, xb: Int64, yb: Int32, winding: Int32, tag: Int32,
        chainStart: Int32, _ target: CellTarget
    ) {
        let height = (yb &- ya) &* winding
        if height == 0 { return }
        let cellLeft = Int64(column) &<< SubpixelGrid.bits
        let widthSum = Int32(truncatingIfNeeded: (xa &- cellLeft) &+ (xb &- cellLeft))
        let rowIndex = Int(row)
        let cell = target.cells + (rowIndex &* target.stride &+ Int(column))
        cell.pointee.cover &+= height
        cell.pointee.area &+= height &* widthSum
        if tag != 0 {
            // Edges arrive in tag order: a pixel stays simple while each new edge continues the chain of
            // the previous one (the next edge, or the first edge of the contour this one closes).
            let previous = cell.pointee.edgeTag
            if previous != 0 && previous != tag && tag &- previous != 1 && previous != chainStart {
                rowIsComplex[rowIndex] = true
            }
            cell.pointee.edgeTag = tag
        }
        if let bits = target.touchedBits {
            bits[rowIndex &* target.wordsPerRow &+ Int(column &>> 6)] |= UInt64(1) &<< UInt64(column & 63)
        }
        if column < target.firstColumn[rowIndex] { target.firstColumn[rowIndex] = column }
        if column > target.lastColumn[rowIndex] { target.lastColumn[rowIndex] = column }
    }
}

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
    /// One bit per cell, rows of `wordsPerRow` words, or nil when the sweep scans the cells instead.
    @usableFromInline let touchedBits: UnsafeMutablePointer<UInt64>?
    @usableFromInline let wordsPerRow: Int

    @inlinable
    init(
        cells: UnsafeMutablePointer<Cell>, firstColumn: UnsafeMutablePointer<Int32>,
        lastColumn: UnsafeMutablePointer<Int32>, stride: Int, originRow: Int32, originX: Int64,
        touchedBits: UnsafeMutablePointer<UInt64>?, wordsPerRow: Int
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
}
