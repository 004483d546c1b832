/// The two checksums of PNG files: CRC-32 over each chunk (ISO 3309, as in PNG §5.5) and Adler-32 over a zlib
/// stream's uncompressed bytes (RFC 1950 §9). Shared by the PNG writer and by the PNG and inflate readers.
enum Checksum {
    /// The CRC-32 tables of the reflected polynomial 0xEDB88320 for slicing by 8: table k (entries
    /// `256 k ..< 256 (k + 1)`) is the CRC of a byte value followed by k zero bytes, so eight bytes are folded
    /// in with eight independent lookups instead of eight dependent ones.
    static let crcTables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            tables[index] = value
        }
        for index in 256..<(8 * 256) {
            let previous = tables[index - 256]
            tables[index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
        }
        return tables
    }()

    /// The CRC-32 of `bytes`.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { crc32($0) }
    }

    /// The CRC-32 of `bytes`: eight bytes a step (slicing by 8), then byte by byte.
    static func crc32(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        crcTables.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            var index = 0
            while index + 8 <= bytes.count {
                let low = crc ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                    | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
                crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(bytes[index + 4])] ^ table[2 * 256 + Int(bytes[index + 5])]
                    ^ table[256 + Int(bytes[index + 6])] ^ table[Int(bytes[index + 7])]
                index += 8
            }
            while index < bytes.count {
                crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
            return crc ^ 0xFFFF_FFFF
        }
    }

    /// The Adler-32 of `bytes`.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { adler32($0) }
    }

    /// The Adler-32 of `bytes`. The sums are reduced modulo 65521 every 5552 bytes, the most that cannot
    /// overflow 32 bits (RFC 1950's NMAX, as zlib computes it).
    static func adler32(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var start = 0
        while start < bytes.count {
            let end = min(start + 5552, bytes.count)
            for index in start..<end {
                a &+= UInt32(bytes[index])
                b &+= a
            }
            a %= 65_521
            b %= 65_521
            start = end
        }
        return b << 16 | a
    }
}
