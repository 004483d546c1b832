/// Hexadecimal spelling for error messages.
enum HexDigits {
    /// The low `count` hexadecimal digits of `value`, most significant first, as ASCII.
    static func of(_ value: UInt32, count: Int) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return (0..<count).reversed().map { digits[Int((value >> UInt32(4 * $0)) & 0xF)] }
    }
}

/// `value` as eight hexadecimal digits with a `0x` prefix, e.g. `0x0A1B2C3D`.
func hex(_ value: UInt32) -> String {
    String(decoding: Array("0x".utf8) + HexDigits.of(value, count: 8), as: UTF8.self)
}
