import Testing
@testable import ImageCodecs

@Suite struct ChecksumTests {
    /// CRC-32 of every length around the slicing-by-8 steps (0…17, 100, 999 and 1000 bytes of an LCG's high bytes)
    /// equals Python's `zlib.crc32`, written by:
    /// `x=1; b=bytearray()` / `for _ in range(1000): x=(x*1664525+1013904223)&0xffffffff; b.append(x>>24)` /
    /// `print([format(zlib.crc32(bytes(b[:n])),'x') for n in ns])`.
    @Test func crc32MatchesZlib() {
        var state: UInt32 = 1
        var bytes: [UInt8] = []
        for _ in 0..<1000 {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes.append(UInt8(state >> 24))
        }
        let expected: [(count: Int, crc: UInt32)] = [
            (0, 0x00000000), (1, 0xFD6D930A), (2, 0xBEF917F3), (3, 0x6CB7068A), (4, 0x130F4520),
            (5, 0xE0C98C2B), (6, 0xF28DA3B2), (7, 0x8598D70B), (8, 0x4F5500F5), (9, 0x18F77807),
            (10, 0x03A17F04), (11, 0xA3B0CB7B), (12, 0x5172DA81), (13, 0x26872806), (14, 0x54F7BA71),
            (15, 0xDA3B251A), (16, 0x05D50646), (17, 0xC2DD40D1), (100, 0xAE4320E2), (999, 0xF88C9064),
            (1000, 0x4A2843A1),
        ]
        for (count, crc) in expected {
            #expect(Checksum.crc32(Array(bytes[0..<count])) == crc, "\(count) bytes")
        }
        #expect(Checksum.crc32(Array("123456789".utf8)) == 0xCBF4_3926)  // the CRC-32 check value
    }
}
