/// Exact-area coverage for one pixel row, built from boundary segments (the signed-area accumulation of
/// font rasterizers) and emitted as runs and spans into a `CoverageSink`.
///
/// Cells hold `height (Q8) × width (Q9)` units, so a full pixel is `fullCell`. A boundary that goes down the
/// row adds, for each cell it crosses, the area to its right; the prefix sum of the cells is the coverage.
/// Contributions left of the clip fold into the first cell; those right of it cannot affect visible pixels and
/// are dropped. Only the cells near boundaries ("regions") are summed one by one; between regions the
/// coverage is constant and goes out as a single run.
struct RowAccumulator: ~Copyable {
    static let fullCell: Int64 = 256 * 512
    static let fullCellBits: Int64 = 17
    static let maxRegions = 8

    let capacity: Int
    let cells: UnsafeMutablePointer<Int32>
    let coverage: UnsafeMutablePointer<UInt16>
    var clipStart = 0
    var clipEnd = 0
    var regionStarts: [8 of Int] = .init(repeating: 0)
    var regionEnds: [8 of Int] = .init(repeating: 0)
    var regionCount = 0

    init(capacity: Int) {
        self.capacity = capacity
        cells = .allocate(capacity: capacity + 2)
        cells.initialize(repeating: 0, count: capacity + 2)
        coverage = .allocate(capacity: capacity + 2)
        coverage.initialize(repeating: 0, count: capacity + 2)
    }

    deinit {
        cells.deallocate()
        coverage.deallocate()
    }

    /// Starts a row whose visible columns are `start ..< end` (at most `capacity` wide).
    mutating func beginRow(clipStart start: Int, clipEnd end: Int) {
        clipStart = start
        clipEnd = end
        regionCount = 0
    }

    /// Adds a boundary segment going down `height` (Q8) from x = `topX` to `bottomX` (Q8). `sign` is +1 for a
    /// left boundary (inside to its right) and −1 for a right one.
    mutating func addSegment(topX: Int64, bottomX: Int64, height: Int64, sign: Int64) {
        let x0 = Swift.min(topX, bottomX), x1 = Swift.max(topX, bottomX)
        let firstCell = x0 &>> 8, lastCell = x1 &>> 8
        markRegion(firstCell: firstCell, lastCell: lastCell)
        if firstCell == lastCell {
            let doubledFraction = x0 &+ x1 &- firstCell &* 512
            add(firstCell, sign &* height &* (512 &- doubledFraction))
            add(firstCell &+ 1, sign &* height &* doubledFraction)
            return
        }
        let span = x1 &- x0
        var cell = firstCell
        var heightBefore: Int64 = 0
        while cell <= lastCell {
            let start = Swift.max(x0, cell &* 256), end = Swift.min(x1, (cell &+ 1) &* 256)
            let heightAfter = height &* (end &- x0) / span
            let piece = heightAfter &- heightBefore
            heightBefore = heightAfter
            let doubledFraction = start &+ end &- cell &* 512
            add(cell, sign &* piece &* (512 &- doubledFraction))
            add(cell &+ 1, sign &* piece &* doubledFraction)
            cell &+= 1
        }
    }

    @inline(__always)
    private mutating func add(_ cell: Int64, _ value: Int64) {
        let index = Swift.max(Int(cell) &- clipStart, 0)
        if index >= clipEnd &- clipStart { return }
        cells[index] &+= Int32(truncatingIfNeeded: value)
    }

    /// Records that cells `firstCell ... lastCell + 1` hold contributions (merging with an overlapping region).
    private mutating func markRegion(firstCell: Int64, lastCell: Int64) {
        let start = Swift.min(Swift.max(Int(firstCell), clipStart), clipEnd)
        let end = Swift.min(Swift.max(Int(lastCell) &+ 2, clipStart), clipEnd)
        var index = 0
        while index < regionCount {
            if start <= regionEnds[index] && end >= regionStarts[index] {
                regionStarts[index] = Swift.min(regionStarts[index], start)
                regionEnds[index] = Swift.max(regionEnds[index], end)
                return
            }
            index &+= 1
        }
        if regionCount == Self.maxRegions {
            regionStarts[0] = clipStart
            regionEnds[0] = clipEnd
            regionCount = 1
            return
        }
        regionStarts[regionCount] = start
        regionEnds[regionCount] = end
        regionCount &+= 1
    }

    /// Sends row `y`'s coverage to `sink` and clears the cells for the next row.
    mutating func emitRow<Sink: CoverageSink>(y: Int, into sink: inout Sink) {
        sortAndMergeRegions()
        // The first cell also carries everything left of the clip.
        var running = Int64(cells[0])
        cells[0] = 0
        var position = clipStart
        for region in 0..<regionCount {
            let start = regionStarts[region], end = regionEnds[region]
            emitConstant(y: y, from: position, to: start, value: running, into: &sink)
            for x in start..<end {
                running &+= Int64(cells[x &- clipStart])
                cells[x &- clipStart] = 0
                coverage[x &- start] = Self.wideCoverage(running)
            }
            if end > start {
                sink.blendSpan(x: start, y: y, coverage: UnsafeBufferPointer(start: coverage, count: end &- start))
            }
            position = end
        }
        emitConstant(y: y, from: position, to: clipEnd, value: running, into: &sink)
    }

    private func emitConstant<Sink: CoverageSink>(y: Int, from start: Int, to end: Int, value: Int64, into sink: inout Sink) {
        let wide = Self.wideCoverage(value)
        if end > start && Int32(wide) >= WideCoverage.visible { sink.blendRun(x: start, y: y, count: end &- start, coverage: wide) }
    }

    /// The wide coverage (`WideCoverage`) of an accumulated area, truncated. Sums outside 0 … `fullCell`
    /// come only from the polyline's rounding at the shape's own edges and mean empty or full.
    @inline(__always)
    static func wideCoverage(_ value: Int64) -> UInt16 {
        let bounded = Swift.min(Swift.max(value, 0), fullCell)
        return UInt16(truncatingIfNeeded: WideCoverage.of(area: bounded, bits: fullCellBits))
    }

    private mutating func sortAndMergeRegions() {
        var index = 1
        while index < regionCount {
            var probe = index
            while probe > 0 && regionStarts[probe &- 1] > regionStarts[probe] {
                regionStarts.swapAt(probe, probe &- 1)
                regionEnds.swapAt(probe, probe &- 1)
                probe &-= 1
            }
            index &+= 1
        }
        var merged = 0
        for region in 0..<regionCount {
            if merged > 0 && regionStarts[region] <= regionEnds[merged &- 1] {
                regionEnds[merged &- 1] = Swift.max(regionEnds[merged &- 1], regionEnds[region])
            } else {
                regionStarts[merged] = regionStarts[region]
                regionEnds[merged] = regionEnds[region]
                merged &+= 1
            }
        }
        regionCount = merged
    }
}
