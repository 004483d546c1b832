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
        try rasterize(outer: shape, inner: nil, clip: surface.clip, into: &sink)
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
        let outerEdges = SubpixelRoundedRect(outer)
        let innerEdges = inner.map(SubpixelRoundedRect.init)
        for y in area.y..<area.maxY {
            if innerEdges == nil && Self.emitStraightRow(outerEdges, row: y, into: &sink) { continue }
            accumulator.beginRow(clipStart: clip.x, clipEnd: clip.maxX)
            addBoundaries(of: outerEdges, row: y, sign: 1)
            if let innerEdges { addBoundaries(of: innerEdges, row: y, sign: -1) }
            accumulator.emitRow(y: y, into: &sink)
        }
    }

    /// A row that meets only the straight sides: a partial pixel, a run and a partial pixel, sent without the
    /// accumulator (same areas, same rounding). Returns false when the row meets a corner.
    @inline(__always)
    private static func emitStraightRow<Sink: CoverageSink>(_ shape: SubpixelRoundedRect, row: Int,
                                                             into sink: inout Sink) -> Bool {
        let rowTop = Int64(row) &* 256
        let top = Swift.max(rowTop, shape.top), bottom = Swift.min(rowTop &+ 256, shape.bottom)
        guard top >= shape.top &+ shape.radius, bottom <= shape.bottom &- shape.radius, bottom > top else { return false }
        let height = bottom &- top
        func byte(_ width: Int64) -> UInt8 { RowAccumulator.coverageByte(height &* width &* 2) }
        let leftCell = shape.left &>> 8, rightCell = shape.right &>> 8
        if leftCell == rightCell {
            sink.blendRun(x: Int(leftCell), y: row, count: 1, coverage: byte(shape.right &- shape.left))
            return true
        }
        sink.blendRun(x: Int(leftCell), y: row, count: 1, coverage: byte(256 &- (shape.left & 255)))
        if rightCell > leftCell &+ 1 {
            sink.blendRun(x: Int(leftCell) &+ 1, y: row, count: Int(rightCell &- leftCell) &- 1, coverage: byte(256))
        }
        if shape.right & 255 != 0 {
            sink.blendRun(x: Int(rightCell), y: row, count: 1, coverage: byte(shape.right & 255))
        }
        return true
    }

    /// Adds the left and right boundaries of `shape` inside pixel row `row`, sliced at the corner bands.
    private mutating func addBoundaries(of shape: SubpixelRoundedRect, row: Int, sign: Int64) {
        let rowTop = Int64(row) &* 256
        var y = Swift.max(rowTop, shape.top)
        let rowBottom = Swift.min(rowTop &+ 256, shape.bottom)
        while y < rowBottom {
            // The next band boundary (corner band ends) below y, or the row end.
            var bandEnd = rowBottom
            if y < shape.top &+ shape.radius { bandEnd = Swift.min(bandEnd, shape.top &+ shape.radius) }
            else if y < shape.bottom &- shape.radius { bandEnd = Swift.min(bandEnd, shape.bottom &- shape.radius) }
            addBand(of: shape, from: y, to: bandEnd, sign: sign)
            y = bandEnd
        }
    }

    /// One band of a row: straight sides are one segment, arcs a polyline fine enough to be exact to a
    /// small fraction of a pixel.
    private mutating func addBand(of shape: SubpixelRoundedRect, from top: Int64, to bottom: Int64, sign: Int64) {
        let topX = shape.leftX(at: top)
        let straight = top >= shape.top &+ shape.radius && bottom <= shape.bottom &- shape.radius
        if straight || shape.radius == 0 {
            addPair(shape, topX: topX, bottomX: topX, height: bottom &- top, sign: sign)
            return
        }
        let bottomX = shape.leftX(at: bottom)
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
