import FixedPoint
import Motion

/// Setting up a keyframe animation along a motion `path` (SEMANTICS §4, `CAKeyframeAnimation.path`): every
/// point of the path is a keyframe, the key times and timing functions place the segments, and inside a
/// segment the layer follows the segment's own curve (`pathCurves`), not a flattened polyline.
extension Engine {
    /// The control points of each segment of `keyframe.path` as slots (x, y of the first control, then of
    /// the second): `pathCurves` checked and converted, or straight lines (controls at the thirds) when none
    /// are given. Empty when the path has one point.
    func pathControls(_ keyframe: KeyframeAnimation, points: [SlotValues], layer: LayerName) throws(EngineError) -> [SlotValues] {
        let segments = points.count - 1
        if keyframe.pathCurves.isEmpty {
            return segments < 1 ? [] : (0 ..< segments).map { Engine.lineControls(points[$0], points[$0 + 1]) }
        }
        guard keyframe.pathCurves.count == segments else {
            throw .invalidAnimation(field: "pathCurves", reason: "needs one curve per path segment (\(segments)), found \(keyframe.pathCurves.count)")
        }
        if keyframe.calculationMode == .cubic || keyframe.calculationMode == .cubicPaced {
            throw .invalidAnimation(field: "calculationMode", reason: Engine.curvedPathCubicRule)
        }
        var controls: [SlotValues] = []
        for curve in keyframe.pathCurves {
            let first = try PropertyValue.pair(curve.control1.x, curve.control1.y).slotValues(for: .position, layer: layer)
            let second = try PropertyValue.pair(curve.control2.x, curve.control2.y).slotValues(for: .position, layer: layer)
            var slots = SlotValues(repeating: 0)
            slots[0] = first[0]; slots[1] = first[1]; slots[2] = second[0]; slots[3] = second[1]
            controls.append(slots)
        }
        return controls
    }

    /// Why a motion path with curves refuses the cubic modes: the curves already give the motion between keys.
    public static let curvedPathCubicRule =
        "a motion path with curves gives its own shape between keyframes; use linear, paced or discrete"

    /// The animation whose key times the track is built from: `keyframe` itself, except that a curved path
    /// in `paced` mode spaces its keys by the arc length of each segment (linear between them).
    func pathTiming(_ keyframe: KeyframeAnimation, points: [SlotValues], controls: [SlotValues]) throws(EngineError) -> KeyframeAnimation {
        guard keyframe.calculationMode == .paced, !keyframe.pathCurves.isEmpty, points.count > 1 else { return keyframe }
        var lengths: [Double] = [0]
        for index in 0 ..< controls.count {
            lengths.append(lengths[index] + Engine.segmentLength(points[index], controls[index], points[index + 1]))
        }
        guard let total = lengths.last, total > 0 else { return keyframe }
        var paced = keyframe
        paced.calculationMode = .linear
        paced.keyTimes = lengths.map { $0 / total }
        paced.keyTimes[paced.keyTimes.count - 1] = 1
        return paced
    }

    /// Writes the path's points (2 slots each) and then its segments' control points (4 slots each) at
    /// `range.pathOffset`, where the frame's `pathPosition` reads them.
    func storePath(_ points: [SlotValues], controls: [SlotValues], range: KeyframeRange) {
        for (index, point) in points.enumerated() {
            keyframeData.slots[range.pathOffset + index * 2] = point[0]
            keyframeData.slots[range.pathOffset + index * 2 + 1] = point[1]
        }
        let controlsOffset = range.pathOffset + points.count * 2
        for (index, control) in controls.enumerated() {
            for lane in 0 ..< 4 { keyframeData.slots[controlsOffset + index * 4 + lane] = control[lane] }
        }
    }

    /// The controls of the straight segment from `start` to `end`, at its thirds (Q16.16 raw).
    private static func lineControls(_ start: SlotValues, _ end: SlotValues) -> SlotValues {
        func third(_ from: Int32, _ to: Int32) -> Int32 {
            Int32(truncatingIfNeeded: Int64(from) + (Int64(to) - Int64(from)) / 3)
        }
        var slots = SlotValues(repeating: 0)
        slots[0] = third(start[0], end[0]); slots[1] = third(start[1], end[1])
        slots[2] = third(end[0], start[0]); slots[3] = third(end[1], start[1])
        return slots
    }

    /// The arc length of one cubic segment in points, from 64 chords (setup time).
    private static func segmentLength(_ start: SlotValues, _ controls: SlotValues, _ end: SlotValues) -> Double {
        func coordinate(_ raw: Int32) -> Double { Double(raw) / 65536 }
        let xs = [coordinate(start[0]), coordinate(controls[0]), coordinate(controls[2]), coordinate(end[0])]
        let ys = [coordinate(start[1]), coordinate(controls[1]), coordinate(controls[3]), coordinate(end[1])]
        func point(_ t: Double) -> (Double, Double) {
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return (a * xs[0] + b * xs[1] + c * xs[2] + d * xs[3], a * ys[0] + b * ys[1] + c * ys[2] + d * ys[3])
        }
        var length = 0.0
        var previous = point(0)
        for step in 1 ... 64 {
            let next = point(Double(step) / 64)
            length += ((next.0 - previous.0) * (next.0 - previous.0) + (next.1 - previous.1) * (next.1 - previous.1)).squareRoot()
            previous = next
        }
        return length
    }
}
