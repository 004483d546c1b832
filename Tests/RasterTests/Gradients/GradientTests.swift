import FixedPoint
import Foundation
import Testing
@testable import Raster

/// Gradients against `GradientModel`: exact per pixel centre in XRGB8888, supersampled quality at the
/// edges, dithered RGB565 without bands, and the typed refusals.
@Suite struct GradientTests {
    static let orange = Color(red: 255, green: 140, blue: 20), teal = Color(red: 10, green: 150, blue: 160)
    static let violet = Color(red: 120, green: 40, blue: 200, alpha: 255)

    /// One model per kind over a 120 × 90 layer at (10.25, 6.5), rotated by 0.3 rad about the origin and
    /// moved. The exactness case has a hard stop (two at 0.6); the quality case has translucent colours and
    /// no hard stop: a hard stop is point-sampled at pixel centres (as the format defines), so along it a
    /// pixel differs from the area average by up to the whole jump, which no area reference can accept.
    static func models(translucent: Bool) -> [GradientModel] {
        let bounds = Rect(x: Fixed(raw: 671_744), y: Fixed(raw: 425_984), width: Fixed(120), height: Fixed(90))
        let rotation = Affine(rotationAngle: Fixed(raw: 19_661))
        let transform = Affine(a: rotation.a, b: rotation.b, c: rotation.c, d: rotation.d,
                               tx: Fixed(raw: 2_457_600), ty: Fixed(raw: 98_304))
        let middle = translucent ? Color(red: 200, green: 30, blue: 90, alpha: 128) : violet
        let stops: [(Double, Color)] = translucent ? [(0.1, orange), (0.6, middle), (0.95, teal)]
            : [(0.1, orange), (0.6, middle), (0.6, teal), (0.95, orange)]
        let wheel: [(Double, Color)] = [(0, orange), (0.3, middle), (0.7, teal), (1, orange)]
        return [
            GradientModel(kind: .axial, start: (0.2, 0.1), end: (0.9, 0.8), stops: stops, bounds: bounds, transform: transform),
            GradientModel(kind: .radial, start: (0.45, 0.55), end: (0.95, 1.0), stops: stops, bounds: bounds, transform: transform),
            GradientModel(kind: .conic, start: (0.4, 0.45), end: (0.9, 0.2), stops: wheel, bounds: bounds, transform: transform),
        ]
    }

    static func draw(_ model: GradientModel, layout: PixelLayout, background: Color, opacity: UInt8 = 255) throws -> SurfaceStorage {
        let storage = try SurfaceStorage(width: 160, height: 140, layout: layout)
        storage.surface.fill(storage.surface.bounds, color: background.premultiplied())
        let bounds = Rect(x: Fixed(raw: Int32(model.bounds.x * 65536)), y: Fixed(raw: Int32(model.bounds.y * 65536)),
                          width: Fixed(raw: Int32(model.bounds.width * 65536)), height: Fixed(raw: Int32(model.bounds.height * 65536)))
        let m = model.transform
        func fixed(_ value: Double) -> Fixed { Fixed(raw: Int32((value * 65536).rounded())) }
        let transform = Affine(a: fixed(m.a), b: fixed(m.b), c: fixed(m.c), d: fixed(m.d), tx: fixed(m.tx), ty: fixed(m.ty))
        try storage.surface.drawGradient(try model.gradient(), bounds: bounds, transform: transform, opacity: opacity)
        return storage
    }

    static func channels(_ storage: borrowing SurfaceStorage, _ x: Int, _ y: Int) -> [Double] {
        let pixel = storage.surface.pixel(x: x, y: y)!
        return [Double((pixel >> 16) & 0xFF), Double((pixel >> 8) & 0xFF), Double(pixel & 0xFF)]
    }

    /// Every pixel whose whole square lies inside the layer holds the gradient at its centre rounded once:
    /// within half a step (plus 1/256 for the Q24 arithmetic) of the exact colour.
    @Test(arguments: [0, 1, 2])
    func xrgb8888IsTheColourAtThePixelCentreRoundedOnce(kind: Int) throws {
        let model = Self.models(translucent: false)[kind]
        let storage = try Self.draw(model, layout: .xrgb8888, background: .black)
        var worst = 0.0, checked = 0
        for y in 0..<140 {
            for x in 0..<160 {
                let corners = [(0.0, 0.0), (1, 0), (0, 1), (1, 1)].map { model.layerPoint(Double(x) + $0.0, Double(y) + $0.1) }
                guard corners.allSatisfy(model.inside), let exact = model.colour(atSurface: Double(x) + 0.5, Double(y) + 0.5) else { continue }
                let stored = Self.channels(storage, x, y)
                for channel in 0..<3 { worst = max(worst, abs(stored[channel] - exact[channel])) }
                checked += 1
            }
        }
        print("gradient \(model.kind): \(checked) interior pixels, worst |stored − exact| \(worst)")
        #expect(checked > 8000)
        #expect(worst <= 0.5 + 1.0 / 256)
    }

    /// Against 16 × 16 supersamples of the exact gradient composited over the background (edges,
    /// translucent stops, opacity 200): mean error ≤ 0.5/255, 99.9th percentile ≤ 8/255 (the shapes' bar).
    @Test(arguments: [0, 1, 2])
    func qualityAgainstSupersampledReference(kind: Int) throws {
        let model = Self.models(translucent: true)[kind]
        let background = Color(red: 30, green: 60, blue: 40)
        let storage = try Self.draw(model, layout: .xrgb8888, background: background, opacity: 200)
        let backdrop = [Double(background.red), Double(background.green), Double(background.blue)]
        var errors: [Double] = []
        for y in 0..<140 {
            for x in 0..<160 {
                var sum = [0.0, 0.0, 0.0]
                for sy in 0..<16 {
                    for sx in 0..<16 {
                        let px = Double(x) + (Double(sx) + 0.5) / 16, py = Double(y) + (Double(sy) + 0.5) / 16
                        guard let c = model.colour(atSurface: px, py) else {
                            for i in 0..<3 { sum[i] += backdrop[i] }
                            continue
                        }
                        let o = 200.0 / 255
                        for i in 0..<3 { sum[i] += backdrop[i] * (1 - c[3] / 255 * o) + c[i] * o }
                    }
                }
                let stored = Self.channels(storage, x, y)
                for i in 0..<3 { errors.append(abs(stored[i] - sum[i] / 256)) }
            }
        }
        errors.sort()
        let mean = errors.reduce(0, +) / Double(errors.count)
        let p999 = errors[Int(Double(errors.count) * 0.999)]
        print("gradient \(model.kind) quality: mean \(mean)/255, p99.9 \(p999)/255, max \(errors.last!)/255")
        #expect(mean <= 0.5)
        #expect(p999 <= 8)
    }

    /// A dark, shallow ramp in RGB565 (about 4 five-bit steps over 160 px: bands 40 px wide when rounded to
    /// nearest): every aligned 8 × 8 block's mean equals the exact mean within 0.5/255 per channel, no pixel
    /// is off by more than one 5-/6-bit step, and the pattern is the same on every draw.
    @Test func rgb565IsDitheredWithoutBands() throws {
        let bounds = Rect(x: .zero, y: .zero, width: Fixed(160), height: Fixed(140))
        let model = GradientModel(kind: .axial, start: (0, 0.5), end: (1, 0.5),
                                  stops: [(0, Color(red: 20, green: 24, blue: 40)), (1, Color(red: 52, green: 40, blue: 72))],
                                  bounds: bounds, transform: .identity)
        let first = try Self.draw(model, layout: .rgb565, background: .black)
        let second = try Self.draw(model, layout: .rgb565, background: .black)
        func widened(_ s: borrowing SurfaceStorage, _ x: Int, _ y: Int) -> [Double] {
            let p = s.surface.pixel(x: x, y: y)!
            return [Double(p >> 11) * 255 / 31, Double((p >> 5) & 0x3F) * 255 / 63, Double(p & 0x1F) * 255 / 31]
        }
        var worstBlock = 0.0, worstPixel = 0.0
        for by in stride(from: 0, to: 136, by: 8) {
            for bx in stride(from: 0, to: 160, by: 8) {
                var stored = [0.0, 0.0, 0.0], exact = [0.0, 0.0, 0.0]
                for y in by..<(by + 8) {
                    for x in bx..<(bx + 8) {
                        #expect(first.surface.pixel(x: x, y: y) == second.surface.pixel(x: x, y: y))
                        let s = widened(first, x, y), e = model.colour(atSurface: Double(x) + 0.5, Double(y) + 0.5)!
                        for i in 0..<3 {
                            stored[i] += s[i] / 64
                            exact[i] += e[i] / 64
                            worstPixel = max(worstPixel, abs(s[i] - e[i]))
                        }
                    }
                }
                for i in 0..<3 { worstBlock = max(worstBlock, abs(stored[i] - exact[i])) }
            }
        }
        print("rgb565 dither: worst 8×8 block mean error \(worstBlock)/255, worst pixel \(worstPixel)/255")
        #expect(worstBlock <= 0.5)
        #expect(worstPixel <= 255.0 / 31)
    }

    /// A half-transparent ramp over a mid-grey RGB565 background: dithering picks one of the two 5-/6-bit levels
    /// around the blend of the ramp over the stored background, so every pixel is within one step of the exact
    /// blend (plus half an 8-bit step: the stored background is widened as `(v · 527 + 23) >> 6`, not
    /// `v · 255 / 31`). The pixel under the gradient once widened to 64 times its value and saturated.
    @Test func rgb565BlendsOverTheStoredBackground() throws {
        let bounds = Rect(x: .zero, y: .zero, width: Fixed(160), height: Fixed(140))
        let model = GradientModel(kind: .axial, start: (0, 0.5), end: (1, 0.5),
                                  stops: [(0, Color(red: 200, green: 40, blue: 30, alpha: 128)),
                                          (1, Color(red: 30, green: 200, blue: 90, alpha: 128))],
                                  bounds: bounds, transform: .identity)
        let storage = try Self.draw(model, layout: .rgb565, background: Color(red: 100, green: 120, blue: 140))
        let levels = [31.0, 63.0, 31.0]
        func stored(_ value: Double, _ channel: Int) -> Double {
            (value * levels[channel] / 255).rounded() * 255 / levels[channel]
        }
        let under = [stored(100, 0), stored(120, 1), stored(140, 2)]
        var worst = 0.0
        for y in 0..<140 {
            for x in 0..<160 {
                let pixel = storage.surface.pixel(x: x, y: y)!
                let fields = [Double(pixel >> 11), Double((pixel >> 5) & 0x3F), Double(pixel & 0x1F)]
                let colour = model.colour(atSurface: Double(x) + 0.5, Double(y) + 0.5)!  // premultiplied
                for i in 0..<3 {
                    let exact = colour[i] + under[i] * (1 - colour[3] / 255)
                    worst = max(worst, abs(fields[i] * 255 / levels[i] - exact) - 255 / levels[i])
                }
            }
        }
        #expect(worst <= 0.5, "worst pixel beyond one step: \(worst)/255")
    }

    /// The 64 thresholds of the 8 × 8 pattern are each used once.
    @Test func bayerPatternUsesEveryThresholdOnce() {
        let indices = Set((0..<64).map { DitheredBlend565.bayerIndex(x: $0 % 8, y: $0 / 8) })
        #expect(indices == Set(0..<64))
    }

    @Test func refusals() throws {
        var gradient = Gradient(kind: .axial, start: .zero, end: Point(x: .one, y: .zero))
        #expect(throws: RasterError.gradientLocation(index: 0, raw: 65537)) {
            try gradient.appendStop(location: Fixed(raw: 65537), color: .white)
        }
        try gradient.appendStop(location: Fixed(raw: 32768), color: .white)
        #expect(throws: RasterError.gradientLocation(index: 1, raw: 32767)) {
            try gradient.appendStop(location: Fixed(raw: 32767), color: .white)
        }
        let storage = try SurfaceStorage(width: 4, height: 4, layout: .xrgb8888)
        #expect(throws: RasterError.gradientStopCount(1)) {
            try storage.surface.drawGradient(gradient, bounds: Rect(x: .zero, y: .zero, width: .one, height: .one), transform: .identity)
        }
        for _ in 1..<Gradient.maximumStops { try gradient.appendStop(location: .one, color: .black) }
        #expect(throws: RasterError.gradientStopCount(17)) { try gradient.appendStop(location: .one, color: .black) }
    }

    /// Start = end: every point is past the last stop (the whole layer in the last colour).
    @Test func degenerateGeometryFillsWithTheLastColour() throws {
        let bounds = Rect(x: .zero, y: .zero, width: Fixed(160), height: Fixed(140))
        for kind in [GradientKind.axial, .radial, .conic] {
            let model = GradientModel(kind: kind, start: (0.5, 0.5), end: (0.5, 0.5), stops: [(0, Self.orange), (1, Self.teal)],
                                      bounds: bounds, transform: .identity)
            let storage = try Self.draw(model, layout: .xrgb8888, background: .black)
            #expect(Self.channels(storage, 3, 100) == [10, 150, 160])
        }
    }
}
