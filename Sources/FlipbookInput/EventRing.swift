/// A fixed ring of events between a producer and its reader: storage is allocated once, so pushing and
/// popping never allocate; a push into a full ring is refused (the producer counts it).
public final class EventRing<Element> {
    /// The most events held at once.
    public let capacity: Int
    let storage: UnsafeMutableBufferPointer<Element>
    var head = 0
    /// The number of events waiting.
    public private(set) var count = 0

    /// An empty ring of `capacity` (at least 1) events, its storage filled with `filler`.
    public init(capacity: Int, filler: Element) {
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
        storage.initialize(repeating: filler)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    /// Appends `event`; false when the ring is full (the event is not kept).
    func push(_ event: Element) -> Bool {
        guard count < capacity else { return false }
        storage[(head &+ count) % capacity] = event
        count &+= 1
        return true
    }

    /// The oldest waiting event, removed, or nil.
    public func pop() -> Element? {
        guard count > 0 else { return nil }
        let event = storage[head]
        head = (head &+ 1) % capacity
        count &-= 1
        return event
    }
}
