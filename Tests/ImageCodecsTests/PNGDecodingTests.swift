import Foundation
import ImageCodecs
import Testing

/// The corpus written by tools/reference/make_png_corpus.py; manifest.txt holds libpng's decoding of each valid
/// file (tools/reference/png_reference.c) as width, height and the FNV-1a 64-bit hash of its RGBA bytes.
enum PNGCorpus {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PNGCorpus")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// (file name, width, height, hash) for each valid file.
    static let references: [(String, Int, Int, UInt64)] = {
        let text = (try? String(contentsOf: directory.appendingPathComponent("manifest.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            return (String(fields[0]), Int(fields[1])!, Int(fields[2])!, UInt64(fields[3], radix: 16)!)
        }
    }()

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }
}

@Suite struct PNGDecodingTests {
    @Test func theCorpusCoversEveryColourTypeAndDepth() {
        // 15 colour type × depth pairs, each plain and interlaced, plus the small, large and deflate-kind files.
        #expect(PNGCorpus.references.count == 56)
    }

    @Test(arguments: PNGCorpus.references.map(\.0))
    func decodesLikeLibpng(name: String) throws {
        let reference = try #require(PNGCorpus.references.first { $0.0 == name })
        let image = try PixelImage(png: try PNGCorpus.bytes(name))
        #expect(image.width == reference.1)
        #expect(image.height == reference.2)
        #expect(PNGCorpus.fnv1a(image.rgba) == reference.3)
    }

    @Test func sixteenBitSamplesRoundToNearestLikeScale16() throws {
        // Every 16-bit grey value v, in order: libpng's png_set_scale_16 gives round(v × 255 / 65535).
        let image = try PixelImage(png: try PNGCorpus.bytes("grey16_every_value.png"))
        for value in [0, 128, 129, 32_767, 32_768, 65_407, 65_408, 65_535] {
            let expected = UInt8((Double(value) * 255 / 65_535).rounded())
            #expect(image.rgba[value * 4] == expected, "grey \(value)")
        }
    }

    @Test func enforcesTheCallersLimits() throws {
        let bytes = try PNGCorpus.bytes("c6_d8_n.png")  // 13 × 11
        #expect(throws: PNGError(message: "IHDR: size 13×11 exceeds the limit of 12 pixels a side")) {
            try PixelImage(png: bytes, limits: PNGLimits(maximumSide: 12))
        }
        #expect(throws: PNGError(message: "IHDR: size 13×11 exceeds the limit of 142 pixels")) {
            try PixelImage(png: bytes, limits: PNGLimits(maximumPixels: 142))
        }
        #expect(try PixelImage(png: bytes, limits: PNGLimits(maximumSide: 13, maximumPixels: 143)).width == 13)
    }

    @Test func everyCorruptFileIsChecked() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: PNGCorpus.directory.path)
        #expect(names.filter { $0.hasPrefix("corrupt_") }.count == Self.corruptFiles.count)
    }

    @Test func readsWhatTheWriterWrites() throws {
        let picture = PixelImage(width: 5, height: 3, rgba: (0..<60).map { UInt8(($0 * 37) % 256) })!
        #expect(try PixelImage(png: picture.pngBytes) == picture)
    }

    static let corruptFiles = [
        ("bad_crc.png", "chunk \"IHDR\" at byte 8: CRC mismatch (stored 0x3A963991, computed 0x3B963991)"),
        ("truncated.png", "chunk \"IDAT\" at byte 49: length 42 runs past the end of the file (2 bytes left)"),
        ("wrong_length.png", "chunk \"IDAT\" at byte 49: length 65536 runs past the end of the file (80 bytes left)"),
        ("no_iend.png", "file is truncated at byte 129 (no IEND)"),
        ("trailing_bytes.png", "4 bytes follow IEND"),
        ("not_ihdr_first.png", "the first chunk is \"gAMA\", not IHDR"),
        ("unknown_critical.png", "chunk \"ABCD\" at byte 33: unknown critical chunk"),
        ("idat_not_consecutive.png", "IDAT: not consecutive (another IDAT at byte 107)"),
        ("plte_after_idat.png", "PLTE: comes after IDAT (at byte 129)"),
        ("missing_plte.png", "IDAT: a palette image has no PLTE before it"),
        ("bad_bit_depth.png", "IHDR: bit depth 4 is not allowed with colour type 2"),
        ("huge_dimensions.png", "IHDR: size 100000×100000 exceeds the limit of 16384 pixels a side"),
        ("expansion_bomb.png",
         "IDAT: 42 bytes cannot hold the 128002000 bytes of a 16000×2000 image (deflate expands at most 1032 times)"),
        ("bad_filter.png", "IDAT: filter type 5 on row 2 is not 0…4"),
        ("palette_index.png", "IDAT: palette index at pixel (2, 0) is outside the 4-entry PLTE"),
        ("bad_zlib_header.png", "IDAT: zlib: header check bits are wrong (the header is not a multiple of 31)"),
        ("bad_adler.png", "IDAT: zlib: Adler-32 mismatch (stored 0x00000000, computed 0x00270001)"),
        ("bad_block_type.png", "IDAT: zlib: invalid block type 3 at byte 2"),
        ("truncated_zlib.png", "IDAT: zlib: stream is truncated"),
        ("short_data.png", "IDAT: zlib: stream ends after 30 of 39 bytes"),
        ("long_data.png", "IDAT: zlib: stream holds more than the 39 bytes expected"),
        ("distance_too_far.png", "IDAT: zlib: distance 5 too far back (1 bytes decoded) at byte 5"),
        ("oversubscribed.png", "IDAT: zlib: code length code lengths are oversubscribed at byte 11"),
    ]

    @Test(arguments: corruptFiles)
    func refusesCorruptFiles(name: String, message: String) throws {
        let bytes = try PNGCorpus.bytes("corrupt_" + name)
        #expect(throws: PNGError(message: message)) { try PixelImage(png: bytes) }
    }
}
