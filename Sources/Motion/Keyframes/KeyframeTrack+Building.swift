import FixedPoint

extension KeyframeTrack {
    /// The most values a track may hold.
    public static var maximumValueCount: Int { 4096 }

    /// Validates keyframes and stores them in `store` (`SEMANTICS.md` §4).
    ///
    /// - Parameters:
    ///   - keyTimes: fractions of the duration in [0, 1], non-decreasing, first 0 and last 1; one per value
    ///     (discrete: values + 1). Empty = evenly spaced. Ignored by the paced modes.
    ///   - timingFunctions: one per segment (values − 1; discrete: values), or empty for linear segments.
    ///     Ignored by the paced modes.
    ///   - tensionValues, continuityValues, biasValues: cubic modes, one per value in [−1, 1], or empty (0).
    /// - Throws: `MotionError` naming the list, the index and the value: a wrong count, a NaN or infinite
    ///   entry, an entry outside its range, keyTimes out of order or with ends other than 0 and 1, a full store.
    public init(
        values: [Value], keyTimes: [Double] = [], timingFunctions: [TimingCurve] = [],
        calculationMode mode: CalculationMode = .linear, tensionValues: [Double] = [],
        continuityValues: [Double] = [], biasValues: [Double] = [], in store: inout MotionStore
    ) throws(MotionError) {
        let count = values.count
        guard count >= 1, count <= KeyframeTrack.maximumValueCount else {
            throw .wrongCount(field: .values, expected: count < 1 ? 1 : KeyframeTrack.maximumValueCount, actual: count)
        }
        let segments = mode == .discrete ? count : count - 1
        try KeyframeTrack.checkOptionalList(timingFunctions.count, expected: segments, field: .timingFunctions, ignored: mode.isPaced)
        let shape = try KeyframeShape(count: count, tension: tensionValues, continuity: continuityValues, bias: biasValues)
        let times = try mode.isPaced
            ? KeyframeTrack.pacedKeyTimes(values, mode: mode, shape: shape)
            : KeyframeTrack.checkedKeyTimes(keyTimes, expected: mode == .discrete ? count + 1 : count)

        let storedValues = try store.allocate(Value.self, count: count, field: .values)
        storedValues.initialize(from: values, count: count)
        let storedTimes = try store.allocate(Int32.self, count: times.count, field: .keyTimes)
        for (index, time) in times.enumerated() { storedTimes[index] = KeyframeTrack.quantized(time) }
        let storedCurves = try store.allocate(TimingCurve.self, count: max(segments, 1), field: .timingFunctions)
        for index in 0..<max(segments, 1) {
            storedCurves[index] = mode.isPaced || timingFunctions.isEmpty ? TimingCurve.linear : timingFunctions[index]
        }
        var storedTangents: UnsafeMutablePointer<ComponentVector>? = nil
        if mode.isCubic {
            let tangents = try store.allocate(ComponentVector.self, count: 2 * count, field: .values)
            for (index, tangent) in shape.tangents(values, keyTimes: times).enumerated() { tangents[index] = tangent }
            storedTangents = tangents
        }
        self.init(
            values: storedValues, keyTimes: storedTimes, curves: storedCurves,
            tangents: storedTangents.map { UnsafePointer($0) }, valueCount: count, calculationMode: mode)
    }

    /// An optional per-segment or per-key list: empty, or exactly `expected` entries.
    static func checkOptionalList(_ count: Int, expected: Int, field: MotionField, ignored: Bool) throws(MotionError) {
        guard ignored || count == 0 || count == expected else {
            throw .wrongCount(field: field, expected: expected, actual: count)
        }
    }

    /// Given keyTimes validated, or evenly spaced ones when none were given.
    static func checkedKeyTimes(_ keyTimes: [Double], expected: Int) throws(MotionError) -> [Double] {
        if keyTimes.isEmpty {
            return (0..<expected).map { expected == 1 ? 0 : Double($0) / Double(expected - 1) }
        }
        guard keyTimes.count == expected else {
            throw .wrongCount(field: .keyTimes, expected: expected, actual: keyTimes.count)
        }
        for (index, time) in keyTimes.enumerated() {
            guard time.isFinite else { throw .notFinite(field: .keyTimes, value: time) }
            guard time >= 0, time <= 1 else { throw .outOfRange(field: .keyTimes, value: time, lower: 0, upper: 1) }
            if index > 0, time < keyTimes[index - 1] {
                throw .notNonDecreasing(field: .keyTimes, index: index, value: time, previous: keyTimes[index - 1])
            }
        }
        guard keyTimes[0] == 0 else { throw .badEndpoint(field: .keyTimes, index: 0, value: keyTimes[0], expected: 0) }
        let last = keyTimes.count - 1
        guard expected == 1 || keyTimes[last] == 1 else {
            throw .badEndpoint(field: .keyTimes, index: last, value: keyTimes[last], expected: 1)
        }
        return keyTimes
    }

    /// Key times proportional to cumulative distance (paced) or segment arc length (cubicPaced); evenly
    /// spaced when every value is the same.
    static func pacedKeyTimes(_ values: [Value], mode: CalculationMode, shape: KeyframeShape) -> [Double] {
        let even = (0..<values.count).map { values.count == 1 ? 0 : Double($0) / Double(values.count - 1) }
        var lengths: [Double] = []
        if mode == .cubicPaced {
            let tangents = shape.tangents(values, keyTimes: even)
            for index in 0..<(values.count - 1) {
                lengths.append(KeyframeShape.arcLength(values[index], values[index + 1], tangents[2 * index], tangents[2 * index + 3]))
            }
        } else {
            for index in 0..<(values.count - 1) {
                lengths.append(KeyframeShape.distance(ComponentVector(of: values[index]), ComponentVector(of: values[index + 1]), Value.componentCount))
            }
        }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return even }
        var times = [0.0]
        var sum = 0.0
        for length in lengths {
            sum += length
            times.append(sum / total)
        }
        times[times.count - 1] = 1
        return times
    }

    /// A key time in Q17.15, rounded to nearest.
    static func quantized(_ time: Double) -> Int32 { Int32((time * 32768).rounded(.toNearestOrEven)) }
}
