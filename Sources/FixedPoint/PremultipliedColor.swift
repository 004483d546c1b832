/// An sRGB colour whose 8-bit channels are already multiplied by alpha (each channel ≤ alpha): the
/// compositor's working form. A distinct type so straight and premultiplied values cannot mix.
@frozen
public struct PremultipliedColor: Hashable, Sendable {
    /// Red × alpha / 255.
    public let red: UInt8
    /// Green × alpha / 255.
    public let green: UInt8
    /// Blue × alpha / 255.
    public let blue: UInt8
    /// Alpha, 0 … 255.
    public let alpha: UInt8

    /// Creates a premultiplied colour, validating that no channel exceeds alpha.
    ///
    /// - Throws: `FixedPointError.channelExceedsAlpha` naming the largest channel value.
    @inlinable
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) throws(FixedPointError) {
        let largest = Swift.max(Swift.max(red, green), blue)  // two-argument max: the variadic one builds an array
        guard largest <= alpha else { throw .channelExceedsAlpha(channel: largest, alpha: alpha) }
        self.init(unchecked: red, green, blue, alpha)
    }

    /// Creates a premultiplied colour from channels known to be ≤ alpha.
    @inlinable
    init(unchecked red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Fully transparent.
    @inlinable public static var clear: PremultipliedColor { PremultipliedColor(unchecked: 0, 0, 0, 0) }

    /// The straight colour: each channel × 255 / alpha, rounded to nearest with ties away from zero;
    /// transparent colours give transparent black (their colour is lost, as in any premultiplied store).
    @inlinable
    public func unpremultiplied() -> Color {
        guard alpha != 0 else { return .clear }
        return Color(
            red: PremultipliedColor.unscaled(red, alpha), green: PremultipliedColor.unscaled(green, alpha),
            blue: PremultipliedColor.unscaled(blue, alpha), alpha: alpha)
    }

    /// Each channel interpolated toward `end` in premultiplied space (no dark fringe when fading from
    /// transparent), rounded to nearest (ties toward +∞); progress is clamped to [0, 1] so every channel
    /// stays ≤ alpha — an overshooting curve holds the end colour.
    @inlinable
    public func interpolated(to end: PremultipliedColor, by progress: Progress) -> PremultipliedColor {
        let unit = Progress(raw: Swift.min(Swift.max(progress.raw, 0), Progress.one.raw))
        return PremultipliedColor(
            unchecked: Color.lerp(red, end.red, unit), Color.lerp(green, end.green, unit),
            Color.lerp(blue, end.blue, unit), Color.lerp(alpha, end.alpha, unit))
    }

    /// round(channel · 255 / alpha), ties away from zero; channel ≤ alpha, alpha > 0.
    @inlinable
    static func unscaled(_ channel: UInt8, _ alpha: UInt8) -> UInt8 {
        let numerator = UInt32(channel) &* 510 &+ UInt32(alpha)
        return UInt8(truncatingIfNeeded: numerator / (UInt32(alpha) &* 2))
    }
}
