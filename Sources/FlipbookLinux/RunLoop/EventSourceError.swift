/// An event source the run loop's `PollWaiter` cannot take.
public enum EventSourceError: Error, Equatable, Sendable {
    /// Every descriptor or timer slot is taken (the capacity given at setup).
    case full(kind: String, capacity: Int)
    /// A descriptor below 0.
    case invalidDescriptor(Int32)
    /// A timer interval that is not positive.
    case invalidInterval(Int64)

    /// One line naming the problem.
    public var message: String {
        switch self {
        case .full(let kind, let capacity): "no room for another \(kind) (capacity \(capacity))"
        case .invalidDescriptor(let fd): "invalid file descriptor \(fd)"
        case .invalidInterval(let micros): "timer interval \(micros) µs is not positive"
        }
    }
}
