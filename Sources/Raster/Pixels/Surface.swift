import FixedPoint

/// A non-owning view of pixel memory: `height` rows of `strideBytes` bytes, each starting with `width`
/// pixels in `layout`, plus a clip rectangle every write is limited to.
///
/// The memory belongs to someone else (a `SurfaceStorage`, a mapped framebuffer, a DRM dumb buffer); it must
/// stay valid and hold `strideBytes × height` bytes for as long as the view is used.
public struct Surface: @unchecked Sendable {
    /// Largest width or height accepted, in pixels (keeps every byte offset and Q16.16 coordinate in range).
    public static let maximumDimension = 16_384

    /// First byte of the top row.
    public let baseAddress: UnsafeMutableRawPointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Distance between the starts of two rows, in bytes.
    public let strideBytes: Int
    /// The pixel format.
    public let layout: PixelLayout
    @usableFromInline var clipStorage: IntRect
    /// The pixels that may be written; always inside `bounds`.
    @inlinable public var clip: IntRect { clipStorage }

    /// A view of `height` rows of `strideBytes` bytes at `baseAddress`. Throws when a size is zero, negative or
    /// above `maximumDimension`, when `strideBytes` is below `width × bytesPerPixel` or not a whole number of
    /// pixels' alignment (`bytesPerPixel` for 16/32 bpp), or when `clip` leaves the surface. `clip` defaults to
    /// the whole surface.
    public init(baseAddress: UnsafeMutableRawPointer, width: Int, height: Int, strideBytes: Int,
                layout: PixelLayout, clip: IntRect? = nil) throws(RasterError) {
        guard width > 0, height > 0, width <= Self.maximumDimension, height <= Self.maximumDimension else {
            throw .invalidSize(width: width, height: height)
        }
        let minimum = width * layout.bytesPerPixel
        let alignment = layout.bytesPerPixel == 3 ? 1 : layout.bytesPerPixel
        guard strideBytes >= minimum, strideBytes % alignment == 0 else {
            throw .invalidStride(strideBytes: strideBytes, minimum: minimum)
        }
        self.baseAddress = baseAddress
        self.width = width
        self.height = height
        self.strideBytes = strideBytes
        self.layout = layout
        self.clipStorage = IntRect(x: 0, y: 0, width: width, height: height)
        if let clip { try setClip(clip) }
    }

    /// The whole surface: `(0, 0, width, height)`.
    @inlinable public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// Replaces the clip rectangle; throws `.clipOutsideSurface` unless `bounds` contains it. An empty clip
    /// makes every draw a no-op.
    public mutating func setClip(_ rect: IntRect) throws(RasterError) {
        guard bounds.contains(rect) else { throw .clipOutsideSurface(rect) }
        clipStorage = rect.isEmpty ? .empty : rect
    }

    /// This view with its clip narrowed to `rect ∩ clip` (never throws: intersecting can only shrink it).
    @inlinable
    public func clipped(to rect: IntRect) -> Surface {
        var copy = self
        copy.clipStorage = clipStorage.intersection(rect)
        return copy
    }

    /// The pixels of `rect` as a surface of their own (the same memory; clip: all of it). Throws
    /// `.clipOutsideSurface` unless `bounds` contains `rect` and `.invalidSize` when it is empty.
    public func part(_ rect: IntRect) throws(RasterError) -> Surface {
        guard bounds.contains(rect) else { throw .clipOutsideSurface(rect) }
        return try Surface(baseAddress: rowAddress(rect.y) + rect.x &* layout.bytesPerPixel, width: rect.width,
                           height: rect.height, strideBytes: strideBytes, layout: layout)
    }

    /// First byte of row `y` (the caller keeps `y` inside `0 ..< height`).
    @inlinable @inline(__always)
    public func rowAddress(_ y: Int) -> UnsafeMutableRawPointer {
        baseAddress + y &* strideBytes
    }

    /// The pixel value at (x, y), little-endian, or nil outside the surface. For tests and tools.
    public func pixel(x: Int, y: Int) -> UInt32? {
        guard bounds.contains(x: x, y: y) else { return nil }
        let address = rowAddress(y) + x * layout.bytesPerPixel
        var value: UInt32 = 0
        for byte in 0..<layout.bytesPerPixel {
            value |= UInt32(address.load(fromByteOffset: byte, as: UInt8.self)) << UInt32(8 * byte)
        }
        return value
    }

    /// The colour at (x, y) decoded through the layout, or nil outside the surface.
    public func color(x: Int, y: Int) -> PremultipliedColor? {
        pixel(x: x, y: y).map { layout.decode($0) }
    }
}
