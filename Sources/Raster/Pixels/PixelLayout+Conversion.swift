import FixedPoint

/// Packing and unpacking colours through a layout's bit fields, with rounding to nearest both ways.
/// These are the reference conversions; every fast path must give the same bits (tests check it).
extension PixelLayout {
    /// The pixel value for `color`: each channel narrowed to its field (`(v × max + 127) / 255`). Opaque
    /// layouts store the colour composited over black, i.e. the premultiplied channels; unused bits are 1.
    @inlinable
    public func encode(_ color: PremultipliedColor) -> UInt32 {
        encode(packedARGB: color.packedARGB)
    }

    /// `encode` for a canonical premultiplied `0xAARRGGBB` word.
    @inlinable
    public func encode(packedARGB word: UInt32) -> UInt32 {
        Self.pack((word &>> 16) & 0xFF, into: red) | Self.pack((word &>> 8) & 0xFF, into: green)
            | Self.pack(word & 0xFF, into: blue) | Self.pack(word &>> 24, into: alpha) | unusedBits
    }

    /// The colour a pixel value holds: each field widened to 8 bits (`(v × 255 + max / 2) / max`); alpha is
    /// 255 in layouts without it. Colour channels are limited to alpha so the result is premultiplied.
    @inlinable
    public func decode(_ pixel: UInt32) -> PremultipliedColor {
        (try? PremultipliedColor(packedARGB: decodeToPackedARGB(pixel))) ?? .clear
    }

    /// `decode` as a canonical premultiplied `0xAARRGGBB` word.
    @inlinable
    public func decodeToPackedARGB(_ pixel: UInt32) -> UInt32 {
        let a = alpha.length == 0 ? 255 : Self.unpack(pixel, from: alpha)
        return a << 24 | Swift.min(Self.unpack(pixel, from: red), a) << 16
            | Swift.min(Self.unpack(pixel, from: green), a) << 8 | Swift.min(Self.unpack(pixel, from: blue), a)
    }

    @inlinable @inline(__always)
    static func pack(_ value: UInt32, into field: ChannelField) -> UInt32 {
        field.length == 0 ? 0 : ChannelMath.narrow(value, toBits: field.length) &<< UInt32(field.offset)
    }

    @inlinable @inline(__always)
    static func unpack(_ pixel: UInt32, from field: ChannelField) -> UInt32 {
        field.length == 0 ? 0 : ChannelMath.widen((pixel &>> UInt32(field.offset)) & field.maxValue, fromBits: field.length)
    }
}
