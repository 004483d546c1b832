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
    @inlinable @inline(__always)
    mutating func accumulate(_ edge: Edge, top: Int64, bottom: Int64, tag: Int32, into target: CellTarget) {
        let x0 = Int64(edge.x0), y0 = Int64(edge.y0), y1 = Int64(edge.y1)
        let dx = Int64(edge.x1) &- x0, dy = y1 &- y0
        var y = top
        var x = top == y0 || dx == 0 ? x0 : x0 &+ (top &- y0) &* dx / dy
        // Row ends inside the edge each need x there: one division for two or more of them.
        let rowEnds = ((min(bottom, y1 &- 1) &- 1) &>> SubpixelGrid.bits) &- (top &>> SubpixelGrid.bits)
        let slope = rowEnds >= 2 && dx != 0 ? ReciprocalDivisor(dy) : nil
        while y < bottom {
            let rowEnd = min((y | SubpixelGrid.mask) &+ 1, bottom)
            var endX = Int64(edge.x1)
            if rowEnd != y1 && dx != 0 {
                let run = (rowEnd &- y0) &* dx
                if let slope { endX = x0 &+ slope.truncatedQuotient(run) } else { endX = x0 &+ run / dy }
            }
            let rowTop = y & ~SubpixelGrid.mask
            accumulateRow(
                xa: x, ya: Int32(truncatingIfNeeded: y &- rowTop), xb: endX, yb: Int32(truncatingIfNeeded: rowEnd &- rowTop),
                winding: edge.winding, tag: tag, chainStart: edge.chainStart,
                into: target.row(Int(Int32(truncatingIfNeeded: y &>> SubpixelGrid.bits) &- target.originRow)))
            y = rowEnd
            x = endX
        }
    }

    /// Accumulates a piece of an edge inside one cell row: from (xa, ya) to (xb, yb), `ya < yb` in
    /// 0…1024 within the row, x in absolute subpixels.
    ///
    /// The cells are walked left to right whichever way the piece runs: a cell's cover and area depend
    /// only on the two points where the piece enters and leaves it, so a leftward piece walked from its
    /// left end adds the same values with the height's sign flipped. Each column boundary's crossing is
    /// measured from (xa, ya), as the piece's own parameter, so both walks meet the same points.
    @inlinable
    mutating func accumulateRow(
        xa: Int64, ya: Int32, xb: Int64, yb: Int32, winding: Int32, tag: Int32, chainStart: Int32, into row: CellRow
    ) {
        let ax = xa &- row.originX, bx = xb &- row.originX
        let piece = CellPiece(tag: tag, chainStart: chainStart)
        if ax == bx {
            let column = Int32(truncatingIfNeeded: ax &>> SubpixelGrid.bits)
            row.widen(first: column, last: column)
            let widthSum = Int32(truncatingIfNeeded: (ax &- (ax & ~SubpixelGrid.mask)) &<< 1)
            return add(piece, column: column, widthSum: widthSum, height: (yb &- ya) &* winding, row)
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
        if firstColumn == lastColumn {
            let widthSum = leftOffset &+ Int32(truncatingIfNeeded: right &- (left & ~SubpixelGrid.mask))
            return add(piece, column: firstColumn, widthSum: widthSum, height: (rightY &- y) &* sign, row)
        }
        // Column boundaries from the left; each crossing is measured from (xa, ya) as in the piece's own
        // parameter, |boundary − xa| · (yb − ya) / |xb − xa|, so both directions meet the same points.
        let spanY = Int64(yb &- ya), width = right &- left
        let firstBoundary = Int64(firstColumn &+ 1) &<< SubpixelGrid.bits
        var travelled = rightward ? firstBoundary &- ax : ax &- firstBoundary
        let step: Int64 = rightward ? SubpixelGrid.one : 0 &- SubpixelGrid.one
        // Two or more crossings share one division.
        let crossings = lastColumn &- firstColumn >= 2 ? ReciprocalDivisor(width) : nil
        var widthSum = leftOffset &+ Int32(truncatingIfNeeded: SubpixelGrid.one)
        var column = firstColumn
        repeat {
            let rise = travelled &* spanY
            let risen: Int64
            if let crossings { risen = Int64(bitPattern: crossings.quotient(UInt64(bitPattern: rise))) } else { risen = rise / width }
            let crossY = ya &+ Int32(truncatingIfNeeded: risen)
            add(piece, column: column, widthSum: widthSum, height: (crossY &- y) &* sign, row)
            y = crossY
            travelled &+= step
            widthSum = Int32(truncatingIfNeeded: SubpixelGrid.one)
            column &+= 1
        } while column < lastColumn
        let lastWidthSum = Int32(truncatingIfNeeded: right &- (Int64(lastColumn) &<< SubpixelGrid.bits))
        add(piece, column: lastColumn, widthSum: lastWidthSum, height: (rightY &- y) &* sign, row)
    }

    /// Whether the edge tagged `tag` is the last of its contour (the next stored edge, if any, starts
    /// another one), so that it meets the contour's first edge.
    @inlinable
    func closesContour(tag: Int32) -> Bool {
        Int(tag) >= edgeCount || edges[Int(tag)].chainStart.magnitude != edges[Int(tag) &- 1].chainStart.magnitude
    }

    /// Adds a piece of signed `height` to the cell at `column`; `widthSum` is the sum of the piece's two
    /// x offsets from the cell's left side (subpixels). A piece of no height changes nothing and does not
    /// touch the cell.
    @inlinable
    mutating func add(_ piece: CellPiece, column: Int32, widthSum: Int32, height: Int32, _ row: CellRow) {
        if height == 0 { return }
        let cell = row.cells + Int(column)
        cell.pointee.cover &+= height
        cell.pointee.area &+= height &* widthSum
        if piece.tag != 0 {
            // Edges arrive in tag order: a pixel stays simple while each new edge continues the chain of
            // the previous one (the next edge of the same contour, or — for the last edge of a contour —
            // the first edge of the contour it closes).
            let previous = cell.pointee.edgeTag
            if UInt32(bitPattern: piece.tag &- previous) > piece.chainStep && previous != 0
                && (previous != piece.chainStart || !closesContour(tag: piece.tag)) {
                rowIsComplex[row.index] = true
            }
            cell.pointee.edgeTag = piece.tag
        }
        row.touchedBits[Int(column &>> 6)] |= UInt64(1) &<< UInt64(column & 63)
    }
}
