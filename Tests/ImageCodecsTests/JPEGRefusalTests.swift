import ImageCodecs
import Testing

/// Damaged and unsupported files, each refused with its exact message. Most are one corpus file
/// (`q75_444_33x27.jpg`: APP0 at 2, DQT at 20 and 89, SOF0 at 158, DHT at 177, 210, 393, 426, SOS at 609,
/// 1470 bytes) with a few bytes changed.
@Suite struct JPEGRefusalTests {
    private static let base = JPEGCorpus.bytes("q75_444_33x27.jpg")

    private static func patched(_ changes: [(Int, UInt8)]) -> [UInt8] {
        var bytes = base
        for (offset, value) in changes { bytes[offset] = value }
        return bytes
    }

    private static func message(_ bytes: [UInt8], limits: JPEGDecodingLimits = JPEGDecodingLimits()) -> String {
        do {
            _ = try PixelImage(jpeg: bytes, limits: limits)
            return "decoded"
        } catch {
            return error.description
        }
    }

    @Test func baseFileIsTheOneDescribed() {
        #expect(Self.base.count == 1470 && Self.base[159] == 0xC0 && Self.base[610] == 0xDA)
        #expect(Self.message(Self.base) == "decoded")
    }

    struct Damage: Sendable, CustomTestStringConvertible {
        let what: String
        let bytes: [UInt8]
        let expected: String
        var testDescription: String { what }
    }

    static let damages: [Damage] = [
        Damage(what: "not JPEG", bytes: Array("P6\n1 1\n255\n".utf8), expected: "JPEG file start at byte 0: not a JPEG file (no SOI marker 0xFFD8)"),
        Damage(what: "truncated in the scan", bytes: Array(base[0..<1000]), expected: "JPEG SOS at byte 1000: entropy-coded data ends in the middle of a block"),
        Damage(what: "truncated in a table", bytes: Array(base[0..<300]), expected: "JPEG DHT at byte 212: segment of 181 bytes is truncated (88 left in the file)"),
        Damage(what: "SOI only", bytes: [0xFF, 0xD8], expected: "JPEG EOI at byte 2: file ends before any scan"),
        Damage(what: "EOI before a scan", bytes: Array(base[0..<158]) + [0xFF, 0xD9], expected: "JPEG EOI at byte 158: image ends before any scan"),
        Damage(what: "no marker", bytes: patched([(20, 0x12)]), expected: "JPEG file start at byte 20: expected a marker, found byte 0x12"),
        Damage(what: "restart marker outside a scan", bytes: patched([(21, 0xD3)]), expected: "JPEG RST3 at byte 20: unexpected marker outside a scan"),
        Damage(what: "segment length under 2", bytes: patched([(22, 0), (23, 1)]), expected: "JPEG DQT at byte 22: segment length 1 is less than 2"),
        Damage(what: "quantization table index", bytes: patched([(24, 0x05)]), expected: "JPEG DQT at byte 24: table precision 0 / index 5 is not 0…1 / 0…3"),
        Damage(what: "Huffman code space overflow", bytes: patched([(182, 2), (183, 0), (184, 4)]), expected: "JPEG DHT at byte 181: DC table 0 has more codes than its lengths allow"),
        Damage(what: "Huffman table over 256 codes", bytes: patched([(432, 0xFF), (433, 0xFF)]), expected: "JPEG DHT at byte 430: AC table 1 has 669 codes (at most 256)"),
        Damage(what: "DC symbol over 15", bytes: patched([(198, 16)]), expected: "JPEG DHT at byte 181: DC table 0 has a symbol over 15"),
        Damage(what: "Huffman code not found", bytes: patched([(623, 0xFF), (624, 0), (625, 0xFF), (626, 0)]), expected: "JPEG SOS at byte 625: Huffman code not found in its table"),
        Damage(what: "huge dimensions", bytes: patched([(163, 0xFF), (164, 0xFF), (165, 0xFF), (166, 0xFF)]), expected: "JPEG SOF0 at byte 163: 65535×65535 is over the limits (16384 a side, 16777216 pixels)"),
        Damage(what: "zero width", bytes: patched([(165, 0), (166, 0)]), expected: "JPEG SOF0 at byte 165: width is 0"),
        Damage(what: "zero height (DNL)", bytes: patched([(163, 0), (164, 0)]), expected: "JPEG SOF0 at byte 163: height 0 (defined later by DNL) is not supported"),
        Damage(what: "zero components", bytes: patched([(167, 0)]), expected: "JPEG SOF0 at byte 167: 0 components (1, 3 or 4 expected)"),
        Damage(what: "frame length", bytes: patched([(161, 18)]), expected: "JPEG SOF0 at byte 158: length 18 does not match 3 components (17)"),
        Damage(what: "12-bit", bytes: patched([(162, 12)]), expected: "JPEG SOF0 at byte 162: 12-bit samples are not supported (only 8-bit)"),
        Damage(what: "sampling factor 0", bytes: patched([(169, 0x10)]), expected: "JPEG SOF0 at byte 169: component 1 sampling factors 1×0 are not within 1…4"),
        Damage(what: "sampling factor 5", bytes: patched([(172, 0x51)]), expected: "JPEG SOF0 at byte 172: component 2 sampling factors 5×1 are not within 1…4"),
        Damage(what: "fractional sampling", bytes: patched([(169, 0x31), (172, 0x21)]), expected: "JPEG SOF0 at byte 158: component 2 sampling 2×1 does not divide the maximum 3×1"),
        Damage(what: "duplicate component id", bytes: patched([(171, 1)]), expected: "JPEG SOF0 at byte 171: component id 1 appears twice"),
        Damage(what: "quantization table 4", bytes: patched([(170, 4)]), expected: "JPEG SOF0 at byte 170: component 1 quantization table 4 is not 0…3"),
        Damage(what: "undefined quantization table", bytes: patched([(170, 3)]), expected: "JPEG SOS at byte 609: component 1 uses quantization table 3, which is not defined"),
        Damage(what: "scan component not in frame", bytes: patched([(614, 9)]), expected: "JPEG SOS at byte 614: component id 9 is not in the frame"),
        Damage(what: "undefined Huffman table", bytes: patched([(615, 0x22)]), expected: "JPEG SOS at byte 615: component 1 uses DC table 2, which is not defined"),
        Damage(what: "scan before frame", bytes: patched([(159, 0xFE)]), expected: "JPEG SOS at byte 609: scan before the frame header (SOF)"),
        Damage(what: "scan header length", bytes: patched([(612, 14)]), expected: "JPEG SOS at byte 609: scan header of 14 bytes for 3 components"),
        Damage(what: "lossless", bytes: patched([(159, 0xC3)]), expected: "JPEG SOF3 at byte 158: lossless and hierarchical JPEG are not supported"),
        Damage(what: "second frame", bytes: Array(base[0..<177]) + Array(base[158..<base.count]), expected: "JPEG SOF0 at byte 177: second frame header"),
    ]

    @Test(arguments: damages)
    func refusesDamagedFile(_ damage: Damage) {
        #expect(Self.message(damage.bytes) == damage.expected, "\(damage.what)")
    }

    @Test func refusesArithmeticCodingCMYKAndBadRestartMarkers() {
        #expect(Self.message(JPEGCorpus.bytes("refused_arithmetic.jpg")) == "JPEG SOF9 at byte 158: arithmetic coding is not supported")
        #expect(Self.message(JPEGCorpus.bytes("refused_cmyk.jpg")) == "JPEG SOF0 at byte 87: 4-component (CMYK) images are not supported")
        var restart = JPEGCorpus.bytes("q75_420_restart_1_50x34.jpg")
        #expect(restart[728] == 0xFF && restart[729] == 0xD0)
        restart[729] = 0xD1
        #expect(Self.message(restart) == "JPEG SOS at byte 728: expected restart marker RST0, found marker RST1")
    }

    @Test func refusesPicturesOverTheLimitsBeforeAllocating() {
        let limits = JPEGDecodingLimits(maximumSide: 32, maximumPixelCount: 1_000)
        #expect(Self.message(Self.base, limits: limits) == "JPEG SOF0 at byte 163: 33×27 is over the limits (32 a side, 1000 pixels)")
        let pixels = JPEGDecodingLimits(maximumSide: 64, maximumPixelCount: 890)
        #expect(Self.message(Self.base, limits: pixels) == "JPEG SOF0 at byte 163: 33×27 is over the limits (64 a side, 890 pixels)")
        #expect(Self.message(Self.base, limits: JPEGDecodingLimits(maximumSide: 33, maximumPixelCount: 891)) == "decoded")
    }
}
