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
            if Int64(edge.y1) <= bandTop || Int64(edge.y0) >= bandBottom { continue }
            walk(
                edge, top: max(Int64(edge.y0), bandTop), bottom: min(Int64(edge.y1), bandBottom),
                piece: CellPiece(tag: Int32(truncatingIfNeeded: index &+ 1), chainStart: edge.chainStart),
                tracksTags: true, into: target)
        }
    }

    /// Accumulates the rows `top ..< bottom` (subpixels) of one edge, row by row. `tag` (edge index + 1,
    /// or 0 for none) marks the cells an edge touched, to find rows where unrelated edges share a pixel.
    @inlinable @inline(__always)
    mutating func accumulate(_ edge: Edge, top: Int64, bottom: Int64, tag: Int32, into target: CellTarget) {
        if top >= bottom { return }
        walk(
            edge, top: top, bottom: bottom, piece: CellPiece(tag: tag, chainStart: edge.chainStart),
            tracksTags: tag != 0, into: target)
    }

    /// The walk of `accumulate` (`top < bottom`), with `tracksTags` false when `piece` has tag 0 and true
    /// otherwise: a constant at each call site, so that no cell tests it.
    ///
    /// Every x where the edge leaves a row (or the band cuts it) is a quotient by dy, through one
    /// `ReciprocalDivisor` per edge; the edge's own end needs none. Fewer tests per row served better than
    /// saving a division on the edges of one or two rows (experiments in `docs/raster-geometry.md`).
    @inlinable @inline(__always)
    mutating func walk(
        _ edge: Edge, top: Int64, bottom: Int64, piece: CellPiece, tracksTags: Bool, into target: CellTarget
    ) {
        // x from the target's first column.
        let x0 = Int64(edge.x0) &- target.originX, x1 = Int64(edge.x1) &- target.originX
        let y0 = Int64(edge.y0), y1 = Int64(edge.y1)
        let dx = x1 &- x0, dy = y1 &- y0
        var y = top
        let slope = ReciprocalDivisor(dy)
        var x = top == y0 ? x0 : x0 &+ slope.truncatedQuotient((top &- y0) &* dx)
        while y < bottom {
            let rowEnd = min((y | SubpixelGrid.mask) &+ 1, bottom)
            let endX = rowEnd == y1 ? x1 : x0 &+ slope.truncatedQuotient((rowEnd &- y0) &* dx)
            let rowTop = y & ~SubpixelGrid.mask
            accumulateRow(
                ax: x, ya: Int32(truncatingIfNeeded: y &- rowTop), bx: endX, yb: Int32(truncatingIfNeeded: rowEnd &- rowTop),
                winding: edge.winding, piece: piece, tracksTags: tracksTags,
                into: target.row(Int(Int32(truncatingIfNeeded: y &>> SubpixelGrid.bits) &- target.originRow)))
            y = rowEnd
            x = endX
        }
    }

    /// Accumulates a piece of an edge inside one cell row: from (ax, ya) to (bx, yb), `ya < yb` in
    /// 0…`SubpixelGrid.one` within the row, x in subpixels from the row's first column.
    ///
    /// A piece inside one column (about half of those of a curve's outline) is one cell, tested first.
    /// Others are walked left to right whichever way they run: a cell's cover and area depend only on
    /// the two points where the piece enters and leaves it, so a leftward piece walked from its left end
    /// adds the same values with the height's sign flipped. Each column boundary's crossing is measured
    /// from (ax, ya), as the piece's own parameter, so both walks meet the same points: one division for
    /// a piece over two columns (most of the others), one `ReciprocalDivisor` for three or more.
    @inlinable @inline(__always)
    mutating func accumulateRow(
        ax: Int64, ya: Int32, bx: Int64, yb: Int32, winding: Int32, piece: CellPiece, tracksTags: Bool,
        into row: CellRow
    ) {
        let startColumn = Int32(truncatingIfNeeded: ax &>> SubpixelGrid.bits)
        if startColumn == Int32(truncatingIfNeeded: bx &>> SubpixelGrid.bits) {
            row.widen(first: startColumn, last: startColumn)
            let widthSum = Int32(truncatingIfNeeded: (ax & SubpixelGrid.mask) &+ (bx & SubpixelGrid.mask))
            return add(piece, column: startColumn, widthSum: widthSum, height: (yb &- ya) &* winding, tracksTags, row)
        }
        let rightward = ax < bx
        let left = rightward ? ax : bx, right = rightward ? bx : ax
        let firstColumn = Int32(truncatingIfNeeded: left &>> SubpixelGrid.bits)
        let lastColumn = Int32(truncatingIfNeeded: (right &- 1) &>> SubpixelGrid.bits)
        row.widen(first: firstColumn, last: lastColumn)
        // Heights are taken left to right: (y at the right − y at the left), negated for leftward pieces.
        let sign = rightward ? winding : 0 &- winding
        let rightY = rightward ? yb : ya
        var y = rightward ? ya : yb
        let leftOffset = Int32(truncatingIfNeeded: left & SubpixelGrid.mask)
        // Column boundaries from the left, each crossing |boundary − ax| · (yb − ya) / |bx − ax|.
        let spanY = UInt64(bitPattern: Int64(yb &- ya)), width = right &- left
        let firstBoundary = Int64(firstColumn &+ 1) &<< SubpixelGrid.bits
        let travelled = UInt64(bitPattern: rightward ? firstBoundary &- ax : ax &- firstBoundary)
        if lastColumn &- firstColumn <= 1 {
            // Two columns: one crossing. (Or one, the right end on the left end's column boundary: the
            // crossing is then that end, and the second cell gets no height.)
            let crossY = ya &+ Int32(truncatingIfNeeded: travelled &* spanY / UInt64(bitPattern: width))
            add(piece, column: firstColumn, widthSum: leftOffset &+ Int32(truncatingIfNeeded: SubpixelGrid.one),
                height: (crossY &- y) &* sign, tracksTags, row)
            let secondWidthSum = Int32(truncatingIfNeeded: right &- firstBoundary)
            return add(piece, column: firstColumn &+ 1, widthSum: secondWidthSum, height: (rightY &- crossY) &* sign, tracksTags, row)
        }
        let lastWidthSum = Int32(truncatingIfNeeded: right &- (Int64(lastColumn) &<< SubpixelGrid.bits))
        // Three or more columns: the crossings share one division.
        let crossings = ReciprocalDivisor(width)
        let step = UInt64(bitPattern: rightward ? SubpixelGrid.one : 0 &- SubpixelGrid.one)
        var boundaryTravel = travelled
        var widthSum = leftOffset &+ Int32(truncatingIfNeeded: SubpixelGrid.one)
        var column = firstColumn
        repeat {
            let crossY = ya &+ Int32(truncatingIfNeeded: crossings.quotient(boundaryTravel &* spanY))
            add(piece, column: column, widthSum: widthSum, height: (crossY &- y) &* sign, tracksTags, row)
            y = crossY
            boundaryTravel &+= step
            widthSum = Int32(truncatingIfNeeded: SubpixelGrid.one)
            column &+= 1
        } while column < lastColumn
        add(piece, column: lastColumn, widthSum: lastWidthSum, height: (rightY &- y) &* sign, tracksTags, row)
    }

    /// Whether the edges that touched the cell whose top-left corner is (`left`, `top`) (subpixels) —
    /// the edge tagged `first`, then any of the edges after it, up to the edge of `piece` — leave its
    /// winding unambiguous, so that its summed area is exact: they are one chain of the contour, each
    /// continuing the one before and starting inside the cell (its closed square), so that they are one
    /// connected polyline through it; or the edge of `piece` closes the contour that `first` began, where
    /// they meet inside the cell.
    ///
    /// Two edges that follow each other need no test (a wedge: its two sides cross any line through the
    /// cell in opposite directions, so the winding takes two values), and the walk passes them without a
    /// call; a third edge, or a gap in the chain, comes here. A chain that leaves the pixel and comes back
    /// fails: the winding may take a third value there. Anything else is taken as ambiguous (the row is
    /// refined, which is exact either way).
    @inlinable @inline(never)
    static func chainStaysInside(
        first: Int32, _ piece: CellPiece, left: Int64, top: Int64, edges: UnsafeMutablePointer<Edge>, edgeCount: Int
    ) -> Bool {
        var index = Int(first)
        // A chain of more than `longestChain` edges in one pixel is refined instead of walked again at
        // every arrival.
        let end = Int(piece.tag), longestChain = 32
        while index < end && index &- Int(first) < longestChain {
            let edge = edges[index]
            if edge.chainStart <= 0 || Int(edge.chainStart) == index &+ 1
                || !edge.starts(insideCellAt: left, top: top) { break }
            index &+= 1
        }
        if index == end { return true }
        // The edge of `piece` closes the contour that `first` began, so the two meet at the contour's
        // start (unless a left-out segment lies between: `first`'s tag negated). Of the edges after
        // `first`, only those before `index` (joined inside the cell) or, when `index` is `first`'s
        // successor, that one (it passes unchecked) can have touched the cell without marking the row. If
        // none reaches it, the closing edge and `first` are a wedge.
        guard first == piece.chainStart, edges[Int(first) &- 1].chainStart > 0,
              end >= edgeCount || edges[end].chainStart.magnitude != piece.chainStart
        else { return false }
        var candidate = Int(first)
        let candidatesEnd = max(index, candidate &+ 1)
        while candidate < candidatesEnd && !edges[candidate].reaches(cellAt: left, top: top) { candidate &+= 1 }
        if candidate == candidatesEnd { return true }
        // Otherwise they must be one chain joined inside the cell, closed inside it too.
        return index > Int(first) && edges[Int(first) &- 1].starts(insideCellAt: left, top: top)
    }

    /// Adds a piece of signed `height` to the cell at `column`; `widthSum` is the sum of the piece's two
    /// x offsets from the cell's left side (subpixels). A piece of no height changes nothing and does not
    /// touch the cell. `tracksTags`: whether the piece's edge tag is judged and kept (false for tag 0).
    @inlinable
    mutating func add(
        _ piece: CellPiece, column: Int32, widthSum: Int32, height: Int32, _ tracksTags: Bool, _ row: CellRow
    ) {
        if height == 0 { return }
        let cell = row.cells + Int(column)
        cell.pointee.cover &+= height
        cell.pointee.area &+= height &* widthSum
        if tracksTags {
            // Edges arrive in tag order; the cell keeps the first one's tag. It stays simple while the
            // edges that touch it are one chain through it (`chainStaysInside`).
            let first = cell.pointee.edgeTag
            cell.pointee.edgeTag = first == 0 ? piece.tag : first
            if UInt32(bitPattern: piece.tag &- first) > piece.chainStep && first != 0 && !rowIsComplex[row.index]
                && !Rasterizer.chainStaysInside(
                    first: first, piece, left: Int64(sweep.regionX &+ column) &<< SubpixelGrid.bits,
                    top: (Int64(sweep.bandTop) &+ Int64(row.index)) &<< SubpixelGrid.bits,
                    edges: edges, edgeCount: edgeCount) {
                rowIsComplex[row.index] = true
            }
        }
        row.touchedBits[Int(column &>> 6)] |= UInt64(1) &<< UInt64(column & 63)
    }
}
