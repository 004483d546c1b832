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
}
