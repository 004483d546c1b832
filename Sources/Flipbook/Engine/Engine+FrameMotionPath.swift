import FixedPoint
import Motion

/// Evaluating a keyframe animation along a motion path (frame time): the track gives the segment and the
/// eased local progress; the position is the segment's cubic at that parameter (de Casteljau in Q15), and
/// `rotationMode` turns the layer to the curve's tangent there.
extension Engine {
    /// Puts the path position (x, y) of `segment` at `local` into `value`; with `range.rotates`, also the
    /// tangent angle into the presentation's z rotation. Past the last key (discrete mode), the end point.
    @_noAllocation
    func applyPathPosition(_ range: KeyframeRange, segment: Int, local: Progress, into value: inout SlotValues,
                           presentation: inout LayerState) {
        let lastSegment = Int(range.count) &- 2
        let index = Swift.min(segment, lastSegment)
        let t = segment > lastSegment ? Int64(1 << 15) : Int64(local.raw)
        let pointBase = range.pathOffset &+ index &* 2
        let controlBase = range.pathOffset &+ Int(range.count) &* 2 &+ index &* 4
        // The tangent's direction (B′(t)/3); where a control sits on its end point (B′ = 0 there), the
        // limit direction from the other control, and failing that the chord.
        var tangent = (x: Int64(0), y: Int64(0)), limit = (x: Int64(0), y: Int64(0)), chord = (x: Int64(0), y: Int64(0))
        for axis in 0 ..< 2 {
            let p0 = Int64(keyframeData.slots[pointBase &+ axis])
            let p1 = Int64(keyframeData.slots[controlBase &+ axis])
            let p2 = Int64(keyframeData.slots[controlBase &+ 2 &+ axis])
            let p3 = Int64(keyframeData.slots[pointBase &+ 2 &+ axis])
            let a = lerpQ15(p0, p1, t), b = lerpQ15(p1, p2, t), c = lerpQ15(p2, p3, t)
            let d = lerpQ15(a, b, t), e = lerpQ15(b, c, t)
            if !range.isStraight { value[axis] = Int32(truncatingIfNeeded: lerpQ15(d, e, t)) }
            let towards = t == 0 ? p2 &- p0 : p3 &- p1
            if axis == 0 {
                tangent.x = e &- d; limit.x = towards; chord.x = p3 &- p0
            } else {
                tangent.y = e &- d; limit.y = towards; chord.y = p3 &- p0
            }
        }
        guard range.rotates else { return }
        if tangent == (0, 0) { tangent = limit }
        if tangent == (0, 0) { tangent = chord }
        while Swift.max(Swift.abs(tangent.x), Swift.abs(tangent.y)) > Int64(Int32.max >> 1) {
            tangent = (tangent.x >> 1, tangent.y >> 1)
        }
        var angle = Fixed.atan2(y: Fixed(raw: Int32(truncatingIfNeeded: tangent.y)),
                                x: Fixed(raw: Int32(truncatingIfNeeded: tangent.x)))
        if range.reversesRotation { angle += Fixed.pi }
        presentation.slots[LayerSlot.rotationZ] = angle.raw
    }
}

/// `a + (b − a)·t` with `t` in Q15, rounded; exact at t = 0 and t = 1.
@inline(__always)
private func lerpQ15(_ a: Int64, _ b: Int64, _ t: Int64) -> Int64 {
    a &+ (((b &- a) &* t &+ (1 << 14)) >> 15)
}
