import FixedPoint

/// Anti-aliased rounded rectangles and borders by exact area, without the general path rasterizer:
/// each pixel row is cut into slices at the corner bands, the circular boundary is followed by a polyline
/// with vertices at most `arcStep` apart along its dominant axis, and the area of the shape in each pixel is
/// accumulated exactly for that polyline (see `RowAccumulator`).
///
/// The scratch row is allocated once in `init`; drawing allocates nothing.
public struct RoundedRectRasterizer: ~Copyable {
    var accumulator: RowAccumulator

    /// A rasterizer for surfaces (or clips) up to `maximumWidth` pixels wide.
    public init(maximumWidth: Int) throws(RasterError) {
        guard maximumWidth > 0, maximumWidth <= Surface.maximumDimension else {
            throw .invalidSize(width: maximumWidth, height: 1)
        }
        accumulator = RowAccumulator(capacity: maximumWidth)
    }

    /// The widest clip this rasterizer serves.
    public var maximumWidth: Int { accumulator.capacity }

    /// Fills `shape` with `color` faded by `opacity`, multiplied by `mask` (an A8 surface of the same size)
    /// when given, source-over into `surface` within its clip.
    /// Throws `.invalidSize` when the surface's clip is wider than `maximumWidth`.
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    public mutating func fill(_ shape: RoundedRect, color: PremultipliedColor, opacity: UInt8 = 255,
                              into surface: Surface, mask: Surface? = nil) throws(RasterError) {
        var sink = try SolidColorSink(surface: surface, color: color, opacity: opacity, mask: mask)
        let clip = surface.clip
        guard clip.width <= accumulator.capacity else { throw .invalidSize(width: clip.width, height: clip.height) }
        let area = shape.pixelBounds.intersection(clip)
        if area.isEmpty { return }
        // Rows wholly between the corner bands all have the same coverage: three rectangles, not a row each.
        let edges = SubpixelRoundedRect(shape)
        let straightStart = Swift.min(Swift.max(Int((edges.top &+ edges.radius &+ 255) &>> 8), area.y), area.maxY)
        let straightEnd = Swift.max(Swift.min(Int((edges.bottom &- edges.radius) &>> 8), area.maxY), straightStart)
        rasterizeRows(outer: edges, inner: nil, rows: area.y ..< straightStart, clip: clip, into: &sink)
        if straightEnd > straightStart {
            let runs = StraightRowRuns(edges, height: 256)
            for part in 0 ..< 3 {
                guard let run = runs.part(part) else { continue }
                sink.blendRect(x: run.x, y: straightStart, width: run.count, height: straightEnd &- straightStart,
                               coverage: run.coverage)
            }
        }
        rasterizeRows(outer: edges, inner: nil, rows: straightEnd ..< area.maxY, clip: clip, into: &sink)
    }

    /// Draws the border of `shape`: the ring between it and its inset by `width` (inner radius
    /// max(0, r − width)), as Core Animation draws `borderWidth`. A width of half the shorter side or more
    /// fills the shape. Throws `.invalidGeometry("borderWidth")` for a negative width.
    #if !DEBUG
    @_noAllocation
    #endif
    public mutating func strokeBorder(_ shape: RoundedRect, width: Fixed, color: PremultipliedColor,
                                      opacity: UInt8 = 255, into surface: Surface, mask: Surface? = nil) throws(RasterError) {
        guard width.raw >= 0 else { throw .invalidGeometry(name: "borderWidth", raw: width.raw) }
        var sink = try SolidColorSink(surface: surface, color: color, opacity: opacity, mask: mask)
        try rasterize(outer: shape, inner: shape.inset(by: width), clip: surface.clip, into: &sink)
    }

    /// Sends the coverage of `outer` minus `inner` (which must lie inside it) to any sink, row by row
    /// within `clip`.
    public mutating func rasterize<Sink: CoverageSink>(outer: RoundedRect, inner: RoundedRect?, clip: IntRect,
                                                       into sink: inout Sink) throws(RasterError) {
        guard clip.width <= accumulator.capacity else { throw .invalidSize(width: clip.width, height: clip.height) }
        let area = outer.pixelBounds.intersection(clip)
        if area.isEmpty { return }
        rasterizeRows(outer: SubpixelRoundedRect(outer), inner: inner.map(SubpixelRoundedRect.init), rows: area.y ..< area.maxY,
                      clip: clip, into: &sink)
    }

    /// Rows `rows` (inside the shape's pixel bounds and `clip`) of `rasterize(outer:inner:clip:into:)`.
    private mutating func rasterizeRows<Sink: CoverageSink>(outer: SubpixelRoundedRect, inner: SubpixelRoundedRect?,
                                                            rows: Range<Int>, clip: IntRect, into sink: inout Sink) {
        var outerCursor = BoundaryCursor(), innerCursor = BoundaryCursor()
        for y in rows {
            if inner == nil && Self.emitStraightRow(outer, row: y, into: &sink) { continue }
            accumulator.beginRow(clipStart: clip.x, clipEnd: clip.maxX)
            addBoundaries(of: outer, row: y, sign: 1, cursor: &outerCursor)
            if let inner { addBoundaries(of: inner, row: y, sign: -1, cursor: &innerCursor) }
            accumulator.emitRow(y: y, into: &sink)
        }
    }

    /// A row that meets only the straight sides, sent without the accumulator (same areas, same rounding).
    /// Returns false when the row meets a corner.
    @inline(__always)
    private static func emitStraightRow<Sink: CoverageSink>(_ shape: SubpixelRoundedRect, row: Int,
                                                             into sink: inout Sink) -> Bool {
        let rowTop = Int64(row) &* 256
        let top = Swift.max(rowTop, shape.top), bottom = Swift.min(rowTop &+ 256, shape.bottom)
        guard top >= shape.top &+ shape.radius, bottom <= shape.bottom &- shape.radius, bottom > top else { return false }
        let runs = StraightRowRuns(shape, height: bottom &- top)
        for part in 0 ..< 3 {
            if let run = runs.part(part) { sink.blendRun(x: run.x, y: row, count: run.count, coverage: run.coverage) }
        }
        return true
    }

    /// Adds the left and right boundaries of `shape` inside pixel row `row`, sliced at the corner bands.
    private mutating func addBoundaries(of shape: SubpixelRoundedRect, row: Int, sign: Int64, cursor: inout BoundaryCursor) {
        let rowTop = Int64(row) &* 256
        var y = Swift.max(rowTop, shape.top)
        let rowBottom = Swift.min(rowTop &+ 256, shape.bottom)
        while y < rowBottom {
            // The next band boundary (corner band ends) below y, or the row end.
            var bandEnd = rowBottom
            if y < shape.top &+ shape.radius { bandEnd = Swift.min(bandEnd, shape.top &+ shape.radius) }
            else if y < shape.bottom &- shape.radius { bandEnd = Swift.min(bandEnd, shape.bottom &- shape.radius) }
            addBand(of: shape, from: y, to: bandEnd, sign: sign, cursor: &cursor)
            y = bandEnd
        }
    }

    /// One band of a row: straight sides are one segment, arcs a polyline fine enough to be exact to a
    /// small fraction of a pixel. `cursor` carries the boundary's x at the previous band's end, which is
    /// this band's start when the bands are consecutive (one square root saved per band).
    private mutating func addBand(of shape: SubpixelRoundedRect, from top: Int64, to bottom: Int64, sign: Int64,
                                  cursor: inout BoundaryCursor) {
        let topX = cursor.y == top ? cursor.x : shape.leftX(at: top)
        let straight = top >= shape.top &+ shape.radius && bottom <= shape.bottom &- shape.radius
        if straight || shape.radius == 0 {
            addPair(shape, topX: topX, bottomX: topX, height: bottom &- top, sign: sign)
            cursor = BoundaryCursor(y: bottom, x: topX)
            return
        }
        let bottomX = shape.leftX(at: bottom)
        cursor = BoundaryCursor(y: bottom, x: bottomX)
        let across = abs(bottomX &- topX), down = bottom &- top
        let step = shape.arcStep
        let slices = Swift.min((Swift.max(across, down) &+ step &- 1) / step, 512)
        let upper = top < shape.top &+ shape.radius
        var sliceTop = top, sliceTopX = topX
        // A counted loop, not `for index in 1...n`: iterating a `ClosedRange<Int64>` goes through its generic
        // `Index` enum, which unspecialised (debug) code boxes on the heap for every element.
        let sliceCount = Swift.max(slices, 1)
        var index: Int64 = 1
        while index <= sliceCount {
            defer { index &+= 1 }
            var sliceBottom = bottom, sliceBottomX = bottomX
            if index < slices && across > down {
                // Mostly horizontal: vertices evenly spaced in x, their y on the arc.
                sliceBottomX = topX &+ (bottomX &- topX) &* index / slices
                sliceBottom = Swift.min(Swift.max(shape.y(atLeftX: sliceBottomX, upper: upper), sliceTop), bottom)
            } else if index < slices {
                sliceBottom = top &+ down &* index / slices
                sliceBottomX = shape.leftX(at: sliceBottom)
            }
            addPair(shape, topX: sliceTopX, bottomX: sliceBottomX, height: sliceBottom &- sliceTop, sign: sign)
            sliceTop = sliceBottom
            sliceTopX = sliceBottomX
        }
    }

    @inline(__always)
    private mutating func addPair(_ shape: SubpixelRoundedRect, topX: Int64, bottomX: Int64, height: Int64, sign: Int64) {
        if height <= 0 { return }
        accumulator.addSegment(topX: topX, bottomX: bottomX, height: height, sign: sign)
        accumulator.addSegment(topX: shape.mirrored(topX), bottomX: shape.mirrored(bottomX), height: height, sign: -sign)
    }
}

/// The coverage of a straight-sided row part `height` (Q8) tall: a partial pixel, a run and a partial pixel
/// (one pixel when both sides fall in the same one), exact areas truncated to wide coverage as `RowAccumulator` does.
struct StraightRowRuns {
    let leftCell: Int, rightCell: Int
    let leftCoverage: UInt16, middleCoverage: UInt16, rightCoverage: UInt16
    let rightIsPartial: Bool

    @inline(__always)
    init(_ shape: SubpixelRoundedRect, height: Int64) {
        func wide(_ width: Int64) -> UInt16 { RowAccumulator.wideCoverage(height &* width &* 2) }
        leftCell = Int(shape.left &>> 8)
        rightCell = Int(shape.right &>> 8)
        leftCoverage = leftCell == rightCell ? wide(shape.right &- shape.left) : wide(256 &- (shape.left & 255))
        middleCoverage = wide(256)
        rightCoverage = wide(shape.right & 255)
        rightIsPartial = shape.right & 255 != 0
    }

    /// Part 0 (the left pixel), 1 (the run between) or 2 (the right pixel): start column, pixel count and
    /// coverage; nil for a part the row does not have.
    @inline(__always)
    func part(_ index: Int) -> (x: Int, count: Int, coverage: UInt16)? {
        switch index {
        case 0: return (leftCell, 1, leftCoverage)
        case 1: return rightCell > leftCell &+ 1 ? (leftCell &+ 1, rightCell &- leftCell &- 1, middleCoverage) : nil
        default: return rightCell != leftCell && rightIsPartial ? (rightCell, 1, rightCoverage) : nil
        }
    }
}

/// Where the left boundary was last evaluated: height `y` (Q8) and its x (Q8). Starts nowhere.
struct BoundaryCursor {
    var y: Int64 = .min
    var x: Int64 = 0
}
