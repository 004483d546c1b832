/// Moving a track's lists into memory its owner frees per animation.
///
/// A `MotionStore` hands out memory until it is destroyed and never takes any back, which suits a scene's
/// lifetime. An engine that adds and removes animations for as long as it runs keeps each track in its
/// own reusable memory instead: it builds the track in a temporary store (setup time), copies it with
/// `relocated(into:)`, and drops the store.
extension KeyframeTrack {
    /// The bytes `relocated(into:)` writes: values, key times, segment curves and (cubic modes) tangents,
    /// each list starting 16-byte aligned.
    public var relocatedByteCount: Int {
        let layout = RelocationLayout(self)
        return layout.end
    }

    /// A track equal to this one whose lists live in `memory`, which must be 16-byte aligned, hold
    /// `relocatedByteCount` bytes, and stay allocated and unchanged while the result is used. Nothing
    /// else is touched (setup time; the result evaluates exactly as this track does).
    public func relocated(into memory: UnsafeMutableRawPointer) -> KeyframeTrack {
        let layout = RelocationLayout(self)
        let newValues = (memory + layout.values).bindMemory(to: Value.self, capacity: valueCount)
        newValues.initialize(from: values, count: valueCount)
        let newTimes = (memory + layout.keyTimes).bindMemory(to: Int32.self, capacity: layout.keyTimeCount)
        newTimes.initialize(from: keyTimes, count: layout.keyTimeCount)
        let newCurves = (memory + layout.curves).bindMemory(to: TimingCurve.self, capacity: layout.curveCount)
        newCurves.initialize(from: curves, count: layout.curveCount)
        var newTangents: UnsafePointer<ComponentVector>? = nil
        if let tangents {
            let copy = (memory + layout.tangents).bindMemory(to: ComponentVector.self, capacity: 2 * valueCount)
            copy.initialize(from: tangents, count: 2 * valueCount)
            newTangents = UnsafePointer(copy)
        }
        return KeyframeTrack(
            values: newValues, keyTimes: newTimes, curves: newCurves, tangents: newTangents,
            valueCount: valueCount, calculationMode: calculationMode)
    }
}

/// Byte offsets of a track's lists in relocated memory (the counts `KeyframeTrack.init` allocates).
struct RelocationLayout {
    let keyTimeCount: Int, curveCount: Int
    let values: Int, keyTimes: Int, curves: Int, tangents: Int, end: Int

    init<Value>(_ track: KeyframeTrack<Value>) {
        let isDiscrete = track.calculationMode == .discrete
        keyTimeCount = isDiscrete ? track.valueCount + 1 : track.valueCount
        curveCount = max(isDiscrete ? track.valueCount : track.valueCount - 1, 1)
        values = 0
        keyTimes = RelocationLayout.aligned(values + MemoryLayout<Value>.stride * track.valueCount)
        curves = RelocationLayout.aligned(keyTimes + MemoryLayout<Int32>.stride * keyTimeCount)
        tangents = RelocationLayout.aligned(curves + MemoryLayout<TimingCurve>.stride * curveCount)
        let tangentBytes = track.tangents == nil ? 0 : MemoryLayout<ComponentVector>.stride * 2 * track.valueCount
        end = RelocationLayout.aligned(tangents + tangentBytes)
    }

    static func aligned(_ offset: Int) -> Int { (offset + 15) & ~15 }
}
