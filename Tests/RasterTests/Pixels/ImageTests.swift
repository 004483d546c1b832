import Testing
import Glibc
import FixedPoint
@testable import Raster

/// Images under affine and perspective maps against a Double model of bilinear sampling.
@Suite struct ImageTests {
    /// A w×h premultiplied test image: a colour gradient with alpha 128...255, from a seeded generator.
    static func makeImage(width: Int, height: Int, seed: UInt32) throws -> SurfaceStorage {
        var random = XorShift32(seed: seed)
        let pixels = (0..<width * height).map { _ -> UInt32 in
            let colour = Color(red: UInt8(random.next(below: 256)), green: UInt8(random.next(below: 256)),
                               blue: UInt8(random.next(below: 256)), alpha: UInt8(128 + random.next(below: 128)))
            return colour.premultiplied().packedARGB
        }
        return try makeStorage(pixels, width: width, height: height)
    }

    static func makeStorage(_ pixels: [UInt32], width: Int, height: Int) throws -> SurfaceStorage {
        let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: pixels.count)
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: pixels)
        return try SurfaceStorage(premultipliedARGB: UnsafeBufferPointer(buffer), width: width, height: height)
    }

    /// Row-vector homography entries as Double.
    static func doubles(_ t: ImageTransform) -> [[Double]] {
        (0..<3).map { r in (0..<3).map { c in Double(t.forward[r][c]) / 4_294_967_296 } }
    }

    /// The model: pixel centre → image point by the exact inverse, bilinear with exact weights, source-over.
    static func modelPixel(x: Int, y: Int, image: Surface, matrix m: [[Double]], background: [Double]) -> [Double] {
        // Solve [u v 1]·M ∝ [X Y 1] for u, v (2×2 linear system).
        let X = Double(x) + 0.5, Y = Double(y) + 0.5
        let a11 = m[0][0] - X * m[0][2], a12 = m[1][0] - X * m[1][2], b1 = X * m[2][2] - m[2][0]
        let a21 = m[0][1] - Y * m[0][2], a22 = m[1][1] - Y * m[1][2], b2 = Y * m[2][2] - m[2][1]
        let det = a11 * a22 - a12 * a21
        let u = (b1 * a22 - a12 * b2) / det - 0.5, v = (a11 * b2 - b1 * a21) / det - 0.5
        let i = Int(u.rounded(.down)), j = Int(v.rounded(.down))
        let fx = u - Double(i), fy = v - Double(j)
        func texel(_ tx: Int, _ ty: Int, _ shift: UInt32) -> Double {
            guard tx >= 0, ty >= 0, tx < image.width, ty < image.height else { return 0 }
            return Double((image.pixel(x: tx, y: ty)! >> shift) & 0xFF)
        }
        let sampled = [16, 8, 0, 24].map { (shift: UInt32) -> Double in
            let top = texel(i, j, shift) * (1 - fx) + texel(i + 1, j, shift) * fx
            let bottom = texel(i, j + 1, shift) * (1 - fx) + texel(i + 1, j + 1, shift) * fx
            return top * (1 - fy) + bottom * fy
        }
        return (0..<3).map { sampled[$0] + background[$0] * (255 - sampled[3]) / 255 }
    }

    /// Error budget against the model, per channel: sample positions rounded to 1/256 texel (≤ 0.5 per
    /// axis on a full-range edge), three rounded lerps (1.5) and the rounded blend (0.5).
    static let tolerance = 3.0

    static func check(transform: ImageTransform, image: Surface, size: Int, tolerance: Double) throws {
        let target = try GuardedSurface(width: size, height: size, layout: .xrgb8888,
                                        fill: Color(red: 20, green: 40, blue: 60).premultiplied())
        try target.surface.drawImage(image, transform: transform)
        let matrix = doubles(transform)
        var worst = 0.0
        for y in 0..<size {
            for x in 0..<size {
                let model = modelPixel(x: x, y: y, image: image, matrix: matrix, background: [20, 40, 60])
                let actual = target.surface.color(x: x, y: y)!
                worst = max(worst, abs(Double(actual.red) - model[0]), abs(Double(actual.green) - model[1]),
                            abs(Double(actual.blue) - model[2]))
            }
        }
        #expect(worst <= tolerance, "worst channel error \(worst)")
        #expect(target.guardIsIntact)
    }

    static func fixed(_ value: Double) -> Fixed { Fixed(raw: Int32((value * 65536).rounded())) }

    @Test func integerTranslationCopiesTexelsExactly() throws {
        print("ImageTests seed 0xC0FFEE")
        let image = try Self.makeImage(width: 7, height: 5, seed: 0xC0FFEE)
        let transform = try ImageTransform(Affine(translationX: Fixed(3), y: Fixed(2)))
        try Self.check(transform: transform, image: image.surface, size: 14, tolerance: 0.5)
    }

    @Test func rotatedAndScaledMatchesBilinearModel() throws {
        let image = try Self.makeImage(width: 12, height: 9, seed: 0xBEEF)
        let angle = 0.5236, scale = 1.5
        let affine = Affine(a: Self.fixed(cos(angle) * scale), b: Self.fixed(sin(angle) * scale),
                            c: Self.fixed(-sin(angle) * scale), d: Self.fixed(cos(angle) * scale),
                            tx: Self.fixed(14.3), ty: Self.fixed(3.7))
        try Self.check(transform: try ImageTransform(affine), image: image.surface, size: 32, tolerance: Self.tolerance)
    }

    @Test func perspectiveMatchesProjectiveModel() throws {
        let image = try Self.makeImage(width: 10, height: 10, seed: 0xFACE)
        func q32(_ value: Double) -> Int64 { Int64((value * 4_294_967_296).rounded()) }
        let transform = try ImageTransform(rows: [q32(1.8), q32(0.2), q32(0.004)], [q32(-0.3), q32(1.6), q32(0.002)],
                                           [q32(4.5), q32(3.25), q32(1)])
        #expect(!transform.isAffine)
        try Self.check(transform: transform, image: image.surface, size: 32, tolerance: Self.tolerance)
    }

    @Test func badImagesAndTransformsAreRefused() throws {
        let three: [UInt32] = [0xFF00_0000, 0xFF00_0000, 0xFF00_0000]
        #expect(throws: RasterError.imageDataMismatch(expectedPixels: 4, actualPixels: 3)) {
            _ = try Self.makeStorage(three, width: 2, height: 2)
        }
        let bad: [UInt32] = [0xFF00_0000, 0x10FF_0000]
        #expect(throws: RasterError.imageNotPremultiplied(x: 1, y: 0)) {
            _ = try Self.makeStorage(bad, width: 2, height: 1)
        }
        #expect(throws: RasterError.singularTransform) {
            try ImageTransform(Affine(a: Fixed(1), b: Fixed(2), c: Fixed(2), d: Fixed(4), tx: .zero, ty: .zero))
        }
        let opaque = try SurfaceStorage(width: 2, height: 2, layout: .xrgb8888)
        let target = try SurfaceStorage(width: 2, height: 2, layout: .xrgb8888)
        #expect(throws: RasterError.layoutMismatch(expected: .argb8888Premultiplied, actual: .xrgb8888)) {
            try target.surface.drawImage(opaque.surface, transform: try ImageTransform(Affine.identity))
        }
    }
}
