/// Why a JPEG file could not be decoded: the segment (marker) being read, the byte offset in the file where the
/// problem was found, and what is wrong, e.g. `JPEG DHT at byte 20: table 0 has 300 codes (at most 256)`.
public struct JPEGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The marker byte of the segment being read (0xC4 for DHT, 0xDA for a scan's entropy-coded data), or 0
    /// when no segment has started (the file's first bytes).
    public var marker: UInt8
    /// Offset in the file, in bytes, where the problem was found.
    public var offset: Int
    /// What is wrong.
    public var message: String

    /// Creates an error for the segment `marker` at byte `offset`.
    public init(marker: UInt8, offset: Int, message: String) {
        self.marker = marker
        self.offset = offset
        self.message = message
    }

    /// `JPEG <segment> at byte <offset>: <message>`.
    public var description: String { "JPEG \(JPEGError.name(of: marker)) at byte \(offset): \(message)" }

    /// The marker's name (`SOF2`, `DHT`, `RST3`, `APP14`), or its hexadecimal value when it has none.
    static func name(of marker: UInt8) -> String {
        switch marker {
        case 0: return "file start"
        case 0xC4: return "DHT"
        case 0xC8: return "JPG"
        case 0xCC: return "DAC"
        case 0xC0...0xCF: return "SOF\(marker - 0xC0)"
        case 0xD0...0xD7: return "RST\(marker - 0xD0)"
        case 0xD8: return "SOI"
        case 0xD9: return "EOI"
        case 0xDA: return "SOS"
        case 0xDB: return "DQT"
        case 0xDC: return "DNL"
        case 0xDD: return "DRI"
        case 0xE0...0xEF: return "APP\(marker - 0xE0)"
        case 0xFE: return "COM"
        default: return "marker 0x\(hex(marker))"
        }
    }

    /// `byte` as two hexadecimal digits.
    static func hex(_ byte: UInt8) -> String {
        String(decoding: HexDigits.of(UInt32(byte), count: 2), as: UTF8.self)
    }
}
