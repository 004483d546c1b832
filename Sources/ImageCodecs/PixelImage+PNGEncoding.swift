/// PNG output (RGBA, 8 bits a channel) for documentation stills and contact sheets, with no compression
/// library: each row is Sub-filtered (flat areas become runs of zeros) and deflated as one fixed-Huffman block
/// whose only matches are runs (distance 1); CRC-32 and Adler-32 come from ``Checksum``.
extension PixelImage {
    /// The picture as a PNG file.
    public var pngBytes: [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for y in 0..<height {
            raw.append(1)
            let row = y * width * 4
            for offset in 0..<(width * 4) {
                let left = offset >= 4 ? rgba[row + offset - 4] : 0
                raw.append(rgba[row + offset] &- left)
            }
        }
        var header: [UInt8] = []
        PNGEncoding.appendBigEndian(UInt32(width), to: &header)
        PNGEncoding.appendBigEndian(UInt32(height), to: &header)
        header += [8, 6, 0, 0, 0]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        PNGEncoding.appendChunk("IHDR", header, to: &file)
        PNGEncoding.appendChunk("IDAT", PNGEncoding.zlibRunLength(raw), to: &file)
        PNGEncoding.appendChunk("IEND", [], to: &file)
        return file
    }
}

enum PNGEncoding {
    static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &file)
        let typed = Array(type.utf8) + data
        file += typed
        appendBigEndian(Checksum.crc32(typed), to: &file)
    }

    /// A zlib stream holding one fixed-Huffman deflate block (RFC 1951 §3.2.6): literals, and runs of a repeated
    /// byte as matches at distance 1.
    static func zlibRunLength(_ data: [UInt8]) -> [UInt8] {
        var writer = DeflateBitWriter()
        writer.write(bits: 0b011, count: 3)
        var index = 0
        while index < data.count {
            var run = 0
            if index > 0 {
                while run < 258, index + run < data.count, data[index + run] == data[index - 1] { run += 1 }
            }
            if run >= 3 {
                writer.writeMatch(length: run)
                index += run
            } else {
                writer.writeLiteral(Int(data[index]))
                index += 1
            }
        }
        writer.writeLiteral(256)
        var stream: [UInt8] = [0x78, 0x01] + writer.finish()
        appendBigEndian(Checksum.adler32(data), to: &stream)
        return stream
    }
}

/// Packs deflate bits least significant first; Huffman codes go most significant bit first (RFC 1951 §3.1.1).
struct DeflateBitWriter {
    private var bytes: [UInt8] = []
    private var buffer: UInt32 = 0
    private var filled: UInt32 = 0

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

    /// A literal byte (0 … 255) or a length symbol (256 … 285) in the fixed code.
    mutating func writeLiteral(_ symbol: Int) {
        switch symbol {
        case 0...143: write(code: 0x30 + symbol, length: 8)
        case 144...255: write(code: 0x190 + symbol - 144, length: 9)
        case 256...279: write(code: symbol - 256, length: 7)
        default: write(code: 0xC0 + symbol - 280, length: 8)
        }
    }

    /// A match of `length` (3 … 258) at distance 1.
    mutating func writeMatch(length: Int) {
        var code = DeflateTables.lengthBases.count - 1
        while Int(DeflateTables.lengthBases[code]) > length { code -= 1 }
        writeLiteral(257 + code)
        write(bits: length - Int(DeflateTables.lengthBases[code]), count: Int(DeflateTables.lengthExtraBits[code]))
        write(code: 0, length: 5)
    }

    /// The bytes written, the last one padded with zero bits.
    mutating func finish() -> [UInt8] {
        if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        filled = 0
        return bytes
    }
}
