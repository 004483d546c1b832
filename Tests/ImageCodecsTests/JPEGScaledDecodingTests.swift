import Foundation
import ImageCodecs
import Testing

/// Decoding at 1/2, 1/4 and 1/8 against libjpeg-turbo's `djpeg -scale 1/N` (JPEGCorpus/scaled, made by
/// tools/reference/make_jpeg_scaled_references.py): jidctred.c's reduced inverse DCTs, chroma given a larger block
/// size instead of upsampling, replication instead of the triangle filter at 1/8.
@Suite struct JPEGScaledDecodingTests {
    /// (JPEG file, denominator, djpeg reference) triples.
    static let cases: [(String, Int, String)] = String(decoding: JPEGCorpus.bytes("scaled/manifest.txt"), as: UTF8.self)
        .split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            return (String(parts[0]), Int(parts[1]) ?? 0, String(parts[2]))
        }

    static func scale(_ denominator: Int) -> JPEGScale? {
        switch denominator {
        case 2: .half
        case 4: .quarter
        case 8: .eighth
        default: nil
        }
    }

    @Test func everyPictureAtEveryScale() {
        #expect(Self.cases.count == 3 * (33 + 3))
    }

    /// Every pixel equals djpeg's at that scale (EXIF cases: djpeg's turned by Pillow).
    @Test(arguments: cases)
    func decodesLikeDjpegScaled(_ jpeg: String, _ denominator: Int, _ reference: String) throws {
        let scale = try #require(Self.scale(denominator))
        let expected = try PixelImage(netpbm: JPEGCorpus.bytes(reference))
        let decoded = try PixelImage(jpeg: JPEGCorpus.bytes(jpeg), scale: scale)
        #expect(decoded.width == expected.width && decoded.height == expected.height, "\(jpeg) at 1/\(denominator)")
        guard decoded.rgba.count == expected.rgba.count else { return }
        let differing = zip(decoded.rgba, expected.rgba).filter { $0 != $1 }.count
        #expect(differing == 0, "\(jpeg) at 1/\(denominator): \(differing) samples differ")
    }

    /// Sizes round up as libjpeg's do: ⌈41 × 1/8⌉ = 6.
    @Test func scaledSizesRoundUp() {
        #expect(JPEGScale.eighth.scaled(41) == 6 && JPEGScale.quarter.scaled(29) == 8 && JPEGScale.half.scaled(1) == 1)
        #expect(JPEGScale.full.scaled(41) == 41)
    }

    /// A bound whose size one scale gives exactly is decoded at that scale with no reduction after it; one
    /// between two scales at the larger, then reduced exact-area.
    @Test func aBoundPicksTheSmallestCoveringScale() throws {
        let bytes = JPEGCorpus.bytes("scaled/larger_q85_420_160x120.jpg")
        try #require(!bytes.isEmpty)
        let quarter = try PixelImage(jpeg: bytes, scale: .quarter)
        #expect(try PixelImage(jpeg: bytes, within: ImageDisplayBound(width: 40, height: 30)) == quarter)
        let between = try ImageDisplayBound(width: 33, height: 20)
        let reduced = try PixelImage(jpeg: bytes, within: between)
        #expect(reduced.width == 33 && reduced.height == 25)
        #expect(reduced == (try quarter.reduced(within: between)))
        #expect(try PixelImage(jpeg: bytes, within: ImageDisplayBound(width: 20, height: 15))
                == PixelImage(jpeg: bytes, scale: .eighth))
        #expect(try PixelImage(jpeg: bytes, within: ImageDisplayBound(width: 161, height: 121)) == PixelImage(jpeg: bytes))
    }
}
