/// A stop asked for by an event handler (a control command's `quit`): a waiter that holds one answers `.stop`
/// from its next wait, as it does for a termination signal.
public final class StopRequest {
    /// Whether a stop was asked for.
    public private(set) var isRequested = false

    /// No stop asked for yet.
    public init() {}

    /// Asks the waiter to stop.
    public func request() { isRequested = true }
}
