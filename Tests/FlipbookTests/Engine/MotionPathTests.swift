import Flipbook
import Foundation
import Testing

/// Keyframe animations along a curved motion path (issue 19, defects 3 and 11): the position follows the
/// segment's own cubic at the eased local progress, and `rotationMode` follows the curve's tangent there,
/// both checked against a `Double` model of the Bézier and its derivative.
@Suite struct MotionPathTests {
    /// The Double model: a path of one straight and one cubic segment.
    struct Model {
        let points: [(x: Double, y: Double)] = [(0, 0), (100, 0), (200, 100)]
        let curves = [PathCurve.line(from: (0, 0), to: (100, 0)), PathCurve(control1: (160, 0), control2: (200, 40))]

        /// Point and tangent angle on `segment` at parameter `t`.
        func evaluate(_ segment: Int, _ t: Double) -> (x: Double, y: Double, angle: Double) {
            let p0 = points[segment], p3 = points[segment + 1]
            let p1 = curves[segment].control1, p2 = curves[segment].control2
            let u = 1 - t
            func at(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
                u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d
            }
            func slope(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
                3 * (u * u * (b - a) + 2 * u * t * (c - b) + t * t * (d - c))
            }
            return (at(p0.x, p1.x, p2.x, p3.x), at(p0.y, p1.y, p2.y, p3.y),
                    atan2(slope(p0.y, p1.y, p2.y, p3.y), slope(p0.x, p1.x, p2.x, p3.x)))
        }
    }

    private func animation(_ model: Model, keyTimes: [Double] = [], mode: RotationMode = .auto) -> KeyframeAnimation {
        var animation = KeyframeAnimation(keyPath: .position, values: [], keyTimes: keyTimes)
        animation.path = model.points.map { .pair($0.x, $0.y) }
        animation.pathCurves = model.curves
        animation.rotationMode = mode
        animation.timing.duration = 1
        return animation
    }

    private func sample(_ engine: Engine, _ layer: LayerID, at seconds: Double) throws -> (x: Double, y: Double, angle: Double) {
        engine.advance(to: Fixture.micros(seconds))
        guard case let .pair(x, y) = try engine.presentationValue(of: .position, of: layer) else {
            Issue.record("position is not a pair")
            return (0, 0, 0)
        }
        return (x, y, Fixture.number(try engine.presentationValue(of: .rotation, of: layer)))
    }

    /// Key times place the segments (every path point is a key, the start included); inside the curve the
    /// position and the angle follow the cubic at the local progress, at 200 times, not 8 chords' steps.
    @Test func followsTheCurveAndItsTangentAtTheKeyTimes() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        let model = Model()
        try engine.addAnimation(.keyframe(animation(model, keyTimes: [0, 0.2, 1])), forKey: "p", to: layer)
        var worstPosition = 0.0, worstAngle = 0.0
        for step in 0 ..< 200 {
            let seconds = (Double(step) + 0.5) / 200
            let (segment, t) = seconds < 0.2 ? (0, seconds / 0.2) : (1, (seconds - 0.2) / 0.8)
            let expected = model.evaluate(segment, t)
            let actual = try sample(engine, layer, at: seconds)
            worstPosition = max(worstPosition, abs(actual.x - expected.x), abs(actual.y - expected.y))
            worstAngle = max(worstAngle, abs(actual.angle - expected.angle))
        }
        // Q16.16 positions and the engine's 1-LSB atan2; media time rounds to the microsecond (≤ 0.03 pt here).
        #expect(worstPosition <= 0.03)
        #expect(worstAngle <= 2e-3)
    }

    /// autoReverse adds π to the tangent; at the curve's end the tangent is the last control's direction.
    @Test func autoReverseAndEndTangent() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        let model = Model()
        var animation = animation(model, mode: .autoReverse)
        animation.timing.fillMode = .forwards
        animation.timing.isRemovedOnCompletion = false
        try engine.addAnimation(.keyframe(animation), forKey: "p", to: layer)
        let end = try sample(engine, layer, at: 1.5)
        #expect(abs(end.x - 200) <= 1e-4 && abs(end.y - 100) <= 1e-4)
        #expect(abs(end.angle - (Double.pi / 2 + Double.pi)) <= 2e-3)   // P3 − C2 = (0, 60): straight down
    }

    /// The curves must match the path's segments, and the cubic modes (which would make their own curves) are refused.
    @Test func refusesMismatchedCurvesAndCubicModes() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        var short = animation(Model())
        short.pathCurves.removeLast()
        #expect(throws: EngineError.invalidAnimation(field: "pathCurves", reason: "needs one curve per path segment (2), found 1")) {
            try engine.addAnimation(.keyframe(short), forKey: "a", to: layer)
        }
        var cubic = animation(Model())
        cubic.calculationMode = .cubic
        #expect(throws: EngineError.invalidAnimation(field: "calculationMode", reason: Engine.curvedPathCubicRule)) {
            try engine.addAnimation(.keyframe(cubic), forKey: "b", to: layer)
        }
    }

    /// paced mode spaces the keys by arc length: the straight 100-point segment ends at 100 / total.
    @Test func pacedSpacesKeysByArcLength() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        let model = Model()
        var curveLength = 0.0
        var previous = model.evaluate(1, 0)
        for step in 1 ... 4096 {
            let next = model.evaluate(1, Double(step) / 4096)
            curveLength += ((next.x - previous.x) * (next.x - previous.x) + (next.y - previous.y) * (next.y - previous.y)).squareRoot()
            previous = next
        }
        var animation = animation(model)
        animation.calculationMode = .paced
        try engine.addAnimation(.keyframe(animation), forKey: "p", to: layer)
        let keyTime = 100 / (100 + curveLength)
        let atKey = try sample(engine, layer, at: keyTime)
        #expect(abs(atKey.x - 100) <= 0.05 && abs(atKey.y) <= 1e-4)
        let half = try sample(engine, layer, at: keyTime / 2)
        #expect(abs(half.x - 50) <= 0.05)
    }
}
