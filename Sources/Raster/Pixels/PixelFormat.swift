import FixedPoint

/// A pixel format known at compile time: its storage word and its layout. Drawing code dispatches on the
/// runtime `PixelLayout` (once per row segment); these types give typed access to pixels for tools, tests
/// and backends that know their format statically.
public protocol PixelFormat {
    /// The integer one pixel occupies.
    associatedtype Storage: FixedWidthInteger & UnsignedInteger
    /// The format's bit fields.
    static var layout: PixelLayout { get }
}

extension PixelFormat {
    /// The stored value of `color` (rounded to nearest per channel, unused bits set).
    @inlinable
    public static func encode(_ color: PremultipliedColor) -> Storage { Storage(truncatingIfNeeded: layout.encode(color)) }

    /// The colour a stored value holds.
    @inlinable
    public static func decode(_ pixel: Storage) -> PremultipliedColor { layout.decode(UInt32(truncatingIfNeeded: pixel)) }
}

/// `DRM_FORMAT_XRGB8888`, the usual framebuffer format.
public enum XRGB8888: PixelFormat {
    public typealias Storage = UInt32
    public static var layout: PixelLayout { .xrgb8888 }
}

/// Premultiplied `DRM_FORMAT_ARGB8888`: offscreen groups and images.
public enum ARGB8888Premultiplied: PixelFormat {
    public typealias Storage = UInt32
    public static var layout: PixelLayout { .argb8888Premultiplied }
}

/// `DRM_FORMAT_XBGR8888`.
public enum XBGR8888: PixelFormat {
    public typealias Storage = UInt32
    public static var layout: PixelLayout { .xbgr8888 }
}

/// `DRM_FORMAT_RGB565`, the usual 16-bit framebuffer format.
public enum RGB565: PixelFormat {
    public typealias Storage = UInt16
    public static var layout: PixelLayout { .rgb565 }
}

/// `DRM_FORMAT_BGR565`.
public enum BGR565: PixelFormat {
    public typealias Storage = UInt16
    public static var layout: PixelLayout { .bgr565 }
}

/// 8-bit alpha (coverage) masks.
public enum Alpha8: PixelFormat {
    public typealias Storage = UInt8
    public static var layout: PixelLayout { .a8 }
}

extension Surface {
    /// Row `y` as typed pixels of `format` (`width` of them). Throws `.layoutMismatch` when the surface holds
    /// another layout and `.clipOutsideSurface` for a row outside the surface.
    public func row<Format: PixelFormat>(_ y: Int, as format: Format.Type) throws(RasterError)
        -> UnsafeMutableBufferPointer<Format.Storage> {
        guard layout == Format.layout else { throw .layoutMismatch(expected: Format.layout, actual: layout) }
        guard y >= 0, y < height else { throw .clipOutsideSurface(IntRect(x: 0, y: y, width: width, height: 1)) }
        return UnsafeMutableBufferPointer(start: rowAddress(y).assumingMemoryBound(to: Format.Storage.self), count: width)
    }
}
