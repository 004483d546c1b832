import Foundation
import Testing
@testable import Raster

@Suite struct QualityCorpusTests {
    /// Every corpus case against its supersampled cairo reference (64 × 64 samples per pixel for
    /// 64-pixel images): over the pixels either image covers, mean |Δ| ≤ 0.5/255 and 99.9th percentile
    /// ≤ 8/255. Set FLIPBOOK_CORPUS_SCORES=FILE to write the score table.
    @Test func everyCaseMatchesTheSupersampledReference() throws {
        let cases = try QualityCorpus.cases()
        #expect(cases.count >= 40)
        var report = "# flipbook vs the supersampled reference (64x64 samples per pixel for 64-pixel images)\n"
            + "# name  mean|d|/255  p99.9|d|/255  max|d|/255  (pixels either image covers)\n"
        for c in cases {
            let reference = try QualityCorpus.readPGM(QualityCorpus.directory.appendingPathComponent(c.name + ".pgm"))
            #expect(reference.width == c.width && reference.height == c.height)
            let ours = try QualityCorpus.render(c)
            let score = QualityCorpus.score(ours, reference.pixels)
            report += c.name.padding(toLength: 34, withPad: " ", startingAt: 0)
                + " \(String(format: "%.3f", score.mean)) \(score.p999) \(score.max)\n"
            #expect(score.mean <= 0.5, "\(c.name): mean |Δ| \(score.mean)/255")
            #expect(score.p999 <= 8, "\(c.name): 99.9th percentile |Δ| \(score.p999)/255")
        }
        print(report)
        if let path = ProcessInfo.processInfo.environment["FLIPBOOK_CORPUS_SCORES"] {
            try report.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// Our own output, byte for byte, for a few cases (regenerate with FLIPBOOK_REGENERATE_GOLDEN=1).
    @Test(arguments: ["fill_star_evenodd", "fill_ellipse_rotated", "stroke_zigzag_round_round",
                      "stroke_trim_across_subpaths", "stroke_nonuniform_transform"])
    func goldenOutputIsUnchanged(name: String) throws {
        let c = try #require(try QualityCorpus.cases().first { $0.name == name })
        let ours = try QualityCorpus.render(c)
        let url = QualityCorpus.directory.appendingPathComponent("golden").appendingPathComponent(name + ".pgm")
        if ProcessInfo.processInfo.environment["FLIPBOOK_REGENERATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try QualityCorpus.pgm(width: c.width, height: c.height, pixels: ours).write(to: url)
        }
        let golden = try QualityCorpus.readPGM(url)
        let differing = zip(golden.pixels, ours).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(golden.pixels.count == ours.count && differing.isEmpty,
                "\(name): \(differing.count) pixels differ from the golden image, first at index \(differing.first?.offset ?? -1)")
    }
}
