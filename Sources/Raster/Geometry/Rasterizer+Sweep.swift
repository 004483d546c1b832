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

    /// Clears the touched-column bounds of a new band and accumulates the edges into it.
    @inlinable
    mutating func startBand(at top: Int32) {
        sweep.bandTop = top
        sweep.bandRows = min(sweep.maximumBandRows, sweep.regionMaxY &- top)
        for row in 0..<Int(sweep.bandRows) {
            rowFirstColumn[row] = .max
            rowLastColumn[row] = .min
            rowIsComplex[row] = false
        }
        accumulateBand()
    }
}
