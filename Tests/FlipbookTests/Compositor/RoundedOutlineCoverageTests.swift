import FixedPoint
import Raster
import Testing
@testable import Flipbook

/// Rounded backgrounds and borders against the exact area of their shapes, as paths are held to
/// (mean error ≤ 0.5/255, 99.9th percentile ≤ 8/255 per case): white over black, so a pixel's green
/// channel is 255 × its coverage. The `Double` model integrates each pixel's part of the rounded bounds —
/// minus, for a border, the bounds inset by the border width with radius max(0, r − w) — in 256 columns
/// per pixel, each exact in y.
@Suite struct RoundedOutlineCoverageTests {
    /// The area of pixel (`x`, `y`) inside `minX … maxX × minY … maxY` with corners rounded by `radius`
    /// (limited to half the shorter side, as Core Animation draws it).
    static func area(x: Int, y: Int, _ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double,
                     radius: Double) -> Double {
        guard maxX > minX, maxY > minY else { return 0 }
        let r = max(0, min(radius, min(maxX - minX, maxY - minY) / 2))
        let top = Double(y), left = max(Double(x), minX), right = min(Double(x + 1), maxX)
        if right <= left { return 0 }
        let clearOfCorners = r == 0 || (left >= minX + r && right <= maxX - r)
            || (top >= minY + r && top + 1 <= maxY - r)
        if clearOfCorners { return (right - left) * max(0, min(top + 1, maxY) - max(top, minY)) }
        let columns = 256, width = (right - left) / Double(columns)
        var sum = 0.0
        for column in 0..<columns {
            let cx = left + (Double(column) + 0.5) * width
            let dx = cx < minX + r ? minX + r - cx : (cx > maxX - r ? cx - (maxX - r) : 0)
            let half = (max(0, r * r - dx * dx)).squareRoot()
            sum += max(0, min(top + 1, maxY - r + half) - max(top, minY + r - half))
        }
        return sum * width
    }

    /// Per-pixel errors (in 1/255) of a white layer at (`x`, `y`) of `width` × `height` with `radius`:
    /// its background when `border` is 0, else its border alone.
    static func errors(x: Double, y: Double, width: Double, height: Double, radius: Double,
                       border: Double) throws -> [Double] {
        let canvas = Int((max(x + width, y + height) + 2).rounded(.up))
        var harness = try CompositorHarness(width: canvas, height: canvas, background: Color(red: 0, green: 0, blue: 0))
        var layer = SceneSketch(1, x, y, width, height, background: border == 0 ? Palette.white : nil)
        layer.cornerRadius = radius
        layer.borderWidth = border
        layer.borderColor = border == 0 ? nil : Palette.white
        try harness.render(try snapshot([layer]))
        var errors: [Double] = []
        for row in 0..<canvas {
            for column in 0..<canvas {
                var expected = area(x: column, y: row, x, y, x + width, y + height, radius: radius)
                if border > 0 {
                    expected -= area(x: column, y: row, x + border, y + border, x + width - border,
                                     y + height - border, radius: max(0, radius - border))
                }
                errors.append(abs(Double(harness.surface.color(x: column, y: row)!.green) - 255 * expected))
            }
        }
        return errors.sorted()
    }

    static func check(_ errors: [Double], _ label: String) {
        let mean = errors.reduce(0, +) / Double(errors.count)
        let p999 = errors[min(errors.count - 1, Int(Double(errors.count) * 0.999))]
        #expect(mean <= 0.5 && p999 <= 8, "\(label): mean \(mean)/255, p99.9 \(p999)/255, max \(errors.last!)/255")
    }

    /// The issue's case: a 56 × 56 layer, corner radius 16, border 4 (inner radius 12), whose inner
    /// corners were 15/255 off with 8 chords per quarter.
    @Test func issueBorderIsExact() throws {
        let errors = try Self.errors(x: 4, y: 4, width: 56, height: 56, radius: 16, border: 4)
        Self.check(errors, "56 × 56, r 16, w 4")
        #expect(errors.last! <= 4, "max \(errors.last!)/255")
    }

    /// Radii from sub-pixel to half the side, border widths from a hairline to past the radius, at
    /// fractional positions; the background alone at width 0.
    @Test(arguments: [0.0, 0.5, 1.0, 2.5, 4.0, 7.0, 13.0])
    func radiiAndWidthsSweep(border: Double) throws {
        for (index, radius) in [0.75, 2.0, 3.5, 6.0, 9.25, 12.0, 16.0, 23.0, 30.0].enumerated() {
            let offset = 2 + 0.37 * Double(index)
            let errors = try Self.errors(x: offset, y: 3 - 0.29 * Double(index), width: 57.3, height: 51.6,
                                         radius: radius, border: border)
            Self.check(errors, "r \(radius), w \(border)")
        }
    }

    /// A large radius (many chords per quarter).
    @Test func largeRadius() throws {
        Self.check(try Self.errors(x: 3.4, y: 2.7, width: 190, height: 170, radius: 80, border: 6), "r 80, w 6")
    }
}
