import FixedPoint
import Foundation
import Motion
import Testing
@testable import Flipbook

/// cubicPaced through a real layer against a `Double` model of SEMANTICS §4: Catmull-Rom (KB 0, 0, 0)
/// with duplicated ends, key times from the segments' arc lengths (a 4,096-piece polyline here), and
/// tangents rescaled by 2Δtᵢ/(Δtᵢ₋₁ + Δtᵢ) for the uneven keys that pacing produces. Chord-length
/// pacing puts these positions 2–7 px away.
@Suite("cubicPaced by arc length")
struct CubicPacedTests {
    typealias Vector = (x: Double, y: Double)
    static let points: [Vector] = [(0, 0), (100, 0), (100, 30), (0, 200)]

    /// Outgoing and incoming tangent of each key for key times `times`.
    static func tangents(_ times: [Double]) -> [(out: Vector, into: Vector)] {
        let count = points.count
        return (0 ..< count).map { index in
            let previous = points[max(index - 1, 0)], current = points[index], next = points[min(index + 1, count - 1)]
            let before = index > 0 ? times[index] - times[index - 1] : nil
            let after = index < count - 1 ? times[index + 1] - times[index] : nil
            let spanBefore = before ?? after!, spanAfter = after ?? before!
            let mean = (x: (next.x - previous.x) / 2, y: (next.y - previous.y) / 2)
            let outScale = 2 * spanAfter / (spanBefore + spanAfter), inScale = 2 * spanBefore / (spanBefore + spanAfter)
            return ((mean.x * outScale, mean.y * outScale), (mean.x * inScale, mean.y * inScale))
        }
    }

    static func hermite(_ segment: Int, _ s: Double, _ tangents: [(out: Vector, into: Vector)]) -> Vector {
        let h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s
        let h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
        let p0 = points[segment], p1 = points[segment + 1]
        let m0 = tangents[segment].out, m1 = tangents[segment + 1].into
        return (h00 * p0.x + h10 * m0.x + h01 * p1.x + h11 * m1.x, h00 * p0.y + h10 * m0.y + h01 * p1.y + h11 * m1.y)
    }

    /// Key times proportional to cumulative arc length (segments measured with even-key tangents).
    static func pacedKeyTimes() -> [Double] {
        let even = (0 ..< points.count).map { Double($0) / Double(points.count - 1) }
        let shape = tangents(even)
        var lengths: [Double] = []
        for segment in 0 ..< points.count - 1 {
            var length = 0.0
            var previous = hermite(segment, 0, shape)
            for step in 1 ... 4096 {
                let current = hermite(segment, Double(step) / 4096, shape)
                length += ((current.x - previous.x) * (current.x - previous.x) + (current.y - previous.y) * (current.y - previous.y)).squareRoot()
                previous = current
            }
            lengths.append(length)
        }
        let total = lengths.reduce(0, +)
        var times = [0.0]
        for length in lengths { times.append(times[times.count - 1] + length / total) }
        return times
    }

    static func model(at t: Double) -> Vector {
        let times = pacedKeyTimes()
        let shape = tangents(times)
        var segment = 0
        while segment < points.count - 2 && t >= times[segment + 1] { segment += 1 }
        return hermite(segment, (t - times[segment]) / (times[segment + 1] - times[segment]), shape)
    }

    @Test func positionsFollowTheArcLengthModel() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        let values = Self.points.map { PropertyValue.pair($0.x, $0.y) }
        try engine.addAnimation(.keyframe(KeyframeAnimation(keyPath: .position, values: values, calculationMode: .cubicPaced,
                                                            timing: AnimationTiming(duration: 1))), forKey: "k", to: layer)
        for t in [0.05, 0.1, 0.3, 0.45, 0.6, 0.8, 0.95] {
            engine.advance(to: Fixture.micros(t))
            guard case let .pair(x, y) = try engine.presentationValue(of: .position, of: layer) else {
                Issue.record("position is not a pair")
                return
            }
            let expected = Self.model(at: t)
            #expect(abs(x - expected.x) <= 0.05 && abs(y - expected.y) <= 0.05, "t \(t): (\(x), \(y)) vs \(expected)")
        }
    }
}
