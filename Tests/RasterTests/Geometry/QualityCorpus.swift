import FixedPoint
import Foundation
@testable import Raster

/// One case of `Tests/RasterTests/Reference/cases.json` (shared with tools/reference/make_references.py).
struct CorpusCase: Decodable {
    var name: String
    var size: [Int]
    var kind: String
    var path: String
    var fillRule: String?
    var lineWidth: Double?
    var lineCap: String?
    var lineJoin: String?
    var miterLimit: Double?
    var strokeStart: Double?
    var strokeEnd: Double?
    var transform: [Double]?

    var width: Int { size[0] }
    var height: Int { size[1] }
}

/// Loading, rendering and scoring of the corpus.
enum QualityCorpus {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Reference")

    static func cases() throws -> [CorpusCase] {
        struct File: Decodable { var cases: [CorpusCase] }
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: directory.appendingPathComponent("cases.json"))).cases
    }

    static func affine(_ values: [Double]?) throws -> Affine {
        guard let v = values else { return .identity }
        return Affine(a: try Fixed(exactly: v[0]), b: try Fixed(exactly: v[1]), c: try Fixed(exactly: v[2]),
                      d: try Fixed(exactly: v[3]), tx: try Fixed(exactly: v[4]), ty: try Fixed(exactly: v[5]))
    }

    static func style(_ c: CorpusCase) throws -> StrokeStyle {
        let caps: [String: LineCap] = ["butt": .butt, "round": .round, "square": .square]
        let joins: [String: LineJoin] = ["miter": .miter, "round": .round, "bevel": .bevel]
        return StrokeStyle(
            lineWidth: try Fixed(exactly: c.lineWidth ?? 1), lineCap: caps[c.lineCap ?? "butt"]!,
            lineJoin: joins[c.lineJoin ?? "miter"]!, miterLimit: try Fixed(exactly: c.miterLimit ?? 10),
            strokeStart: try Progress(exactly: c.strokeStart ?? 0), strokeEnd: try Progress(exactly: c.strokeEnd ?? 1))
    }

    /// Our coverage for a case, row by row.
    static func render(_ c: CorpusCase) throws -> [UInt8] {
        var rasterizer = try Rasterizer()
        var canvas = CoverageCanvas(width: c.width, height: c.height)
        let path = try SVGPathParser.parse(c.path)
        let clip = IntRect(x: 0, y: 0, width: c.width, height: c.height)
        if c.kind == "fill" {
            try rasterizer.fill(path, transform: try affine(c.transform), rule: c.fillRule == "evenOdd" ? .evenOdd : .nonZero,
                                clip: clip, into: &canvas)
        } else {
            try rasterizer.stroke(path, style: try style(c), transform: try affine(c.transform), clip: clip, into: &canvas)
        }
        return canvas.image
    }

    static func readPGM(_ url: URL) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        let data = [UInt8](try Data(contentsOf: url))
        var fields: [String] = []
        var index = 0
        while fields.count < 4 {
            while data[index] == 0x20 || data[index] == 0x0A { index += 1 }
            var field = ""
            while data[index] != 0x20 && data[index] != 0x0A { field.append(Character(UnicodeScalar(data[index]))); index += 1 }
            fields.append(field)
        }
        index += 1
        return (Int(fields[1])!, Int(fields[2])!, Array(data[index...]))
    }

    static func pgm(width: Int, height: Int, pixels: [UInt8]) -> Data {
        Data("P5\n\(width) \(height)\n255\n".utf8) + Data(pixels)
    }

    /// Mean, 99.9th percentile and maximum |Δ| (in 1/255) over the pixels either image covers.
    static func score(_ ours: [UInt8], _ reference: [UInt8]) -> (mean: Double, p999: Int, max: Int) {
        score(deltas: zip(ours, reference).filter { $0.0 != 0 || $0.1 != 0 }.map { abs(Int($0.0) - Int($0.1)) })
    }

    /// Mean, 99.9th percentile (the ⌈0.999 n⌉-th smallest of n) and maximum of `deltas` (0 for none).
    static func score(deltas unsorted: [Int]) -> (mean: Double, p999: Int, max: Int) {
        let deltas = unsorted.sorted()
        guard !deltas.isEmpty else { return (0, 0, 0) }
        let index = min(deltas.count - 1, Int((0.999 * Double(deltas.count)).rounded(.up)) - 1)
        return (Double(deltas.reduce(0, +)) / Double(deltas.count), deltas[index], deltas.last!)
    }
}
