/// A four-byte OpenType tag (`glyf`, `cmap`, `kern`, `DFLT`…), stored big-endian in one word.
public struct FontTag: Hashable, Sendable {
    /// The four bytes, first byte in the high bits.
    public let value: UInt32

    /// The tag with these bits.
    public init(value: UInt32) { self.value = value }

    /// The tag spelled by four ASCII characters (`FontTag("glyf")`); a shorter literal is padded with spaces.
    public init(_ text: StaticString) {
        var value: UInt32 = 0
        var count = 0
        text.withUTF8Buffer { bytes in
            for byte in bytes.prefix(4) {
                value = value << 8 | UInt32(byte)
                count += 1
            }
        }
        while count < 4 {
            value = value << 8 | 0x20
            count += 1
        }
        self.value = value
    }

    static let file = FontTag("file")
    static let head = FontTag("head")
    static let hhea = FontTag("hhea")
    static let hmtx = FontTag("hmtx")
    static let maxp = FontTag("maxp")
    static let os2 = FontTag("OS/2")
    static let cmap = FontTag("cmap")
    static let loca = FontTag("loca")
    static let glyf = FontTag("glyf")
    static let cff = FontTag("CFF ")
    static let kern = FontTag("kern")
    static let gpos = FontTag("GPOS")
}
