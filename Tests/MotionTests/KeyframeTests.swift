import FixedPoint
import Testing
@testable import Motion

/// Keyframe modes against the golden values of SEMANTICS §4 and an independent Double model.
@Suite struct KeyframeTests {
    static func fixed(_ value: Double) -> Fixed { Fixed(raw: Int32((value * 65536).rounded())) }
    static func progress(_ value: Double) -> Progress { Progress(raw: Int32((value * 32768).rounded())) }
    static func scalar(_ track: KeyframeTrack<Fixed>, _ p: Double) -> Double { track.scalarValue(at: progress(p)).doubleValue }

    @Test func discreteHoldsEachValueOnItsInterval() throws {
        var store = try MotionStore(capacityBytes: 4096)
        let track = try KeyframeTrack(
            values: [10, 30, 60].map { Self.fixed($0) }, keyTimes: [0, 0.5, 0.75, 1], calculationMode: .discrete, in: &store)
        let expected: [(Double, Double)] = [(0, 10), (0.49, 10), (0.5, 30), (0.7499, 30), (0.75, 60), (0.99, 60), (1, 60)]
        for (p, value) in expected { #expect(Self.scalar(track, p) == value, "p=\(p)") }
    }

    @Test func pacedSpacesByDistance() throws {
        var store = try MotionStore(capacityBytes: 4096)
        let track = try KeyframeTrack(
            values: [0, 10, 30].map { Self.fixed($0) }, keyTimes: [0, 0.9, 1], calculationMode: .paced, in: &store)
        #expect(track.keyTimes[1] == 10923)  // ⅓ in Q17.15; the given keyTimes are ignored
        #expect(abs(Self.scalar(track, 0.5) - 15) <= 1e-3)
        #expect(Self.scalar(track, 1) == 30)
    }

    @Test func cubicPacedSpacesByArcLength() throws {
        // [0, 10, 30] with Catmull-Rom tangents 5, 15, 10: both segments are monotone, so their arc
        // lengths are 10 and 20 and keyTimes are [0, ⅓, 1], as for paced.
        var store = try MotionStore(capacityBytes: 4096)
        let track = try KeyframeTrack(values: [0, 10, 30].map { Self.fixed($0) }, calculationMode: .cubicPaced, in: &store)
        #expect(abs(Int(track.keyTimes[1]) - 10923) <= 1)
        #expect(abs(Self.scalar(track, 1.0 / 3) - 10) <= 1e-3)
        #expect(Self.scalar(track, 1) == 30)
        // Uneven values: [0, 1, 31] gives arc lengths (1.8…, 30) by the spline, not the 1 : 30 of paced.
        let uneven = try KeyframeTrack(values: [0, 1, 31].map { Self.fixed($0) }, calculationMode: .cubicPaced, in: &store)
        let paced = try KeyframeTrack(values: [0, 1, 31].map { Self.fixed($0) }, calculationMode: .paced, in: &store)
        #expect(paced.keyTimes[1] == 1057)  // 1/31 of the way
        #expect(uneven.keyTimes[1] > paced.keyTimes[1])  // the spline overshoots below 0 before key 1
    }

    @Test func cubicCatmullRomAndTension() throws {
        var store = try MotionStore(capacityBytes: 8192)
        let values = [0, 10, 0, 10].map { Self.fixed($0) }
        let catmullRom = try KeyframeTrack(values: values, calculationMode: .cubic, in: &store)
        #expect(abs(Self.scalar(catmullRom, 1.0 / 6) - 5.625) <= 1e-3)
        let tense = try KeyframeTrack(values: values, calculationMode: .cubic, tensionValues: [0.5, 0.5, 0.5, 0.5], in: &store)
        #expect(abs(Self.scalar(tense, 1.0 / 6) - 5.3125) <= 1e-3)
        for (index, key) in [0.0, 1.0 / 3, 2.0 / 3, 1].enumerated() {  // the spline passes through the keys
            #expect(abs(Self.scalar(catmullRom, key) - [0, 10, 0, 10][index]) <= 1e-3)
        }
    }

    /// Kochanek–Bartels with uneven keys, written from the formulas of §4 in Double.
    static func referenceKB(_ p: [Double], _ kt: [Double], tension: [Double], continuity: [Double], bias: [Double], at x: Double) -> Double {
        let n = p.count
        var segment = 0
        while segment < n - 2 && kt[segment + 1] <= x { segment += 1 }
        func tangent(_ i: Int, outgoing: Bool) -> Double {
            let dMinus = i > 0 ? p[i] - p[i - 1] : 0, dPlus = i < n - 1 ? p[i + 1] - p[i] : 0
            let (te, c, b) = (tension[i], continuity[i], bias[i])
            let raw = outgoing
                ? (1 - te) * (1 + b) * (1 + c) / 2 * dMinus + (1 - te) * (1 - b) * (1 - c) / 2 * dPlus
                : (1 - te) * (1 + b) * (1 - c) / 2 * dMinus + (1 - te) * (1 - b) * (1 + c) / 2 * dPlus
            let before = i > 0 ? kt[i] - kt[i - 1] : kt[i + 1] - kt[i]
            let after = i < n - 1 ? kt[i + 1] - kt[i] : kt[i] - kt[i - 1]
            return raw * 2 * (outgoing ? after : before) / (before + after)
        }
        let s = (x - kt[segment]) / (kt[segment + 1] - kt[segment])
        let h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s
        let h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
        return p[segment] * h00 + tangent(segment, outgoing: true) * h10 + p[segment + 1] * h01 + tangent(segment + 1, outgoing: false) * h11
    }

    @Test func cubicWithUnevenKeysAndParametersMatchesTheModel() throws {
        var store = try MotionStore(capacityBytes: 8192)
        let points = [5.0, -20, 40, 12, 30], keyTimes = [0, 0.1, 0.45, 0.7, 1]
        let tension = [0.2, -0.3, 0.5, 0, 1], continuity = [0, 0.4, -0.6, 0.1, 0], bias = [-1, 0.3, 0, -0.5, 0.2]
        let track = try KeyframeTrack(
            values: points.map { Self.fixed($0) }, keyTimes: keyTimes, calculationMode: .cubic,
            tensionValues: tension, continuityValues: continuity, biasValues: bias, in: &store)
        var worst = 0.0
        for step in 0...1000 {
            let raw = Int32(step * 32768 / 1000)
            let x = Double(raw) / 32768
            let expected = Self.referenceKB(points, keyTimes, tension: tension, continuity: continuity, bias: bias, at: x)
            worst = max(worst, abs(track.scalarValue(at: Progress(raw: raw)).doubleValue - expected))
        }
        // Local progress is Q17.15 (an input error of 2⁻¹⁶ of a segment times the slope) plus Q16.16 output.
        #expect(worst <= 0.01, "max |error| \(worst)")
    }

    @Test func linearWithKeyTimesAndSegmentCurves() throws {
        var store = try MotionStore(capacityBytes: 4096)
        let track = try KeyframeTrack(
            values: [0, 100, 50].map { Self.fixed($0) }, keyTimes: [0, 0.25, 1], timingFunctions: [.easeIn, .linear], in: &store)
        #expect(abs(Self.scalar(track, 0.125) - 31.5356813) <= 100.0 / 4096)  // easeIn(0.5) of segment 0
        #expect(abs(Self.scalar(track, 0.625) - 75) <= 1e-3)
        #expect(Self.scalar(track, 0.25) == 100)
        #expect(Self.scalar(track, 1) == 50)
    }

    @Test func pointsColorsAndRects() throws {
        var store = try MotionStore(capacityBytes: 8192)
        let points = try KeyframeTrack(values: [Point(x: .zero, y: .zero), Point(x: Self.fixed(10), y: Self.fixed(-20))], in: &store)
        #expect(points.pointValue(at: Self.progress(0.5)) == Point(x: Self.fixed(5), y: Self.fixed(-10)))
        let colors = try KeyframeTrack(values: [Color.black, Color.white, Color(red: 255, green: 0, blue: 0)], in: &store)
        #expect(colors.colorValue(at: Self.progress(0.25)) == Color(red: 128, green: 128, blue: 128))
        #expect(colors.colorValue(at: Self.progress(1)) == Color(red: 255, green: 0, blue: 0))
        let rects = try KeyframeTrack(values: [Rect.zero, Rect(x: Self.fixed(8), y: Self.fixed(8), width: Self.fixed(100), height: Self.fixed(50))], calculationMode: .cubic, in: &store)
        #expect(rects.rectValue(at: .one).size.width == Self.fixed(100))
    }

    @Test func badKeyframesAreNamed() throws {
        var store = try MotionStore(capacityBytes: 4096)
        let values = [0, 1, 2].map { Self.fixed($0) }
        #expect(throws: MotionError.notNonDecreasing(field: .keyTimes, index: 2, value: 0.5, previous: 0.7)) {
            try KeyframeTrack(values: values, keyTimes: [0, 0.7, 0.5], in: &store)
        }
        #expect(throws: MotionError.wrongCount(field: .keyTimes, expected: 3, actual: 2)) {
            try KeyframeTrack(values: values, keyTimes: [0, 1], in: &store)
        }
        #expect(throws: MotionError.wrongCount(field: .keyTimes, expected: 4, actual: 3)) {
            try KeyframeTrack(values: values, keyTimes: [0, 0.5, 1], calculationMode: .discrete, in: &store)
        }
        #expect(throws: MotionError.badEndpoint(field: .keyTimes, index: 0, value: 0.1, expected: 0)) {
            try KeyframeTrack(values: values, keyTimes: [0.1, 0.5, 1], in: &store)
        }
        #expect(throws: MotionError.badEndpoint(field: .keyTimes, index: 2, value: 0.9, expected: 1)) {
            try KeyframeTrack(values: values, keyTimes: [0, 0.5, 0.9], in: &store)
        }
        #expect(throws: MotionError.outOfRange(field: .keyTimes, value: 1.5, lower: 0, upper: 1)) {
            try KeyframeTrack(values: values, keyTimes: [0, 1.5, 1], in: &store)
        }
        #expect(throws: MotionError.notFinite(field: .keyTimes, value: .infinity)) {
            try KeyframeTrack(values: values, keyTimes: [0, .infinity, 1], in: &store)
        }
        #expect(throws: MotionError.wrongCount(field: .timingFunctions, expected: 2, actual: 1)) {
            try KeyframeTrack(values: values, timingFunctions: [.easeIn], in: &store)
        }
        #expect(throws: MotionError.outOfRange(field: .tensionValues, value: 2, lower: -1, upper: 1)) {
            try KeyframeTrack(values: values, calculationMode: .cubic, tensionValues: [0, 2, 0], in: &store)
        }
        #expect(throws: MotionError.wrongCount(field: .biasValues, expected: 3, actual: 1)) {
            try KeyframeTrack(values: values, calculationMode: .cubic, biasValues: [0], in: &store)
        }
        #expect(throws: MotionError.wrongCount(field: .values, expected: 1, actual: 0)) {
            try KeyframeTrack<Fixed>(values: [], in: &store)
        }
    }
}
