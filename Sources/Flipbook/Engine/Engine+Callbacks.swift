/// Delivering lifecycle events after a frame (not allocation-free: user callbacks run here).
extension Engine {
    /// Calls the did-start, did-stop and completion callbacks queued by the last frames, in order,
    /// then frees the records of removed animations. Call once per frame, after `advance(to:)` (and
    /// after presenting). Returns the number of events that did not fit in the event ring (0 normally).
    @discardableResult
    public func deliverCallbacks() -> Int {
        while let event = events.pop() {
            switch event.kind {
            case .didStart:
                callbacks.delegates[Int(event.callback)]?.didStart?()
            case .didStop:
                let delegate = callbacks.delegates[Int(event.callback)]
                callbacks.delegates[Int(event.callback)] = nil
                delegate?.didStop?(event.finished)
            case .completion:
                let group = Int(event.callback)
                let completion = completionGroups.groups[group].completion
                completionGroups.groups[group] = CompletionGroup()
                if completion >= 0 {
                    let callback = callbacks.completions[Int(completion)]
                    callbacks.completions[Int(completion)] = nil
                    callback?(event.finished)
                }
            }
        }
        tickRunningAnimators()
        for position in 0 ..< animations.pendingFreeCount {
            releaseData(of: animations.pendingFree[position])
        }
        animations.freeRetired()
        let lost = events.overflowCount
        events.overflowCount = 0
        return lost
    }
}
