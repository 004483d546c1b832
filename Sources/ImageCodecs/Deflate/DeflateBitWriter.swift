/// Packs deflate bits least significant first; Huffman codes go most significant bit first (RFC 1951 §3.1.1).
struct DeflateBitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt32 = 0
    private var filled: UInt32 = 0

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write(bits value: Int, count: Int) {
        buffer |= UInt32(value) << filled
        filled += UInt32(count)
        while filled >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            filled -= 8
        }
    }

    /// A Huffman code of `length` bits, sent most significant bit first.
    mutating func write(code: Int, length: Int) {
        var reversed = 0
        for bit in 0..<length { reversed |= ((code >> bit) & 1) << (length - 1 - bit) }
        write(bits: reversed, count: length)
    }

    /// A literal byte (0 … 255), the end of block (256) or a length symbol (257 … 285) in the fixed code
    /// (RFC 1951 §3.2.6).
    mutating func writeFixedLiteral(_ symbol: Int) {
        switch symbol {
        case 0...143: write(code: 0x30 + symbol, length: 8)
        case 144...255: write(code: 0x190 + symbol - 144, length: 9)
        case 256...279: write(code: symbol - 256, length: 7)
        default: write(code: 0xC0 + symbol - 280, length: 8)
        }
    }

    /// A match of `length` (3 … 258) at `distance` (1 … 32 768) in the fixed code.
    mutating func writeFixedMatch(length: Int, distance: Int) {
        let lengthCode = Self.code(of: length, bases: DeflateTables.lengthBases)
        writeFixedLiteral(257 + lengthCode)
        write(bits: length - Int(DeflateTables.lengthBases[lengthCode]), count: Int(DeflateTables.lengthExtraBits[lengthCode]))
        let distanceCode = Self.code(of: distance, bases: DeflateTables.distanceBases)
        write(code: distanceCode, length: 5)
        write(
            bits: distance - Int(DeflateTables.distanceBases[distanceCode]),
            count: Int(DeflateTables.distanceExtraBits[distanceCode]))
    }

    /// The last code whose base is at most `value`.
    private static func code(of value: Int, bases: [UInt16]) -> Int {
        var code = bases.count - 1
        while Int(bases[code]) > value { code -= 1 }
        return code
    }

    /// The bytes written, the last one padded with zero bits.
    mutating func finish() -> [UInt8] {
        if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        filled = 0
        return bytes
    }
}
