import FixedPoint

/// The one place a drawing operation reaches pixel memory: a row segment, clipped, then handed to the loop
/// family of the surface's layout (chosen here once per segment, never per pixel).
extension Surface {
    /// The part of row `y`, columns `x ..< x + count`, inside the clip: its start column, its length and how
    /// many pixels were cut from the left; nil when nothing is left.
    @inlinable @inline(__always)
    func clipSegment(y: Int, x: Int, count: Int) -> (x: Int, count: Int, skipped: Int)? {
        guard y >= clip.y, y < clip.maxY else { return nil }
        let start = Swift.max(x, clip.x)
        let end = Swift.min(x &+ count, clip.maxX)
        guard start < end else { return nil }
        return (start, end &- start, start &- x)
    }

    /// Source-over of one canonical premultiplied ARGB colour onto an already clipped segment, repeated on
    /// `rows` rows downwards (solid rectangles set their loop constants up once).
    @inlinable @inline(__always)
    func blendUniform(y: Int, x: Int, count: Int, rows: Int = 1, argb: UInt32) {
        let row = rowAddress(y)
        switch layout.fastPath {
        case .packed8888(let canonical):
            let order = layout.byteOrder
            RowBlender8888.blendUniform(row.assumingMemoryBound(to: UInt32.self) + x, count: count, rows: rows,
                                        strideWords: strideBytes / 4, source: canonical ? argb : order.arrange(argb),
                                        alphaShift: order.alphaShift)
        case .packed565(let redHigh):
            RowBlender565.blendUniform(row.assumingMemoryBound(to: UInt16.self) + x, count: count, rows: rows,
                                       strideHalves: strideBytes / 2, source: argb, redHigh: redHigh)
        case .alpha8:
            for line in 0..<rows {
                RowBlenderAlpha8.blend(rowAddress(y &+ line).assumingMemoryBound(to: UInt8.self) + x, count: count,
                                       source: UniformSource(value: argb), coverage: UniformCoverage(value: 255))
            }
        case .bitfield:
            for line in 0..<rows {
                RowBlenderGeneric.blend(rowAddress(y &+ line) + x &* layout.bytesPerPixel, count: count, layout: layout,
                                        source: UniformSource(value: argb), coverage: UniformCoverage(value: 255))
            }
        }
    }

    /// Source-over of one canonical premultiplied ARGB colour at one Q16 `weight` (below full: partial
    /// coverage or opacity) onto an already clipped segment, repeated on `rows` rows downwards, rounded once.
    @inlinable @inline(__always)
    func blendUniform(y: Int, x: Int, count: Int, rows: Int, argb: UInt32, weight: UInt32) {
        if case .packed8888(canonical: true) = layout.fastPath {
            var memo = BlendMemo()
            withUnsafePointer(to: argb) { colour in
                for line in 0 ..< rows {
                    RowBlender8888.blendQuads(rowAddress(y &+ line).assumingMemoryBound(to: UInt32.self) + x, count: count,
                                              source: colour, sourceStep: 0, weight: weight, tail: &memo)
                }
            }
        } else {
            for line in 0 ..< rows {
                blend(y: y &+ line, x: x, count: count, source: UniformSource(value: argb), coverage: UniformCoverage(weight: weight))
            }
        }
    }

    /// Source-over of `source × coverage` (canonical premultiplied ARGB) onto an already clipped segment.
    @inlinable @inline(__always)
    func blend<S: PixelSource, C: CoverageSource>(y: Int, x: Int, count: Int, source: S, coverage: C) {
        let row = rowAddress(y)
        switch layout.fastPath {
        case .packed8888(let canonical):
            let pixels = row.assumingMemoryBound(to: UInt32.self) + x
            let order = layout.byteOrder
            if canonical {
                RowBlender8888.blend(pixels, count: count, source: source, coverage: coverage, alphaShift: 24)
            } else {
                RowBlender8888.blend(pixels, count: count, source: SwizzledSource(inner: source, order: order),
                                     coverage: coverage, alphaShift: order.alphaShift)
            }
        case .packed565(let redHigh):
            RowBlender565.blend(row.assumingMemoryBound(to: UInt16.self) + x, count: count, source: source,
                                coverage: coverage, redHigh: redHigh)
        case .alpha8:
            RowBlenderAlpha8.blend(row.assumingMemoryBound(to: UInt8.self) + x, count: count, source: source, coverage: coverage)
        case .bitfield:
            RowBlenderGeneric.blend(row + x &* layout.bytesPerPixel, count: count, layout: layout, source: source,
                                    coverage: coverage)
        }
    }

    /// Source-over of `source` with no coverage (full-opacity images and groups) onto a clipped segment.
    @inlinable @inline(__always)
    func blend<S: PixelSource>(y: Int, x: Int, count: Int, source: S) {
        if case .packed8888(let canonical) = layout.fastPath {
            let pixels = rowAddress(y).assumingMemoryBound(to: UInt32.self) + x
            let order = layout.byteOrder
            if canonical {
                RowBlender8888.blend(pixels, count: count, source: source, alphaShift: 24)
            } else {
                RowBlender8888.blend(pixels, count: count, source: SwizzledSource(inner: source, order: order),
                                     alphaShift: order.alphaShift)
            }
        } else if case .packed565(let redHigh) = layout.fastPath {
            RowBlender565.blend(rowAddress(y).assumingMemoryBound(to: UInt16.self) + x, count: count, source: source,
                                redHigh: redHigh)
        } else {
            blend(y: y, x: x, count: count, source: source, coverage: UniformCoverage(value: 255))
        }
    }

    /// Stores an encoded pixel value (`layout.encode`) into the clipped rows of `area` (memset speed for 16
    /// and 32 bits).
    @inlinable @inline(__always)
    func store(_ value: UInt32, into area: IntRect) {
        switch layout.bytesPerPixel {
        case 4:
            let row = rowAddress(area.y).assumingMemoryBound(to: UInt32.self) + area.x, words = strideBytes / 4
            for line in 0..<area.height { RowBlender8888.fill(row + line &* words, count: area.width, value: value) }
        case 2:
            let row = rowAddress(area.y).assumingMemoryBound(to: UInt16.self) + area.x, halves = strideBytes / 2
            let pixel = UInt16(truncatingIfNeeded: value)
            for line in 0..<area.height { RowBlender565.fill(row + line &* halves, count: area.width, value: pixel) }
        case 1:
            let row = rowAddress(area.y).assumingMemoryBound(to: UInt8.self) + area.x
            for line in 0..<area.height {
                (row + line &* strideBytes).update(repeating: UInt8(truncatingIfNeeded: value), count: area.width)
            }
        default:
            for y in area.y..<area.maxY { RowBlenderGeneric.fill(rowAddress(y) + area.x &* 3, count: area.width, bytes: 3, value: value) }
        }
    }
}
