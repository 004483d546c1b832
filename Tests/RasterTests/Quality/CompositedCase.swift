import FixedPoint
import Foundation
@testable import Raster

/// One case of `Tests/RasterTests/Reference/composited/cases.json` (shared with
/// tools/reference/make_composited_references.py): a canvas, its background and the draws made over it.
struct CompositedCase: Decodable {
    var name: String
    var size: [Int]
    var background: String
    var draws: [CompositedDraw]

    var width: Int { size[0] }
    var height: Int { size[1] }
}

/// One draw: `fill`, `stroke` (SVG path data), `roundedRect`, `border`, `image`, `group` (drawn offscreen,
/// composited with `opacity` through the optional A8 `mask` drawn from shapes) or `clip` (its `draws`
/// multiplied by a rounded-rect A8 coverage mask).
struct CompositedDraw: Decodable {
    var op: String
    var path: String?
    var fillRule: String?
    var lineWidth: Double?
    var lineCap: String?
    var lineJoin: String?
    var miterLimit: Double?
    var strokeStart: Double?
    var strokeEnd: Double?
    /// Path transform `[a, b, c, d, tx, ty]` (Core Graphics convention).
    var transform: [Double]?
    /// Straight sRGB `#rrggbb` or `#rrggbbaa`.
    var color: String?
    /// 0 ... 255.
    var opacity: Int?
    /// `[x, y, width, height]` of a rounded rectangle, border or clip, in pixels.
    var rect: [Double]?
    var radius: Double?
    /// Border width in pixels.
    var width: Double?
    /// Name of a texture file `composited/<image>.pam` (straight RGBA).
    var image: String?
    /// Affine image map `[a, b, c, d, tx, ty]`.
    var affine: [Double]?
    /// Projective image map, row-vector convention: m11 m12 m13 m21 m22 m23 m31 m32 m33.
    var matrix: [Double]?
    var draws: [CompositedDraw]?
    var mask: [CompositedDraw]?

    /// The shape part as a geometry corpus case, so the geometry corpus's stroke-style and transform
    /// conversions serve both.
    var shape: CorpusCase {
        CorpusCase(name: op, size: [0, 0], kind: op, path: path ?? "", fillRule: fillRule, lineWidth: lineWidth,
                   lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit, strokeStart: strokeStart,
                   strokeEnd: strokeEnd, transform: transform)
    }

    /// The draw's colour, premultiplied (channel × alpha / 255 rounded, as the compositor converts it).
    func premultipliedColor() throws -> PremultipliedColor {
        try CompositedDraw.straightColor(color ?? "#ffffff").premultiplied()
    }

    /// The draw's opacity as the API takes it, refusing values outside 0 ... 255.
    func opacityByte() throws -> UInt8 {
        guard let value = UInt8(exactly: opacity ?? 255) else { throw CompositedCorpusError.badValue("opacity", "\(opacity!)") }
        return value
    }

    /// The rounded rectangle of a `roundedRect`, `border` or `clip` draw (Q16.16).
    func roundedRect() throws -> RoundedRect {
        guard let r = rect, r.count == 4 else { throw CompositedCorpusError.badValue("rect", "\(rect ?? [])") }
        return try RoundedRect(rect: Rect(x: try Fixed(exactly: r[0]), y: try Fixed(exactly: r[1]),
                                          width: try Fixed(exactly: r[2]), height: try Fixed(exactly: r[3])),
                               cornerRadius: try Fixed(exactly: radius ?? 0))
    }

    /// The image map: `affine` through `Affine` (Q16.16, as the compositor builds it), or the nine Q32.32
    /// entries of `matrix`.
    func imageTransform() throws -> ImageTransform {
        if let m = matrix {
            guard m.count == 9 else { throw CompositedCorpusError.badValue("matrix", "\(m)") }
            let q = m.map { Int64(($0 * 4_294_967_296).rounded()) }
            return try ImageTransform(rows: [q[0], q[1], q[2]], [q[3], q[4], q[5]], [q[6], q[7], q[8]])
        }
        return try ImageTransform(try QualityCorpus.affine(affine))
    }

    /// `#rrggbb` (opaque) or `#rrggbbaa`.
    static func straightColor(_ text: String) throws -> Color {
        let digits = Array(text.dropFirst())
        guard text.first == "#", digits.count == 6 || digits.count == 8 else {
            throw CompositedCorpusError.badValue("color", text)
        }
        let bytes = try stride(from: 0, to: digits.count, by: 2).map { index -> UInt8 in
            guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else {
                throw CompositedCorpusError.badValue("color", text)
            }
            return byte
        }
        return Color(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    }
}
