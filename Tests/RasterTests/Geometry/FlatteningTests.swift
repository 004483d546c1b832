import FixedPoint
import Testing
@testable import Raster

/// The flattening tolerance, against a `Double` model of the curve.
@Suite struct FlatteningTests {
    /// The point of the cubic (p0, p1, p2, p3) at t, in Double.
    func bezier(_ p: [(Double, Double)], _ t: Double) -> (Double, Double) {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return (a * p[0].0 + b * p[1].0 + c * p[2].0 + d * p[3].0, a * p[0].1 + b * p[1].1 + c * p[2].1 + d * p[3].1)
    }

    /// The distance from q to the curve: the nearest of 4,096 samples, refined by ternary search.
    func distance(_ q: (Double, Double), to p: [(Double, Double)]) -> Double {
        func at(_ t: Double) -> Double {
            let b = bezier(p, t)
            return ((b.0 - q.0) * (b.0 - q.0) + (b.1 - q.1) * (b.1 - q.1)).squareRoot()
        }
        var best = 0.0
        for i in 0...4096 where at(Double(i) / 4096) < at(best) { best = Double(i) / 4096 }
        var low = max(0, best - 1.0 / 4096), high = min(1, best + 1.0 / 4096)
        for _ in 0..<60 {
            let m1 = low + (high - low) / 3, m2 = high - (high - low) / 3
            if at(m1) < at(m2) { high = m2 } else { low = m1 }
        }
        return at((low + high) / 2)
    }

    /// Seeded random cubics (no loops: both control points on one side of the chord, so the curve has
    /// a single curvature sign) flattened for a stroke at scale 1: every polygon vertex and every chord's
    /// quarter, middle and three-quarter point lies within the stated tolerance (5/1024 px) of the
    /// curve, up to the rounding of vertices to 1/65536 px. The largest deviation found must also reach
    /// half the tolerance: the chord count is not wastefully high.
    @Test func straddledPolygonStaysWithinTheTolerance() throws {
        let seed: UInt64 = 0xF1A7_7E11
        print("straddledPolygonStaysWithinTheTolerance seed \(String(seed, radix: 16))")
        var random = SeededGenerator(seed: seed)
        var rasterizer = try Rasterizer(capacity: RasterizerCapacity(edges: 64, cells: 1024, polylinePoints: 4096))
        let tolerance = Double(Flattening.toleranceSubpixels) / Double(SubpixelGrid.one)
        var worst = 0.0
        for _ in 0..<60 {
            let scale = Double.random(in: 4...120, using: &random)
            let side = Bool.random(using: &random) ? 1.0 : -1.0
            let x1: Double = Double.random(in: 0...0.5, using: &random) * scale
            let y1: Double = side * Double.random(in: 0.1...0.6, using: &random) * scale
            let x2: Double = Double.random(in: 0.5...1, using: &random) * scale
            let y2: Double = side * Double.random(in: 0.1...0.6, using: &random) * scale
            let raw: [(Double, Double)] = [(0, 0), (x1, y1), (x2, y2), (scale, 0)]
            let p: [(Double, Double)] = raw.map { point in
                ((point.0 * 65536).rounded() / 65536 + 100, (point.1 * 65536).rounded() / 65536 + 100)
            }
            var path = try Path()
            try path.move(to: Point(x: try Fixed(exactly: p[0].0), y: try Fixed(exactly: p[0].1)))
            try path.cubic(to: Point(x: try Fixed(exactly: p[3].0), y: try Fixed(exactly: p[3].1)),
                           control1: Point(x: try Fixed(exactly: p[1].0), y: try Fixed(exactly: p[1].1)),
                           control2: Point(x: try Fixed(exactly: p[2].0), y: try Fixed(exactly: p[2].1)))
            let count = try rasterizer.flattenToPolyline(path, tolerance: Rasterizer.localTolerance(.identity))
            let vertices = (0..<count).map { (Double(rasterizer.polyline[$0].x) / 65536, Double(rasterizer.polyline[$0].y) / 65536) }
            for (a, b) in zip(vertices, vertices.dropFirst()) {
                for f in [0.0, 0.25, 0.5, 0.75] {
                    let q = (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
                    worst = max(worst, distance(q, to: p))
                }
            }
        }
        print("largest deviation \(worst) px of \(tolerance) px")
        #expect(worst <= tolerance + 2.0 / 65536, "largest deviation \(worst) px, tolerance \(tolerance) px")
        #expect(worst >= tolerance / 2, "largest deviation \(worst) px, tolerance \(tolerance) px")
    }
}
