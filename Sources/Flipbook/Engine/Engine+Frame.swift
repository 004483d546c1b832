import FixedPoint
import Motion

// The whole frame path lives in this file: in a debug (non-whole-module) build, the performance
// checker of `@_noAllocation` sees only the bodies of functions in the same file (and `@inlinable`
// ones of other modules), so everything `advance(to:)` calls is here. Other files' types are reached
// through stored properties only; derived numbers (slots, offsets) are precomputed at setup.

/// The frame: apply committed edits, evaluate animations, fill the presentation snapshot.
extension Engine {
    /// Advances to media time `time` (µs since the scene start): applies committed model edits, evaluates
    /// every animation of the presented tree, fills `presentation`, and queues did-start / did-stop /
    /// completion events for `deliverCallbacks()`. Allocation-free.
    @_noAllocation
    public func advance(to time: MediaTime) {
        applyCommittedEdits(at: time)
        currentTime = time
        frameNumber &+= 1
        tree.header.pointee.count = 0
        tree.header.pointee.drawCount = 0
        let rootIndex = Int32(root.index)
        evaluateLayer(rootIndex, localTime: nodes[Int(rootIndex)].timing.localTime(parentTime: time))
        var scratchTop = 0
        visit(rootIndex, parentWorld: .identity, parentEntry: -1, isMask: false, scratchTop: &scratchTop)
        tree.header.pointee.drawCount = tree.header.pointee.count
        var entry = 0
        while entry < tree.header.pointee.drawCount {
            let owner = Int(tree.storage[entry].id.index)
            let mask = nodes[owner].mask
            let hasRoom = tree.header.pointee.count < tree.storage.count
            if mask >= 0 && hasRoom {
                tree.storage[entry].maskIndex = Int32(tree.header.pointee.count)
                let ownerTime = nodes[owner].localTime
                evaluateLayer(mask, localTime: nodes[Int(mask)].timing.localTime(parentTime: ownerTime))
                visit(mask, parentWorld: tree.storage[entry].transform, parentWorld3D: tree.storage[entry].transform3D,
                      parentEntry: Int32(entry), isMask: true, scratchTop: &scratchTop)
            }
            entry &+= 1
        }
        tree.header.pointee.timeMicros = time
        tree.header.pointee.frameNumber = frameNumber
        if structureChanged {
            tree.header.pointee.structureStamp &+= 1
            structureChanged = false
        }
    }

    /// Appends `layerIndex` (already evaluated) and its subtree, sublayers in zPosition order.
    @_noAllocation
    func visit(_ layerIndex: Int32, parentWorld: Affine, parentWorld3D: Transform3D? = nil, parentEntry: Int32,
               isMask: Bool, scratchTop: inout Int) {
        guard tree.header.pointee.count < tree.storage.count &- 1 else { return }
        let node = nodes.baseAddress! + Int(layerIndex)
        let world = LaneMath.localTransform(node.pointee.presentation).concatenating(parentWorld)
        if !LaneMath.same(node.pointee.presentation, node.pointee.previousPresentation)
            || !LaneMath.same(world, node.pointee.previousWorld) {
            node.pointee.settingsChanged = true
        }
        if node.pointee.settingsChanged {
            if case .custom = node.pointee.kind {
                for slot in 53 ..< 57 where node.pointee.presentation.slots[slot] != node.pointee.previousPresentation.slots[slot] {
                    node.pointee.needsDisplay = true
                }
            }
            node.pointee.changeStamp = frameNumber
            node.pointee.previousPresentation = node.pointee.presentation
            node.pointee.previousWorld = world
            node.pointee.settingsChanged = false
        }
        node.pointee.hasBeenPresented = true
        let transition = node.pointee.transitionRecord
        if transition >= 0 {
            let flip = animations.records[Int(transition)].transition.flip
            if flip != 0 {
                visitFlip(layerIndex, record: transition, parentWorld: parentWorld, parentWorld3D: parentWorld3D,
                          parentEntry: parentEntry, isMask: isMask, scratchTop: &scratchTop)
                return
            }
        }
        if transition >= 0 {
            let saved = node.pointee.presentation
            let offset = Int(animations.records[Int(transition)].transition.stateOffset)
            for slot in 0 ..< saved.slots.count { node.pointee.presentation.slots[slot] = keyframeData.slots[offset &+ slot] }
            let oldWorld = LaneMath.localTransform(node.pointee.presentation).concatenating(parentWorld)
            let outgoing = appendEntry(layerIndex, world: oldWorld, parentEntry: parentEntry, isMask: isMask)
            node.pointee.presentation = saved
            tagTransition(outgoing, record: transition, incoming: false, progress: node.pointee.transitionProgress)
        }
        let index = appendEntry(layerIndex, world: world, parentEntry: parentEntry, isMask: isMask)
        let world3D = LaneMath.world3D(node.pointee.presentation, parentWorld: parentWorld, parentWorld3D: parentWorld3D)
        tree.storage[index].transform3D = world3D
        if transition >= 0 {
            tagTransition(index, record: transition, incoming: true, progress: node.pointee.transitionProgress)
        }
        let childCount = sortedChildren(of: layerIndex, into: scratchTop)
        let base = scratchTop
        scratchTop &+= childCount
        for position in 0 ..< childCount {
            visit(orderScratch[base &+ position], parentWorld: world, parentWorld3D: world3D,
                  parentEntry: Int32(index), isMask: isMask, scratchTop: &scratchTop)
        }
        scratchTop = base
        tree.storage[index].subtreeEnd = Int32(tree.header.pointee.count)
    }

    /// A flip transition (block API): the old content turns away during the first half, the new content
    /// turns in during the second; one entry, rotated about the flip axis (orthographic projection).
    @_noAllocation
    func visitFlip(_ layerIndex: Int32, record: Int32, parentWorld: Affine, parentWorld3D: Transform3D?,
                   parentEntry: Int32, isMask: Bool, scratchTop: inout Int) {
        let node = nodes.baseAddress! + Int(layerIndex)
        let saved = node.pointee.presentation
        let progress = Int64(node.pointee.transitionProgress.raw)
        let half: Int64 = 1 << 14
        let flip = animations.records[Int(record)].transition.flip
        if progress < half {
            let offset = Int(animations.records[Int(record)].transition.stateOffset)
            for slot in 0 ..< saved.slots.count { node.pointee.presentation.slots[slot] = keyframeData.slots[offset &+ slot] }
        }
        // Angle: p·π on the way out, (p − 1)·π on the way in; negative for flips from the right / bottom.
        let turn = progress < half ? progress : progress &- (1 << 15)
        var angle = Int32(truncatingIfNeeded: (turn &* Int64(Fixed.pi.raw)) &>> 15)
        if flip == 2 || flip == 4 { angle = 0 &- angle }
        let axisSlot = flip <= 2 ? 34 : 33
        node.pointee.presentation.slots[axisSlot] = node.pointee.presentation.slots[axisSlot] &+ angle
        node.pointee.transitionRecord = -1
        visit(layerIndex, parentWorld: parentWorld, parentWorld3D: parentWorld3D, parentEntry: parentEntry,
              isMask: isMask, scratchTop: &scratchTop)
        node.pointee.transitionRecord = record
        node.pointee.presentation = saved
    }

    /// Evaluates the sublayers of `layerIndex` and writes them to `orderScratch[base...]` sorted by
    /// presentation zPosition (slot 8; stable, so ties keep sublayer order). Returns the count.
    @_noAllocation
    func sortedChildren(of layerIndex: Int32, into base: Int) -> Int {
        var count = 0
        var child = nodes[Int(layerIndex)].firstChild
        let parentTime = nodes[Int(layerIndex)].localTime
        while child >= 0 {
            evaluateLayer(child, localTime: nodes[Int(child)].timing.localTime(parentTime: parentTime))
            let z = nodes[Int(child)].presentation.slots[8]
            var position = base &+ count
            while position > base {
                if nodes[Int(orderScratch[position &- 1])].presentation.slots[8] <= z { break }
                orderScratch[position] = orderScratch[position &- 1]
                position &-= 1
            }
            orderScratch[position] = child
            count &+= 1
            child = nodes[Int(child)].nextSibling
        }
        return count
    }

    /// Appends the entry of `layerIndex` from its presentation state; returns its index.
    @_noAllocation
    func appendEntry(_ layerIndex: Int32, world: Affine, parentEntry: Int32, isMask: Bool) -> Int {
        let node = nodes.baseAddress! + Int(layerIndex)
        let state = node.pointee.presentation
        var entry = entryTemplate
        entry.id = node.pointee.handle
        entry.parentIndex = parentEntry
        entry.subtreeEnd = Int32(tree.header.pointee.count &+ 1)
        entry.isMask = isMask
        entry.transform = world
        entry.bounds = Rect(x: Fixed(raw: state.slots[2]), y: Fixed(raw: state.slots[3]),
                            width: Fixed(raw: state.slots[4]), height: Fixed(raw: state.slots[5]))
        entry.anchorPoint = Point(x: Fixed(raw: state.slots[6]), y: Fixed(raw: state.slots[7]))
        entry.position = Point(x: Fixed(raw: state.slots[0]), y: Fixed(raw: state.slots[1]))
        entry.zPosition = Fixed(raw: state.slots[8])
        entry.opacity = Fixed(raw: state.slots[9])
        entry.isHidden = state.slots[28] != 0
        entry.backgroundColor = LaneMath.color(state, 10)
        entry.cornerRadius = Fixed(raw: state.slots[14])
        entry.borderWidth = Fixed(raw: state.slots[15])
        entry.borderColor = LaneMath.color(state, 16)
        entry.shadowColor = LaneMath.color(state, 20)
        entry.shadowOpacity = Fixed(raw: state.slots[24])
        entry.shadowOffset = Size(width: Fixed(raw: state.slots[25]), height: Fixed(raw: state.slots[26]))
        entry.shadowRadius = Fixed(raw: state.slots[27])
        entry.masksToBounds = state.slots[29] != 0
        entry.kind = node.pointee.kind
        if state.slots[52] > 0 {
            entry.shape.path?.index = UInt16(truncatingIfNeeded: state.slots[52] &- 1)
        } else {
            entry.shape.path = nil
        }
        entry.shape.fillColor = LaneMath.color(state, 43)
        entry.shape.fillRule = node.pointee.fillRule
        entry.shape.strokeColor = LaneMath.color(state, 47)
        entry.shape.lineWidth = Fixed(raw: state.slots[42])
        entry.shape.lineCap = node.pointee.lineCap
        entry.shape.lineJoin = node.pointee.lineJoin
        entry.shape.miterLimit = Fixed(raw: state.slots[51])
        entry.shape.strokeStart = Fixed(raw: state.slots[40])
        entry.shape.strokeEnd = Fixed(raw: state.slots[41])
        entry.image.image = node.pointee.image
        entry.image.gravity = node.pointee.gravity
        entry.custom.surface = node.pointee.surface
        entry.custom.contentsGeneration = node.pointee.contentsGeneration
        entry.changeStamp = node.pointee.changeStamp
        let index = tree.header.pointee.count
        (tree.storage.baseAddress! + index).initialize(to: entry)
        tree.header.pointee.count = index &+ 1
        return index
    }

    /// Marks entry `index` as one side of the transition of `record`.
    @_noAllocation
    func tagTransition(_ index: Int, record: Int32, incoming: Bool, progress: Progress) {
        var frame = transitionTemplate
        frame.type = animations.records[Int(record)].transition.type
        frame.subtype = animations.records[Int(record)].transition.subtype
        frame.progress = progress
        frame.role = incoming ? .incoming : .outgoing
        tree.storage[index].transition = frame
        if !incoming { tree.storage[index].subtreeEnd = Int32(index &+ 1) }
    }
}

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
            let state = pointer.pointee.timing.evaluate(parentTime: parentTime)
            var isOver = false
            if let end = pointer.pointee.endTime { isOver = parentTime >= end }
            var isPresent = isOver
            if let state {
                isPresent = true
                apply(record, state: state, layer: layerIndex, into: &node.pointee.presentation)
                if pointer.pointee.scratchPath >= 0 { node.pointee.settingsChanged = true }   // points moved
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
        switch pointer.pointee.kind {
        case .basic, .spring:
            applyBasic(pointer, state: state, into: &presentation)
        case .keyframe:
            applyKeyframes(pointer, state: state, into: &presentation)
        case .group:
            var child = pointer.pointee.firstChild
            while child >= 0 {
                let childPointer = animations.records.baseAddress! + Int(child)
                if let childState = childPointer.pointee.timing.evaluate(parentTime: state.iterationTime) {
                    switch childPointer.pointee.kind {
                    case .basic, .spring: applyBasic(childPointer, state: childState, into: &presentation)
                    case .keyframe: applyKeyframes(childPointer, state: childState, into: &presentation)
                    case .group, .transition: break  // nested groups and transitions are refused at setup
                    }
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
        let current = LaneMath.read(target, from: presentation)
        let given = record.pointee.givenValues
        let hasFrom = given & 1 != 0, hasTo = given & 2 != 0, hasBy = given & 4 != 0
        var from = current
        if hasFrom {
            from = record.pointee.from
        } else if hasTo && hasBy {
            from = LaneMath.subtract(record.pointee.to, record.pointee.by)
        }
        var to = current
        if hasTo {
            to = record.pointee.to
        } else if hasBy {
            to = LaneMath.add(from, record.pointee.by)
        }
        var progress = record.pointee.curve.value(at: state.progress)
        if case .spring = record.pointee.kind, let spring = record.pointee.springCurve {
            progress = spring.state(at: state.iterationTime).progress
        }
        if record.pointee.scratchPath >= 0 {
            // Paths of equal structure: the scratch path takes the interpolated points (allocation-free,
            // but `Path` is not inlinable, hence the escape from the checker; the malloc test covers it).
            var scratch = entryTemplate.shape.path
            var start = scratch, end = scratch
            scratch?.index = UInt16(truncatingIfNeeded: record.pointee.scratchPath)
            start?.index = UInt16(truncatingIfNeeded: from[0] &- 1)
            end?.index = UInt16(truncatingIfNeeded: to[0] &- 1)
            let resources = resourcesHandle
            if let scratch, let start, let end {
                _unsafePerformance {
                    resources.takeUnretainedValue().interpolatePath(scratch, from: start, to: end, by: progress)
                }
            }
            presentation.slots[target.slot] = record.pointee.scratchPath &+ 1
            return
        }
        var value = LaneMath.interpolate(from, to, progress, discrete: target.isDiscrete)
        if record.pointee.isCumulative && state.iteration > 0 {
            value = LaneMath.add(value, LaneMath.scaled(to, by: state.iteration))
        }
        LaneMath.combine(value, into: &presentation, target: target, additive: record.pointee.isAdditive)
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

/// Animation lifecycle on the frame path: stop, events, completion groups, committed edits.
extension Engine {
    /// Unlinks a top-level record, queues its did-stop, releases its completion hold and retires it.
    @_noAllocation
    func stop(_ record: Int32, on layerIndex: Int32, finished: Bool) {
        unlinkRecord(record, from: layerIndex)
        endLifecycle(record, finished: finished)
        if nodes[Int(layerIndex)].transitionRecord == record { nodes[Int(layerIndex)].transitionRecord = -1 }
        retire(record)
    }

    /// Queues did-start (if never sent) and did-stop, and settles the completion group.
    @_noAllocation
    func endLifecycle(_ record: Int32, finished: Bool) {
        let pointer = animations.records.baseAddress! + Int(record)
        if !pointer.pointee.hasStarted {
            pointer.pointee.hasStarted = true
            pushEvent(.didStart, callback: pointer.pointee.delegate, finished: false)
        }
        guard !pointer.pointee.hasStopped else { return }
        pointer.pointee.hasStopped = true
        pushEvent(.didStop, callback: pointer.pointee.delegate, finished: finished)
        if pointer.pointee.completionGroup >= 0 { settle(group: pointer.pointee.completionGroup, finished: finished) }
    }

    /// Appends an event for callback `callback` (nothing when it is −1); counts an overflow when full.
    @_noAllocation
    func pushEvent(_ kind: EngineEvent.Kind, callback: Int32, finished: Bool) {
        guard callback >= 0 else { return }
        guard events.count < events.ring.count else {
            events.overflowCount &+= 1
            return
        }
        let slot = (events.head &+ events.count) % events.ring.count
        events.ring[slot].kind = kind
        events.ring[slot].callback = callback
        events.ring[slot].finished = finished
        events.count &+= 1
    }

    /// One animation of `group` ended: count it down; when the last one ends after the commit, queue the
    /// completion and settle the parent group.
    @_noAllocation
    func settle(group: Int32, finished: Bool, releasing: Bool = true) {
        var current = group
        var allFinished = finished
        var release = releasing
        while current >= 0 {
            let pointer = completionGroups.groups.baseAddress! + Int(current)
            if release { pointer.pointee.pending &-= 1 }
            if !allFinished { pointer.pointee.allFinished = false }
            guard pointer.pointee.isCommitted, pointer.pointee.pending <= 0, !pointer.pointee.isDone else { return }
            pointer.pointee.isDone = true
            pushEvent(.completion, callback: current, finished: pointer.pointee.allFinished)
            allFinished = pointer.pointee.allFinished
            release = true
            current = pointer.pointee.parent
        }
    }

    @_noAllocation
    func unlinkRecord(_ record: Int32, from layerIndex: Int32) {
        var previous: Int32 = -1
        var cursor = nodes[Int(layerIndex)].firstAnimation
        while cursor >= 0 {
            if cursor == record { break }
            previous = cursor
            cursor = animations.records[Int(cursor)].next
        }
        guard cursor == record else { return }
        let next = animations.records[Int(record)].next
        if previous >= 0 { animations.records[Int(previous)].next = next } else { nodes[Int(layerIndex)].firstAnimation = next }
        if nodes[Int(layerIndex)].lastAnimation == record { nodes[Int(layerIndex)].lastAnimation = previous }
    }

    @_noAllocation
    func linkRecord(_ record: Int32, to layerIndex: Int32) {
        animations.records[Int(record)].next = -1
        let last = nodes[Int(layerIndex)].lastAnimation
        if last >= 0 { animations.records[Int(last)].next = record } else { nodes[Int(layerIndex)].firstAnimation = record }
        nodes[Int(layerIndex)].lastAnimation = record
    }

    /// Queues a record and its group children for freeing after delivery (no recursion: children are
    /// one level deep).
    @_noAllocation
    func retire(_ record: Int32) {
        var index = record
        while index >= 0 {
            animations.records[Int(index)].isLive = false
            animations.pendingFree[animations.pendingFreeCount] = index
            animations.pendingFreeCount &+= 1
            index = index == record ? animations.records[Int(record)].firstChild : animations.records[Int(index)].next
        }
    }

    /// Applies committed edits in order: model values, and their implicit animations attached with
    /// the current presentation value as the start.
    @_noAllocation
    func applyCommittedEdits(at time: MediaTime) {
        while transactions.count > 0 {
            let edit = transactions.ring[transactions.head]
            if !edit.isCommitted { return }
            transactions.head = (transactions.head &+ 1) % transactions.ring.count
            transactions.count &-= 1
            let layerIndex = Int(edit.layer.index)
            let node = nodes.baseAddress! + layerIndex
            if !node.pointee.isLive || node.pointee.generation != edit.layer.generation {
                if edit.action >= 0 {
                    endLifecycle(edit.action, finished: false)
                    retire(edit.action)
                }
                continue
            }
            if edit.action >= 0 {
                let record = animations.records.baseAddress! + Int(edit.action)
                if record.pointee.givenValues & 1 == 0 {
                    record.pointee.from = LaneMath.read(edit.target, from: node.pointee.presentation)
                    record.pointee.givenValues |= 1
                }
                let begin = edit.beginsAt >= 0 ? edit.beginsAt : time
                record.pointee.timeShift = node.pointee.timing.localTime(parentTime: begin)
                replaceKeyed(edit.target.keyIdentity, on: Int32(layerIndex))
                linkRecord(edit.action, to: Int32(layerIndex))
            }
            LaneMath.write(edit.value, target: edit.target, into: &node.pointee.model)
        }
    }

    /// Stops the animation keyed by the key path of property `identity` (an implicit animation replaces it).
    @_noAllocation
    func replaceKeyed(_ identity: Int32, on layerIndex: Int32) {
        var cursor = nodes[Int(layerIndex)].firstAnimation
        while cursor >= 0 {
            let next = animations.records[Int(cursor)].next
            if animations.records[Int(cursor)].keyIdentity == identity { stop(cursor, on: layerIndex, finished: false) }
            cursor = next
        }
    }
}

/// Property values as raw slots: reading, writing, blending (integer only; also used at setup).
enum LaneMath {
    /// The slots of `target` in `state`.
    @_noAllocation
    static func read(_ target: SlotTarget, from state: LayerState) -> Lanes {
        var lanes = Lanes(repeating: 0)
        for lane in 0 ..< target.count { lanes[lane] = state.slots[target.slot &+ lane] }
        return lanes
    }

    /// Writes `lanes` to `target`'s slots (the uniform `transform.scale` writes its value to x, y and z).
    @_noAllocation
    static func write(_ lanes: Lanes, target: SlotTarget, into state: inout LayerState) {
        if target.isUniformScale {
            for lane in 0 ..< 3 { state.slots[target.slot &+ lane] = lanes[0] }
            return
        }
        for lane in 0 ..< target.count { state.slots[target.slot &+ lane] = lanes[lane] }
    }

    /// Replaces, or (additive) adds to — multiplies, for scales — the presentation value.
    @_noAllocation
    static func combine(_ value: Lanes, into state: inout LayerState, target: SlotTarget, additive: Bool) {
        if !additive {
            write(value, target: target, into: &state)
            return
        }
        let current = read(target, from: state)
        var result = Lanes(repeating: 0)
        for lane in 0 ..< target.count {
            result[lane] = target.multiplies
                ? (Fixed(raw: current[lane]) * Fixed(raw: value[lane])).raw
                : current[lane] &+ value[lane]
        }
        write(result, target: target, into: &state)
    }

    /// `from + (to − from) · progress` per lane (64-bit products, rounded to nearest). Values that
    /// cannot be interpolated (flags, paths) switch at progress ½, as Web Animations does (Core
    /// Animation leaves it undocumented).
    @_noAllocation
    static func interpolate(_ from: Lanes, _ to: Lanes, _ progress: Progress, discrete: Bool) -> Lanes {
        if discrete { return progress.raw >= Progress.one.raw &>> 1 ? to : from }
        var result = Lanes(repeating: 0)
        for lane in 0 ..< 4 {
            let delta = Int64(to[lane]) &- Int64(from[lane])
            result[lane] = from[lane] &+ Int32(truncatingIfNeeded: (delta &* Int64(progress.raw) &+ 0x4000) &>> 15)
        }
        return result
    }

    @_noAllocation
    static func add(_ lhs: Lanes, _ rhs: Lanes) -> Lanes {
        var result = Lanes(repeating: 0)
        for lane in 0 ..< 4 { result[lane] = lhs[lane] &+ rhs[lane] }
        return result
    }

    @_noAllocation
    static func subtract(_ lhs: Lanes, _ rhs: Lanes) -> Lanes {
        var result = Lanes(repeating: 0)
        for lane in 0 ..< 4 { result[lane] = lhs[lane] &- rhs[lane] }
        return result
    }

    /// `lanes · count` (cumulative animations: completed cycles × the end value).
    @_noAllocation
    static func scaled(_ lanes: Lanes, by count: Int64) -> Lanes {
        var result = Lanes(repeating: 0)
        for lane in 0 ..< 4 { result[lane] = Int32(truncatingIfNeeded: Int64(lanes[lane]) &* count) }
        return result
    }

    @_noAllocation
    static func equal(_ lhs: Lanes, _ rhs: Lanes) -> Bool {
        for lane in 0 ..< 4 where lhs[lane] != rhs[lane] { return false }
        return true
    }

    /// Whether two states have the same slots.
    @_noAllocation
    static func same(_ lhs: LayerState, _ rhs: LayerState) -> Bool {
        for slot in 0 ..< lhs.slots.count where lhs.slots[slot] != rhs.slots[slot] { return false }
        return true
    }

    /// Whether two transforms are equal, entry by entry.
    @_noAllocation
    static func same(_ lhs: Affine, _ rhs: Affine) -> Bool {
        lhs.a.raw == rhs.a.raw && lhs.b.raw == rhs.b.raw && lhs.c.raw == rhs.c.raw && lhs.d.raw == rhs.d.raw
            && lhs.tx.raw == rhs.tx.raw && lhs.ty.raw == rhs.ty.raw
    }

    /// A Q16.16 channel value rounded to 0 … 255 (interpolation and springs may overshoot the range).
    @_noAllocation
    static func channel(_ raw: Int32) -> UInt8 {
        let rounded = (raw &+ 0x8000) &>> 16
        return UInt8(truncatingIfNeeded: rounded < 0 ? 0 : (rounded > 255 ? 255 : rounded))
    }

    /// The colour in four slots from `first`, or nil when fully transparent.
    @_noAllocation
    static func color(_ state: LayerState, _ first: Int) -> Color? {
        let alpha = channel(state.slots[first &+ 3])
        if alpha == 0 { return nil }
        return Color(red: channel(state.slots[first]), green: channel(state.slots[first &+ 1]),
                     blue: channel(state.slots[first &+ 2]), alpha: alpha)
    }

    /// The 3-D world transform (row vectors, as `CATransform3D`) when the layer or an ancestor is 3-D
    /// (rotation about x or y, z translation, perspective); nil for flat layers under flat ancestors and
    /// when an entry would leave the Q32.32 range. Local = T(−anchor) · S · Rx · Ry · Rz · T · P ·
    /// T(position), world = local · parent world.
    @_noAllocation
    static func world3D(_ state: LayerState, parentWorld: Affine, parentWorld3D: Transform3D?) -> Transform3D? {
        let isFlat = state.slots[32] == 0 && state.slots[33] == 0 && state.slots[34] == 0 && state.slots[39] == 0
        if isFlat {
            if case .none = parentWorld3D { return nil }
        }
        do throws(FixedPointError) {
            let width = Fixed(raw: state.slots[4]), height = Fixed(raw: state.slots[5])
            let anchorX = Fixed(raw: state.slots[2]) + Fixed(raw: state.slots[6]) * width
            let anchorY = Fixed(raw: state.slots[3]) + Fixed(raw: state.slots[7]) * height
            var local = try Transform3D(translationX: -anchorX, y: -anchorY)
                .concatenating(Transform3D(scaleX: Fixed(raw: state.slots[36]), y: Fixed(raw: state.slots[37]),
                                           z: Fixed(raw: state.slots[38])))
                .concatenating(Transform3D(rotationX: Fixed(raw: state.slots[33])))
                .concatenating(Transform3D(rotationY: Fixed(raw: state.slots[34])))
                .concatenating(Transform3D(rotationZ: Fixed(raw: state.slots[35])))
                .concatenating(Transform3D(translationX: Fixed(raw: state.slots[30]), y: Fixed(raw: state.slots[31]),
                                           z: Fixed(raw: state.slots[32])))
            if state.slots[39] > 0 {
                local = try local.concatenating(Transform3D(perspectiveDistance: Fixed(raw: state.slots[39])))
            }
            local = try local.concatenating(Transform3D(translationX: Fixed(raw: state.slots[0]), y: Fixed(raw: state.slots[1])))
            if let parentWorld3D { return try local.concatenating(parentWorld3D) }
            return try local.concatenating(Transform3D(parentWorld))
        } catch {
            return nil
        }
    }

    /// The layer's transform into its superlayer: a point p of the bounds maps to
    /// `position + M · (p − bounds.origin − anchor · size)`, with M = T · Rz · Ry · Rx · S projected
    /// orthographically onto the screen plane (its x/y part).
    @_noAllocation
    static func localTransform(_ state: LayerState) -> Affine {
        let width = Fixed(raw: state.slots[4]), height = Fixed(raw: state.slots[5])
        let anchorX = Fixed(raw: state.slots[2]) + Fixed(raw: state.slots[6]) * width
        let anchorY = Fixed(raw: state.slots[3]) + Fixed(raw: state.slots[7]) * height
        let rotationX = Fixed(raw: state.slots[33]), rotationY = Fixed(raw: state.slots[34])
        let rotationZ = Fixed(raw: state.slots[35])
        let scaleX = Fixed(raw: state.slots[36]), scaleY = Fixed(raw: state.slots[37])
        let cz = rotationZ.cosine, sz = rotationZ.sine
        var linear = Affine(a: cz * scaleX, b: sz * scaleX, c: -sz * scaleY, d: cz * scaleY, tx: .zero, ty: .zero)
        if rotationX.raw != 0 || rotationY.raw != 0 {
            let cy = rotationY.cosine, sy = rotationY.sine
            let cx = rotationX.cosine, sx = rotationX.sine
            linear = Affine(a: cz * cy * scaleX, b: sz * cy * scaleX,
                            c: (cz * sy * sx - sz * cx) * scaleY, d: (sz * sy * sx + cz * cx) * scaleY,
                            tx: .zero, ty: .zero)
        }
        let positionX = Fixed(raw: state.slots[0]) + Fixed(raw: state.slots[30])
        let positionY = Fixed(raw: state.slots[1]) + Fixed(raw: state.slots[31])
        linear.tx = positionX - anchorX * linear.a - anchorY * linear.c
        linear.ty = positionY - anchorX * linear.b - anchorY * linear.d
        return linear
    }
}
