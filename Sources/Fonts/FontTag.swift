/// A four-byte OpenType tag (`glyf`, `cmap`, `kern`, `DFLT`…), stored big-endian in one word.
public struct FontTag: Hashable, Sendable {
    /// The four bytes, first byte in the high bits.
    public let value: UInt32

    /// The tag with these bits.
    public init(value: UInt32) { self.value = value }

    /// The tag spelled by four ASCII characters (`FontTag("glyf")`); a shorter literal is padded with spaces.
    public init(_ text: StaticString) {
        var value: UInt32 = 0
        for index in 0..<4 {
            let byte = index < text.utf8CodeUnitCount ? text.utf8Start[index] : 0x20
            value = value << 8 | UInt32(byte)
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
    static let kernFeature = FontTag("kern")
    static let latinScript = FontTag("latn")
    static let defaultScript = FontTag("DFLT")
}
