/// A colour channel of a pixel.
public enum PixelChannel: Sendable, Hashable {
    /// Red.
    case red
    /// Green.
    case green
    /// Blue.
    case blue
    /// Alpha (premultiplied: colour channels never exceed it).
    case alpha
}

/// Where one channel lives in a pixel: `length` bits starting `offset` bits above the least significant bit
/// of the little-endian pixel value (the fbdev `fb_bitfield` convention). A length of 0 means "absent".
public struct ChannelField: Hashable, Sendable {
    /// Bit offset from the least significant bit.
    public let offset: Int
    /// Number of bits (0 ... 8; 0 = the channel is absent).
    public let length: Int

    /// A field of `length` bits at bit `offset`.
    @inlinable
    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }

    /// The absent channel (computed, so frame code never calls a lazy-initialisation accessor).
    @inlinable public static var absent: ChannelField { ChannelField(offset: 0, length: 0) }

    /// Whether both fields have the same offset and length (inlinable, unlike a synthesised `==`).
    @inlinable
    public static func == (lhs: ChannelField, rhs: ChannelField) -> Bool {
        lhs.offset == rhs.offset && lhs.length == rhs.length
    }

    /// Largest value the field holds (`2^length − 1`).
    @inlinable public var maxValue: UInt32 { (1 << UInt32(length)) &- 1 }
    /// The field's bits within the pixel value.
    @inlinable public var mask: UInt32 { maxValue << UInt32(offset) }
}

/// A runtime description of a pixel format: bits per pixel and the bit field of each channel.
///
/// Any fbdev bitfield layout at 16, 24 or 32 bits per pixel is accepted, plus 8-bit alpha-only masks (A8).
/// Colour values are stored premultiplied when the layout has an alpha channel, and opaque otherwise.
/// The named constants (`xrgb8888`, `rgb565`, …) are the rows of `PixelLayout.named`; drawing code picks a
/// specialised loop once per row from `fastPath`, never per pixel.
public struct PixelLayout: Hashable, Sendable {
    /// Bits per pixel: 8 (A8 masks only), 16, 24 or 32.
    public let bitsPerPixel: Int
    /// The red field.
    public let red: ChannelField
    /// The green field.
    public let green: ChannelField
    /// The blue field.
    public let blue: ChannelField
    /// The alpha field (`.absent` for opaque formats).
    public let alpha: ChannelField
    /// The specialised loop family that draws into this layout.
    public let fastPath: PixelFastPath
    /// Bits of the pixel no field uses (the X of XRGB); `encode` sets them to 1, so an XRGB pixel reads like
    /// opaque ARGB and blending leaves the byte at 0xFF.
    public let unusedBits: UInt32
    /// Byte positions for 8888 layouts (meaningless for the others), computed once here.
    @usableFromInline let byteOrder: ByteOrder8888

    /// Validates a layout: `bitsPerPixel` must be 16, 24 or 32 (or 8 for an alpha-only mask), every present
    /// field must fit inside the pixel and be at most 8 bits long, colour fields must be present, and no two
    /// fields may share bits.
    public init(bitsPerPixel: Int, red: ChannelField, green: ChannelField, blue: ChannelField,
                alpha: ChannelField = .absent) throws(RasterError) {
        try Self.validate(bitsPerPixel: bitsPerPixel, fields: [(.red, red), (.green, green), (.blue, blue), (.alpha, alpha)])
        self.init(unchecked: bitsPerPixel, red: red, green: green, blue: blue, alpha: alpha)
    }

    @inlinable
    init(unchecked bitsPerPixel: Int, red: ChannelField, green: ChannelField, blue: ChannelField,
         alpha: ChannelField) {
        self.bitsPerPixel = bitsPerPixel
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        let all: UInt32 = bitsPerPixel == 32 ? .max : (1 << UInt32(bitsPerPixel)) - 1
        self.unusedBits = all & ~(red.mask | green.mask | blue.mask | alpha.mask)
        self.byteOrder = ByteOrder8888(red: red, green: green, blue: blue, alpha: alpha)
        self.fastPath = PixelFastPath(bitsPerPixel: bitsPerPixel, red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Bytes per pixel (1, 2, 3 or 4).
    @inlinable public var bytesPerPixel: Int { bitsPerPixel / 8 }
    /// Whether the layout stores alpha (and therefore premultiplied colour).
    @inlinable public var hasAlpha: Bool { alpha.length > 0 }

    /// Whether both layouts have the same pixel size and channel fields (everything else is derived from
    /// those). Inlinable, unlike a synthesised `==`, so other modules' frame code can compare layouts.
    @inlinable
    public static func == (lhs: PixelLayout, rhs: PixelLayout) -> Bool {
        lhs.bitsPerPixel == rhs.bitsPerPixel && lhs.red == rhs.red && lhs.green == rhs.green
            && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
    }

    private static func validate(bitsPerPixel: Int, fields: [(PixelChannel, ChannelField)]) throws(RasterError) {
        guard [8, 16, 24, 32].contains(bitsPerPixel) else { throw .unsupportedBitsPerPixel(bitsPerPixel) }
        for (channel, field) in fields {
            let colour = channel != .alpha
            let needsLength = bitsPerPixel == 8 ? !colour : colour
            let lengthRange = needsLength ? 1...8 : 0...(bitsPerPixel == 8 ? 0 : 8)
            guard lengthRange.contains(field.length), field.offset >= 0,
                  field.offset + field.length <= bitsPerPixel,
                  field.length > 0 || field.offset == 0
            else { throw .invalidChannel(channel, offset: field.offset, length: field.length) }
        }
        for first in fields.indices {
            for second in fields.indices where second > first && fields[first].1.mask & fields[second].1.mask != 0 {
                throw .overlappingChannels(fields[first].0, fields[second].0)
            }
        }
    }
}

/// The loop family a layout is drawn with, chosen once when the layout is made.
public enum PixelFastPath: Hashable, Sendable {
    /// 32 bits, every field 8 bits long on a byte boundary (any order; alpha may be absent). Blending treats
    /// the four bytes alike, so one loop serves XRGB, ARGB (premultiplied), XBGR and the rest.
    /// `canonical` is true when red, green, blue sit at bits 16, 8, 0 (alpha, if any, at 24).
    case packed8888(canonical: Bool)
    /// 16 bits as 5-6-5 with green in the middle (RGB565 or BGR565); `redHigh` says red is at bit 11.
    case packed565(redHigh: Bool)
    /// One alpha byte per pixel (A8 coverage masks).
    case alpha8
    /// Anything else (24-bit, 555, 444, odd orders): a per-channel loop reading the layout's fields.
    case bitfield

    @inlinable
    init(bitsPerPixel: Int, red: ChannelField, green: ChannelField, blue: ChannelField, alpha: ChannelField) {
        if bitsPerPixel == 8 {
            self = .alpha8
        } else if bitsPerPixel == 32, Self.isByte(red), Self.isByte(green), Self.isByte(blue),
                  alpha.length == 0 || Self.isByte(alpha) {
            self = .packed8888(canonical: red.offset == 16 && green.offset == 8 && blue.offset == 0
                               && (alpha.length == 0 || alpha.offset == 24))
        } else if bitsPerPixel == 16, alpha.length == 0, green == ChannelField(offset: 5, length: 6),
                  red.length == 5, blue.length == 5, red.offset == 11 || red.offset == 0 {
            self = .packed565(redHigh: red.offset == 11)
        } else {
            self = .bitfield
        }
    }

    @inlinable
    static func isByte(_ field: ChannelField) -> Bool { field.length == 8 && field.offset % 8 == 0 }
}
