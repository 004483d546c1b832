/// Fonts that ship inside the binary: `"sans"` is Flipbook Sans, a DejaVu Sans subset (Builtin/, its licence
/// and the scripts that made it and this data).
public enum BuiltinFonts {
    /// The built-in font names.
    public static let names = ["sans"]

    /// The file bytes of the built-in font `name`, or nil for a name that is not built in. Decodes the embedded
    /// data (setup-time: it allocates).
    public static func bytes(named name: String) -> [UInt8]? {
        guard name == "sans" else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sansByteCount)
        var accumulator: UInt32 = 0, bits = 0
        let text = sansBase64
        for index in 0 ..< text.utf8CodeUnitCount {
            let value: UInt32
            switch text.utf8Start[index] {
            case UInt8(ascii: "A") ... UInt8(ascii: "Z"): value = UInt32(text.utf8Start[index] - UInt8(ascii: "A"))
            case UInt8(ascii: "a") ... UInt8(ascii: "z"): value = UInt32(text.utf8Start[index] - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): value = UInt32(text.utf8Start[index] - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            default: continue  // padding
            }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return bytes
    }
}
