/// A fixed ring of decoded events between the decoder and its reader: its storage is allocated once, so
/// pushing and popping never allocate; a push into a full queue is refused (the caller counts it).
public final class InputEventQueue {
    /// The most events held at once.
    public static var capacity: Int { 64 }
    let storage: UnsafeMutableBufferPointer<InputEvent>
    var head = 0
    /// The number of events waiting.
    public private(set) var count = 0

    /// Creates an empty queue.
    public init() {
        storage = .allocate(capacity: InputEventQueue.capacity)
        storage.initialize(repeating: .key(KeyEvent(code: 0, state: .released, timeMicros: 0)))
    }

    deinit { storage.deallocate() }

    /// Appends `event`; false when the queue is full (the event is not kept).
    func push(_ event: InputEvent) -> Bool {
        guard count < InputEventQueue.capacity else { return false }
        storage[(head &+ count) % InputEventQueue.capacity] = event
        count &+= 1
        return true
    }

    /// The oldest waiting event, removed, or nil.
    public func pop() -> InputEvent? {
        guard count > 0 else { return nil }
        let event = storage[head]
        head = (head &+ 1) % InputEventQueue.capacity
        count &-= 1
        return event
    }
}
