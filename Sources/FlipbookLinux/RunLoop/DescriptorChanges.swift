/// Descriptors to add to or drop from a ``PollWaiter`` asked for by event handlers during a wait (a device
/// plugged in or unplugged while playing), applied once the handlers of that wait have run. The waiter
/// itself is borrowed by the run loop then, so handlers queue their changes here.
public final class DescriptorChanges {
    var additions: [(fd: Int32, handler: (_ fd: Int32) -> Void)] = []
    var removals: [Int32] = []
    /// Additions the waiter refused because it was full (`PollWaiter.descriptorCapacity`).
    public internal(set) var refusedAdditions = 0

    /// Nothing queued. Room for `capacity` removals is reserved, so queueing them does not allocate.
    public init(capacity: Int = 32) {
        additions.reserveCapacity(capacity)
        removals.reserveCapacity(capacity)
    }

    /// Whether changes are waiting.
    public var isEmpty: Bool { additions.isEmpty && removals.isEmpty }

    /// Asks the waiter to call `handler` whenever `fd` is readable, from the end of the current wait.
    public func addReadable(_ fd: Int32, handler: @escaping (_ fd: Int32) -> Void) {
        additions.append((fd, handler))
    }

    /// Asks the waiter to stop polling `fd` (the caller closes it afterwards or has closed it already).
    public func removeReadable(_ fd: Int32) { removals.append(fd) }
}
