import FixedPoint
import Testing
@testable import Raster

/// Builds a path from a list of polygons given in pixels (Double, exact in Q16.16 for the test values).
func polygonPath(_ polygons: [[(Double, Double)]]) throws -> Path {
    var path = try Path()
    for polygon in polygons {
        try path.move(to: Point(x: polygon[0].0, y: polygon[0].1))
        for point in polygon.dropFirst() { try path.line(to: Point(x: point.0, y: point.1)) }
        try path.close()
    }
    return path
}

/// Exact area of a polygon clipped to the unit pixel square at (px, py) (Sutherland–Hodgman, Double).
func exactPixelArea(_ polygon: [(Double, Double)], px: Int, py: Int) -> Double {
    var points = polygon
    let bounds: [(Bool, Double, Bool)] = [
        (true, Double(px), true), (true, Double(px + 1), false), (false, Double(py), true), (false, Double(py + 1), false),
    ]
    for (isX, limit, keepGreater) in bounds {
        var output: [(Double, Double)] = []
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            let va = isX ? a.0 : a.1, vb = isX ? b.0 : b.1
            let aIn = keepGreater ? va >= limit : va <= limit
            let bIn = keepGreater ? vb >= limit : vb <= limit
            if aIn { output.append(a) }
            if aIn != bIn {
                let t = (limit - va) / (vb - va)
                output.append((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)))
            }
        }
        points = output
        if points.isEmpty { return 0 }
    }
    var area = 0.0
    for index in points.indices {
        let a = points[index], b = points[(index + 1) % points.count]
        area += a.0 * b.1 - b.0 * a.1
    }
    return abs(area) / 2
}

@Suite struct RasterizerTests {
    @Test func axisAlignedSquareGivesExactCoverage() throws {
        var rasterizer = try Rasterizer()
        var canvas = CoverageCanvas(width: 8, height: 8)
        let path = try polygonPath([[(1.25, 1.5), (5.75, 1.5), (5.75, 4.0), (1.25, 4.0)]])
        try rasterizer.fill(path, transform: .identity, rule: .nonZero, clip: IntRect(x: 0, y: 0, width: 8, height: 8), into: &canvas)
        #expect(canvas.value(x: 1, y: 1) == 96)   // 0.75 × 0.5 = 0.375 → 95.6
        #expect(canvas.value(x: 2, y: 2) == 255)
        #expect(canvas.value(x: 5, y: 3) == 191)  // 0.75
        #expect(canvas.value(x: 0, y: 2) == 0)
        #expect(canvas.value(x: 6, y: 2) == 0)
        #expect(canvas.zeroRuns == 0 && canvas.rowOrderViolations == 0 && canvas.guardBandIsClean)
    }

    @Test func triangleMatchesExactAreaEverywhere() throws {
        var rasterizer = try Rasterizer()
        var canvas = CoverageCanvas(width: 16, height: 16)
        let triangle = [(1.3, 2.1), (14.7, 5.9), (6.2, 14.4)]
        try rasterizer.fill(
            polygonPath([triangle]), transform: .identity, rule: .nonZero,
            clip: IntRect(x: 0, y: 0, width: 16, height: 16), into: &canvas)
        var worst = 0.0
        for y in 0..<16 {
            for x in 0..<16 {
                let expected = exactPixelArea(triangle, px: x, py: y) * 255
                worst = max(worst, abs(Double(canvas.value(x: x, y: y)) - expected))
            }
        }
        // Vertices are rounded to 1/4096 px: the area error per pixel stays below 1 LSB.
        #expect(worst < 1.0, "worst error \(worst)")
    }

    @Test func evenOddLeavesTheOverlapEmpty() throws {
        var rasterizer = try Rasterizer()
        let squares = try polygonPath([
            [(1, 1), (7, 1), (7, 7), (1, 7)], [(4, 4), (10, 4), (10, 10), (4, 10)],
        ])
        var evenOdd = CoverageCanvas(width: 12, height: 12)
        try rasterizer.fill(squares, transform: .identity, rule: .evenOdd, clip: IntRect(x: 0, y: 0, width: 12, height: 12), into: &evenOdd)
        var nonZero = CoverageCanvas(width: 12, height: 12)
        try rasterizer.fill(squares, transform: .identity, rule: .nonZero, clip: IntRect(x: 0, y: 0, width: 12, height: 12), into: &nonZero)
        #expect(evenOdd.value(x: 5, y: 5) == 0)
        #expect(evenOdd.value(x: 2, y: 2) == 255)
        #expect(nonZero.value(x: 5, y: 5) == 255)
    }

    /// Nested squares of one orientation, 1 px apart (no pixel holds two, so no row is refined): winding
    /// up to 202 inside the innermost, beyond what 32-bit area sums hold at 1/4096 px (2^25 per full
    /// pixel: 64 windings; at 128 the product wraps to exactly 0). Non-zero fills the centre fully, even-odd
    /// by the count's parity.
    @Test func deepWindingFillsByTheRule() throws {
        for count in [127, 128, 201, 202] {
            let size = 2 * count + 16
            let squares = try polygonPath((0..<count).map { k in
                let near = 2.5 + Double(k), far = Double(size) - 2.5 - Double(k)
                return [(near, near), (far, near), (far, far), (near, far)]
            })
            for rule in [FillRule.nonZero, .evenOdd] {
                var rasterizer = try Rasterizer()
                var canvas = CoverageCanvas(width: size, height: size)
                try rasterizer.fill(squares, transform: .identity, rule: rule, clip: IntRect(x: 0, y: 0, width: size, height: size), into: &canvas)
                let expected: UInt8 = rule == .nonZero || count % 2 == 1 ? 255 : 0
                let centre = size / 2
                for (x, y) in [(centre, centre), (centre - 3, centre + 4), (centre + 5, centre - 2)] {
                    #expect(canvas.value(x: x, y: y) == expected, "\(count) squares, \(rule), pixel (\(x), \(y))")
                }
            }
        }
    }

    @Test func shapeLargerThanTheClipFillsItWithRuns() throws {
        var rasterizer = try Rasterizer()
        var canvas = CoverageCanvas(width: 10, height: 6)
        let path = try polygonPath([[(-100, -100), (300, -100), (300, 300), (-100, 300)]])
        try rasterizer.fill(path, transform: .identity, rule: .nonZero, clip: IntRect(x: 2, y: 1, width: 5, height: 3), into: &canvas)
        for y in 0..<6 {
            for x in 0..<10 {
                let inside = x >= 2 && x < 7 && y >= 1 && y < 4
                #expect(canvas.value(x: x, y: y) == (inside ? 255 : 0), "pixel \(x), \(y)")
            }
        }
        #expect(canvas.guardBandIsClean)
    }

    @Test func fullEdgeListIsATypedError() throws {
        var rasterizer = try Rasterizer(capacity: RasterizerCapacity(edges: 16, cells: 4096, polylinePoints: 64))
        var canvas = CoverageCanvas(width: 8, height: 8)
        var polygon: [(Double, Double)] = []
        for index in 0..<40 { polygon.append((Double(index % 2) * 4 + 1, Double(index) * 0.125 + 1)) }
        #expect(throws: GeometryError.edgeCapacityExceeded(capacity: 16)) {
            try rasterizer.fill(polygonPath([polygon]), transform: .identity, rule: .nonZero,
                                clip: IntRect(x: 0, y: 0, width: 8, height: 8), into: &canvas)
        }
        #expect(canvas.image.allSatisfy { $0 == 0 })
    }
}
