import Fonts
import Raster

/// Why the compositor refused a setup or a frame. Every case names the field or resource and its value.
///
/// The payloads are trivial values, so a frame may throw this error without allocating.
public enum CompositorError: Error, Equatable, Sendable {
    /// A configuration field is outside its range (`field`, the value given, the allowed range).
    case invalidConfiguration(field: StaticString, value: Int, minimum: Int, maximum: Int)
    /// The pixel layout cannot be a render target (8-bit masks and unknown layouts are refused).
    case unsupportedLayout(bitsPerPixel: Int)
    /// The surface handed to `render` is not the size the compositor was set up for.
    case surfaceSizeMismatch(width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// The surface handed to `render` has another pixel layout than the one set up.
    case surfaceLayoutMismatch(bitsPerPixel: Int, expectedBitsPerPixel: Int)
    /// The snapshot has more entries than the compositor's per-entry scratch holds.
    case treeTooLarge(entries: Int, capacity: Int)
    /// A snapshot entry refers to a layer slot beyond the configured layer capacity.
    case layerSlotOutOfRange(slot: Int, capacity: Int)
    /// Groups, masks and clips nest deeper than the offscreen pool (`depth` buffers) allows.
    case offscreenPoolExhausted(kind: OffscreenKind, depth: Int)
    /// The rasterizer refused a layer's outline (coordinates out of range, scratch full).
    case geometry(GeometryError)
    /// A raster operation refused its input.
    case raster(RasterError)
    /// A text layer's glyph could not be drawn: the font's table and offset, or the outline's geometry.
    case font(FontError)

    /// `StaticString` is not `Equatable`; compare its text.
    public static func == (lhs: CompositorError, rhs: CompositorError) -> Bool {
        switch (lhs, rhs) {
        case let (.invalidConfiguration(f1, v1, lo1, hi1), .invalidConfiguration(f2, v2, lo2, hi2)):
            return "\(f1)" == "\(f2)" && v1 == v2 && lo1 == lo2 && hi1 == hi2
        case let (.unsupportedLayout(a), .unsupportedLayout(b)): return a == b
        case let (.surfaceSizeMismatch(w1, h1, ew1, eh1), .surfaceSizeMismatch(w2, h2, ew2, eh2)):
            return w1 == w2 && h1 == h2 && ew1 == ew2 && eh1 == eh2
        case let (.surfaceLayoutMismatch(a1, b1), .surfaceLayoutMismatch(a2, b2)): return a1 == a2 && b1 == b2
        case let (.treeTooLarge(a1, b1), .treeTooLarge(a2, b2)): return a1 == a2 && b1 == b2
        case let (.layerSlotOutOfRange(a1, b1), .layerSlotOutOfRange(a2, b2)): return a1 == a2 && b1 == b2
        case let (.offscreenPoolExhausted(k1, d1), .offscreenPoolExhausted(k2, d2)): return k1 == k2 && d1 == d2
        case let (.geometry(a), .geometry(b)): return a == b
        case let (.raster(a), .raster(b)): return a == b
        case let (.font(a), .font(b)): return a == b
        default: return false
        }
    }
}

/// Which offscreen pool ran out.
public enum OffscreenKind: Equatable, Sendable {
    /// Premultiplied colour buffers for opacity groups, masked layers, transitions and 3-D layers.
    case group
    /// A8 coverage buffers for `masksToBounds` clips and mask layers.
    case coverage
}
