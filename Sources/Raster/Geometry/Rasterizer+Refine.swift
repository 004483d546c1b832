extension Rasterizer {
    /// The most sub-rows (and sub-columns per pixel) a refined row is cut into.
    @inlinable static var maximumSubRows: Int { 16 }

    /// Recomputes the current row on a grid of S × S sub-cells per pixel (S = 16, fewer when the region
    /// is wider than 1/16 of the cell scratch), each sub-row swept exactly with the fill rule, and
    /// replaces the row's segments.
    ///
    /// A row needs this when two edges that do not follow each other pass through one pixel (crossings,
    /// overlapping subpaths, stroke outlines folding over themselves): inside such a pixel the winding
    /// can take values the summed area cannot tell apart. On the finer grid that can only happen in the
    /// few sub-cells both edges pass through, which bounds the remaining error; rows without such pixels
    /// are exact already and are never refined.
    @inlinable
    mutating func refineRow() {
        let stride = Int(sweep.stride)
        let scale = min(Rasterizer.maximumSubRows, cellCapacity / stride)
        let rowTop = Int64(sweep.row) &<< SubpixelGrid.bits, rowBottom = rowTop &+ SubpixelGrid.one
        let originX = Int64(sweep.regionX) &<< SubpixelGrid.bits
        var crossing = 0
        for index in 0..<edgeCount where Int64(edges[index].y0) < rowBottom && Int64(edges[index].y1) > rowTop {
            rowEdgeIndices[crossing] = Int32(truncatingIfNeeded: index)
            crossing &+= 1
        }
        let target = CellTarget(
            cells: refineCells, firstColumn: refineFirstColumn, lastColumn: refineLastColumn,
            stride: scale &* stride, originRow: 0, originX: 0, touchedBits: refineTouchedBits,
            wordsPerRow: (scale &* stride &+ 63) &>> 6)
        for subRow in 0..<scale {
            refineFirstColumn[0] = .max
            refineLastColumn[0] = .min
            let shift = Int64(subRow) &<< SubpixelGrid.bits
            for listed in 0..<crossing {
                let edge = edges[Int(rowEdgeIndices[listed])]
                let top = max(Int64(edge.y0), rowTop), bottom = min(Int64(edge.y1), rowBottom)
                // The edge's part in this row, stretched by `scale` both ways; sub-row `subRow` is 0 ..< 1024.
                let part = Edge(
                    x0: Int32(truncatingIfNeeded: (Int64(Rasterizer.x(of: edge, at: top)) &- originX) &* Int64(scale)),
                    y0: Int32(truncatingIfNeeded: (top &- rowTop) &* Int64(scale) &- shift),
                    x1: Int32(truncatingIfNeeded: (Int64(Rasterizer.x(of: edge, at: bottom)) &- originX) &* Int64(scale)),
                    y1: Int32(truncatingIfNeeded: (bottom &- rowTop) &* Int64(scale) &- shift),
                    winding: edge.winding, chainStart: 0)
                let partTop = max(Int64(part.y0), 0), partBottom = min(Int64(part.y1), SubpixelGrid.one)
                if partTop >= partBottom { continue }
                accumulate(part, top: partTop, bottom: partBottom, tag: 0, into: target)
            }
            sweepSubRow(scale: Int32(truncatingIfNeeded: scale))
        }
        emitRefinedRow(subCells: Int64(scale &* scale))
    }

    /// The x (subpixels) where `edge` crosses `y` (within its rows).
    @inlinable
    static func x(of edge: Edge, at y: Int64) -> Int32 {
        if y == Int64(edge.y0) { return edge.x0 }
        if y == Int64(edge.y1) { return edge.x1 }
        let dx = Int64(edge.x1) &- Int64(edge.x0), dy = Int64(edge.y1) &- Int64(edge.y0)
        return Int32(truncatingIfNeeded: Int64(edge.x0) &+ (y &- Int64(edge.y0)) &* dx / dy)
    }

    /// Sweeps the sub-row in the refinement cells (`scale` sub-columns per pixel), visiting the touched
    /// sub-cells through their bits: adds each sub-cell's covered area to its pixel in `refinedArea`
    /// (the stretches between them through `addRefinedRun`); clears the cells and bits.
    @inlinable
    mutating func sweepSubRow(scale: Int32) {
        let first = refineFirstColumn[0], last = refineLastColumn[0]
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
            let value = Int32(truncatingIfNeeded: (total &* 255 &+ full / 2) / full)
            if value == 0 {
                closeSpan(start: &spanStart, end: column)
            } else {
                if spanStart < 0 { spanStart = column }
                spanCoverage[Int(column)] = UInt8(truncatingIfNeeded: value)
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
        appendRun(from: end, to: emitLimit, coverage: Int32(truncatingIfNeeded: (Int64(running) &* 255 &+ full / 2) / full))
    }
}
