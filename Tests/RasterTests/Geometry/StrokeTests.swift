import FixedPoint
import Testing
@testable import Raster

/// Sum of coverage over a canvas, in pixels (coverage / 255).
func coveredArea(_ canvas: CoverageCanvas) -> Double {
    canvas.image.reduce(0.0) { $0 + Double($1) / 255 }
}

func strokeCanvas(
    _ path: Path, _ style: StrokeStyle, transform: Affine = .identity, size: Int = 32
) throws -> CoverageCanvas {
    var rasterizer = try Rasterizer()
    var canvas = CoverageCanvas(width: size, height: size)
    try rasterizer.stroke(path, style: style, transform: transform,
                          clip: IntRect(x: 0, y: 0, width: size, height: size), into: &canvas)
    #expect(canvas.guardBandIsClean && canvas.zeroRuns == 0 && canvas.rowOrderViolations == 0)
    return canvas
}

@Suite struct StrokeTests {
    @Test func buttLineIsARectangle() throws {
        var open = try Path()
        try open.move(to: Point(x: 2.0, y: 5.5))
        try open.line(to: Point(x: 10.0, y: 5.5))
        let canvas = try strokeCanvas(open, StrokeStyle(lineWidth: Fixed(2)))
        for y in 0..<10 {
            for x in 0..<14 {
                // Width 2 around y = 5.5: rows 4 and 6 half covered, row 5 fully.
                let expected: UInt8 = (x >= 2 && x < 10 && y == 5) ? 255 : (x >= 2 && x < 10 && (y == 4 || y == 6) ? 128 : 0)
                #expect(canvas.value(x: x, y: y) == expected, "pixel \(x), \(y)")
            }
        }
    }

    @Test func squareCapsExtendByHalfTheWidth() throws {
        var path = try Path()
        try path.move(to: Point(x: 4.0, y: 8.0))
        try path.line(to: Point(x: 12.0, y: 8.0))
        let canvas = try strokeCanvas(path, StrokeStyle(lineWidth: Fixed(4), lineCap: .square))
        #expect(abs(coveredArea(canvas) - 12 * 4) < 0.05)
        #expect(canvas.value(x: 2, y: 7) == 255 && canvas.value(x: 13, y: 9) == 255 && canvas.value(x: 1, y: 8) == 0)
    }

    @Test func roundCapsAddADisc() throws {
        var path = try Path()
        try path.move(to: Point(x: 10.0, y: 16.0))
        try path.line(to: Point(x: 20.0, y: 16.0))
        let canvas = try strokeCanvas(path, StrokeStyle(lineWidth: Fixed(8), lineCap: .round))
        let expected = 10.0 * 8 + Double.pi * 16
        #expect(abs(coveredArea(canvas) - expected) < 0.03, "area \(coveredArea(canvas)) vs \(expected)")
    }

    @Test func closedSquareOutlineIsARing() throws {
        let path = try polygonPath([[(8, 8), (24, 8), (24, 24), (8, 24)]])
        let canvas = try strokeCanvas(path, StrokeStyle(lineWidth: Fixed(2)))
        // Miter joins: the ring between 7…25 and 9…23.
        #expect(abs(coveredArea(canvas) - (18.0 * 18 - 14 * 14)) < 0.05, "area \(coveredArea(canvas))")
        #expect(canvas.value(x: 7, y: 7) == 255 && canvas.value(x: 16, y: 16) == 0 && canvas.value(x: 24, y: 16) == 255)
    }

    @Test func bevelAndRoundJoinsCutTheCorner() throws {
        let path = try polygonPath([[(8, 8), (24, 8), (24, 24), (8, 24)]])
        let miter = coveredArea(try strokeCanvas(path, StrokeStyle(lineWidth: Fixed(4))))
        let bevel = coveredArea(try strokeCanvas(path, StrokeStyle(lineWidth: Fixed(4), lineJoin: .bevel)))
        let round = coveredArea(try strokeCanvas(path, StrokeStyle(lineWidth: Fixed(4), lineJoin: .round)))
        // Each outer corner loses a triangle (bevel: 2 px²) or the square minus a quarter disc (round).
        #expect(abs(miter - bevel - 4 * 2) < 0.03)
        #expect(abs(miter - round - 4 * (4 - Double.pi)) < 0.03)
    }

    /// A stroked circle covers exactly the annulus π·d·w: the offset polygons straddle the offset circles
    /// (`Rasterizer.offsetIntersection`). With the plain offset-line intersections both sides sat
    /// hw·s / (3r) outside the exact ones (s the path's sagitta) and these rings came out 0.1–0.2 px² too
    /// large. Summed from the wide coverage (no 8-bit rounding noise); centres off the pixel grid.
    @Test(arguments: [(18.2, 7.0), (10.0, 7.0), (21.4, 4.5), (24.0, 3.0), (24.0, 1.0), (12.0, 1.0), (6.0, 5.0), (21.4, 3.0), (20.0, 4.5), (21.4, 5.0), (21.0, 4.5)])
    func strokedCircleKeepsTheAnnulusArea(radius: Double, width: Double) throws {
        var circle = try Path()
        let x = try Fixed(exactly: 32.37 - radius), y = try Fixed(exactly: 31.81 - radius)
        let diameter = try Fixed(exactly: 2 * radius), lineWidth = try Fixed(exactly: width)
        try circle.addEllipse(in: Rect(x: x, y: y, width: diameter, height: diameter))
        let canvas = try strokeCanvas(circle, StrokeStyle(lineWidth: lineWidth), size: 72)
        let area = Double(canvas.wideTotal) / Double(WideCoverage.full)
        // Truncating each pixel to 1/32640 loses < 0.02 px² over these rings' edge pixels.
        let expected = Double.pi * diameter.doubleValue * lineWidth.doubleValue
        #expect(abs(area - expected) < 0.03, "area \(area) vs \(expected)")
    }

    @Test func sharpMiterBeyondTheLimitBecomesABevel() throws {
        var path = try Path()
        try path.move(to: Point(x: 2.0, y: 10.0))
        try path.line(to: Point(x: 28.0, y: 12.0))
        try path.line(to: Point(x: 2.0, y: 14.0))
        let limited = coveredArea(try strokeCanvas(path, StrokeStyle(lineWidth: Fixed(2), miterLimit: Fixed(4))))
        let bevel = coveredArea(try strokeCanvas(path, StrokeStyle(lineWidth: Fixed(2), lineJoin: .bevel)))
        #expect(abs(limited - bevel) < 0.01)
    }

    @Test func trimKeepsTheRequestedFractionAcrossSubpaths() throws {
        var path = try Path()
        try path.move(to: Point(x: 2.0, y: 4.0))
        try path.line(to: Point(x: 22.0, y: 4.0))
        try path.move(to: Point(x: 2.0, y: 12.0))
        try path.line(to: Point(x: 22.0, y: 12.0))
        // Total length 40: 0.25 … 0.75 keeps 10…20 on the first line and 0…10 on the second.
        let style = StrokeStyle(lineWidth: Fixed(2), strokeStart: Progress(raw: 1 << 13), strokeEnd: Progress(raw: 3 << 13))
        let canvas = try strokeCanvas(path, style)
        #expect(abs(coveredArea(canvas) - 40) < 0.05)
        #expect(canvas.value(x: 11, y: 3) == 0 && canvas.value(x: 12, y: 3) == 255 && canvas.value(x: 21, y: 3) == 255)
        #expect(canvas.value(x: 2, y: 11) == 255 && canvas.value(x: 11, y: 11) == 255 && canvas.value(x: 12, y: 11) == 0)
    }

    @Test func trimmedClosedPathGetsCapsAtTheCut() throws {
        let square = try polygonPath([[(8, 8), (24, 8), (24, 24), (8, 24)]])
        // Half of a 64-long closed square: top and right sides (32 + 32 − 1 overlapping), the miter
        // corner (1), and square caps of 1 × 2 at each cut.
        let style = StrokeStyle(lineWidth: Fixed(2), lineCap: .square, strokeEnd: Progress(raw: 1 << 14))
        let canvas = try strokeCanvas(square, style)
        #expect(abs(coveredArea(canvas) - 68) < 0.05, "area \(coveredArea(canvas))")
        #expect(canvas.value(x: 7, y: 8) == 255 && canvas.value(x: 6, y: 8) == 0)
        #expect(canvas.value(x: 24, y: 24) == 255 && canvas.value(x: 24, y: 25) == 0 && canvas.value(x: 8, y: 24) == 0)
    }

    @Test func invalidStylesAreTypedErrors() throws {
        var path = try Path()
        try path.move(to: .zero)
        try path.line(to: Point(x: 4.0, y: 4.0))
        #expect(throws: GeometryError.invalidLineWidth(raw: 0)) { try strokeCanvas(path, StrokeStyle(lineWidth: .zero)) }
        #expect(throws: GeometryError.invalidLineWidth(raw: -65536)) { try strokeCanvas(path, StrokeStyle(lineWidth: Fixed(-1))) }
        #expect(throws: GeometryError.invalidMiterLimit(raw: 32768)) { try strokeCanvas(path, StrokeStyle(miterLimit: .half)) }
        #expect(throws: GeometryError.invalidTrim(startRaw: 20000, endRaw: 10000)) {
            try strokeCanvas(path, StrokeStyle(strokeStart: Progress(raw: 20000), strokeEnd: Progress(raw: 10000)))
        }
    }

    @Test func zeroLengthSubpathsDrawDotsForRoundCapsOnly() throws {
        var path = try Path()
        try path.move(to: Point(x: 16.0, y: 16.0))
        try path.line(to: Point(x: 16.0, y: 16.0))
        #expect(coveredArea(try strokeCanvas(path, StrokeStyle(lineWidth: Fixed(6)))) == 0)
        #expect(coveredArea(try strokeCanvas(path, StrokeStyle(lineWidth: Fixed(6), lineCap: .square))) == 0)
        #expect(abs(coveredArea(try strokeCanvas(path, StrokeStyle(lineWidth: Fixed(6), lineCap: .round))) - 9 * Double.pi) < 0.03)
    }
}
