/// The two checksums of PNG files: CRC-32 over each chunk (ISO 3309, as in PNG §5.5) and Adler-32 over a zlib
/// stream's uncompressed bytes (RFC 1950 §9). Shared by the PNG writer and by the PNG and inflate readers.
enum Checksum {
    /// The CRC-32 table of the reflected polynomial 0xEDB88320, one entry per byte value.
    static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// The CRC-32 of `bytes`.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { crc32($0) }
    }

    /// The CRC-32 of `bytes`.
    static func crc32(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        crcTable.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
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
