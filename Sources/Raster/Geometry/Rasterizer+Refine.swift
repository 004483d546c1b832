extension Rasterizer {
    /// The most sub-rows (and sub-columns per pixel) a refined row is cut into.
    @inlinable static var maximumSubRows: Int { 4 }

    /// Recomputes the current row with the exact area of the fill rule's inside in every pixel, and
    /// replaces the row's segments.
    ///
    /// A row needs this when two edges that do not follow each other pass through one pixel (crossings,
    /// overlapping subpaths, stroke outlines folding over themselves): inside such a pixel the winding
    /// can take values the summed area cannot tell apart. The row is cut into strips at every end and
    /// crossing of its edges (`accumulateStrips`); in each strip only the sides of the inside are
    /// accumulated, with winding ±1, so the summed areas are exact. They are accumulated on S × S
    /// sub-cells per pixel (S = 4, fewer when the region is wider than 1/4 of the cell scratch or than
    /// 2^16 px) only for precision: coordinates are rounded to 1/(4096 · S) px instead of 1/4096 px.
    /// Rows without such pixels are exact already and are never refined.
    @inlinable
    mutating func refineRow() {
        let stride = Int(sweep.stride)
        let scale = max(1, min(min(Rasterizer.maximumSubRows, cellCapacity / stride), (1 &<< 18) / stride))
        let pieceCount = collectRowPieces(scale: Int64(scale))
        let target = CellTarget(
            cells: refineCells, firstColumn: refineFirstColumn, lastColumn: refineLastColumn,
            stride: scale &* stride, originRow: 0, originX: 0, touchedBits: refineTouchedBits,
            wordsPerRow: (scale &* stride &+ 63) &>> 6)
        refineFirstColumn[0] = .max
        refineLastColumn[0] = .min
        accumulateStrips(pieceCount: pieceCount, scale: Int32(truncatingIfNeeded: scale), into: target)
        emitRefinedRow(subCells: Int64(scale &* scale))
    }

    /// Sweeps the sub-row in the refinement cells (`scale` sub-columns per pixel), visiting the touched
    /// sub-cells through their bits: adds each sub-cell's covered area to its pixel in `refinedArea`
    /// (the stretches between them through `addRefinedRun`); clears the cells, bits and column bounds.
    @inlinable
    mutating func sweepSubRow(scale: Int32) {
        let first = refineFirstColumn[0], last = refineLastColumn[0]
        refineFirstColumn[0] = .max
        refineLastColumn[0] = .min
        if first > last { return }
        var accumulated: Int32 = 0
        var next = first
        for word in Int(first &>> 6)...Int(last &>> 6) {
            var bits = refineTouchedBits[word]
            refineTouchedBits[word] = 0
            while bits != 0 {
                let column = Int32(truncatingIfNeeded: word &<< 6) &+ Int32(truncatingIfNeeded: bits.trailingZeroBitCount)
                bits &= bits &- 1
                if column > next {
                    addRefinedRun(from: next, to: column, area: coveredArea(accumulated &* SubpixelGrid.doubleOne), scale: scale)
                }
                let cell = refineCells[Int(column)]
                refineCells[Int(column)] = Cell()
                refinedArea[Int(column / scale)] &+= coveredArea((accumulated &+ cell.cover) &* SubpixelGrid.doubleOne &- cell.area)
                accumulated &+= cell.cover
                next = column &+ 1
            }
        }
        addRefinedRun(from: next, to: .max, area: coveredArea(accumulated &* SubpixelGrid.doubleOne), scale: scale)
    }

    /// Adds `area` to every sub-cell of sub-columns `start ..< end` (`end` = `Int32.max`: to the row's
    /// end): partial pixels directly, whole pixels through the difference array `refinedRunDelta`.
    @inlinable
    mutating func addRefinedRun(from start: Int32, to end: Int32, area: Int32, scale: Int32) {
        if area == 0 || end <= start { return }
        let firstPixel = start / scale
        let firstWhole = (start &+ scale &- 1) / scale
        if start % scale != 0 {
            let stop = min(end, (firstPixel &+ 1) &* scale)
            refinedArea[Int(firstPixel)] &+= area &* (stop &- start)
            if stop == end { return }
        }
        let wholeEnd = end == .max ? sweep.stride &+ 1 : end / scale
        if wholeEnd > firstWhole {
            refinedRunDelta[Int(firstWhole)] &+= area &* scale
            if end != .max { refinedRunDelta[Int(wholeEnd)] &-= area &* scale }
        }
        if end != .max && end % scale != 0 && wholeEnd >= firstWhole {
            refinedArea[Int(wholeEnd)] &+= area &* (end &- wholeEnd &* scale)
        }
    }

    /// Turns the summed sub-cell areas into the row's segments (spans, and a run right of the cells) and
    /// clears the sums. `subCells` is the number of sub-cells per pixel.
    @inlinable
    mutating func emitRefinedRow(subCells: Int64) {
        sweep.segmentCount = 0
        let full = Int64(SubpixelGrid.fullDoubledArea) &* subCells
        let emitLimit = Int32(truncatingIfNeeded: clip.maxX) &- sweep.regionX
        let end = min(sweep.stride, emitLimit)
        var running: Int32 = 0
        var spanStart: Int32 = -1
        var column: Int32 = 0
        while column < end {
            running &+= refinedRunDelta[Int(column)]
            refinedRunDelta[Int(column)] = 0
            let total = Int64(refinedArea[Int(column)] &+ running)
            refinedArea[Int(column)] = 0
            let value = WideCoverage.of(area: total, whole: full)
            if value < WideCoverage.visible {
                closeSpan(start: &spanStart, end: column)
            } else {
                if spanStart < 0 { spanStart = column }
                spanCoverage[Int(column)] = UInt16(truncatingIfNeeded: value)
            }
            column &+= 1
        }
        closeSpan(start: &spanStart, end: column)
        while column <= sweep.stride {
            running &+= refinedRunDelta[Int(column)]
            refinedRunDelta[Int(column)] = 0
            refinedArea[Int(column)] = 0
            column &+= 1
        }
        appendRun(from: end, to: emitLimit, coverage: WideCoverage.of(area: Int64(running), whole: full))
    }
}
