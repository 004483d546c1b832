import FixedPoint
import Motion

/// Evaluating keyframe animations through their Motion `KeyframeTrack`.
extension Engine {
    @_noAllocation
    func applyKeyframes(_ record: Int32, state: TimingState, into presentation: inout LayerState) {
        let records = animations.records
        guard let track = records[record].track else { return }
        let range = records[record].keyframes
        let target = records[record].target
        let progress = records[record].curve.value(at: state.progress)
        if range.holdsValues {
            applyHeldValues(record, track: track, progress: progress, into: &presentation)
            return
        }
        var value = track.slots(at: progress)
        if range.followsPath {
            let (segment, local) = track.segment(at: progress)
            applyPathPosition(range, segment: segment, local: local, into: &value, presentation: &presentation)
        }
        if records[record].isCumulative && state.iteration > 0 {
            value = SlotMath.add(value, SlotMath.scaled(track.lastSlots, by: state.iteration))
        }
        SlotMath.combine(value, into: &presentation, target: target, additive: records[record].isAdditive)
    }

    /// Values the track cannot interpolate (flags, paths), stored beside it: the track locates the
    /// segment; paths of one structure morph across it, everything else switches at its middle (discrete
    /// mode: holds the segment's value).
    @_noAllocation
    func applyHeldValues(_ record: Int32, track: KeyframeTrack<SlotVector>, progress: Progress,
                         into presentation: inout LayerState) {
        let records = animations.records
        let range = records[record].keyframes
        let (segment, local) = track.segment(at: progress)
        let next = Swift.min(segment &+ 1, Int(range.count) &- 1)
        let start = heldValue(range, segment), end = heldValue(range, next)
        let target = records[record].target
        if records[record].scratchPath >= 0 {
            presentation.slots[target.slot] = morphPath(scratch: records[record].scratchPath, from: start[0], to: end[0],
                                                        progress: local)
            return
        }
        if records[record].scratchStops >= 0 {
            presentation.slots[target.slot] = morphStops(scratch: records[record].scratchStops, from: start[0],
                                                         to: end[0], progress: local, layer: records[record].layer)
            return
        }
        let value = SlotMath.interpolate(start, end, local, discrete: true)
        SlotMath.combine(value, into: &presentation, target: target, additive: records[record].isAdditive)
    }

    @_noAllocation
    func heldValue(_ range: KeyframeRange, _ index: Int) -> SlotValues {
        var values = SlotValues(repeating: 0)
        let base = range.valuesOffset &+ index &* 4
        for offset in 0 ..< 4 { values[offset] = keyframeData.slots[base &+ offset] }
        return values
    }
}

/// The engine's calls into its tracks. `KeyframeTrack` is generic, and a debug (-Onone) build does not
/// specialise generics, so there the performance checker would see unspecialised metadata: debug builds
/// call through `_unsafePerformance`; release (whole-module) and Embedded builds, which specialise, check
/// the calls themselves (and the Embedded link proof shows no allocator behind them).
extension KeyframeTrack where Value == SlotVector {
    /// The value at eased progress `progress`, as slots.
    @_noAllocation
    func slots(at progress: Progress) -> SlotValues {
        #if DEBUG
        return _unsafePerformance { value(at: progress).slotValues }
        #else
        return value(at: progress).slotValues
        #endif
    }

    /// The last value, as slots (what each completed cycle adds for cumulative animations).
    var lastSlots: SlotValues {
        @_noAllocation get {
            #if DEBUG
            return _unsafePerformance { lastValue.slotValues }
            #else
            return lastValue.slotValues
            #endif
        }
    }

    /// The segment holding `progress` and the eased local progress in it (`locate`).
    @_noAllocation
    func segment(at progress: Progress) -> (segment: Int, local: Progress) {
        #if DEBUG
        return _unsafePerformance { locate(progress) }
        #else
        return locate(progress)
        #endif
    }
}
