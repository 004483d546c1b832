import FixedPoint
import Motion

/// Evaluating a layer's animations into its presentation state.
extension Engine {
    /// Presentation = model + every animation of the layer in application order, at the layer's local
    /// time; queues lifecycle events and retires finished animations.
    @_noAllocation
    func evaluateLayer(_ layerIndex: Int32, localTime: MediaTime) {
        let node = nodes.baseAddress! + Int(layerIndex)
        node.pointee.localTime = localTime
        node.pointee.presentation = node.pointee.model
        node.pointee.transitionRecord = -1
        var record = node.pointee.firstAnimation
        while record >= 0 {
            let pointer = animations.records.baseAddress! + Int(record)
            let next = pointer.pointee.next
            let parentTime = localTime &- pointer.pointee.timeShift
            let state = pointer.pointee.cursor.state(of: pointer.pointee.timing, at: parentTime)
            var isOver = false
            if let end = pointer.pointee.endTime { isOver = parentTime >= end }
            var isPresent = isOver
            if let state {
                isPresent = true
                apply(record, state: state, layer: layerIndex, into: &node.pointee.presentation)
            } else if !isOver, case .transition = pointer.pointee.kind {
                let before = TimingState(phase: .before, iteration: 0, iterationTime: 0, progress: .zero)
                apply(record, state: before, layer: layerIndex, into: &node.pointee.presentation)
            }
            if isPresent && !pointer.pointee.hasStarted {
                pointer.pointee.hasStarted = true
                pushEvent(.didStart, callback: pointer.pointee.delegate, finished: false)
            }
            if isOver && !pointer.pointee.hasStopped {
                if pointer.pointee.isRemovedOnCompletion {
                    stop(record, on: layerIndex, finished: true)
                } else {
                    endLifecycle(record, finished: true)
                }
            }
            record = next
        }
    }

    /// Applies record `record` (and, for a group, its children) in `state` to `presentation`.
    @_noAllocation
    func apply(_ record: Int32, state: TimingState, layer layerIndex: Int32, into presentation: inout LayerState) {
        let pointer = animations.records.baseAddress! + Int(record)
        if pointer.pointee.scratchPath >= 0 { nodes[Int(layerIndex)].settingsChanged = true }   // points move
        switch pointer.pointee.kind {
        case .basic, .spring:
            applyBasic(pointer, state: state, into: &presentation)
        case .keyframe:
            applyKeyframes(pointer, state: state, into: &presentation)
        case .group:
            // Children run in the group's basic local time, clipped to its active window and eased by the
            // group's timing function, `D · f(u / D)` (§1.2 step 8); nested groups recurse (depth ≤
            // `Engine.maximumGroupDepth`).
            let childTime = pointer.pointee.easesChildren
                ? pointer.pointee.curve.easedTime(state.iterationTime, duration: pointer.pointee.timing.duration)
                : state.iterationTime
            var child = pointer.pointee.firstChild
            while child >= 0 {
                let childPointer = animations.records.baseAddress! + Int(child)
                if let childState = childPointer.pointee.cursor.state(of: childPointer.pointee.timing, at: childTime) {
                    apply(child, state: childState, layer: layerIndex, into: &presentation)
                }
                child = childPointer.pointee.next
            }
        case .transition:
            applyTransition(record, pointer, state: state, layer: layerIndex, into: &presentation)
        }
    }

    @_noAllocation
    func applyBasic(_ record: UnsafeMutablePointer<AnimationRecord>, state: TimingState, into presentation: inout LayerState) {
        let target = record.pointee.target
        let current = SlotMath.read(target, from: presentation)
        let given = record.pointee.givenValues
        let hasFrom = given & 1 != 0, hasTo = given & 2 != 0, hasBy = given & 4 != 0
        var from = current
        if hasFrom {
            from = record.pointee.from
        } else if hasTo && hasBy {
            from = SlotMath.subtract(record.pointee.to, record.pointee.by)
        }
        var to = current
        if hasTo {
            to = record.pointee.to
        } else if hasBy {
            to = SlotMath.add(from, record.pointee.by)
        }
        var progress = record.pointee.curve.value(at: state.progress)
        if case .spring = record.pointee.kind, let spring = record.pointee.springCurve {
            progress = spring.state(at: state.iterationTime).progress
        }
        if record.pointee.scratchPath >= 0 {
            presentation.slots[target.slot] = morphPath(scratch: record.pointee.scratchPath, from: from[0], to: to[0],
                                                        progress: progress)
            return
        }
        var value = SlotMath.interpolate(from, to, progress, discrete: target.isDiscrete)
        if record.pointee.isCumulative && state.iteration > 0 {
            value = SlotMath.add(value, SlotMath.scaled(to, by: state.iteration))
        }
        SlotMath.combine(value, into: &presentation, target: target, additive: record.pointee.isAdditive)
    }

    @_noAllocation
    func applyTransition(
        _ record: Int32, _ pointer: UnsafeMutablePointer<AnimationRecord>, state: TimingState,
        layer layerIndex: Int32, into presentation: inout LayerState
    ) {
        let settings = pointer.pointee.transition
        if case .before = state.phase {
            for slot in 0 ..< presentation.slots.count {
                presentation.slots[slot] = keyframeData.slots[Int(settings.stateOffset) &+ slot]
            }
            return
        }
        let eased = pointer.pointee.curve.value(at: state.progress)
        let span = Int64(settings.endProgress.raw &- settings.startProgress.raw)
        let progress = settings.startProgress.raw &+ Int32(truncatingIfNeeded: (span &* Int64(eased.raw)) &>> 15)
        nodes[Int(layerIndex)].transitionRecord = record
        nodes[Int(layerIndex)].transitionProgress = Progress(raw: progress)
    }
}
