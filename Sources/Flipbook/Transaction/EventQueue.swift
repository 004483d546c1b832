/// A lifecycle event waiting for delivery after the frame in which it happened.
struct EngineEvent {
    enum Kind: UInt8 {
        /// An animation began (its delegate's did-start).
        case didStart
        /// An animation ended or was removed (its delegate's did-stop).
        case didStop
        /// Every animation of a transaction (or block) finished.
        case completion
    }

    var kind = Kind.didStart
    /// The callback table entry to call.
    var callback: Int32 = -1
    /// For did-stop and completions: whether the animations ran to the end.
    var finished = false

    init(kind: Kind = .didStart, callback: Int32 = -1, finished: Bool = false) {
        self.kind = kind
        self.callback = callback
        self.finished = finished
    }
}

/// A fixed ring of events; the frame path appends, `deliverCallbacks` drains. Pointers and counters
/// (the engine frees it).
struct EventQueue {
    let ring: UnsafeMutableBufferPointer<EngineEvent>
    var head = 0
    var count = 0
    /// Events that did not fit (reported by `deliverCallbacks`, never silently lost).
    var overflowCount = 0

    init(capacity: Int) {
        ring = .allocate(capacity: capacity)
        ring.initialize(repeating: EngineEvent())
    }

    func deallocate() {
        ring.deallocate()
    }


    /// Removes and returns the oldest event.
    mutating func pop() -> EngineEvent? {
        guard count > 0 else { return nil }
        let event = ring[head]
        head = (head + 1) % ring.count
        count -= 1
        return event
    }
}
