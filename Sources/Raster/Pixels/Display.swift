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
}
