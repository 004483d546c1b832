import Flipbook
import FlipbookInput

/// An input script replayed into a scene: each event at its scene time.
public final class InputReplay {
    /// The script.
    public let script: InputScript
    /// The driver of the scene played now (a looping player attaches each pass's).
    public var driver: InteractionDriver?
    private var next = 0

    /// Replays `script` from its first event.
    public init(script: InputScript) { self.script = script }

    /// Scene time of the next event, if any.
    public var nextEventMicros: Int64? { next < script.events.count ? script.events[next].timeMicros : nil }

    /// The scene time one second after the last event (nil without events): when a replay has had its effect.
    public var settledMicros: Int64? { script.events.last.map { $0.timeMicros + 1_000_000 } }

    /// Handles the next event; the caller has brought the model to its time first (`RunLoop.settle(at:)`, as
    /// for a command script's steps), so the touch hits what is on the screen then.
    public func handleNext() {
        guard let driver, next < script.events.count else { return }
        let event = script.events[next]
        driver.passTime(to: event.timeMicros)
        driver.handle(event)
        next += 1
    }

    /// Lets the gestures' time run to `micros` (long presses); answers whether anything was recognised.
    public func advanceGestures(to micros: Int64) -> Bool { driver?.passTime(to: micros) ?? false }
}
