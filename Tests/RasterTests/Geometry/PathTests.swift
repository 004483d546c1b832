import FixedPoint
import Testing
@testable import Raster

/// The filled area of `path` in pixels (coverage sum / 255), on a canvas of `size`.
func filledArea(_ path: Path, transform: Affine = .identity, size: Int = 64) throws -> Double {
    var rasterizer = try Rasterizer()
    var canvas = CoverageCanvas(width: size, height: size)
    try rasterizer.fill(path, transform: transform, rule: .nonZero, clip: IntRect(x: 0, y: 0, width: size, height: size), into: &canvas)
    return canvas.image.reduce(0.0) { $0 + Double($1) / 255 }
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) throws -> Rect {
    Rect(x: try Fixed(exactly: x), y: try Fixed(exactly: y), width: try Fixed(exactly: width), height: try Fixed(exactly: height))
}

@Suite struct PathTests {
    @Test func rectangleIsFourLinesAndAClose() throws {
        var path = try Path()
        try path.addRect(try rect(1, 2, 3, 4))
        #expect(describe(path) == "move 1.0,2.0; line 4.0,2.0; line 4.0,6.0; line 1.0,6.0; close")
    }

    /// Flattened vertices straddle the curve, so the polygon keeps the curve's area up to a small
    /// fraction of ⅔ · tolerance · curved length (allowed: a tenth of it), plus ½/255 per pixel of rounding.
    func curveAllowance(curvedLength: Double, pixels: Double) -> Double {
        2.0 / 3.0 / 256 * curvedLength / 10 + pixels / 510
    }

    @Test func ellipseAndRoundedRectangleHaveTheirExactAreas() throws {
        var ellipse = try Path()
        try ellipse.addEllipse(in: try rect(6.25, 10.5, 50, 30))
        let ellipseArea = try filledArea(ellipse)
        let ellipseLength = Double.pi * (3 * (25 + 15) - ((3 * 25 + 15) * (25 + 3 * 15)).squareRoot())
        #expect(abs(ellipseArea - Double.pi * 25 * 15) < curveAllowance(curvedLength: ellipseLength, pixels: 130),
                "ellipse \(ellipseArea)")
        var rounded = try Path()
        try rounded.addRoundedRect(try rect(4.5, 8.25, 40, 30), cornerWidth: Fixed(8), cornerHeight: Fixed(8))
        #expect(abs(try filledArea(rounded) - (40 * 30 - (4 - Double.pi) * 64))
                < curveAllowance(curvedLength: 16 * Double.pi, pixels: 140))
        var limited = try Path()
        try limited.addRoundedRect(try rect(10, 10, 20, 40), cornerWidth: Fixed(30), cornerHeight: Fixed(30))
        // Radii beyond half the side are limited to it: a stadium of width 20.
        let stadium = try filledArea(limited)
        #expect(abs(stadium - (20 * 20 + Double.pi * 100)) < curveAllowance(curvedLength: 20 * Double.pi, pixels: 120),
                "stadium \(stadium)")
    }

    @Test func arcRunsTheRequestedWay() throws {
        var clockwise = try Path()
        try clockwise.addArc(center: Point(x: Fixed(10), y: Fixed(10)), radius: Fixed(5), startAngle: .zero,
                             endAngle: Fixed(raw: Fixed.pi.raw / 2), clockwise: true)
        let end = try #require(clockwise.point(at: clockwise.pointCount - 1))
        #expect(abs(end.x.doubleValue - 10) < 0.001 && abs(end.y.doubleValue - 15) < 0.001)
        #expect(clockwise.verbCount == 3)  // move and two eighths
        var counter = try Path()
        try counter.addArc(center: Point(x: Fixed(10), y: Fixed(10)), radius: Fixed(5), startAngle: .zero,
                           endAngle: Fixed(raw: Fixed.pi.raw / 2), clockwise: false)
        #expect(counter.verbCount == 7)  // three quarters of a turn the other way: six eighths
        let middle = try #require(counter.point(at: 12))  // after four eighths: angle −π
        #expect(abs(middle.x.doubleValue - 5) < 0.001 && abs(middle.y.doubleValue - 10) < 0.001)
    }

    @Test func segmentAfterCloseStartsANewSubpathAtTheStart() throws {
        var path = try Path()
        try path.move(to: Point(x: Fixed(1), y: Fixed(1)))
        try path.line(to: Point(x: Fixed(5), y: Fixed(1)))
        try path.close()
        try path.line(to: Point(x: Fixed(1), y: Fixed(7)))
        #expect(describe(path) == "move 1.0,1.0; line 5.0,1.0; close; move 1.0,1.0; line 1.0,7.0")
    }

    @Test func badInputIsATypedError() throws {
        var path = try Path(pointLimit: 3)
        #expect(throws: GeometryError.missingMoveTo(verbIndex: 0)) { try path.line(to: .zero) }
        #expect(throws: GeometryError.missingMoveTo(verbIndex: 0)) { try path.close() }
        try path.move(to: .zero)
        try path.line(to: Point(x: Fixed(1), y: .zero))
        #expect(throws: GeometryError.pointLimitExceeded(limit: 3)) {
            try path.cubic(to: .zero, control1: .zero, control2: .zero)
        }
        #expect(path.pointCount == 2)
        #expect(throws: GeometryError.invalidRadius(raw: -65536)) {
            try path.addArc(center: .zero, radius: Fixed(-1), startAngle: .zero, endAngle: .one, clockwise: true)
        }
        #expect(throws: GeometryError.invalidCapacity(field: .pathPoints, value: 0)) { try Path(pointLimit: 0) }
        #expect(throws: GeometryError.pointIndexOutOfRange(index: 2, count: 2)) { try path.setPoint(.zero, at: 2) }
        #expect(throws: GeometryError.invalidCapacity(field: .edges, value: 4)) {
            try Rasterizer(capacity: RasterizerCapacity(edges: 4, cells: 1024, polylinePoints: 64))
        }
    }

    @Test func transformMapsEveryPointAndRefusesOverflow() throws {
        var path = try Path()
        try path.move(to: Point(x: Fixed(2), y: Fixed(3)))
        try path.quadratic(to: Point(x: Fixed(6), y: Fixed(1)), control: Point(x: Fixed(4), y: Fixed(8)))
        let moved = try path.transformed(by: Affine(a: Fixed(2), b: .zero, c: .one, d: Fixed(-1), tx: Fixed(10), ty: Fixed(20)))
        #expect(describe(moved) == "move 17.0,17.0; quadratic 26.0,12.0 23.0,19.0")
        #expect(describe(path) == "move 2.0,3.0; quadratic 4.0,8.0 6.0,1.0")  // the original is unchanged
        #expect(throws: GeometryError.coordinateOutOfRange(axis: .x, raw: Int64(40_000) << 16)) {
            try path.transformed(by: Affine(scaleX: Fixed(20_000), y: .one))
        }
    }

    @Test func interpolationNeedsTheSameVerbsAndWritesInPlace() throws {
        let from = try SVGPathParser.parse("M0 0 L10 0 Q10 10 0 10 Z")
        let to = try SVGPathParser.parse("M4 4 L20 0 Q20 20 4 20 Z")
        var current = try Path()
        try current.interpolate(from: from, to: to, by: Progress(raw: 1 << 14))
        #expect(describe(current) == "move 2.0,2.0; line 15.0,0.0; quadratic 15.0,15.0 2.0,15.0; close")
        try current.interpolate(from: from, to: to, by: .one)
        #expect(describe(current) == describe(to))
        #expect(describe(from) == "move 0.0,0.0; line 10.0,0.0; quadratic 10.0,10.0 0.0,10.0; close")
        let other = try SVGPathParser.parse("M0 0 L10 0 L10 10 0 10 Z")
        #expect(throws: GeometryError.mismatchedStructure(verbIndex: 2)) {
            try current.interpolate(from: from, to: other, by: .one)
        }
    }

    @Test func appendKeepsBothPathsSubpaths() throws {
        var first = try SVGPathParser.parse("M0 0 L1 1")
        try first.append(try SVGPathParser.parse("M5 5 L6 6 Z"))
        #expect(describe(first) == "move 0.0,0.0; line 1.0,1.0; move 5.0,5.0; line 6.0,6.0; close")
    }

    @Test func rasterizerRefusesBadClipsAndFarCoordinates() throws {
        var rasterizer = try Rasterizer(capacity: RasterizerCapacity(edges: 64, cells: 100, polylinePoints: 64))
        var canvas = CoverageCanvas(width: 8, height: 8)
        let square = try polygonPath([[(1, 1), (5, 1), (5, 5), (1, 5)]])
        #expect(throws: GeometryError.invalidClip(x: 0, y: 0, width: -1, height: 4)) {
            try rasterizer.fill(square, transform: .identity, rule: .nonZero, clip: IntRect(x: 0, y: 0, width: -1, height: 4), into: &canvas)
        }
        #expect(throws: GeometryError.clipTooWide(width: 200, cellsPerRow: 99)) {
            try rasterizer.fill(square, transform: .identity, rule: .nonZero, clip: IntRect(x: 0, y: 0, width: 200, height: 4), into: &canvas)
        }
        // 1000 px × 2000 = 2,000,000 px, beyond the ±2^20 px the rasterizer accepts.
        let far = try polygonPath([[(1000, 1), (1005, 1), (1005, 5), (1000, 5)]])
        let huge = Affine(a: Fixed(2000), b: .zero, c: .zero, d: .one, tx: .zero, ty: .zero)
        #expect(throws: GeometryError.coordinateOutOfRange(axis: .x, raw: Int64(2_000_000) << 16)) {
            try rasterizer.fill(far, transform: huge, rule: .nonZero, clip: IntRect(x: 0, y: 0, width: 8, height: 8), into: &canvas)
        }
        #expect(canvas.image.allSatisfy { $0 == 0 })
    }
}
