import FixedPoint
import Motion

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

    /// Queues a record and every animation inside it (nested groups included) for freeing after
    /// delivery: a depth-first walk over the child links, without recursion.
    @_noAllocation
    func retire(_ record: Int32) {
        let records = animations.records.baseAddress!
        var index = record
        while true {
            records[Int(index)].isLive = false
            animations.pendingFree[animations.pendingFreeCount] = index
            animations.pendingFreeCount &+= 1
            if records[Int(index)].firstChild >= 0 {
                index = records[Int(index)].firstChild
                continue
            }
            // Up to the nearest enclosing record with a next sibling (never past `record`).
            while index != record {
                if records[Int(index)].next >= 0 { break }
                index = records[Int(index)].group
            }
            if index == record { return }
            index = records[Int(index)].next
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
                    record.pointee.from = SlotMath.read(edit.target, from: node.pointee.presentation)
                    record.pointee.givenValues |= 1
                }
                let begin = edit.beginsAt >= 0 ? edit.beginsAt : time
                record.pointee.timeShift = node.pointee.timing.localTime(parentTime: begin)
                replaceKeyed(edit.target.keyIdentity, on: Int32(layerIndex))
                linkRecord(edit.action, to: Int32(layerIndex))
            }
            SlotMath.write(edit.value, target: edit.target, into: &node.pointee.model)
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
