import FixedPoint

/// Draws `RoundedRect`s (device pixels) and their borders: each is a `RoundedOutline` — the outline the
/// compositor draws layers with — filled by the exact-area `Rasterizer` with the non-zero rule; a border
/// is the outline minus its inset, wound the other way.
///
/// The rasterizer's and the outline's scratch are allocated once in `init`; drawing allocates nothing.
public struct RoundedRectPainter: ~Copyable {
    /// The widest clip served, in pixels.
    public let maximumWidth: Int
    var rasterizer: Rasterizer
    var outline: RoundedOutline

    /// A painter for surfaces (or clips) up to `maximumWidth` pixels wide. Throws `.invalidSize` for a
    /// width of 0 or above `Surface.maximumDimension`.
    public init(maximumWidth: Int) throws(RasterError) {
        guard maximumWidth > 0, maximumWidth <= Surface.maximumDimension else {
            throw .invalidSize(width: maximumWidth, height: 1)
        }
        // Two outlines (a border), each edge possibly split in two where it crosses the clip's left side;
        // cells for at least four rows of the widest clip per band.
        let capacity = RasterizerCapacity(edges: 4 &* RoundedOutline.capacity,
                                          cells: Swift.max(4 &* (maximumWidth &+ 1), 4096), polylinePoints: 16)
        do { rasterizer = try Rasterizer(capacity: capacity) } catch {
            throw .invalidSize(width: maximumWidth, height: 1)
        }
        outline = RoundedOutline()
        self.maximumWidth = maximumWidth
    }

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

    /// Sends the coverage of `outer` minus `inner` (which must lie inside it) to any sink within `clip`.
    /// Throws `.invalidSize` when `clip` is wider than `maximumWidth`, `.invalidGeometry("clip")` when it
    /// lies beyond the rasterizer's limits.
    public mutating func rasterize<Sink: CoverageSink>(outer: RoundedRect, inner: RoundedRect?, clip: IntRect,
                                                       into sink: inout Sink) throws(RasterError) {
        guard clip.width <= maximumWidth else { throw .invalidSize(width: clip.width, height: clip.height) }
        if outer.pixelBounds.intersection(clip).isEmpty { return }
        do {
            try rasterizer.reset(clip: clip)
            outline.setRoundedRect(outer)
            try outline.addEdges(to: &rasterizer)
            if let inner {
                outline.setRoundedRect(inner)
                try outline.addEdges(to: &rasterizer, reversed: true)
            }
        } catch {
            // The capacities cover two outlines of any size within `RoundedRect.coordinateLimit`: only a
            // clip beyond `Rasterizer.clipLimit` is refused here.
            throw .invalidGeometry(name: "clip", raw: Int32(truncatingIfNeeded: clip.x))
        }
        rasterizer.render(rule: .nonZero, into: &sink)
    }
}

extension RoundedOutline {
    /// Replaces the outline with `shape` (device pixels, Q16.16).
    #if !DEBUG
    @_noAllocation
    #endif
    mutating func setRoundedRect(_ shape: RoundedRect) {
        let rect = shape.rect
        setRoundedRect(minX: Int64(rect.minX.raw), minY: Int64(rect.minY.raw), maxX: Int64(rect.maxX.raw),
                       maxY: Int64(rect.maxY.raw), radius: Int64(shape.cornerRadius.raw),
                       transform: SubpixelMapping(.identity))
    }
}
