extension SpringCurve {
    /// Builds the spring's tables in `store` (180 matrices, 5,760 bytes).
    ///
    /// Each M^(d·16^i) is computed directly as e^(A·d·16^i µs) in `Double` (no repeated products, so no
    /// accumulated error), converted to (x, w = v/ω0) coordinates and rounded to Q28.
    /// - Throws: `MotionError.storeFull` when the tables do not fit.
    public init(_ parameters: SpringParameters, in store: inout MotionStore) throws(MotionError) {
        let table = try store.allocate(Int64.self, count: 12 * 15 * 4, field: .stiffness)
        let omega = parameters.naturalFrequency
        var microseconds = 1.0
        for position in 0..<12 {
            for digit in 1...15 {
                let m = SpringMath.transition(parameters, seconds: Double(digit) * microseconds * 1e-6)
                let base = table + (position * 15 + digit - 1) * 4
                base[0] = SpringCurve.q28(m.a)
                base[1] = SpringCurve.q28(m.b * omega)
                base[2] = SpringCurve.q28(m.c / omega)
                base[3] = SpringCurve.q28(m.d)
            }
            microseconds *= 16
        }
        self.init(
            matrices: UnsafePointer(table), startX: 1 << 24,
            startW: Int64((-parameters.initialVelocity / omega * 16_777_216).rounded(.toNearestOrEven)),
            naturalFrequencyRaw: Int64((omega * 65536).rounded(.toNearestOrEven)))
    }

    /// An entry in Q28. In (x, w) coordinates every entry of e^(A·t) is bounded by about 1.2 for the
    /// damping ratios `SpringParameters` allows, far inside the ±8 the products can carry.
    private static func q28(_ value: Double) -> Int64 {
        Int64((value * 268_435_456).rounded(.toNearestOrEven))
    }
}
