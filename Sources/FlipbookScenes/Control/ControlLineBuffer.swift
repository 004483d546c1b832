/// Splits a byte stream (a socket, a FIFO) into bounded lines: bytes are appended as they arrive, complete
/// lines are handed out one at a time, and a line longer than the capacity is dropped whole (reported once,
/// when its terminator arrives) instead of growing the buffer. Storage is allocated once.
public final class ControlLineBuffer {
    /// The longest line kept, in bytes (without its terminator).
    public let capacity: Int
    /// Whether NUL ends a line as newline does (psplash).
    public let nulTerminates: Bool

    private let storage: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    private var overflowing = false
    private var consumed = 0

    /// A buffer for lines up to `capacity` bytes.
    public init(capacity: Int, nulTerminates: Bool = false) {
        self.capacity = max(capacity, 1)
        self.nulTerminates = nulTerminates
        storage = .allocate(capacity: self.capacity + 1)
    }

    deinit { storage.deallocate() }

    /// Whether part of a line is waiting for its terminator (e.g. when the writer went away mid-line).
    public var hasPartialLine: Bool { count > consumed || overflowing }

    /// What `nextLine` found.
    public enum Line {
        /// A complete line (terminator and a trailing `\r` removed), valid until the next call.
        case line(UnsafeBufferPointer<UInt8>)
        /// A line longer than the capacity ended here; its bytes were dropped.
        case tooLong
    }

    /// Room for new bytes: write up to `free.count` bytes there, then call `didAppend`.
    public var free: UnsafeMutableBufferPointer<UInt8> {
        compact()
        return UnsafeMutableBufferPointer(rebasing: storage[count ..< capacity + 1])
    }

    /// Records `written` bytes placed in `free`.
    public func didAppend(_ written: Int) {
        count += max(0, min(written, capacity + 1 - count))
    }

    /// Copies `bytes` in, as far as there is room; returns how many were taken.
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let room = free
        let taken = min(room.count, bytes.count)
        for index in 0 ..< taken { room[index] = bytes[index] }
        didAppend(taken)
        return taken
    }

    /// The next complete line, if any.
    public func nextLine() -> Line? {
        while true {
            var end = consumed
            while end < count, !isTerminator(storage[end]) { end += 1 }
            if end < count {
                let start = consumed
                consumed = end + 1
                if overflowing {
                    overflowing = false
                    return .tooLong
                }
                var last = end
                if last > start && storage[last - 1] == UInt8(ascii: "\r") { last -= 1 }
                if last == start && nulTerminates { continue }  // psplash writers send empty NUL-ended records
                return .line(UnsafeBufferPointer(rebasing: storage[start ..< last]))
            }
            // No terminator: a line that fills the whole buffer is too long; drop what is held and remember it.
            if count - consumed > capacity {
                overflowing = true
                count = 0
                consumed = 0
            }
            return nil
        }
    }

    /// Drops a partial line (its writer went away).
    public func reset() {
        count = 0
        consumed = 0
        overflowing = false
    }

    private func isTerminator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || (nulTerminates && byte == 0)
    }

    private func compact() {
        guard consumed > 0 else { return }
        let remaining = count - consumed
        for index in 0 ..< remaining { storage[index] = storage[consumed + index] }
        count = remaining
        consumed = 0
    }
}
