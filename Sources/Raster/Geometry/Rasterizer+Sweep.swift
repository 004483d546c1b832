extension Rasterizer {
    /// Emits the coverage of everything added since `reset(clip:)` into `sink`, row by row.
    ///
    /// Afterwards the edge list is empty (as after `reset`, with the same clip).
    @inlinable
    public mutating func render<Sink: CoverageSink>(rule: FillRule, into sink: inout Sink) {
        beginSweep(rule: rule)
        while sweepNextRow() {
            let y = Int(sweep.row)
            let originX = Int(sweep.regionX)
            for index in 0..<sweep.segmentCount {
                let segment = segments[index]
                let x = originX &+ Int(segment.column)
                if segment.coverage >= 0 {
                    sink.blendRun(
                        x: x, y: y, count: Int(segment.count), coverage: UInt16(truncatingIfNeeded: segment.coverage))
                } else {
                    let start = spanCoverage + Int(segment.column)
                    sink.blendSpan(x: x, y: y, coverage: UnsafeBufferPointer(start: start, count: Int(segment.count)))
                }
            }
        }
        edgeCount = 0
        refinementNoteCount = 0
    }

    /// Sets up the region (edge bounds ∩ clip) and the band height.
    @inlinable
    mutating func beginSweep(rule: FillRule) {
        if case .evenOdd = rule { sweep.evenOdd = true } else { sweep.evenOdd = false }
        sweep.segmentCount = 0
        guard edgeCount > 0 else {
            sweep.regionY = 0
            sweep.regionMaxY = 0
            sweep.row = 0
            sweep.bandRows = 0
            sweep.bandTop = 0
            return
        }
        sweep.regionX = max(boundsMinX &>> SubpixelGrid.bits32, Int32(truncatingIfNeeded: clip.x))
        sweep.regionMaxX = min((boundsMaxX &+ SubpixelGrid.mask32) &>> SubpixelGrid.bits32, Int32(truncatingIfNeeded: clip.maxX))
        sweep.regionY = max(boundsMinY &>> SubpixelGrid.bits32, Int32(truncatingIfNeeded: clip.y))
        sweep.regionMaxY = min((boundsMaxY &+ SubpixelGrid.mask32) &>> SubpixelGrid.bits32, Int32(truncatingIfNeeded: clip.maxY))
        sweep.stride = sweep.regionMaxX &- sweep.regionX &+ 1
        sweep.wordsPerRow = (Int(sweep.stride) &+ 63) &>> 6
        sweep.maximumBandRows = Int32(truncatingIfNeeded: min(
            cellCapacity / Int(sweep.stride), touchedWordCapacity / sweep.wordsPerRow))
        sweep.bandTop = sweep.regionY
        sweep.bandRows = 0
        sweep.row = sweep.regionY &- 1
    }

    /// Makes the next row's segments ready, accumulating a new band when the current one is used up.
    /// Returns false when the region is finished.
    @inlinable
    mutating func sweepNextRow() -> Bool {
        while true {
            sweep.row &+= 1
            if sweep.row >= sweep.regionMaxY { return false }
            if sweep.row >= sweep.bandTop &+ sweep.bandRows {
                startBand(at: sweep.row)
            }
            let bandRow = Int(sweep.row &- sweep.bandTop)
            sweepRow(bandRow)
            if rowIsComplex[bandRow] { refineRow() }
            if sweep.segmentCount > 0 { return true }
        }
    }

    /// Clears the touched-column bounds of a new band, accumulates the edges into it and marks the rows
    /// where a note (`RefinementNote`) shares pixels with edges.
    @inlinable @inline(never)
    mutating func startBand(at top: Int32) {
        sweep.bandTop = top
        sweep.bandRows = min(sweep.maximumBandRows, sweep.regionMaxY &- top)
        for row in 0..<Int(sweep.bandRows) {
            rowFirstColumn[row] = .max
            rowLastColumn[row] = .min
            rowIsComplex[row] = false
        }
        accumulateBand()
        if refinementNoteCount > 0 { markNotedRows() }
    }

    /// Marks for refinement every band row in which a note (`RefinementNote`: a horizontal segment inside a
    /// pixel row, or a pivot) covers a touched cell: there the summed area cannot tell the winding apart.
    @inlinable @inline(never)
    mutating func markNotedRows() {
        let bandEnd = sweep.bandTop &+ sweep.bandRows
        for index in 0..<refinementNoteCount {
            let segment = refinementNotes[index]
            let first = max(segment.firstColumn &- sweep.regionX, 0)
            let last = min(segment.lastColumn &- sweep.regionX, sweep.stride &- 1)
            if first > last { continue }
            var row = max(segment.firstRow, sweep.bandTop)
            while row <= segment.lastRow && row < bandEnd {
                let bandRow = Int(row &- sweep.bandTop)
                if !rowIsComplex[bandRow] && anyCellTouched(bandRow: bandRow, first: first, last: last) {
                    rowIsComplex[bandRow] = true
                }
                row &+= 1
            }
        }
    }

    /// Whether an edge touched a cell of band row `bandRow` in columns `first ... last` (relative to the
    /// region, `first ≤ last`).
    @inlinable
    func anyCellTouched(bandRow: Int, first: Int32, last: Int32) -> Bool {
        let words = touchedBits + bandRow &* sweep.wordsPerRow
        let firstWord = Int(first &>> 6), lastWord = Int(last &>> 6)
        for word in firstWord...lastWord {
            var bits = words[word]
            if word == firstWord { bits &= ~UInt64(0) &<< UInt64(first & 63) }
            if word == lastWord { bits &= ~UInt64(0) &>> UInt64(63 &- (last & 63)) }
            if bits != 0 { return true }
        }
        return false
    }
}
