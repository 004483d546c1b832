/// An sRGB colour with 8-bit straight (not premultiplied) channels: the API and scene representation.
///
/// The compositor works on `PremultipliedColor`; convert with `premultiplied()`.
@frozen
public struct Color: Hashable, Sendable {
    /// Red, 0 … 255.
    public var red: UInt8
    /// Green, 0 … 255.
    public var green: UInt8
    /// Blue, 0 … 255.
    public var blue: UInt8
    /// Alpha (coverage/opacity), 0 = transparent … 255 = opaque.
    public var alpha: UInt8

    /// Creates a colour from straight channels.
    @inlinable
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black, Core Animation's default border and fill colour.
    @inlinable public static var black: Color { Color(red: 0, green: 0, blue: 0) }
    /// Opaque white.
    @inlinable public static var white: Color { Color(red: 255, green: 255, blue: 255) }
    /// Fully transparent black.
    @inlinable public static var clear: Color { Color(red: 0, green: 0, blue: 0, alpha: 0) }

    /// The colour with each channel multiplied by alpha/255, rounded to nearest (exact: no ties occur,
    /// because 255 is odd).
    @inlinable
    public func premultiplied() -> PremultipliedColor {
        PremultipliedColor(
            unchecked: Color.scaled(red, by: alpha), Color.scaled(green, by: alpha),
            Color.scaled(blue, by: alpha), alpha)
    }

    /// Each straight channel interpolated toward `end`, as Core Animation interpolates colour components:
    /// `c + (end − c) · progress` rounded to nearest (ties toward +∞), exact at progress 0 and 1.
    ///
    /// An overshooting progress (a timing curve leaving [0, 1]) would take a channel outside 0 … 255;
    /// channels saturate there. This is the one deliberate clamp: a channel has no value beyond it.
    @inlinable
    public func interpolated(to end: Color, by progress: Progress) -> Color {
        Color(
            red: Color.lerp(red, end.red, progress), green: Color.lerp(green, end.green, progress),
            blue: Color.lerp(blue, end.blue, progress), alpha: Color.lerp(alpha, end.alpha, progress))
    }

    /// round(channel · alpha / 255) with the exact divide-by-255 identity for 16-bit products.
    @inlinable
    static func scaled(_ channel: UInt8, by alpha: UInt8) -> UInt8 {
        let product = UInt32(channel) &* UInt32(alpha) &+ 128
        return UInt8(truncatingIfNeeded: (product &+ (product &>> 8)) &>> 8)
    }

    /// `start + (end − start) · progress` rounded to nearest (ties toward +∞), saturated to 0 … 255.
    @inlinable
    static func lerp(_ start: UInt8, _ end: UInt8, _ progress: Progress) -> UInt8 {
        let span = Int64(end) &- Int64(start)
        let value = Int64(start) &+ ScaledRounding.shiftedRight(span &* Int64(progress.raw), by: 15)
        return UInt8(truncatingIfNeeded: Swift.min(Swift.max(value, 0), 255))
    }
}
