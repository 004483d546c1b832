import Foundation
import ImageCodecs
import Testing

/// The files of `ReductionCorpus/` (made by tools/reference/make_reduction_references.py: seeded RGBA sources
/// and their reductions by an exact rational model of exact-area averaging).
enum ReductionCorpus {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ReductionCorpus")

    static func image(_ name: String) throws -> PixelImage {
        try PixelImage(netpbm: [UInt8](Data(contentsOf: directory.appendingPathComponent(name))))
    }

    /// (source, reference, reduced width, reduced height) from manifest.txt.
    static let cases: [(String, String, Int, Int)] = {
        let text = (try? String(contentsOf: directory.appendingPathComponent("manifest.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { line in
            let parts = line.split(separator: " ").map(String.init)
            return (parts[0], parts[1], Int(parts[2]) ?? 0, Int(parts[3]) ?? 0)
        }
    }()
}

@Suite struct AreaReductionTests {
    @Test func corpusIsPresent() {
        #expect(ReductionCorpus.cases.count == 6)
    }

    /// Every pixel equals the exact rational model's (alpha-weighted colour, one rounding half up).
    @Test(arguments: ReductionCorpus.cases)
    func reducesLikeTheExactModel(_ source: String, _ reference: String, _ width: Int, _ height: Int) throws {
        let picture = try ReductionCorpus.image(source)
        let expected = try ReductionCorpus.image(reference)
        var reduction = try AreaReduction(sourceWidth: picture.width, sourceHeight: picture.height, width: width, height: height)
        #expect(reduction.image() == nil)
        picture.rgba.withUnsafeBufferPointer { pixels in
            for y in 0..<picture.height { reduction.add(row: pixels.baseAddress! + y * picture.width * 4) }
        }
        let reduced = try #require(reduction.image())
        #expect(reduced.width == expected.width && reduced.height == expected.height)
        let differing = zip(reduced.rgba, expected.rgba).filter { $0 != $1 }.count
        #expect(differing == 0, "\(source): \(differing) samples differ")
    }

    /// The reduced size covers the bound in both directions with the picture's proportions, rounded up; a
    /// picture fitting in either direction is kept.
    @Test func reducedSizeCoversTheBound() throws {
        let panel = try ImageDisplayBound(width: 800, height: 480)
        #expect(panel.reducedSize(sourceWidth: 4000, sourceHeight: 3000) == (800, 600))
        #expect(panel.reducedSize(sourceWidth: 3000, sourceHeight: 4000) == (800, 1067))
        #expect(panel.reducedSize(sourceWidth: 4000, sourceHeight: 1000) == (1920, 480))
        #expect(panel.reducedSize(sourceWidth: 4001, sourceHeight: 2401) == (800, 481))
        #expect(panel.reducedSize(sourceWidth: 640, sourceHeight: 4000) == (640, 4000))
        #expect(panel.reducedSize(sourceWidth: 800, sourceHeight: 480) == (800, 480))
    }

    @Test func refusesSizesOutsideTheLimits() {
        #expect(throws: ImageSizeError(message: "display bound 0×480 is not within 1…65535 a side")) {
            try ImageDisplayBound(width: 0, height: 480)
        }
        #expect(throws: ImageSizeError(message: "reduced size 11×5 is not within 1×1…10×10")) {
            try AreaReduction(sourceWidth: 10, sourceHeight: 10, width: 11, height: 5)
        }
        #expect(throws: ImageSizeError(message: "source size 70000×10 is not within 1…65535 a side")) {
            try AreaReduction(sourceWidth: 70_000, sourceHeight: 10, width: 5, height: 5)
        }
    }

    /// Decoding with a bound equals decoding at the smallest scale that covers the bound's size (1/2 here: a
    /// third of the picture is more than a quarter; djpeg's `-scale 1/2` pixels, JPEGScaledDecodingTests) then
    /// reducing: the row-by-row path, EXIF orientation included.
    @Test(arguments: ["q60_420_64x48.jpg", "exif_orientation_6.jpg", "exif_orientation_3.jpg", "q75_grey_31x23.jpg",
                       "q75_420_progressive_48x40.jpg"])
    func jpegReducedWhileDecoding(_ name: String) throws {
        let bytes = JPEGCorpus.bytes(name)
        try #require(!bytes.isEmpty, "\(name) missing")
        let full = try PixelImage(jpeg: bytes)
        let bound = try ImageDisplayBound(width: max(1, full.width / 3), height: max(1, full.height / 3))
        let reduced = try PixelImage(jpeg: bytes, within: bound)
        #expect(reduced == (try PixelImage(jpeg: bytes, scale: .half).reduced(within: bound)))
        #expect(reduced.width < full.width / 2)
    }

    /// A non-interlaced PNG reduced row by row, and an interlaced one after decoding, equal the full decode
    /// (libpng's pixels, PNGDecodingTests) reduced.
    @Test(arguments: ["c6_d8_n.png", "c6_d8_i.png", "c3_d4_n.png", "c0_d16_n.png", "rgba_640x480_interlaced.png"])
    func pngReducedWhileDecoding(_ name: String) throws {
        let bytes = try PNGCorpus.bytes(name)
        let full = try PixelImage(png: bytes)
        let bound = try ImageDisplayBound(width: max(1, full.width / 3), height: max(1, full.height / 4))
        let reduced = try PixelImage(png: bytes, within: bound)
        #expect(reduced == (try full.reduced(within: bound)))
        #expect(reduced.width < full.width)
    }
}
