import Testing
import Glibc
import FixedPoint
@testable import Raster

/// Images under affine and perspective maps against a Double model of bilinear sampling with exact-area
/// edges.
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

    /// The model, all in Double: the image's bilinear reconstruction (edge texels clamped) at the pixel centre
    /// mapped back by the exact inverse, times the exact area of the pixel inside the mapped image rectangle
    /// (the quad clipped to the pixel square), source-over.
    static func modelPixel(x: Int, y: Int, image: Surface, matrix m: [[Double]], background: [Double]) -> [Double] {
        let coverage = pixelArea(x: x, y: y, quad: mappedCorners(image: image, matrix: m))
        if coverage == 0 { return background }
        let sample = bilinear(X: Double(x) + 0.5, Y: Double(y) + 0.5, image: image, matrix: m).map { $0 * coverage }
        return (0..<3).map { sample[$0] + background[$0] * (255 - sample[3]) / 255 }
    }

    /// The bilinear reconstruction (edge texels clamped) at destination point (X, Y): premultiplied red,
    /// green, blue, alpha.
    static func bilinear(X: Double, Y: Double, image: Surface, matrix m: [[Double]]) -> [Double] {
        // Solve [u v 1]·M ∝ [X Y 1] for u, v (2×2 linear system).
        let a11 = m[0][0] - X * m[0][2], a12 = m[1][0] - X * m[1][2], b1 = X * m[2][2] - m[2][0]
        let a21 = m[0][1] - Y * m[0][2], a22 = m[1][1] - Y * m[1][2], b2 = Y * m[2][2] - m[2][1]
        let det = a11 * a22 - a12 * a21
        let u = (b1 * a22 - a12 * b2) / det - 0.5, v = (a11 * b2 - b1 * a21) / det - 0.5
        let i = Int(u.rounded(.down)), j = Int(v.rounded(.down))
        let fx = u - Double(i), fy = v - Double(j)
        func texel(_ tx: Int, _ ty: Int, _ shift: UInt32) -> Double {
            let cx = min(max(tx, 0), image.width - 1), cy = min(max(ty, 0), image.height - 1)
            return Double((image.pixel(x: cx, y: cy)! >> shift) & 0xFF)
        }
        return [16, 8, 0, 24].map { (shift: UInt32) -> Double in
            let top = texel(i, j, shift) * (1 - fx) + texel(i + 1, j, shift) * fx
            let bottom = texel(i, j + 1, shift) * (1 - fx) + texel(i + 1, j + 1, shift) * fx
            return top * (1 - fy) + bottom * fy
        }
    }

    /// The image rectangle's corners mapped by the row-vector homography `m`.
    static func mappedCorners(image: Surface, matrix m: [[Double]]) -> [(Double, Double)] {
        [(0.0, 0.0), (Double(image.width), 0), (Double(image.width), Double(image.height)), (0, Double(image.height))]
            .map { u, v in
                let w = u * m[0][2] + v * m[1][2] + m[2][2]
                return ((u * m[0][0] + v * m[1][0] + m[2][0]) / w, (u * m[0][1] + v * m[1][1] + m[2][1]) / w)
            }
    }

    /// The area of pixel (x, y) inside the convex polygon `quad`: the polygon clipped to each side of the
    /// pixel square in turn (Sutherland–Hodgman), then the shoelace formula.
    static func pixelArea(x: Int, y: Int, quad: [(Double, Double)]) -> Double {
        var polygon = quad
        let sides: [(inside: ((Double, Double)) -> Bool, cut: ((Double, Double), (Double, Double)) -> (Double, Double))] = [
            ({ $0.0 >= Double(x) }, { a, b in cutAtX(a, b, Double(x)) }),
            ({ $0.0 <= Double(x + 1) }, { a, b in cutAtX(a, b, Double(x + 1)) }),
            ({ $0.1 >= Double(y) }, { a, b in cutAtY(a, b, Double(y)) }),
            ({ $0.1 <= Double(y + 1) }, { a, b in cutAtY(a, b, Double(y + 1)) }),
        ]
        for side in sides {
            var kept: [(Double, Double)] = []
            for (index, current) in polygon.enumerated() {
                let previous = polygon[(index + polygon.count - 1) % polygon.count]
                if side.inside(current) {
                    if !side.inside(previous) { kept.append(side.cut(previous, current)) }
                    kept.append(current)
                } else if side.inside(previous) {
                    kept.append(side.cut(previous, current))
                }
            }
            polygon = kept
            if polygon.isEmpty { return 0 }
        }
        let twice = polygon.indices.reduce(0.0) { sum, i in
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            return sum + a.0 * b.1 - b.0 * a.1
        }
        return abs(twice) / 2
    }

    static func cutAtX(_ a: (Double, Double), _ b: (Double, Double), _ x: Double) -> (Double, Double) {
        (x, a.1 + (b.1 - a.1) * (x - a.0) / (b.0 - a.0))
    }

    static func cutAtY(_ a: (Double, Double), _ b: (Double, Double), _ y: Double) -> (Double, Double) {
        (a.0 + (b.0 - a.0) * (y - a.1) / (b.1 - a.1), y)
    }

    /// Error budget against the model before the one rounding, per channel, in 8-bit steps: the wide sample
    /// (position to 1/65,536 texel, horizontal interpolations to Q8: 0.006), the blend's arithmetic (2^-14),
    /// the Q24 row stepping and fixed-point inverse (≈ 0.001 on these sizes), and at the outline the vertices
    /// rounded to Q16 and the row/column crossings truncated to 1/65,536 px (≤ 4 edges × 2^-16 of the pixel:
    /// 0.016). Each stored channel must be what rounding the model ± this gives (one of two bytes at most).
    static let tolerance = 0.03

    /// Draws `image` over a solid background in `layout` (XRGB8888 or a 5-6-5 layout) and checks every pixel
    /// against the model: each 8-bit channel is `round(model ± tolerance)`; 5-6-5 fields are that byte
    /// narrowed to nearest (`round(v × 31 / 255)`, `round(v × 63 / 255)`), as the format defines.
    static func check(transform: ImageTransform, image: Surface, size: Int, tolerance: Double,
                      layout: PixelLayout = .xrgb8888) throws {
        let target = try GuardedSurface(width: size, height: size, layout: layout,
                                        fill: Color(red: 20, green: 40, blue: 60).premultiplied())
        let bare = target.surface.color(x: 0, y: 0)!
        try target.surface.drawImage(image, transform: transform)
        let matrix = doubles(transform)
        let background = [Double(bare.red), Double(bare.green), Double(bare.blue)]
        let bits = layout == .xrgb8888 ? [8, 8, 8] : [5, 6, 5]
        var worst = 0.0, failures = 0
        for y in 0..<size {
            for x in 0..<size {
                let model = modelPixel(x: x, y: y, image: image, matrix: matrix, background: background)
                let actual = target.surface.color(x: x, y: y)!
                let stored = [Double(actual.red), Double(actual.green), Double(actual.blue)]
                for channel in 0..<3 {
                    worst = max(worst, abs(stored[channel] - model[channel]))
                    let allowed = [model[channel] - tolerance, model[channel] + tolerance].map { value -> Double in
                        let byte = UInt32(min(max(value, 0), 255).rounded())
                        return Double(ChannelMath.widen(ChannelMath.narrow(byte, toBits: bits[channel]), fromBits: bits[channel]))
                    }
                    if !allowed.contains(stored[channel]) {
                        failures += 1
                        if failures <= 5 { Issue.record("(\(x), \(y)) channel \(channel): \(stored[channel]), model \(model[channel])") }
                    }
                }
            }
        }
        print("ImageTests: \(layout == .xrgb8888 ? "XRGB8888" : "RGB565") worst |stored − model| \(worst)")
        #expect(failures == 0)
        #expect(target.guardIsIntact)
    }

    static func fixed(_ value: Double) -> Fixed { Fixed(raw: Int32((value * 65536).rounded())) }

    @Test func integerTranslationCopiesTexelsExactly() throws {
        print("ImageTests seed 0xC0FFEE")
        let image = try Self.makeImage(width: 7, height: 5, seed: 0xC0FFEE)
        let transform = try ImageTransform(Affine(translationX: Fixed(3), y: Fixed(2)))
        try Self.check(transform: transform, image: image.surface, size: 14, tolerance: 0)
    }

    @Test func rotatedAndScaledMatchesBilinearModel() throws {
        let image = try Self.makeImage(width: 12, height: 9, seed: 0xBEEF)
        let angle = 0.5236, scale = 1.5
        let affine = Affine(a: Self.fixed(cos(angle) * scale), b: Self.fixed(sin(angle) * scale),
                            c: Self.fixed(-sin(angle) * scale), d: Self.fixed(cos(angle) * scale),
                            tx: Self.fixed(14.3), ty: Self.fixed(3.7))
        for layout in [PixelLayout.xrgb8888, .rgb565] {
            try Self.check(transform: try ImageTransform(affine), image: image.surface, size: 32, tolerance: Self.tolerance,
                           layout: layout)
        }
    }

    @Test func perspectiveMatchesProjectiveModel() throws {
        let image = try Self.makeImage(width: 10, height: 10, seed: 0xFACE)
        func q32(_ value: Double) -> Int64 { Int64((value * 4_294_967_296).rounded()) }
        let transform = try ImageTransform(rows: [q32(1.8), q32(0.2), q32(0.004)], [q32(-0.3), q32(1.6), q32(0.002)],
                                           [q32(4.5), q32(3.25), q32(1)])
        #expect(!transform.isAffine)
        for layout in [PixelLayout.xrgb8888, .rgb565] {
            try Self.check(transform: transform, image: image.surface, size: 32, tolerance: Self.tolerance, layout: layout)
        }
    }

    /// Half a pixel off the grid, the outline's columns are exactly half covered, in the edge texel's colour
    /// (the centre maps to the image's edge, where clamping reads the edge column).
    @Test func halfPixelOffsetEdgesAreHalfCovered() throws {
        let texels: [UInt32] = [0xFFC8_6420, 0xFF10_2030, 0xFF40_5060, 0xFF30_9000,
                                0xFF00_FF00, 0xFF12_3456, 0xFF65_4321, 0xFFFF_FFFF]
        let image = try Self.makeStorage(texels, width: 4, height: 2)
        let target = try GuardedSurface(width: 10, height: 6, layout: .xrgb8888)
        let black = target.surface.pixel(x: 0, y: 0)
        try target.surface.drawImage(image.surface, transform: try ImageTransform(Affine(translationX: Fixed(raw: 0x2_8000),
                                                                                          y: Fixed(2))))
        for (x, texel) in [(2, texels[0]), (6, texels[3])] {
            let pixel = try #require(target.surface.pixel(x: x, y: 2))
            for shift: UInt32 in [16, 8, 0] {
                let expected = Double((texel >> shift) & 0xFF) * 0.5  // coverage exactly 0.5, rounded once
                #expect(abs(Double((pixel >> shift) & 0xFF) - expected) <= 0.5 + Self.tolerance, "x \(x) shift \(shift): \(pixel)")
            }
        }
        #expect(target.surface.pixel(x: 1, y: 2) == black && target.surface.pixel(x: 7, y: 2) == black)
        #expect(target.surface.pixel(x: 4, y: 1) == black && target.surface.pixel(x: 4, y: 4) == black)
        #expect(target.guardIsIntact)
    }

    /// Exact-area edges: white drawn over black adds up to the image's mapped area (1.3² × 20 × 10 px²).
    @Test func coverageAddsUpToTheMappedArea() throws {
        let image = try Self.makeStorage(Array(repeating: 0xFFFF_FFFF, count: 200), width: 20, height: 10)
        let angle = 0.5, scale = 1.3
        let affine = Affine(a: Self.fixed(cos(angle) * scale), b: Self.fixed(sin(angle) * scale),
                            c: Self.fixed(-sin(angle) * scale), d: Self.fixed(cos(angle) * scale),
                            tx: Self.fixed(12.37), ty: Self.fixed(2.81))
        let target = try GuardedSurface(width: 40, height: 40, layout: .xrgb8888)
        try target.surface.drawImage(image.surface, transform: try ImageTransform(affine))
        var total = 0.0
        for y in 0..<40 { for x in 0..<40 { total += Double(target.surface.color(x: x, y: y)!.green) / 255 } }
        // Per edge pixel the one rounding (≤ 0.5/255) and the edge placement (≤ 0.03/255); about 110 edge
        // pixels: at most 0.23 px² in all (the ± roundings mostly cancel).
        #expect(abs(total - 200 * scale * scale) <= 0.23, "covered \(total) px², expected \(200 * scale * scale)")
        #expect(target.guardIsIntact)
    }

    /// Seeded random affine and perspective maps (many far off-surface, huge, or with corners behind the
    /// viewer) never write outside the clip.
    @Test func randomTransformsStayInsideTheClip() throws {
        let seed: UInt32 = 0x1A6E_5EED
        print("ImageTests.randomTransformsStayInsideTheClip seed \(seed)")
        var random = XorShift32(seed: seed)
        let image = try Self.makeImage(width: 9, height: 7, seed: seed)
        let clip = IntRect(x: 3, y: 2, width: 20, height: 15)
        let target = try GuardedSurface(width: 26, height: 20, layout: .rgb565)
        let background = target.surface.pixel(x: 0, y: 0)
        let surface = target.surface.clipped(to: clip)
        func entry(_ range: Int) -> Int64 { Int64(random.next(below: 2 * range + 1) - range) << 26 }
        for trial in 0..<2_000 {
            let perspective = trial % 2 == 1
            let far: Int64 = trial % 7 == 0 ? 1 << 20 : 1
            let rows: [[Int64]] = [[entry(128), entry(128), perspective ? entry(2) : 0],
                                   [entry(128), entry(128), perspective ? entry(2) : 0],
                                   [entry(4096) * far, entry(4096) * far, (1 << 32) + (perspective ? entry(32) : 0)]]
            guard let transform = try? ImageTransform(rows: [rows[0][0], rows[0][1], rows[0][2]],
                                                      [rows[1][0], rows[1][1], rows[1][2]],
                                                      [rows[2][0], rows[2][1], rows[2][2]]) else { continue }
            try surface.drawImage(image.surface, transform: transform, opacity: UInt8(random.next(below: 256)))
        }
        for y in 0..<20 {
            for x in 0..<26 where !clip.contains(x: x, y: y) {
                #expect(target.surface.pixel(x: x, y: y) == background, "(\(x), \(y)) outside the clip changed")
            }
        }
        #expect(target.guardIsIntact)
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
