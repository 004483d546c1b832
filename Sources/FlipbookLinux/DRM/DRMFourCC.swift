/// DRM fourcc codes as text.
enum DRMFourCC {
    /// The four characters of a fourcc code, e.g. `XR24`.
    static func name(_ code: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> (8 * UInt32($0))) }
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { return "0x" + String(code, radix: 16) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
