import FixedPoint

/// The Kochanek–Bartels parameters of a keyframe spline and the setup-time geometry built from them:
/// tangents, segment arc lengths and distances between values (`SEMANTICS.md` §4).
struct KeyframeShape {
    /// Per key, each in [−1, 1].
    let tension: [Double], continuity: [Double], bias: [Double]

    /// Validated parameters; empty lists mean 0 for every key.
    init(count: Int, tension: [Double], continuity: [Double], bias: [Double]) throws(MotionError) {
        self.tension = try KeyframeShape.checked(tension, count: count, field: .tensionValues)
        self.continuity = try KeyframeShape.checked(continuity, count: count, field: .continuityValues)
        self.bias = try KeyframeShape.checked(bias, count: count, field: .biasValues)
    }

    private static func checked(_ list: [Double], count: Int, field: MotionField) throws(MotionError) -> [Double] {
        if list.isEmpty { return Array(repeating: 0, count: count) }
        guard list.count == count else { throw .wrongCount(field: field, expected: count, actual: list.count) }
        for value in list {
            guard value.isFinite else { throw .notFinite(field: field, value: value) }
            guard value >= -1, value <= 1 else { throw .outOfRange(field: field, value: value, lower: -1, upper: 1) }
        }
        return list
    }

    /// Per key: the outgoing tangent (start of the segment after it) then the incoming tangent (end of
    /// the segment before it), in raw component units per segment. Ends duplicate their endpoint, and
    /// uneven keys scale by 2Δtᵢ/(Δtᵢ₋₁ + Δtᵢ).
    func tangents<Value: Interpolatable>(_ values: [Value], keyTimes: [Double]) -> [ComponentVector] {
        let count = values.count
        let points = values.map { ComponentVector(of: $0) }
        var result: [ComponentVector] = []
        for index in 0..<count {
            let previous = points[max(index - 1, 0)], current = points[index], next = points[min(index + 1, count - 1)]
            let before = index > 0 ? keyTimes[index] - keyTimes[index - 1] : nil
            let after = index < count - 1 ? keyTimes[index + 1] - keyTimes[index] : nil
            let spanBefore = before ?? after ?? 1, spanAfter = after ?? before ?? 1
            let sum = spanBefore + spanAfter
            let outScale = sum > 0 ? 2 * spanAfter / sum : 1, inScale = sum > 0 ? 2 * spanBefore / sum : 1
            let (t, c, b) = (tension[index], continuity[index], bias[index])
            var outLanes: [Int64] = [], inLanes: [Int64] = []
            for lane in 0..<4 {
                let incomingDelta = Double(current[lane] - previous[lane]), outgoingDelta = Double(next[lane] - current[lane])
                let out = (1 - t) * (1 + b) * (1 + c) / 2 * incomingDelta + (1 - t) * (1 - b) * (1 - c) / 2 * outgoingDelta
                let into = (1 - t) * (1 + b) * (1 - c) / 2 * incomingDelta + (1 - t) * (1 - b) * (1 + c) / 2 * outgoingDelta
                outLanes.append(Int64((out * outScale).rounded()))
                inLanes.append(Int64((into * inScale).rounded()))
            }
            result.append(ComponentVector(outLanes[0], outLanes[1], outLanes[2], outLanes[3]))
            result.append(ComponentVector(inLanes[0], inLanes[1], inLanes[2], inLanes[3]))
        }
        return result
    }

    /// Euclidean distance between two component vectors, in value units.
    static func distance(_ a: ComponentVector, _ b: ComponentVector, _ lanes: Int) -> Double {
        var sum = 0.0
        for lane in 0..<lanes {
            let delta = Double(b[lane] - a[lane]) / 65536
            sum += delta * delta
        }
        return sum.squareRoot()
    }

    /// The length of one Hermite segment, as a 64-piece polyline.
    static func arcLength<Value: Interpolatable>(_ start: Value, _ end: Value, _ outgoing: ComponentVector, _ incoming: ComponentVector) -> Double {
        let p0 = ComponentVector(of: start), p1 = ComponentVector(of: end)
        func point(_ s: Double) -> [Double] {
            let h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s
            let h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s
            return (0..<Value.componentCount).map { lane in
                (Double(p0[lane]) * h00 + Double(outgoing[lane]) * h10 + Double(p1[lane]) * h01 + Double(incoming[lane]) * h11) / 65536
            }
        }
        var length = 0.0
        var previous = point(0)
        for step in 1...64 {
            let current = point(Double(step) / 64)
            length += zip(previous, current).map { ($1 - $0) * ($1 - $0) }.reduce(0, +).squareRoot()
            previous = current
        }
        return length
    }
}
