import FixedPoint
import Motion

/// Animation lifecycle on the frame path: stop, events, completion groups, retirement.
extension Engine {
    /// Unlinks a top-level record, queues its did-stop, releases its completion hold and retires it.
    @_noAllocation
    func stop(_ record: Int32, on layerIndex: Int32, finished: Bool) {
        unlinkRecord(record, from: layerIndex)
        endLifecycle(record, finished: finished)
        if nodes[layerIndex].transitionRecord == record { nodes[layerIndex].transitionRecord = -1 }
        let replaced = animations.records[record].transition.outgoingOnly
        if replaced >= 0, nodes[replaced].parent == layerIndex { nodes[replaced].isReplaced = true }
        retire(record)
    }

    /// Queues did-start (if never sent) and did-stop, and settles the completion group.
    @_noAllocation
    func endLifecycle(_ record: Int32, finished: Bool) {
        let records = animations.records
        if !records[record].hasStarted {
            records[record].hasStarted = true
            pushEvent(.didStart, callback: records[record].delegate, finished: false)
        }
        guard !records[record].hasStopped else { return }
        records[record].hasStopped = true
        pushEvent(.didStop, callback: records[record].delegate, finished: finished)
        let group = records[record].completionGroup
        if group >= 0 { settle(group: group, finished: finished) }
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
        let groups = completionGroups.groups
        var current = group
        var allFinished = finished
        var release = releasing
        while current >= 0 {
            if release { groups[current].pending &-= 1 }
            if !allFinished { groups[current].allFinished = false }
            guard groups[current].isCommitted, groups[current].pending <= 0, !groups[current].isDone else { return }
            groups[current].isDone = true
            pushEvent(.completion, callback: current, finished: groups[current].allFinished)
            allFinished = groups[current].allFinished
            release = true
            current = groups[current].parent
        }
    }

    @_noAllocation
    func unlinkRecord(_ record: Int32, from layerIndex: Int32) {
        var previous: Int32 = -1
        var cursor = nodes[layerIndex].firstAnimation
        while cursor >= 0 {
            if cursor == record { break }
            previous = cursor
            cursor = animations.records[cursor].next
        }
        guard cursor == record else { return }
        let next = animations.records[record].next
        if previous >= 0 { animations.records[previous].next = next } else { nodes[layerIndex].firstAnimation = next }
        if nodes[layerIndex].lastAnimation == record { nodes[layerIndex].lastAnimation = previous }
    }

    @_noAllocation
    func linkRecord(_ record: Int32, to layerIndex: Int32) {
        animations.records[record].next = -1
        let last = nodes[layerIndex].lastAnimation
        if last >= 0 { animations.records[last].next = record } else { nodes[layerIndex].firstAnimation = record }
        nodes[layerIndex].lastAnimation = record
    }

    /// Queues a record and every animation inside it (nested groups included) for freeing after
    /// delivery: a depth-first walk over the child links, without recursion.
    @_noAllocation
    func retire(_ record: Int32) {
        let records = animations.records
        var index = record
        while true {
            records[index].isLive = false
            animations.pendingFree[animations.pendingFreeCount] = index
            animations.pendingFreeCount &+= 1
            if records[index].firstChild >= 0 {
                index = records[index].firstChild
                continue
            }
            // Up to the nearest enclosing record with a next sibling (never past `record`).
            while index != record {
                if records[index].next >= 0 { break }
                index = records[index].group
            }
            if index == record { return }
            index = records[index].next
        }
    }
}
