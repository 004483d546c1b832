/// Presents that reach the screen later than `present` returns (a page flip whose completion event comes at
/// the next vertical blank), waited for in the player's `FrameWaiter` beside its other event sources.
extension Display where Self: ~Copyable {
    /// Default: `present` returns once the frame is shown.
    public mutating func presentDueTime() -> Int64? { nil }

    /// Default: the time `present` returned.
    public var lastShownTime: Int64? { nil }

    /// Waits in `waiter`, with its other event sources, until the last present is on screen and the back
    /// buffer is free again. Returns when the frame was shown (`lastShownTime`, else `forecast`: the time
    /// `present` returned), or nil when the waiter said stop. `sawEvent` turns true when another event
    /// source woke the waiter meanwhile.
    public mutating func waitUntilShown<Waiter: FrameWaiter & ~Copyable>(
        forecast: Int64, waiter: inout Waiter, sawEvent: inout Bool
    ) -> Int64? {
        while let due = presentDueTime() {
            switch waiter.wait(until: due) {
            case .stop: return nil
            case .event: sawEvent = true
            case .deadline: break
            }
        }
        return lastShownTime ?? forecast
    }
}
