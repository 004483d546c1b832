/// A unit cubic Bézier timing curve in `Double`, solved as WebKit's `UnitBezier` and Chromium's
/// `CubicBezier` do (`SEMANTICS.md` §2): an 11-sample table of x(t) for the first guess, up to four Newton
/// steps, then bisection inside the bracketing tenth; linear extrapolation by the end gradients outside
/// [0, 1].
///
/// Setup-time only (it builds `TimingCurve` tables) and the `Double` reference of the benchmarks;
/// never called in a frame.
public struct CubicBezier: Sendable {
    /// The first control point (x1 ∈ [0, 1]).
    public let x1: Double, y1: Double
    /// The second control point (x2 ∈ [0, 1]).
    public let x2: Double, y2: Double
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    private let startGradient: Double, endGradient: Double
    private let samples: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double)

    /// Creates the curve through (0,0), (x1,y1), (x2,y2), (1,1).
    ///
    /// - Throws: `MotionError.notFinite` for NaN or infinite coordinates, `.outOfRange` for x outside
    ///   [0, 1] or y outside −16 … 16 (the overshoot the Q17.15 tables can hold with room to spare).
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(MotionError) {
        try CubicBezier.check(x1, field: .controlPointX1, lower: 0, upper: 1)
        try CubicBezier.check(y1, field: .controlPointY1, lower: -16, upper: 16)
        try CubicBezier.check(x2, field: .controlPointX2, lower: 0, upper: 1)
        try CubicBezier.check(y2, field: .controlPointY2, lower: -16, upper: 16)
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        startGradient = CubicBezier.startGradient(x1: x1, y1: y1, x2: x2, y2: y2)
        endGradient = CubicBezier.startGradient(x1: 1 - x2, y1: 1 - y2, x2: 1 - x1, y2: 1 - y1)
        let a = ax, b = bx, c = cx
        func x(_ t: Double) -> Double { ((a * t + b) * t + c) * t }
        samples = (x(0), x(0.1), x(0.2), x(0.3), x(0.4), x(0.5), x(0.6), x(0.7), x(0.8), x(0.9), x(1))
    }

    /// The slope at x = 0 (by symmetry, the end slope of the curve mirrored through (½, ½)): the first
    /// control point's direction, or the second's when the first sits on the origin.
    private static func startGradient(x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        if x1 > 0 { return y1 / x1 }
        if y1 == 0 && x2 > 0 { return y2 / x2 }
        if y1 == 0 && y2 == 0 { return 1 }
        return 0
    }

    private static func check(_ value: Double, field: MotionField, lower: Double, upper: Double) throws(MotionError) {
        guard value.isFinite else { throw .notFinite(field: field, value: value) }
        guard value >= lower, value <= upper else {
            throw .outOfRange(field: field, value: value, lower: lower, upper: upper)
        }
    }

    /// x at curve parameter `t`.
    @inline(__always)
    public func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

    /// y at curve parameter `t`.
    @inline(__always)
    public func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    @inline(__always)
    private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// y for input progress `x`, with x(t) solved to within `epsilon` (WebKit and Chromium use 1e-7 by
    /// default; table building uses 1e-13). Outside [0, 1] the curve extends along its end gradients.
    public func solve(_ x: Double, epsilon: Double = 1e-7) -> Double {
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        return sampleY(parameter(forX: x, epsilon: epsilon))
    }

    /// The curve parameter t with x(t) = x (within `epsilon`), for x in [0, 1].
    public func parameter(forX x: Double, epsilon: Double) -> Double {
        let (low, guess) = initialGuess(x)
        var t = guess
        for _ in 0..<4 {
            let error = sampleX(t) - x
            if error.magnitude < Swift.min(1e-7, epsilon) { return t }
            let slope = slopeX(t)
            if slope.magnitude < 1e-7 { break }
            t -= error / slope
        }
        if (sampleX(t) - x).magnitude < epsilon, t >= 0, t <= 1 { return t }
        return bisect(x, low: low, high: Swift.min(1, low + 0.1), epsilon: Swift.max(1e-16, epsilon))
    }

    /// The bracketing tenth [low, low + 0.1] of the sample table and the interpolated first guess.
    private func initialGuess(_ x: Double) -> (low: Double, guess: Double) {
        let table = samples
        var previous = 0.0
        var index = 1
        while index <= 10 {
            let value = CubicBezier.sample(table, index)
            if value >= x {
                let low = Double(index - 1) / 10
                let span = value - previous
                let fraction = span > 0 ? (x - previous) / span : 0
                return (low, low + fraction / 10)
            }
            previous = value
            index += 1
        }
        return (0.9, 1)
    }

    private static func sample(
        _ table: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double),
        _ index: Int
    ) -> Double {
        withUnsafeBytes(of: table) { $0.load(fromByteOffset: index * 8, as: Double.self) }
    }

    private func bisect(_ x: Double, low: Double, high: Double, epsilon: Double) -> Double {
        var low = low, high = high
        var t = (low + high) / 2
        for _ in 0..<200 {
            let value = sampleX(t)
            if (value - x).magnitude < epsilon { break }
            if value < x { low = t } else { high = t }
            let next = (low + high) / 2
            if next == t { break }
            t = next
        }
        return t
    }
}
