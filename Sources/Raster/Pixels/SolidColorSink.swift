import FixedPoint

/// Coverage from a rasterizer turned into pixels: a solid premultiplied colour, faded by an opacity and
/// optionally multiplied by an A8 mask, composited source-over into any surface layout (A8 masks included).
///
/// Every write is clipped to `surface.clip`; runs and spans outside it are dropped, not wrapped.
public struct SolidColorSink: CoverageSink {
    /// Where pixels go.
    public let surface: Surface
    /// The colour after opacity, premultiplied.
    public let color: PremultipliedColor
    /// An A8 mask the same size as `surface` whose values multiply coverage, pixel for pixel.
    public let mask: Surface?
    @usableFromInline let argb: UInt32

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
        self.color = color.faded(by: opacity)
        self.mask = mask
        self.argb = self.color.packedARGB
    }

    /// Blends `count` pixels of row `y` from column `x`, all at `coverage` (0 ... 255).
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    @inlinable
    public mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt8) {
        guard coverage > 0, argb != 0, let segment = surface.clipSegment(y: y, x: x, count: count) else { return }
        if let mask {
            let maskRow = UnsafePointer(mask.rowAddress(y).assumingMemoryBound(to: UInt8.self)) + segment.x
            surface.blend(y: y, x: segment.x, count: segment.count, source: UniformSource(value: argb),
                          coverage: MaskedCoverage(inner: UniformCoverage(value: UInt32(coverage)), mask: maskRow))
        } else {
            let source = coverage == 255 ? argb : ChannelMath.scaleBytes(argb, by: UInt32(coverage))
            surface.blendUniform(y: y, x: segment.x, count: segment.count, argb: source)
        }
    }

    /// Blends the `width × height` pixels from (`x`, `y`) all at `coverage` (0 ... 255), clipped: the same
    /// pixels as `height` calls of `blendRun`, with the row loop's constants set up once.
    @inlinable
    public mutating func blendRect(x: Int, y: Int, width: Int, height: Int, coverage: UInt8) {
        guard coverage > 0, argb != 0, width > 0, height > 0 else { return }
        if mask != nil {
            for row in y ..< y &+ height { blendRun(x: x, y: row, count: width, coverage: coverage) }
            return
        }
        let area = IntRect(x: x, y: y, width: width, height: height).intersection(surface.clip)
        if area.isEmpty { return }
        let source = coverage == 255 ? argb : ChannelMath.scaleBytes(argb, by: UInt32(coverage))
        surface.blendUniform(y: area.y, x: area.x, count: area.width, rows: area.height, argb: source)
    }

    /// Blends pixels `x ..< x + coverage.count` of row `y` with one coverage value each.
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    @inlinable
    public mutating func blendSpan(x: Int, y: Int, coverage: UnsafeBufferPointer<UInt8>) {
        guard argb != 0, let base = coverage.baseAddress,
              let segment = surface.clipSegment(y: y, x: x, count: coverage.count) else { return }
        let values = SpanCoverage(values: base + segment.skipped)
        if let mask {
            let maskRow = UnsafePointer(mask.rowAddress(y).assumingMemoryBound(to: UInt8.self)) + segment.x
            surface.blend(y: y, x: segment.x, count: segment.count, source: UniformSource(value: argb),
                          coverage: MaskedCoverage(inner: values, mask: maskRow))
        } else if case .packed8888(canonical: true) = surface.layout.fastPath {  // a pattern: `==` is not inlinable
            RowBlender8888.blendSpan(surface.rowAddress(y).assumingMemoryBound(to: UInt32.self) + segment.x,
                                     count: segment.count, source: argb, coverage: base + segment.skipped)
        } else {
            surface.blend(y: y, x: segment.x, count: segment.count, source: UniformSource(value: argb), coverage: values)
        }
    }
}
