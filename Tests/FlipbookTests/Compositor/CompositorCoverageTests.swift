import FixedPoint
import Raster
import Testing
@testable import Flipbook

/// Anti-aliased edges against a `Double` model of exact pixel coverage.
@Suite struct CompositorCoverageTests {
    /// The area of the pixel (x, y) inside the rectangle `minX ..< maxX × minY ..< maxY`.
    static func coverage(x: Int, y: Int, _ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double) -> Double {
        let width = max(0, min(Double(x + 1), maxX) - max(Double(x), minX))
        let height = max(0, min(Double(y + 1), maxY) - max(Double(y), minY))
        return width * height
    }

    /// A white layer at fractional coordinates over black: every channel of every pixel is 255 × the
    /// pixel's exact area inside the layer, to ±1 (the rasterizer works on 1/1024-pixel vertices).
    @Test(arguments: [(10.25, 5.5, 20.5, 10.0), (3.125, 7.75, 9.3, 1.4), (0.5, 0.5, 40.0, 20.0)])
    func rectangleEdgesMatchExactArea(x: Double, y: Double, width: Double, height: Double) throws {
        var harness = try CompositorHarness(width: 48, height: 32, background: Color(red: 0, green: 0, blue: 0))
        try harness.render(try snapshot([SceneSketch(1, x, y, width, height, background: Palette.white)]))
        var worst = 0.0
        for row in 0..<32 {
            for column in 0..<48 {
                let expected = 255 * Self.coverage(x: column, y: row, x, y, x + width, y + height)
                let actual = Double(harness.surface.color(x: column, y: row)!.green)
                worst = max(worst, abs(actual - expected))
            }
        }
        #expect(worst <= 1.0, "worst channel error \(worst) for the layer at (\(x), \(y)) size \(width) × \(height)")
    }

    /// Group opacity of a single primitive drawn directly equals the same primitive drawn through an
    /// offscreen group to within one step of rounding order (a ×o then ×c versus ×c then ×o).
    @Test func directFadeMatchesGroupFadeWithinRounding() throws {
        var direct = SceneSketch(1, 4.5, 4.25, 30, 20, background: Palette.translucentMagenta)
        direct.opacity = 0.6
        direct.cornerRadius = 7
        var grouped = direct
        grouped.sublayers = [SceneSketch(2, 0, 0, 0, 0)]  // an empty sublayer forces the offscreen group
        var first = try CompositorHarness(width: 40, height: 32)
        try first.render(try snapshot([direct]))
        var second = try CompositorHarness(width: 40, height: 32)
        try second.render(try snapshot([grouped]))
        var worst = 0
        for (a, b) in zip(first.pixels, second.pixels) {
            for shift in stride(from: 0, to: 24, by: 8) {
                worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
            }
        }
        #expect(worst <= 1)
    }
}
