import FixedPoint
import Motion

/// Evaluating a layer's animations into its presentation state.
extension Engine {
    /// Presentation = model + every animation of the layer in application order, at the layer's local
    /// time; queues lifecycle events and retires finished animations.
    @_noAllocation
    func evaluateLayer(_ layerIndex: Int32, localTime: MediaTime) {
        let records = animations.records
        nodes[layerIndex].localTime = localTime
        resetPresentation(layerIndex)
        var record = nodes[layerIndex].firstAnimation
        while record >= 0 {
            let next = records[record].next
            var cursor = records[record].cursor
            let (isPresent, isOver) = present(record, at: localTime, layer: layerIndex, cursor: &cursor)
            records[record].cursor = cursor
            if isPresent && !records[record].hasStarted {
                records[record].hasStarted = true
                pushEvent(.didStart, callback: records[record].delegate, finished: false)
            }
            if isOver && !records[record].hasStopped {
                if records[record].isRemovedOnCompletion {
                    stop(record, on: layerIndex, finished: true)
                } else {
                    endLifecycle(record, finished: true)
                }
            }
            record = next
        }
    }

    /// Starts a layer's evaluation: its presentation is its model, with no transition showing.
    @_noAllocation
    func resetPresentation(_ layerIndex: Int32) {
        nodes[layerIndex].presentation = nodes[layerIndex].model
        nodes[layerIndex].transitionRecord = -1
        nodes[layerIndex].outgoingImageRecord = -1
    }

    /// Applies the top-level record `record` of layer `layerIndex` at the layer's local time `localTime` (its
    /// timing read through `cursor`) to the layer's presentation; returns whether it is present (active or
    /// filling) and whether it is over. A transition not begun yet shows its outgoing state.
    @_noAllocation
    func present(_ record: Int32, at localTime: MediaTime, layer layerIndex: Int32,
                 cursor: inout TimingCursor) -> (isPresent: Bool, isOver: Bool) {
        let records = animations.records
        let parentTime = localTime &- records[record].timeShift
        let state = cursor.state(of: records[record].timing, at: parentTime)
        var isOver = false
        if let end = records[record].endTime { isOver = parentTime >= end }
        if let state {
            apply(record, state: state, layer: layerIndex, into: &nodes[layerIndex].presentation)
            return (true, isOver)
        }
        if !isOver, case .transition = records[record].kind {
            let before = TimingState(phase: .before, iteration: 0, iterationTime: 0, progress: .zero)
            apply(record, state: before, layer: layerIndex, into: &nodes[layerIndex].presentation)
        }
        return (isOver, isOver)
    }

    /// Applies record `record` (and, for a group, its children) in `state` to `presentation`.
    @_noAllocation
    func apply(_ record: Int32, state: TimingState, layer layerIndex: Int32, into presentation: inout LayerState) {
        let records = animations.records
        if records[record].scratchPath >= 0 || records[record].scratchStops >= 0 {
            nodes[layerIndex].settingsChanged = true   // points or stops move
        }
        switch records[record].kind {
        case .basic, .spring:
            applyBasic(record, state: state, into: &presentation)
        case .keyframe:
            applyKeyframes(record, state: state, into: &presentation)
        case .group:
            // Children run in the group's basic local time, clipped to its active window and eased by the
            // group's timing function, `D · f(u / D)` (§1.2 step 8); nested groups recurse (depth ≤
            // `Engine.maximumGroupDepth`).
            let childTime = records[record].easesChildren
                ? records[record].curve.easedTime(state.iterationTime, duration: records[record].timing.duration)
                : state.iterationTime
            var child = records[record].firstChild
            while child >= 0 {
                if let childState = records[child].cursor.state(of: records[child].timing, at: childTime) {
                    apply(child, state: childState, layer: layerIndex, into: &presentation)
                }
                child = records[child].next
            }
        case .transition:
            applyTransition(record, state: state, layer: layerIndex, into: &presentation)
        }
    }

    @_noAllocation
    func applyBasic(_ record: Int32, state: TimingState, into presentation: inout LayerState) {
        let records = animations.records
        let target = records[record].target
        let current = SlotMath.read(target, from: presentation)
        let given = records[record].givenValues
        let hasFrom = given & 1 != 0, hasTo = given & 2 != 0, hasBy = given & 4 != 0
        var from = current
        if hasFrom {
            from = records[record].from
        } else if hasTo && hasBy {
            from = SlotMath.subtract(records[record].to, records[record].by)
        }
        var to = current
        if hasTo {
            to = records[record].to
        } else if hasBy {
            to = SlotMath.add(from, records[record].by)
        }
        var progress = records[record].curve.value(at: state.progress)
        if case .spring = records[record].kind, let spring = records[record].springCurve {
            progress = spring.state(at: state.iterationTime).progress
        }
        if records[record].scratchPath >= 0 {
            presentation.slots[target.slot] = morphPath(scratch: records[record].scratchPath, from: from[0], to: to[0],
                                                        progress: progress)
            return
        }
        if records[record].scratchStops >= 0 {
            presentation.slots[target.slot] = morphStops(scratch: records[record].scratchStops, from: from[0],
                                                         to: to[0], progress: progress, layer: records[record].layer)
            return
        }
        var value = SlotMath.interpolate(from, to, progress, discrete: target.isDiscrete)
        if records[record].isCumulative && state.iteration > 0 {
            value = SlotMath.add(value, SlotMath.scaled(to, by: state.iteration))
        }
        SlotMath.combine(value, into: &presentation, target: target, additive: records[record].isAdditive)
    }

    @_noAllocation
    func applyTransition(
        _ record: Int32, state: TimingState, layer layerIndex: Int32, into presentation: inout LayerState
    ) {
        let settings = animations.records[record].transition
        if case .before = state.phase {
            for slot in 0 ..< presentation.slots.count {
                presentation.slots[slot] = keyframeData.slots[Int(settings.stateOffset) &+ slot]
            }
            nodes[layerIndex].outgoingImageRecord = record
            return
        }
        let eased = animations.records[record].curve.value(at: state.progress)
        let span = Int64(settings.endProgress.raw &- settings.startProgress.raw)
        let progress = settings.startProgress.raw &+ Int32(truncatingIfNeeded: (span &* Int64(eased.raw)) &>> 15)
        nodes[layerIndex].transitionRecord = record
        nodes[layerIndex].transitionProgress = Progress(raw: progress)
    }
}
