/// The layouts the fast paths know, as data (the fbdev/DRM names; offsets in bits from the least
/// significant bit of the little-endian pixel value). Computed properties rather than stored globals, so
/// frame code can use them without a lazy-initialisation call.
extension PixelLayout {
    /// `DRM_FORMAT_XRGB8888`: blue at bit 0, green 8, red 16, bits 24–31 unused.
    @inlinable public static var xrgb8888: PixelLayout {
        PixelLayout(unchecked: 32, red: .init(offset: 16, length: 8),
        green: .init(offset: 8, length: 8), blue: .init(offset: 0, length: 8), alpha: .absent)
    }
    /// `DRM_FORMAT_ARGB8888` holding premultiplied colour: the offscreen format of groups and images.
    @inlinable public static var argb8888Premultiplied: PixelLayout {
        PixelLayout(unchecked: 32, red: .init(offset: 16, length: 8),
        green: .init(offset: 8, length: 8), blue: .init(offset: 0, length: 8), alpha: .init(offset: 24, length: 8))
    }
    /// `DRM_FORMAT_XBGR8888`: red at bit 0, green 8, blue 16.
    @inlinable public static var xbgr8888: PixelLayout {
        PixelLayout(unchecked: 32, red: .init(offset: 0, length: 8),
        green: .init(offset: 8, length: 8), blue: .init(offset: 16, length: 8), alpha: .absent)
    }
    /// `DRM_FORMAT_RGB565`: blue in bits 0–4, green 5–10, red 11–15.
    @inlinable public static var rgb565: PixelLayout {
        PixelLayout(unchecked: 16, red: .init(offset: 11, length: 5),
        green: .init(offset: 5, length: 6), blue: .init(offset: 0, length: 5), alpha: .absent)
    }
    /// `DRM_FORMAT_BGR565`: red in bits 0–4, green 5–10, blue 11–15.
    @inlinable public static var bgr565: PixelLayout {
        PixelLayout(unchecked: 16, red: .init(offset: 0, length: 5),
        green: .init(offset: 5, length: 6), blue: .init(offset: 11, length: 5), alpha: .absent)
    }
    /// `DRM_FORMAT_RGB888`: three bytes, blue first in memory.
    @inlinable public static var rgb888: PixelLayout {
        PixelLayout(unchecked: 24, red: .init(offset: 16, length: 8),
        green: .init(offset: 8, length: 8), blue: .init(offset: 0, length: 8), alpha: .absent)
    }
    /// `DRM_FORMAT_BGR888`: three bytes, red first in memory.
    @inlinable public static var bgr888: PixelLayout {
        PixelLayout(unchecked: 24, red: .init(offset: 0, length: 8),
        green: .init(offset: 8, length: 8), blue: .init(offset: 16, length: 8), alpha: .absent)
    }
    /// An 8-bit coverage/alpha mask (`DRM_FORMAT_R8` used as alpha).
    @inlinable public static var a8: PixelLayout {
        PixelLayout(unchecked: 8, red: .absent, green: .absent, blue: .absent,
        alpha: .init(offset: 0, length: 8))
    }

    /// Every named layout with its conventional name, for look-up by name (command-line `--format`, boards).
    public static let named: [(name: String, layout: PixelLayout)] = [
        ("xrgb8888", xrgb8888), ("argb8888", argb8888Premultiplied), ("xbgr8888", xbgr8888),
        ("rgb565", rgb565), ("bgr565", bgr565), ("rgb888", rgb888), ("bgr888", bgr888), ("a8", a8),
    ]
}
