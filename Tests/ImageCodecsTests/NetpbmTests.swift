import ImageCodecs
import Testing

@Suite struct NetpbmTests {
    private let picture = PixelImage(width: 2, height: 2, rgba: [
        255, 0, 0, 255, 0, 255, 0, 128,
        0, 0, 255, 0, 10, 20, 30, 255,
    ])!

    @Test func pamKeepsAlphaExactly() throws {
        #expect(try PixelImage(netpbm: picture.pamBytes) == picture)
    }

    @Test func ppmCompositesOverBlack() throws {
        let read = try PixelImage(netpbm: picture.ppmBytes)
        // (255 × 128 + 127) / 255 = 128 for the half-transparent green; the transparent blue is black.
        #expect(read.rgba == [255, 0, 0, 255, 0, 128, 0, 255, 0, 0, 0, 255, 10, 20, 30, 255])
    }

    @Test func readsPlainPPMWithCommentsAndGreyPGM() throws {
        let plain = try PixelImage(netpbm: Array("P3\n# a comment\n2 1 # trailing\n15\n15 0 0  0 15 7\n".utf8))
        // 7 of 15 is (7 × 255 + 7) / 15 = 119.
        #expect(plain.rgba == [255, 0, 0, 255, 0, 255, 119, 255])
        let grey = try PixelImage(netpbm: Array("P5 1 1 255\n".utf8) + [77])
        #expect(grey.rgba == [77, 77, 77, 255])
    }

    @Test func scalesSixteenBitSamples() throws {
        let bytes = Array("P6\n1 1\n65535\n".utf8) + [0xFF, 0xFF, 0x80, 0x00, 0x00, 0x00]
        // 0x8000 of 65535 → (32768 × 255 + 32767) / 65535 = 128.
        #expect(try PixelImage(netpbm: bytes).rgba == [255, 128, 0, 255])
    }

    @Test(arguments: [
        ("P4\n1 1\n", "unsupported magic number \"P4\" (expected P3, P5, P6 or P7)"),
        ("P6\n2 2\n255\n\u{1}", "pixel data is truncated (1 bytes, need 12)"),
        ("P6\n0 2\n255\n", "width 0 is outside 1…16384"),
        ("P6\nx 2\n255\n", "expected the width, found \"x\""),
        ("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 3\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", "PAM tuple type RGB_ALPHA needs depth 4, found 3"),
        ("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 3\nMAXVAL 255\nTUPLTYPE RGB\n", "PAM header ends before ENDHDR"),
        ("P3 1 1 10 11 0 0", "sample 11 is outside 0…10"),
        // Headers claiming gigabytes of samples are refused before anything is allocated.
        ("P6\n16384 16384\n255\n", "pixel data is truncated (0 bytes, need 805306368)"),
        ("P7\nWIDTH 16384\nHEIGHT 16384\nDEPTH 4\nMAXVAL 65535\nTUPLTYPE RGB_ALPHA\nENDHDR\n1",
         "pixel data is truncated (1 bytes, need 2147483648)"),
        ("P3 16384 16384 255 1 2 3", "pixel data is truncated (6 bytes, need at least 1610612735)"),
        ("P3 1 1 255 1 2", "pixel data is truncated (4 bytes, need at least 5)"),
    ])
    func refusesBadFiles(text: String, message: String) {
        #expect(throws: NetpbmError(message: message)) { try PixelImage(netpbm: Array(text.utf8)) }
    }
}

@Suite struct PNGTests {
    @Test func writesTheSignatureHeaderAndEndChunks() throws {
        let image = PixelImage(width: 3, height: 2, rgba: (0..<24).map { UInt8($0 * 10) })!
        let png = image.pngBytes
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: length 13, "IHDR", width 3, height 2, depth 8, colour type 6, and its CRC 0x9D74661A
        // (zlib.crc32(b"IHDR" + bytes([0,0,0,3, 0,0,0,2, 8,6,0,0,0])) in Python).
        #expect(Array(png[8..<33]) == [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0]
            + [0x9D, 0x74, 0x66, 0x1A])
        // The last chunk is IEND with its fixed CRC 0xAE426082.
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test func compressesFlatPictures() {
        let flat = PixelImage(width: 320, height: 240, fill: (30, 60, 90, 255))
        #expect(flat.pngBytes.count < 320 * 240 * 4 / 50)
    }
}
