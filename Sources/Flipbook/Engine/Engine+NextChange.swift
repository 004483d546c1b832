import Motion

/// When the presentation can next change: what lets a run loop sleep while nothing moves.
extension Engine {
    /// The earliest media time, at or after the last `advance(to:)`, at which the presentation may differ
    /// from the snapshot that advance filled:
    /// - `currentTime` while anything moves or waits to be applied: an animation in its active interval (but
    ///   one frozen at speed 0, such as a paused property animator's), committed edits, undelivered events, a
    ///   running or retimed property animator, flushed edits, a changed layer or tree;
    /// - the parent-chain media time at which the next animation begins, when every animation waits for
    ///   its begin time (filled backwards or not yet present);
    /// - nil when nothing changes until the model is edited (every animation over and filled, or none).
    ///
    /// Conservative where a time space cannot be inverted (a paused ancestor, a mask's animations, a
    /// reversed animation): it answers `currentTime`, which costs a frame, never a missed change.
    /// Allocates nothing (the run loop's malloc-count test covers it; it reads the engine's arrays, which the
    /// compile-time check cannot accept).
    public func nextChangeTime() -> MediaTime? {
        let now = currentTime
        if structureChanged || changedBetweenFrames || events.count > 0 || runningAnimators.count > 0 { return now }
        if transactions.count > 0 && transactions.ring[transactions.head].isCommitted { return now }
        var earliest: MediaTime?
        for index in 0 ..< nodes.count where nodes[index].isLive {
            if nodes[index].hasBeenPresented && (nodes[index].settingsChanged || nodes[index].needsDisplay) { return now }
            guard nodes[index].firstAnimation >= 0 else { continue }
            guard let begin = nextBegin(ofAnimationsOn: Int32(index)) else { continue }
            if begin <= now { return now }
            earliest = min(earliest ?? begin, begin)
        }
        return earliest
    }

    /// The media time at which the first waiting animation on layer `index` begins; `currentTime` when one
    /// is active or its time cannot be mapped; nil when none will change the layer again.
    func nextBegin(ofAnimationsOn index: Int32) -> MediaTime? {
        let records = animations.records
        let localTime = nodes[index].localTime
        var earliest: MediaTime?
        var next = nodes[index].firstAnimation
        while next >= 0 {
            let record = next
            next = records[record].next
            let parentTime = localTime &- records[record].timeShift
            if let end = records[record].endTime, parentTime >= end {
                if records[record].hasStopped { continue }
                return currentTime  // the stop is still to be delivered
            }
            let timing = records[record].timing
            let state = timing.evaluate(parentTime: parentTime)
            if let state, case .after = state.phase { continue }
            if let state, case .active = state.phase {
                if timing.speedRaw == 0 { continue }  // frozen: the same value at every time
                return currentTime
            }
            if state == nil && parentTime >= timing.beginTime { continue }  // over, not filled
            guard timing.speedRaw > 0,
                  let begin = mediaTime(ofLocalTime: timing.beginTime &+ records[record].timeShift, on: index)
            else { return currentTime }
            earliest = min(earliest ?? begin, begin)
        }
        return earliest
    }

    /// Media time for local time `time` of layer `index`, through every ancestor's time space; nil when an
    /// ancestor is paused or reversed, or the layer is a mask (its time is its owner's).
    func mediaTime(ofLocalTime time: MediaTime, on index: Int32) -> MediaTime? {
        var time = time
        var layer = index
        while layer >= 0 {
            let timing = nodes[layer].timing
            guard timing.speedRaw > 0, let parentTime = timing.parentTime(localTime: time) else { return nil }
            time = parentTime
            if layer == Int32(root.index) { return time }
            if nodes[layer].maskOwner >= 0 { return nil }
            layer = nodes[layer].parent
        }
        return nil  // detached: not presented
    }
}
