import FixedPoint
import Motion

/// Evaluating keyframe animations.
extension Engine {
    @_noAllocation
    func applyKeyframes(_ record: UnsafeMutablePointer<AnimationRecord>, state: TimingState, into presentation: inout LayerState) {
        let range = record.pointee.keyframes
        let slots = keyframeData.slots
        let count = Int(range.count)
        let progress = record.pointee.curve.value(at: state.progress).raw
        var value = keyframeValue(range, 0)
        var segment = 0
        if count > 1 {
            let last = range.isDiscrete ? count &- 1 : count &- 2
            while segment < last {
                if slots[range.timesOffset &+ segment &+ 1] > progress { break }
                segment &+= 1
            }
            if range.isDiscrete {
                value = keyframeValue(range, segment)
            } else {
                let start = slots[range.timesOffset &+ segment]
                let span = slots[range.timesOffset &+ segment &+ 1] &- start
                var local = Progress.one.raw
                if span > 0 { local = Int32(truncatingIfNeeded: (Int64(progress &- start) &<< 15) / Int64(span)) }
                if range.hasSegmentCurves {
                    let curveIndex = slots[range.curvesOffset &+ segment]
                    if curveIndex >= 0 { local = keyframeData.curves[Int(curveIndex)].value(at: Progress(raw: local)).raw }
                }
                if range.isCubic {
                    value = hermite(range, segment: segment, local: local)
                } else {
                    value = LaneMath.interpolate(keyframeValue(range, segment), keyframeValue(range, segment &+ 1),
                                                 Progress(raw: local), discrete: record.pointee.target.isDiscrete)
                }
            }
        }
        if record.pointee.isCumulative && state.iteration > 0 {
            value = LaneMath.add(value, LaneMath.scaled(keyframeValue(range, count &- 1), by: state.iteration))
        }
        LaneMath.combine(value, into: &presentation, target: record.pointee.target, additive: record.pointee.isAdditive)
        if range.rotates && count > 1 {
            presentation.slots[35] = slots[range.anglesOffset &+ Swift.min(segment, count &- 2)]
        }
    }

    @_noAllocation
    func keyframeValue(_ range: KeyframeRange, _ index: Int) -> Lanes {
        var lanes = Lanes(repeating: 0)
        let base = range.valuesOffset &+ index &* 4
        for lane in 0 ..< 4 { lanes[lane] = keyframeData.slots[base &+ lane] }
        return lanes
    }

    /// Cubic Hermite between keys `segment` and `segment + 1` at local progress `local` (Q17.15).
    @_noAllocation
    func hermite(_ range: KeyframeRange, segment: Int, local: Int32) -> Lanes {
        let s = Int64(local)
        let s2 = (s &* s) &>> 15
        let s3 = (s2 &* s) &>> 15
        let one: Int64 = 1 << 15
        let h00 = 2 &* s3 &- 3 &* s2 &+ one
        let h10 = s3 &- 2 &* s2 &+ s
        let h01 = 3 &* s2 &- 2 &* s3
        let h11 = s3 &- s2
        let start = keyframeValue(range, segment)
        let end = keyframeValue(range, segment &+ 1)
        var result = Lanes(repeating: 0)
        for lane in 0 ..< 4 {
            let outgoing = Int64(keyframeData.slots[range.outTangentsOffset &+ segment &* 4 &+ lane])
            let incoming = Int64(keyframeData.slots[range.inTangentsOffset &+ (segment &+ 1) &* 4 &+ lane])
            let sum = h00 &* Int64(start[lane]) &+ h10 &* outgoing &+ h01 &* Int64(end[lane]) &+ h11 &* incoming
            result[lane] = Int32(truncatingIfNeeded: (sum &+ (one &>> 1)) &>> 15)
        }
        return result
    }
}
