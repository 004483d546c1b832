import FixedPoint

extension TimingCurve {
    /// The largest table error accepted at build time, in Q17.15 units: 2⁻¹² (8 LSB) minus the 1 LSB
    /// the entries' own rounding adds.
    static let buildTolerance = 7.0 / 32768

    /// Builds the table of the cubic Bézier curve with control points (x1, y1), (x2, y2) in `store`.
    ///
    /// Starts at 256 segments and doubles the resolution (up to one entry per input value) until linear
    /// interpolation stays within 2⁻¹² of the exact curve at the quarter points of every segment;
    /// curves with a vertical tangent (x1 = 0 or x2 = 1 with y ≠ x) need the finer tables.
    ///
    /// - Throws: `MotionError` naming a control point that is not finite or out of range (x ∈ [0, 1],
    ///   y ∈ −16 … 16), or `.storeFull` when the table does not fit.
    public init(
        controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, in store: inout MotionStore
    ) throws(MotionError) {
        let bezier = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        try self.init(tabulating: { bezier.solve($0, epsilon: 1e-13) }, in: &store)
    }

    /// Builds the table of `curve` (y at x ∈ [0, 1], exact 0 at 0 and 1 at 1, as every timing curve) in
    /// `store`: 256 segments, doubled in resolution (up to one entry per input value) until linear
    /// interpolation stays within 2⁻¹² of the curve at the quarter points of every segment.
    ///
    /// - Throws: `.storeFull` when the table does not fit.
    init(tabulating curve: (Double) -> Double, in store: inout MotionStore) throws(MotionError) {
        var shift: Int32 = 7
        while shift > 0 && !TimingCurve.interpolationFits(curve, segmentShift: shift) { shift -= 2 }
        shift = Swift.max(shift, 0)
        let count = Int(Progress.one.raw >> shift) + 2
        let table = try store.allocate(Int32.self, count: count, field: .timingFunctions)
        TimingCurve.fill(table, with: curve, segmentShift: shift)
        self.init(table: UnsafePointer(table), segmentShift: shift)
    }

    /// Writes `2^(15−shift) + 2` entries: the samples, exact 0 and 1 at the ends, and the guard copy.
    static func fill(_ table: UnsafeMutablePointer<Int32>, with curve: (Double) -> Double, segmentShift shift: Int32) {
        let segments = Int(Progress.one.raw >> shift)
        for index in 0...segments {
            table[index] = Int32((curve(Double(index) / Double(segments)) * 32768).rounded(.toNearestOrEven))
        }
        table[0] = 0
        table[segments] = Progress.one.raw
        table[segments + 1] = table[segments]
    }

    /// Whether chords between samples `2^shift` inputs apart stay within `buildTolerance` of the curve.
    private static func interpolationFits(_ curve: (Double) -> Double, segmentShift shift: Int32) -> Bool {
        let segments = Int(Progress.one.raw >> shift)
        var previous = curve(0)
        for index in 1...segments {
            let x0 = Double(index - 1) / Double(segments), x1 = Double(index) / Double(segments)
            let next = curve(x1)
            for quarter in 1...3 {
                let weight = Double(quarter) / 4
                let exact = curve(x0 + (x1 - x0) * weight)
                if (previous + (next - previous) * weight - exact).magnitude > buildTolerance { return false }
            }
            previous = next
        }
        return true
    }
}
