/// An sRGB colour with straight (not premultiplied) alpha, 8 bits a channel, as written `"#rrggbb[aa]"`.
public struct SceneColor: Equatable, Sendable {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8
    /// Alpha, 0 (transparent) … 255 (opaque).
    public var alpha: UInt8

    /// Creates a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black, the default of `borderColor`, `shadowColor` and `fillColor`.
    public static let black = SceneColor(red: 0, green: 0, blue: 0)

    /// Parses `"#rrggbb"` or `"#rrggbbaa"` (hex digits in either case); `nil` for anything else.
    public init?(hex text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7 || bytes.count == 9, bytes[0] == UInt8(ascii: "#") else { return nil }
        var channels: [UInt8] = []
        var index = 1
        while index < bytes.count {
            guard let high = hexDigitValue(bytes[index]), let low = hexDigitValue(bytes[index + 1]) else { return nil }
            channels.append(high << 4 | low)
            index += 2
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
    }
}
