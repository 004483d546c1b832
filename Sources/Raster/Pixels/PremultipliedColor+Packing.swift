import FixedPoint

/// The compositor's word form of a premultiplied colour: canonical `0xAARRGGBB`.
extension PremultipliedColor {
    /// The canonical packing `0xAARRGGBB` (the byte order of `PixelLayout.argb8888Premultiplied`).
    @inlinable
    public var packedARGB: UInt32 {
        UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// Unpacks a canonical `0xAARRGGBB` word; throws `FixedPointError.channelExceedsAlpha` when a colour
    /// byte exceeds the alpha byte.
    @inlinable
    public init(packedARGB word: UInt32) throws(FixedPointError) {
        try self.init(red: UInt8(truncatingIfNeeded: word &>> 16), green: UInt8(truncatingIfNeeded: word &>> 8),
                      blue: UInt8(truncatingIfNeeded: word), alpha: UInt8(truncatingIfNeeded: word &>> 24))
    }

    /// The colour faded by `opacity / 255`: every channel, alpha included, rounded to nearest.
    @inlinable
    public func faded(by opacity: UInt8) -> PremultipliedColor {
        // Scaling every byte by the same factor keeps each colour byte ≤ the alpha byte, so this cannot throw.
        (try? PremultipliedColor(packedARGB: ChannelMath.scaleBytes(packedARGB, by: UInt32(opacity)))) ?? .clear
    }
}
