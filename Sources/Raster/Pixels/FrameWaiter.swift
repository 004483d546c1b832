/// What a run loop sleeps on between frames, beside the `Display` it draws to: the display's clock and every
/// other event source (file descriptors, timers, signals). A backend implements it for its display: a poll(2)
/// over descriptors on Linux, a virtual clock in the simulator and tests. Its clock is the display's: the
/// microseconds `present` reports.
public protocol FrameWaiter: ~Copyable {
    /// Now on the display's clock (µs).
    mutating func now() -> Int64
    /// Sleeps until `deadline` (µs on the display's clock; nil: until an event) or until an event source is
    /// ready, and hands what arrived to its handlers. Returns why it woke.
    mutating func wait(until deadline: Int64?) -> FrameWake
    /// The scene time (µs) of work the waiter holds that must find the model settled at that time (a
    /// scripted command between frames), or nil. After each wake the run loop brings the model there
    /// (`RunLoop.settle(at:)`) and calls `runSettledWork()`, until this is nil. Default: nil.
    mutating func settleTime() -> Int64?
    /// Does the work `settleTime()` announced, the model now at its time. Default: nothing.
    mutating func runSettledWork()
}

extension FrameWaiter where Self: ~Copyable {
    /// No scripted work.
    public mutating func settleTime() -> Int64? { nil }
    /// No scripted work.
    public mutating func runSettledWork() {}
}

/// Why a `FrameWaiter` returned.
public enum FrameWake: Equatable, Sendable {
    /// The deadline came.
    case deadline
    /// An event source was ready (its handler has run); the deadline may not have come.
    case event
    /// Stop the loop: a termination signal arrived, or nothing could ever wake the waiter (no deadline and
    /// no event source).
    case stop
}
