import Foundation
import ImageCodecs
import Testing

/// The files of `JPEGCorpus/` (made by tools/reference/make_jpeg_corpus.py with libjpeg-turbo's cjpeg, the
/// references by its djpeg).
enum JPEGCorpus {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("JPEGCorpus")

    static func bytes(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))) ?? []
    }

    /// (JPEG file, djpeg reference) pairs from manifest.txt.
    static let cases: [(String, String)] = String(decoding: bytes("manifest.txt"), as: UTF8.self)
        .split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            return (String(parts[0]), String(parts[1]))
        }
}

@Suite struct JPEGCorpusTests {
    @Test func corpusIsPresent() {
        #expect(JPEGCorpus.cases.count == 33)
    }

    /// Every pixel equals djpeg's (EXIF cases: djpeg's turned by Pillow).
    @Test(arguments: JPEGCorpus.cases)
    func decodesLikeDjpeg(_ jpeg: String, _ reference: String) throws {
        let expected = try PixelImage(netpbm: JPEGCorpus.bytes(reference))
        let decoded = try PixelImage(jpeg: JPEGCorpus.bytes(jpeg))
        #expect(decoded.width == expected.width && decoded.height == expected.height)
        guard decoded.rgba.count == expected.rgba.count else { return }
        var differing = 0, largest = 0, first = -1
        for index in decoded.rgba.indices where decoded.rgba[index] != expected.rgba[index] {
            differing += 1
            largest = max(largest, abs(Int(decoded.rgba[index]) - Int(expected.rgba[index])))
            if first < 0 { first = index }
        }
        #expect(differing == 0, "\(jpeg): \(differing) samples differ, by up to \(largest); first at pixel \(first / 4) channel \(first % 4)")
    }
}
