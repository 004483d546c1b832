import FixedPoint
import Testing
@testable import Motion

/// Value composition (§1.2 step 6) and path interpolation.
@Suite struct InterpolationTests {
    static func fixed(_ value: Double) -> Fixed { Fixed(raw: Int32((value * 65536).rounded())) }

    @Test func cumulativeAddsTheEndOfEachCompletedCycle() throws {
        // 100 → 250, repeatCount 3, cumulative: 100…250, 350…500, 600…750.
        let timing = try MediaTiming(duration: 1_000_000, repeatCount: 3, fillMode: .forwards)
        let from = Self.fixed(100), to = Self.fixed(250)
        func value(_ micros: MediaTime) -> Double {
            let state = timing.evaluate(parentTime: micros)!
            return from.interpolated(to: to, by: state.progress).accumulating(iterations: state.iteration, of: to).doubleValue
        }
        #expect(value(0) == 100)
        #expect(value(999_999) == 250)
        #expect(value(1_000_000) == 350)
        #expect(value(1_500_000) == 425)
        #expect(value(2_000_000) == 600)
        #expect(value(3_000_000) == 750)  // end rule: iteration 2 complete
    }

    @Test func additiveAddsComponentWise() {
        let base = Point(x: Self.fixed(10), y: Self.fixed(20))
        let offset = Point(x: Self.fixed(-2.5), y: Self.fixed(4))
        #expect(offset.adding(base) == Point(x: Self.fixed(7.5), y: Self.fixed(24)))
        let rect = Rect(x: Self.fixed(1), y: Self.fixed(2), width: Self.fixed(3), height: Self.fixed(4))
        #expect(rect.adding(rect) == Rect(x: Self.fixed(2), y: Self.fixed(4), width: Self.fixed(6), height: Self.fixed(8)))
        // Colour channels saturate at 255 (a channel has no value beyond it).
        #expect(Color(red: 200, green: 10, blue: 0).adding(Color(red: 100, green: 5, blue: 0, alpha: 0)) == Color(red: 255, green: 15, blue: 0))
    }

    @Test func pathsOfEqualStructureInterpolatePointByPoint() throws {
        let from = [Point(x: .zero, y: .zero), Point(x: Self.fixed(10), y: .zero), Point(x: Self.fixed(10), y: Self.fixed(10))]
        let to = [Point(x: Self.fixed(4), y: Self.fixed(4)), Point(x: Self.fixed(20), y: .zero), Point(x: Self.fixed(10), y: Self.fixed(-10))]
        var result = [Point](repeating: .zero, count: 3)
        var output = result.mutableSpan
        try PathInterpolation.interpolate(from: from.span, to: to.span, by: Progress(raw: 1 << 14), into: &output)
        _ = consume output
        #expect(result == [Point(x: Self.fixed(2), y: Self.fixed(2)), Point(x: Self.fixed(15), y: .zero), Point(x: Self.fixed(10), y: .zero)])
    }

    @Test func mismatchedPathsAreRefusedWithoutWriting() {
        let from = [Point.zero, Point.zero], to = [Point.zero]
        var result = [Point](repeating: Point(x: .one, y: .one), count: 2)
        var output = result.mutableSpan
        #expect(throws: MotionError.mismatchedStructure(field: .pathPoints, index: 1, count: 1, expected: 2)) {
            try PathInterpolation.interpolate(from: from.span, to: to.span, by: .one, into: &output)
        }
        _ = consume output
        #expect(result == [Point(x: .one, y: .one), Point(x: .one, y: .one)])
    }
}
