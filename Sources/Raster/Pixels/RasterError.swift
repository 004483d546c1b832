/// What went wrong when a raster entry point refused its input. Every case names the offending field and value.
public enum RasterError: Error, Equatable, Sendable {
    /// A width or height was zero, negative or above `Surface.maximumDimension`.
    case invalidSize(width: Int, height: Int)
    /// `strideBytes` is smaller than `width × bytesPerPixel` (`minimum`), or not a multiple of the pixel size.
    case invalidStride(strideBytes: Int, minimum: Int)
    /// The pixel size is not one the renderer draws into (8 for A8 masks, or 16, 24 or 32).
    case unsupportedBitsPerPixel(Int)
    /// A channel field (offset and length in bits) lies outside the pixel or is longer than 8 bits.
    case invalidChannel(PixelChannel, offset: Int, length: Int)
    /// Two channel fields share bits.
    case overlappingChannels(PixelChannel, PixelChannel)
    /// A clip rectangle does not lie inside the surface it clips.
    case clipOutsideSurface(IntRect)
    /// Image data does not hold `width × height` pixels: `expectedPixels` were needed, `actualPixels` given.
    case imageDataMismatch(expectedPixels: Int, actualPixels: Int)
    /// An image pixel has a colour byte above its alpha byte (the first such pixel).
    case imageNotPremultiplied(x: Int, y: Int)
    /// The operation needs a surface of another layout (e.g. an A8 mask where a colour surface was given).
    case layoutMismatch(expected: PixelLayout, actual: PixelLayout)
    /// Two surfaces that must have the same size do not.
    case sizeMismatch(width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// A geometric parameter is negative or too large (`name` says which, `raw` is its Q16.16 raw value).
    case invalidGeometry(name: StaticString, raw: Int32)
    /// An image region is empty (a minimum not below its maximum) or reaches beyond ±2^22 pixels; the edges
    /// are raw Q16.16 image pixels.
    case invalidImageRegion(minX: Int64, minY: Int64, maxX: Int64, maxY: Int64)
    /// A transform cannot be inverted (its determinant is zero at Q16.16 precision) or maps the image to infinity.
    case singularTransform
    /// Every buffer of a setup-time pool is in use (`capacity` buffers).
    case poolFull(capacity: Int)
    /// A request needs a pooled buffer larger than the pool's buffers (`requested` vs `available` pixels per side).
    case poolBufferTooSmall(requestedWidth: Int, requestedHeight: Int, availableWidth: Int, availableHeight: Int)
    /// A pool handle does not refer to a buffer currently taken from that pool.
    case invalidPoolSlot(Int)
    /// A gradient has fewer than 2 stops to draw, or a stop beyond `Gradient.maximumStops` (the count it would have).
    case gradientStopCount(Int)
    /// A gradient stop's location (raw Q16.16) lies outside 0 … 1 or below the previous stop's (`index` says which).
    case gradientLocation(index: Int, raw: Int32)
    /// Two gradients to interpolate have different stop counts (`from`'s and `to`'s).
    case gradientStopCountMismatch(from: Int, to: Int)
}

extension RasterError {
    /// `StaticString` is not `Equatable`; compare its text.
    public static func == (lhs: RasterError, rhs: RasterError) -> Bool {
        switch (lhs, rhs) {
        case let (.invalidSize(a, b), .invalidSize(c, d)): return a == c && b == d
        case let (.invalidStride(a, b), .invalidStride(c, d)): return a == c && b == d
        case let (.unsupportedBitsPerPixel(a), .unsupportedBitsPerPixel(b)): return a == b
        case let (.invalidChannel(a, b, c), .invalidChannel(d, e, f)): return a == d && b == e && c == f
        case let (.overlappingChannels(a, b), .overlappingChannels(c, d)): return a == c && b == d
        case let (.clipOutsideSurface(a), .clipOutsideSurface(b)): return a == b
        case let (.imageDataMismatch(a, b), .imageDataMismatch(c, d)): return a == c && b == d
        case let (.imageNotPremultiplied(a, b), .imageNotPremultiplied(c, d)): return a == c && b == d
        case let (.layoutMismatch(a, b), .layoutMismatch(c, d)): return a == c && b == d
        case let (.sizeMismatch(a, b, c, d), .sizeMismatch(e, f, g, h)): return a == e && b == f && c == g && d == h
        case let (.invalidGeometry(a, b), .invalidGeometry(c, d)):
            return b == d && a.utf8CodeUnitCount == c.utf8CodeUnitCount
                && a.withUTF8Buffer { x in c.withUTF8Buffer { y in x.elementsEqual(y) } }
        case let (.invalidImageRegion(a, b, c, d), .invalidImageRegion(e, f, g, h)):
            return a == e && b == f && c == g && d == h
        case (.singularTransform, .singularTransform): return true
        case let (.poolFull(a), .poolFull(b)): return a == b
        case let (.poolBufferTooSmall(a, b, c, d), .poolBufferTooSmall(e, f, g, h)):
            return a == e && b == f && c == g && d == h
        case let (.invalidPoolSlot(a), .invalidPoolSlot(b)): return a == b
        case let (.gradientStopCount(a), .gradientStopCount(b)): return a == b
        case let (.gradientLocation(a, b), .gradientLocation(c, d)): return a == c && b == d
        case let (.gradientStopCountMismatch(a, b), .gradientStopCountMismatch(c, d)): return a == c && b == d
        default: return false
        }
    }
}
