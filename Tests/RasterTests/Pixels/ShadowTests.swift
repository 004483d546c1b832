import Testing
import Glibc
import FixedPoint
@testable import Raster

/// Shadows against a Double Gaussian model.
@Suite struct ShadowTests {
    @Test(arguments: [1.0, 2.5, 6.0, 13.0, 40.0])
    func threeBoxesHaveTheGaussiansVariance(radius: Double) {
        let plan = BoxBlurPlan(radius: Fixed(raw: Int32(radius * 65536)))
        let variance = (0..<3).map { Double(plan.box($0) * plan.box($0) - 1) / 12 }.reduce(0, +)
        let sigma = radius / 2
        // Odd integer widths: the variance lands within one width step (±(w + 1)/3) of σ².
        #expect(abs(variance - sigma * sigma) <= Double(plan.box(2) + 1) / 3, "variance \(variance) for σ² \(sigma * sigma)")
        #expect(plan.reach >= Int(1.5 * sigma) && plan.reach <= Int(3.5 * sigma) + 1)
    }

    /// The shadow of a large rectangle across its left edge follows 255·Φ(d/σ) (d = distance inside the edge).
    @Test func edgeProfileFollowsTheGaussianIntegral() throws {
        let target = try GuardedSurface(width: 120, height: 120, layout: .a8, fill: .clear)
        var shadows = try ShadowRenderer(maximumWidth: 200, maximumHeight: 200)
        let shape = try RoundedRect(rect: Rect(x: Fixed(40), y: Fixed(10), width: Fixed(70), height: Fixed(100)))
        let radius = 16.0, sigma = radius / 2
        try shadows.drawShadow(of: shape, color: .opaqueBlack, opacity: 255, offsetX: Fixed(-5), offsetY: .zero,
                               radius: Fixed(Int16(radius)), into: target.surface)
        var worst = 0.0
        for x in 10..<70 {
            let distance = Double(x) + 0.5 - 35
            let expected = 255 * 0.5 * erfc(-distance / (sigma * 2.0.squareRoot()))
            worst = max(worst, abs(Double(target.surface.pixel(x: x, y: 60)!) - expected))
        }
        // Three boxes are not a Gaussian: the classic approximation stays within about 2 % of full scale.
        #expect(worst <= 6, "worst \(worst)")
        #expect(target.guardIsIntact)
    }

    @Test func shadowIsSymmetricAndFadedByOpacity() throws {
        let target = try GuardedSurface(width: 40, height: 40, layout: .xrgb8888, fill: .opaqueBlack)
        var shadows = try ShadowRenderer(maximumWidth: 64, maximumHeight: 64)
        let shape = try RoundedRect(rect: Rect(x: Fixed(10), y: Fixed(10), width: Fixed(20), height: Fixed(20)), cornerRadius: Fixed(5))
        try shadows.drawShadow(of: shape, color: .opaqueWhite, opacity: 128, offsetX: .zero, offsetY: .zero,
                               radius: Fixed(6), into: target.surface)
        for y in 0..<40 {
            for x in 0..<40 {
                let value = target.surface.color(x: x, y: y)!.green
                #expect(value == target.surface.color(x: 39 - x, y: y)!.green)
                // Transposed: passes run horizontal first and round to 8 bits between passes, so ±1.
                #expect(abs(Int(value) - Int(target.surface.color(x: y, y: x)!.green)) <= 1)
                #expect(value <= 128)
            }
        }
        #expect(target.surface.color(x: 20, y: 20)!.green == 128)
        #expect(target.guardIsIntact)
    }

    @Test func badShadowsAreRefused() throws {
        let target = try SurfaceStorage(width: 8, height: 8, layout: .xrgb8888)
        var shadows = try ShadowRenderer(maximumWidth: 16, maximumHeight: 16)
        let shape = try RoundedRect(rect: Rect(x: Fixed(0), y: Fixed(0), width: Fixed(8), height: Fixed(8)))
        #expect(throws: RasterError.invalidGeometry(name: "shadowRadius", raw: -65536)) {
            try shadows.drawShadow(of: shape, color: .opaqueBlack, opacity: 255, offsetX: .zero, offsetY: .zero,
                                   radius: Fixed(-1), into: target.surface)
        }
        #expect(throws: RasterError.self) {
            try shadows.drawShadow(of: shape, color: .opaqueBlack, opacity: 255, offsetX: .zero, offsetY: .zero,
                                   radius: Fixed(20), into: target.surface)
        }
    }

    /// Three box blurs of `alpha` (row-major `width × height`, zero outside) with the plan's widths, exact.
    static func boxBlurModel(_ alpha: [Double], width: Int, height: Int, plan: BoxBlurPlan) -> [Double] {
        var values = alpha
        for pass in 0..<3 {
            let half = plan.box(pass) / 2, scale = 1 / Double(plan.box(pass))
            var across = [Double](repeating: 0, count: values.count)
            for y in 0..<height {
                for x in 0..<width {
                    across[y * width + x] = (max(0, x - half)...min(width - 1, x + half)).reduce(0) { $0 + values[y * width + $1] } * scale
                }
            }
            for y in 0..<height {
                for x in 0..<width {
                    values[y * width + x] = (max(0, y - half)...min(height - 1, y + half)).reduce(0) { $0 + across[$1 * width + x] } * scale
                }
            }
        }
        return values
    }

    /// The shadow of an arbitrary alpha silhouette (seeded random blocks of random alpha in an ARGB source)
    /// against the exact three-box model of the same blur: each of the six integer passes rounds once.
    @Test(arguments: [0.0, 3.0, 7.5])
    func silhouetteShadowMatchesTheBoxBlurModel(radius: Double) throws {
        let size = 64
        let source = try SurfaceStorage(width: size, height: size, layout: .argb8888Premultiplied)
        var alpha = [Double](repeating: 0, count: size * size)
        var generator = SeededGenerator(seed: 0x5AD0_0001)
        print("silhouette seed 0x5AD00001, radius \(radius)")
        for _ in 0..<6 {
            let x = Int.random(in: 14..<40, using: &generator), y = Int.random(in: 14..<40, using: &generator)
            let w = Int.random(in: 2..<12, using: &generator), h = Int.random(in: 2..<12, using: &generator)
            let a = UInt32.random(in: 40...255, using: &generator)
            for row in y..<(y + h) {
                let words = source.surface.rowAddress(row).assumingMemoryBound(to: UInt32.self)
                for column in x..<(x + w) {
                    words[column] = a << 24 | (a / 2) << 8  // premultiplied dark green
                    alpha[row * size + column] = Double(a)
                }
            }
        }
        let target = try GuardedSurface(width: size, height: size, layout: .a8, fill: .clear)
        var shadows = try ShadowRenderer(maximumWidth: 128, maximumHeight: 128)
        let fixedRadius = Fixed(raw: Int32(radius * 65536))
        try shadows.drawShadow(ofAlpha: source.surface, color: .opaqueBlack, opacity: 255, offsetX: 3, offsetY: -2,
                               radius: fixedRadius, into: target.surface)
        let model = Self.boxBlurModel(alpha, width: size, height: size, plan: BoxBlurPlan(radius: fixedRadius))
        var worst = 0.0, strongest = 0.0
        for y in 0..<size {
            for x in 0..<size {
                let (sx, sy) = (x - 3, y + 2)
                let expected = sx >= 0 && sx < size && sy >= 0 && sy < size ? model[sy * size + sx] : 0
                strongest = max(strongest, expected)
                worst = max(worst, abs(Double(target.surface.pixel(x: x, y: y)!) - expected))
            }
        }
        #expect(worst <= 3, "worst \(worst) (six passes round once each)")
        #expect(strongest > 60)
        #expect(target.guardIsIntact)
    }

    @Test func silhouetteShadowRespectsTheMask() throws {
        let source = try SurfaceStorage(width: 32, height: 32, layout: .a8)
        source.surface.replace(IntRect(x: 8, y: 8, width: 16, height: 16), with: .opaqueBlack)
        let target = try GuardedSurface(width: 32, height: 32, layout: .xrgb8888, fill: .opaqueWhite)
        let mask = try SurfaceStorage(width: 32, height: 32, layout: .a8)
        mask.surface.replace(IntRect(x: 16, y: 0, width: 16, height: 32), with: .opaqueBlack)
        var shadows = try ShadowRenderer(maximumWidth: 64, maximumHeight: 64)
        try shadows.drawShadow(ofAlpha: source.surface, color: .opaqueBlack, opacity: 255, offsetX: 0, offsetY: 0,
                               radius: Fixed(4), into: target.surface, mask: mask.surface)
        for y in 0..<32 {
            for x in 0..<16 { #expect(target.surface.color(x: x, y: y)!.green == 255, "masked pixel (\(x), \(y))") }
        }
        #expect(target.surface.color(x: 20, y: 16)!.green < 40)
        #expect(target.guardIsIntact)
    }

    @Test func badSilhouetteShadowsAreRefused() throws {
        let target = try SurfaceStorage(width: 8, height: 8, layout: .xrgb8888)
        let opaque = try SurfaceStorage(width: 8, height: 8, layout: .xrgb8888)
        let smallMask = try SurfaceStorage(width: 4, height: 4, layout: .a8)
        var shadows = try ShadowRenderer(maximumWidth: 16, maximumHeight: 16)
        #expect(throws: RasterError.invalidGeometry(name: "shadowRadius", raw: -65536)) {
            try shadows.drawShadow(ofAlpha: smallMask.surface, color: .opaqueBlack, opacity: 255, offsetX: 0, offsetY: 0,
                                   radius: Fixed(-1), into: target.surface)
        }
        #expect(throws: RasterError.unsupportedBitsPerPixel(32)) {
            try shadows.drawShadow(ofAlpha: opaque.surface, color: .opaqueBlack, opacity: 255, offsetX: 0, offsetY: 0,
                                   radius: Fixed(1), into: target.surface)
        }
        #expect(throws: RasterError.sizeMismatch(width: 4, height: 4, expectedWidth: 8, expectedHeight: 8)) {
            try shadows.drawShadow(ofAlpha: smallMask.surface, color: .opaqueBlack, opacity: 255, offsetX: 0, offsetY: 0,
                                   radius: Fixed(1), into: target.surface, mask: smallMask.surface)
        }
    }
}
