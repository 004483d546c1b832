extension Rasterizer {
    /// Sweeps one band row left to right: visits the touched cells in order (found through the
    /// touched-cell bits, so untouched stretches cost one word per 64 pixels), sums covers, turns each
    /// pixel's winding-weighted area into coverage by the fill rule, clears the cells and bits, and writes
    /// runs (between touched cells) and spans (touched cells, and short covered stretches between two of
    /// them) to `segments`.
    @inlinable
    mutating func sweepRow(_ bandRow: Int) {
        if sweep.evenOdd { sweepRow(bandRow, EvenOddCoverage()) } else { sweepRow(bandRow, NonZeroCoverage()) }
    }

    /// `sweepRow` by one fill rule: a copy per rule, with no test of the rule per cell.
    @inlinable
    mutating func sweepRow<Rule: CoverageRule>(_ bandRow: Int, _ rule: Rule) {
        sweep.segmentCount = 0
        let first = rowFirstColumn[bandRow], last = rowLastColumn[bandRow]
        if first > last { return }
        let emitLimit = Int32(truncatingIfNeeded: clip.maxX) &- sweep.regionX
        let base = cells + bandRow &* Int(sweep.stride)
        let words = touchedBits + bandRow &* sweep.wordsPerRow
        var accumulated: Int32 = 0
        var spanStart: Int32 = -1
        var next = first
        var word = Int(first &>> 6)
        let lastWord = Int(last &>> 6)
        repeat {
            var bits = words[word]
            words[word] = 0
            while bits != 0 {
                let column = Int32(truncatingIfNeeded: word &<< 6) &+ Int32(truncatingIfNeeded: bits.trailingZeroBitCount)
                bits &= bits &- 1
                if column > next {
                    let between = Rule.coverage(cover: accumulated, area: 0)
                    if spanStart >= 0 && between >= WideCoverage.visible && column &- next <= Rasterizer.spanBridgeLimit && column <= emitLimit {
                        // A short stretch between touched cells joins the open span (one sink call
                        // instead of three: span, run, span), e.g. the inside of a thin stroke.
                        (spanCoverage + Int(next)).update(repeating: UInt16(truncatingIfNeeded: between), count: Int(column &- next))
                    } else {
                        closeSpan(start: &spanStart, end: next)
                        appendRun(from: next, to: min(column, emitLimit), coverage: between)
                    }
                }
                let cell = base[Int(column)]
                base[Int(column)] = Cell()
                let value = Rule.coverage(cover: accumulated &+ cell.cover, area: cell.area)
                accumulated &+= cell.cover
                if value < WideCoverage.visible || column >= emitLimit {
                    closeSpan(start: &spanStart, end: column)
                } else {
                    if spanStart < 0 { spanStart = column }
                    spanCoverage[Int(column)] = UInt16(truncatingIfNeeded: value)
                }
                next = column &+ 1
            }
            word &+= 1
        } while word <= lastWord
        closeSpan(start: &spanStart, end: next)
        if accumulated != 0 {
            appendRun(from: next, to: emitLimit, coverage: Rule.coverage(cover: accumulated, area: 0))
        }
    }

    /// The longest stretch of equal coverage (pixels) that a span bridges instead of ending for a run:
    /// below this, a sink's per-call cost outweighs filling the stretch pixel by pixel.
    @inlinable static var spanBridgeLimit: Int32 { 32 }

    /// The covered part (0 … `fullDoubledArea`) of a doubled winding-weighted area by the current fill
    /// rule: clamped for non-zero, folded modulo 2 for even-odd.
    @inlinable
    func coveredArea(_ doubledArea: Int32) -> Int32 {
        sweep.evenOdd ? EvenOddCoverage.coveredArea(doubledArea) : NonZeroCoverage.coveredArea(doubledArea)
    }

    /// Ends the open span (if any) just before `end`.
    @inlinable
    mutating func closeSpan(start: inout Int32, end: Int32) {
        guard start >= 0 else { return }
        segments[sweep.segmentCount] = CoverageSegment(column: start, count: end &- start, coverage: -1)
        sweep.segmentCount &+= 1
        start = -1
    }

    /// Appends a run of equal coverage over columns `start ..< end` unless it is empty or below
    /// `WideCoverage.visible`.
    @inlinable
    mutating func appendRun(from start: Int32, to end: Int32, coverage: Int32) {
        guard coverage >= WideCoverage.visible, end > start else { return }
        segments[sweep.segmentCount] = CoverageSegment(column: start, count: end &- start, coverage: coverage)
        sweep.segmentCount &+= 1
    }
}
