/// A place frames are shown: a kernel framebuffer, a DRM/KMS output, or the simulator.
///
/// Backends implement it; the core never imports a backend and is generic over `some Display`.
public protocol Display: ~Copyable {
    /// The backend's typed failure.
    associatedtype Failure: Error
    /// The surface the next frame is drawn into. After `present`, it holds the frame just presented
    /// (the backend copies damaged regions between its buffers), so a renderer redraws only damage.
    var backBuffer: Surface { get }
    /// Nominal frame interval in microseconds (from the mode's refresh rate; 16_667 when unknown).
    var refreshIntervalMicros: Int64 { get }
    /// Shows the back buffer. `damage` is what changed since the previous present; an empty list presents
    /// nothing. Returns the time the frame was (or will be) shown, in the display's monotonic microseconds.
    mutating func present(damage: borrowing DamageList) throws(Failure) -> Int64
    /// While the last present is still on its way to the screen (a page flip queued and its completion event
    /// not read yet, or a frame held until its refresh slot): the time to wake for it at the latest. nil once
    /// it is shown and the back buffer may be drawn into. Reads what completed; gives up on a present that
    /// never completes. Default (`Display+Shown.swift`): nil, `present` returns once the frame is shown.
    mutating func presentDueTime() -> Int64?
    /// When the last present reached the screen (a page-flip event's time), once `presentDueTime()` is nil;
    /// nil means the time `present` returned.
    var lastShownTime: Int64? { get }
}
