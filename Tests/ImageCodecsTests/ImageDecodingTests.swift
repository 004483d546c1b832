import ImageCodecs
import Testing

@Suite struct ImageDecodingTests {
    private let picture = PixelImage(width: 2, height: 1, rgba: [10, 20, 30, 255, 40, 50, 60, 128])!

    @Test func recognisesPNGAndNetpbmByContent() throws {
        #expect(try PixelImage(imageFile: picture.pngBytes) == picture)
        #expect(try PixelImage(imageFile: picture.pamBytes) == picture)
    }

    @Test func recognisesJPEGByContent() throws {
        let bytes = JPEGCorpus.bytes("exif_orientation_6.jpg")
        #expect(!bytes.isEmpty)
        #expect(try PixelImage(imageFile: bytes) == PixelImage(jpeg: bytes))
        #expect(throws: ImageDecodingError.jpeg(JPEGError(marker: 0, offset: 2, message: "file ends inside a marker"))) {
            try PixelImage(imageFile: [0xFF, 0xD8, 0xFF])
        }
    }

    @Test func passesEachFormatsErrorOn() {
        var broken = picture.pngBytes
        broken.removeLast(12)
        #expect(throws: ImageDecodingError.png(PNGError(message: "file is truncated at byte \(broken.count) (no IEND)"))) {
            try PixelImage(imageFile: broken)
        }
        #expect(throws: ImageDecodingError.netpbm(NetpbmError(message: "unsupported magic number \"P4\" (expected P3, P5, P6 or P7)"))) {
            try PixelImage(imageFile: Array("P4\n1 1\n".utf8))
        }
    }

    @Test func namesTheMagicBytesOfAnUnsupportedFile() {
        let gif = Array("GIF89a".utf8) + [0, 1, 2]
        let error = ImageDecodingError.unsupportedFormat(magic: Array(gif.prefix(8)))
        #expect(throws: error) { try PixelImage(imageFile: gif) }
        #expect(error.description == "not a supported image (it starts with 47 49 46 38 39 61 00 01 \"GIF89a..\"; PNG, JPEG and Netpbm are read)")
        #expect(ImageDecodingError.unsupportedFormat(magic: []).description
            == "not a supported image (the file is empty; PNG, JPEG and Netpbm are read)")
    }
}
