/// UTF-8 decoding for layout: an invalid sequence (a stray continuation byte, a truncated or overlong sequence,
/// a surrogate, a value above U+10FFFF) becomes U+FFFD, one per maximal invalid subpart, as Unicode's
/// recommended practice (and Swift's own `String(decoding:as:)`) does.
public enum UTF8Decoding {
    /// The replacement character.
    public static let replacement: UInt32 = 0xFFFD

    /// The scalar starting at `index` of `bytes` and the number of bytes it takes (at least 1).
    /// `index` must be inside `bytes`.
    public static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length: Int, lowest: UInt8, highest: UInt8
        switch lead {
        case 0xC2...0xDF: (length, lowest, highest) = (2, 0x80, 0xBF)
        case 0xE0: (length, lowest, highest) = (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, lowest, highest) = (3, 0x80, 0xBF)
        case 0xED: (length, lowest, highest) = (3, 0x80, 0x9F)
        case 0xF0: (length, lowest, highest) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (length, lowest, highest) = (4, 0x80, 0xBF)
        case 0xF4: (length, lowest, highest) = (4, 0x80, 0x8F)
        default: return (replacement, 1)
        }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for offset in 1..<length {
            guard index + offset < bytes.count else { return (replacement, offset) }
            let byte = bytes[index + offset]
            let low = offset == 1 ? lowest : 0x80, high = offset == 1 ? highest : 0xBF
            guard byte >= low, byte <= high else { return (replacement, offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }
}
