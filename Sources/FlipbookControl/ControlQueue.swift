import FlipbookLinux
import Synchronization

/// The Swift API for an app that links the library: command lines pushed from another thread (one producer),
/// applied on the run loop's thread between frames (one consumer). A fixed ring of fixed-size slots with
/// atomic indices: no locks, nothing allocated after setup. A push also writes one byte to a pipe whose read
/// end (``descriptor``) the run loop's waiter polls, so a command wakes a sleeping loop.
public final class ControlQueue: @unchecked Sendable {
    /// Command lines the ring holds.
    public let capacity: Int
    /// The longest line a slot holds, in bytes.
    public let lineLimit: Int
    private let slots: UnsafeMutableBufferPointer<UInt8>
    private let lengths: UnsafeMutableBufferPointer<Int>
    private let head = Atomic<Int>(0)  // next slot to read (consumer)
    private let tail = Atomic<Int>(0)  // next slot to write (producer)
    private let wake: WakePipe

    /// The descriptor to register with the waiter (readable after a push).
    public var descriptor: Int32 { wake.descriptor }

    /// A queue of `capacity` lines of up to `lineLimit` bytes.
    public init(capacity: Int = 256, lineLimit: Int = 4096) throws(ControlChannelError) {
        self.capacity = max(capacity, 1)
        self.lineLimit = max(lineLimit, 16)
        wake = try WakePipe()
        slots = .allocate(capacity: self.capacity * self.lineLimit)
        lengths = .allocate(capacity: self.capacity)
    }

    deinit {
        slots.deallocate()
        lengths.deallocate()
    }

    /// Why a push was refused.
    public enum PushFailure: Error, Equatable {
        /// The ring is full: the consumer is behind.
        case full(capacity: Int)
        /// The line is longer than a slot.
        case lineTooLong(limit: Int)
    }

    /// Queues one command line (producer thread only).
    public func push(_ line: UnsafeBufferPointer<UInt8>) throws(PushFailure) {
        guard line.count <= lineLimit else { throw .lineTooLong(limit: lineLimit) }
        let write = tail.load(ordering: .relaxed)
        guard write - head.load(ordering: .acquiring) < capacity else { throw .full(capacity: capacity) }
        let slot = write % capacity
        for index in 0 ..< line.count { slots[slot * lineLimit + index] = line[index] }
        lengths[slot] = line.count
        tail.store(write + 1, ordering: .releasing)
        wake.signal()
    }

    /// Applies every queued line through `session` in order (consumer: the waiter's read handler for
    /// ``descriptor``); returns how many. Replies go to `reply` (e.g. to log refusals).
    @discardableResult
    public func drain(into session: ControlSession,
                      reply: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }) -> Int {
        wake.drain()
        var read = head.load(ordering: .relaxed)
        let end = tail.load(ordering: .acquiring)
        let count = end - read
        while read < end {
            let slot = read % capacity
            let line = UnsafeBufferPointer(rebasing: slots[slot * lineLimit ..< slot * lineLimit + lengths[slot]])
            session.handle(line, reply: reply)
            read += 1
            head.store(read, ordering: .releasing)
        }
        return count
    }
}
