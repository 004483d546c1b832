import FixedPoint

/// Coverage from a rasterizer turned into pixels: a solid premultiplied colour × opacity × coverage
/// (× an optional A8 mask), composited source-over into any surface layout (A8 masks included), each stored
/// value rounded once (`ChannelMath.blend`).
///
/// Coverage is wide (`WideCoverage`, Q8.7: 32640 = a full pixel); values above `WideCoverage.full` are
/// outside the contract (the pixels they reach get unspecified values, nothing outside the clip is written).
/// Every write is clipped to `surface.clip`; runs and spans outside it are dropped, not wrapped.
public struct SolidColorSink: CoverageSink {
    /// Where pixels go.
    public let surface: Surface
    /// The colour, premultiplied, before opacity (opacity multiplies coverage, not the colour).
    public let color: PremultipliedColor
    /// An A8 mask the same size as `surface` whose values multiply coverage, pixel for pixel.
    public let mask: Surface?
    /// The layer opacity (0 ... 255) multiplied into every pixel's weight.
    public let opacity: UInt8
    @usableFromInline let argb: UInt32
    /// Whether `mask` is set (a stored flag: testing the optional `Surface` costs an outlined tag read per call).
    @usableFromInline let hasMask: Bool
    /// Whether an opaque colour at full opacity is stored on a canonical 8888 surface without a mask: the case
    /// `octetSpanBlender()` blends eight pixels at a time.
    @usableFromInline let blendsOpaqueOctets: Bool

    /// A sink drawing `color` faded by `opacity` (0 ... 255) into `surface`. `mask`, when given, must be an A8
    /// surface of the same width and height (`.layoutMismatch` / `.sizeMismatch` otherwise).
    @inlinable
    public init(surface: Surface, color: PremultipliedColor, opacity: UInt8 = 255, mask: Surface? = nil) throws(RasterError) {
        if let mask {
            guard mask.layout == .a8 else { throw .layoutMismatch(expected: .a8, actual: mask.layout) }
            guard mask.width == surface.width, mask.height == surface.height else {
                throw .sizeMismatch(width: mask.width, height: mask.height,
                                    expectedWidth: surface.width, expectedHeight: surface.height)
            }
        }
        self.surface = surface
        self.color = color
        self.mask = mask
        self.opacity = opacity
        self.argb = color.packedARGB
        self.hasMask = mask != nil
        if mask == nil, opacity == 255, argb &>> 24 == 255, case .packed8888(canonical: true) = surface.layout.fastPath {
            blendsOpaqueOctets = true
        } else {
            blendsOpaqueOctets = false
        }
    }

    /// The opacity as a weight scale (opacity × 255).
    @inlinable var scale: UInt32 { UInt32(opacity) &* 255 }

    /// Blends `count` pixels of row `y` from column `x`, all at `coverage` (wide, 0 ... 32640).
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    @inlinable
    public mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt16) {
        guard coverage > 0, argb != 0, opacity > 0, let segment = surface.clipSegment(y: y, x: x, count: count) else { return }
        blendRows(y: y, x: segment.x, count: segment.count, rows: 1, coverage: coverage)
    }

    /// Blends the `width × height` pixels from (`x`, `y`) all at `coverage` (wide, 0 ... 32640), clipped: the
    /// same pixels as `height` calls of `blendRun`, with the row loop's constants set up once.
    @inlinable
    public mutating func blendRect(x: Int, y: Int, width: Int, height: Int, coverage: UInt16) {
        guard coverage > 0, argb != 0, opacity > 0, width > 0, height > 0 else { return }
        let area = IntRect(x: x, y: y, width: width, height: height).intersection(surface.clip)
        if area.isEmpty { return }
        blendRows(y: area.y, x: area.x, count: area.width, rows: area.height, coverage: coverage)
    }

    /// Blends pixels `x ..< x + coverage.count` of row `y` with one wide coverage value each (0 ... 32640).
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    @inlinable
    public mutating func blendSpan(x: Int, y: Int, coverage: UnsafeBufferPointer<UInt16>) {
        guard argb != 0, opacity > 0, let base = coverage.baseAddress,
              let segment = surface.clipSegment(y: y, x: x, count: coverage.count) else { return }
        if !hasMask, case .packed8888(canonical: true) = surface.layout.fastPath {  // a pattern: `==` is not inlinable
            RowBlender8888.blendSpan(surface.rowAddress(y).assumingMemoryBound(to: UInt32.self) + segment.x,
                                     count: segment.count, source: argb, coverage: base + segment.skipped, scale: scale)
        } else {
            blendSegment(y: y, segment: segment, values: WideCoverageRow(base + segment.skipped))
        }
    }

    /// Blends pixels `x ..< x + coverage.count` of row `y` with one 8-bit coverage each (0 ... 255; blurred
    /// silhouettes), through the same loops as wide coverage (a byte is exactly byte × 128 wide).
    @inlinable
    public mutating func blendSpan(x: Int, y: Int, coverage: UnsafeBufferPointer<UInt8>) {
        guard argb != 0, opacity > 0, let base = coverage.baseAddress,
              let segment = surface.clipSegment(y: y, x: x, count: coverage.count) else { return }
        blendSegment(y: y, segment: segment, values: ByteCoverageRow(base + segment.skipped))
    }

    /// One clipped segment of per-pixel coverage, with the opacity and the mask.
    @inlinable @inline(__always)
    func blendSegment<Values: WideCoverageValues>(y: Int, segment: (x: Int, count: Int, skipped: Int), values: Values) {
        if let mask {
            let maskRow = UnsafePointer(mask.rowAddress(y).assumingMemoryBound(to: UInt8.self)) + segment.x
            surface.blend(y: y, x: segment.x, count: segment.count, source: UniformSource(value: argb),
                          coverage: MaskedCoverage(values, opacity: UInt32(opacity), mask: maskRow))
        } else {
            surface.blend(y: y, x: segment.x, count: segment.count, source: UniformSource(value: argb),
                          coverage: ScaledCoverage(values, scale: scale))
        }
    }

    /// `rows` clipped rows of `count` pixels from (`x`, `y`) at one coverage: full coverage without opacity
    /// or mask is the solid loop (`blendUniform`, exact), anything else one weight for the whole run.
    @inlinable @inline(__always)
    func blendRows(y: Int, x: Int, count: Int, rows: Int, coverage: UInt16) {
        if let mask {
            for row in y ..< y &+ rows {
                let maskRow = UnsafePointer(mask.rowAddress(row).assumingMemoryBound(to: UInt8.self)) + x
                surface.blend(y: row, x: x, count: count, source: UniformSource(value: argb),
                              coverage: MaskedCoverage(UniformWideCoverage(coverage), opacity: UInt32(opacity), mask: maskRow))
            }
        } else if coverage == WideCoverage.full && opacity == 255 {
            surface.blendUniform(y: y, x: x, count: count, rows: rows, argb: argb)
        } else {
            surface.blendUniform(y: y, x: x, count: count, rows: rows, argb: argb,
                                 weight: ChannelMath.weight(coverage: UInt32(coverage), scale: scale))
        }
    }
}
