import FixedPoint
import Testing
@testable import Motion

/// Timing-curve tables against an independent exact solver, over every input 0 … 1 << 15.
@Suite struct TimingCurveTests {
    /// 2⁻¹²: the accuracy bound of the tables.
    static let bound = 1.0 / 4096

    static func maxError(_ curve: TimingCurve, _ p: (Double, Double, Double, Double)) -> (error: Double, at: Int32) {
        var worst = (0.0, Int32(0))
        for raw in Int32(0)...(1 << 15) {
            let x = Double(raw) / 32768
            let exact = Reference.bezier(x, p.0, p.1, p.2, p.3)
            let actual = Double(curve.value(at: Progress(raw: raw)).raw) / 32768
            let error = abs(actual - exact)
            if error > worst.0 { worst = (error, raw) }
        }
        return worst
    }

    static func isMonotone(_ curve: TimingCurve) -> Bool {
        var previous = curve.value(at: .zero).raw
        for raw in Int32(1)...(1 << 15) {
            let value = curve.value(at: Progress(raw: raw)).raw
            if value < previous { return false }
            previous = value
        }
        return true
    }

    @Test(arguments: TimingCurve.Name.allCases)
    func namedCurveIsAccurateExactAndMonotone(name: TimingCurve.Name) {
        let curve = TimingCurve(named: name)
        let points = name.controlPoints
        let (error, at) = Self.maxError(curve, (points.x1, points.y1, points.x2, points.y2))
        #expect(error <= Self.bound, "\(name): max error \(error) at x = 0x\(String(at, radix: 16))")
        #expect(curve.value(at: .zero).raw == 0)
        #expect(curve.value(at: .one).raw == 1 << 15)
        #expect(Self.isMonotone(curve), "\(name) is monotone but its table is not")
    }

    @Test func linearIsTheIdentity() {
        for raw in Int32(0)...(1 << 15) {
            #expect(TimingCurve.linear.value(at: Progress(raw: raw)).raw == raw)
        }
    }

    @Test func goldenValuesOfSemantics() {
        let golden: [(TimingCurve.Name, [Double])] = [
            (.easeInEaseOut, [0.019722454, 0.129161931, 0.500000000, 0.870838069, 0.980277546]),
            (.default, [0.094796306, 0.408510591, 0.802403388, 0.960458978, 0.994316477]),
            (.easeIn, [0.017026610, 0.093464651, 0.315356813, 0.621861869, 0.839427846]),
            (.easeOut, [0.160572154, 0.378138131, 0.684643187, 0.906535349, 0.982973390]),
        ]
        let inputs = [0.1, 0.25, 0.5, 0.75, 0.9]
        for (name, values) in golden {
            for (x, expected) in zip(inputs, values) {
                let raw = Int32((x * 32768).rounded())
                // The input itself is quantised to Q17.15: compare at the golden x, allowing the slope
                // times that quantisation (≤ 2 · 2⁻¹⁶) on top of the table bound.
                let actual = Double(TimingCurve(named: name).value(at: Progress(raw: raw)).raw) / 32768
                #expect(abs(actual - expected) <= Self.bound, "\(name)(\(x)) = \(actual), golden \(expected)")
            }
        }
    }

    @Test func customCurvesIncludingOvershootAndVerticalTangents() throws {
        var store = try MotionStore(capacityBytes: 1 << 20)
        let cases: [(Double, Double, Double, Double)] = [
            (0.34, 1.56, 0.64, 1),  // easeOutBack: overshoots above 1
            (0.36, 0, 0.66, -0.56),  // easeInBack: dips below 0
            (0, 1, 0, 1),  // vertical tangent at x = 0
            (1, 0, 1, 0),  // vertical tangent at x = 1
            (0.68, -0.6, 0.32, 1.6),  // both
        ]
        for points in cases {
            let curve = try TimingCurve(controlPoints: points.0, points.1, points.2, points.3, in: &store)
            let (error, at) = Self.maxError(curve, points)
            #expect(error <= Self.bound, "\(points): max error \(error) at 0x\(String(at, radix: 16)), \(curve.segmentCount) segments")
            #expect(curve.value(at: .zero).raw == 0 && curve.value(at: .one).raw == 1 << 15)
        }
        let monotone = try TimingCurve(controlPoints: 0, 1, 0, 1, in: &store)
        #expect(Self.isMonotone(monotone))
    }

    @Test func extrapolatesAlongTheEndSegments() {
        let linear = TimingCurve.linear
        #expect(linear.value(at: Progress(raw: -1000)).raw == -1000)
        #expect(linear.value(at: Progress(raw: (1 << 15) + 1000)).raw == (1 << 15) + 1000)
        let easeIn = TimingCurve.easeIn
        #expect(abs(easeIn.value(at: Progress(raw: -100)).raw) <= 1)  // nearly flat first segment
        #expect(easeIn.value(at: Progress(raw: (1 << 15) + 256)).raw > 1 << 15)
    }

    @Test func doubleSolverMatchesTheExactCurve() throws {
        // The WebKit/Chromium algorithm (ε 1e-7) reproduces the exact curve to ≈ 1.5e-7 (SEMANTICS §2).
        for name in TimingCurve.Name.allCases {
            let p = name.controlPoints
            let bezier = try CubicBezier(x1: p.x1, y1: p.y1, x2: p.x2, y2: p.y2)
            var worst = 0.0
            for index in 0...1000 {
                let x = Double(index) / 1000
                worst = max(worst, abs(bezier.solve(x) - Reference.bezier(x, p.x1, p.y1, p.x2, p.y2)))
            }
            #expect(worst <= 5e-7, "\(name): \(worst)")
        }
    }

    @Test func badControlPointsAreNamed() throws {
        var store = try MotionStore(capacityBytes: 4096)
        #expect(throws: MotionError.outOfRange(field: .controlPointX1, value: 1.5, lower: 0, upper: 1)) {
            try TimingCurve(controlPoints: 1.5, 0, 0.5, 1, in: &store)
        }
        #expect(throws: MotionError.outOfRange(field: .controlPointX2, value: -0.1, lower: 0, upper: 1)) {
            try TimingCurve(controlPoints: 0.5, 0, -0.1, 1, in: &store)
        }
        #expect(throws: MotionError.notFinite(field: .controlPointY1, value: .infinity)) {
            try TimingCurve(controlPoints: 0.5, .infinity, 0.5, 1, in: &store)
        }
        #expect(throws: MotionError.outOfRange(field: .controlPointY2, value: 40, lower: -16, upper: 16)) {
            try TimingCurve(controlPoints: 0.5, 0, 0.5, 40, in: &store)
        }
        #expect(throws: MotionError.storeFull(field: .timingFunctions, requested: 258 * 4, available: 1000)) {
            var tiny = try MotionStore(capacityBytes: 1000)
            _ = try TimingCurve(controlPoints: 0.5, 0, 0.5, 1, in: &tiny)
        }
    }
}
