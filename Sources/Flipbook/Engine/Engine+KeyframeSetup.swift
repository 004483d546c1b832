import FixedPoint
import Motion

/// Validating keyframe animations and laying their data out in the keyframe store (setup time).
extension Engine {
    /// Validates `keyframe` (SEMANTICS §4) and stores values, key times, curves, angles and tangents.
    func storeKeyframes(_ keyframe: KeyframeAnimation, layer: LayerName) throws(EngineError) -> KeyframeRange {
        let usesPath = !keyframe.path.isEmpty
        if usesPath && keyframe.keyPath != .position {
            throw .invalidAnimation(field: "path", reason: "a path animates only position, not \(keyframe.keyPath.keyPath)")
        }
        let source = usesPath ? keyframe.path : keyframe.values
        guard !source.isEmpty else { throw .invalidAnimation(field: "values", reason: "needs at least one value") }
        var points: [Lanes] = []
        for value in source { points.append(try value.lanes(for: keyframe.keyPath, layer: layer)) }
        let count = points.count
        let mode = keyframe.calculationMode
        let rotates = usesPath && keyframe.rotationMode != nil
        let times = try keyTimes(keyframe, points: points, mode: mode)
        let curves = try segmentCurves(keyframe, count: count, mode: mode)
        let slotsNeeded = KeyframeRange.slotsNeeded(count: count, mode: mode, rotates: rotates)
        guard let offset = keyframeData.allocate(slotsNeeded) else {
            throw .poolFull(.keyframes, capacity: keyframeData.capacity)
        }
        var range = KeyframeRange(offset: offset, slotCount: Int32(slotsNeeded), count: Int32(count), mode: mode,
                                  hasSegmentCurves: !curves.isEmpty, rotation: rotates ? keyframe.rotationMode : nil)
        range.rotates = rotates
        range.isDiscrete = mode == .discrete
        range.isCubic = mode == .cubic || mode == .cubicPaced
        range.layOut()
        let slots = keyframeData.slots
        for (index, point) in points.enumerated() {
            for lane in 0 ..< 4 { slots[range.valuesOffset + index * 4 + lane] = point[lane] }
        }
        for (index, time) in times.enumerated() { slots[range.timesOffset + index] = time }
        for index in 0 ..< max(count - 1, 0) { slots[range.curvesOffset + index] = curves.isEmpty ? -1 : curves[index] }
        if rotates { storeAngles(points, range: range, reverse: keyframe.rotationMode == .autoReverse) }
        if mode == .cubic || mode == .cubicPaced {
            try storeTangents(keyframe, points: points, times: times, range: &range)
        }
        return range
    }

    /// Key times in Q17.15: given (checked), even, or paced by distance.
    private func keyTimes(_ keyframe: KeyframeAnimation, points: [Lanes], mode: CalculationMode) throws(EngineError) -> [Int32] {
        let count = points.count
        let timeCount = mode == .discrete ? count + 1 : count
        if mode == .paced || mode == .cubicPaced {
            var distances: [Double] = [0]
            for index in 1 ..< max(count, 1) {
                var sum = 0.0
                for lane in 0 ..< 4 {
                    let delta = Double(points[index][lane] - points[index - 1][lane]) / 65536
                    sum += delta * delta
                }
                distances.append(distances[index - 1] + sum.squareRoot())
            }
            let total = distances.last ?? 0
            return distances.enumerated().map { index, distance in
                total > 0 ? Int32((distance / total * 32768).rounded()) : Int32(index * 32768 / max(count - 1, 1))
            }
        }
        if keyframe.keyTimes.isEmpty {
            return (0 ..< timeCount).map { Int32($0 * 32768 / max(timeCount - 1, 1)) }
        }
        guard keyframe.keyTimes.count == timeCount else {
            throw .invalidAnimation(field: "keyTimes", reason: "needs \(timeCount) entries (got \(keyframe.keyTimes.count))")
        }
        var result: [Int32] = []
        for (index, time) in keyframe.keyTimes.enumerated() {
            guard time.isFinite, time >= 0, time <= 1 else {
                throw .invalidValue(layer: nil, field: "keyTimes[\(index)]", value: time,
                                    reason: time.isFinite ? .outOfRange(min: 0, max: 1) : .notFinite)
            }
            if index > 0 && time < keyframe.keyTimes[index - 1] {
                throw .invalidAnimation(field: "keyTimes",
                                        reason: "must be non-decreasing (\(time) after \(keyframe.keyTimes[index - 1]))")
            }
            result.append(Int32((time * 32768).rounded()))
        }
        guard keyframe.keyTimes.first == 0, keyframe.keyTimes.last == 1 else {
            throw .invalidAnimation(field: "keyTimes", reason: "must start at 0 and end at 1")
        }
        return result
    }

    /// Curve-table indices of the per-segment timing functions (empty: all linear).
    private func segmentCurves(_ keyframe: KeyframeAnimation, count: Int, mode: CalculationMode) throws(EngineError) -> [Int32] {
        if keyframe.timingFunctions.isEmpty || mode == .paced || mode == .cubicPaced { return [] }
        let segments = mode == .discrete ? count : count - 1
        guard keyframe.timingFunctions.count == segments || keyframe.timingFunctions.count == count - 1 else {
            throw .invalidAnimation(field: "timingFunctions",
                                    reason: "needs \(count - 1) entries (got \(keyframe.timingFunctions.count))")
        }
        var result: [Int32] = []
        for function in keyframe.timingFunctions.prefix(max(count - 1, 0)) {
            result.append(try keyframeData.curveIndex(of: try curve(for: function)))
        }
        return result
    }

    /// The tangent angle of each path segment (+π for autoReverse), Q16.16 radians.
    private func storeAngles(_ points: [Lanes], range: KeyframeRange, reverse: Bool) {
        for index in 0 ..< points.count - 1 {
            let dx = Fixed(raw: points[index + 1][0] &- points[index][0])
            let dy = Fixed(raw: points[index + 1][1] &- points[index][1])
            var angle = Fixed.atan2(y: dy, x: dx)
            if reverse { angle += Fixed.pi }
            keyframeData.slots[range.anglesOffset + index] = angle.raw
        }
    }

    /// Kochanek–Bartels tangents (SEMANTICS §4), scaled for uneven key spacing, stored per key.
    private func storeTangents(
        _ keyframe: KeyframeAnimation, points: [Lanes], times: [Int32], range: inout KeyframeRange
    ) throws(EngineError) {
        let count = points.count
        let tension = try splineParameters(keyframe.tensionValues, field: "tensionValues", count: count)
        let continuity = try splineParameters(keyframe.continuityValues, field: "continuityValues", count: count)
        let bias = try splineParameters(keyframe.biasValues, field: "biasValues", count: count)
        for index in 0 ..< count {
            let t = tension[index], c = continuity[index], b = bias[index]
            let previousSpan = index > 0 ? Double(times[index] - times[index - 1]) : nil
            let nextSpan = index < count - 1 ? Double(times[index + 1] - times[index]) : nil
            let outScale = Engine.spanScale(own: nextSpan, other: previousSpan)
            let inScale = Engine.spanScale(own: previousSpan, other: nextSpan)
            for lane in 0 ..< 4 {
                let here = Double(points[index][lane])
                let before = index > 0 ? here - Double(points[index - 1][lane]) : 0
                let after = index < count - 1 ? Double(points[index + 1][lane]) - here : 0
                let outgoing = (1 - t) * (1 + b) * (1 + c) / 2 * before + (1 - t) * (1 - b) * (1 - c) / 2 * after
                let incoming = (1 - t) * (1 + b) * (1 - c) / 2 * before + (1 - t) * (1 - b) * (1 + c) / 2 * after
                keyframeData.slots[range.outTangentsOffset + index * 4 + lane] = Engine.clampedRaw(outgoing * outScale)
                keyframeData.slots[range.inTangentsOffset + index * 4 + lane] = Engine.clampedRaw(incoming * inScale)
            }
        }
    }

    /// 2·own / (own + other) for uneven spacing; 1 at the ends or for even keys.
    private static func spanScale(own: Double?, other: Double?) -> Double {
        guard let own, let other, own + other > 0 else { return 1 }
        return 2 * own / (own + other)
    }

    private static func clampedRaw(_ value: Double) -> Int32 {
        Int32(Swift.min(Swift.max(value.rounded(), Double(Int32.min)), Double(Int32.max)))
    }

    private func splineParameters(_ values: [Double], field: String, count: Int) throws(EngineError) -> [Double] {
        if values.isEmpty { return Array(repeating: 0, count: count) }
        guard values.count == count else {
            throw .invalidAnimation(field: field, reason: "needs \(count) entries (got \(values.count))")
        }
        for (index, value) in values.enumerated() where !(value >= -1 && value <= 1) {
            throw .invalidValue(layer: nil, field: "\(field)[\(index)]", value: value,
                                reason: value.isFinite ? .outOfRange(min: -1, max: 1) : .notFinite)
        }
        return values
    }
}
