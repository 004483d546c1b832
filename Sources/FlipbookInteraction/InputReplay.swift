import Flipbook
import FlipbookInput

/// An input script replayed into a scene: each event at its scene time, with the engine advanced to that
/// time first (as a command script's steps are), so the touch hits what is on the screen then.
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

    /// Handles every event due at or before `micros`, each at its own time; then lets the gestures' time run
    /// to `micros` (long presses). Answers whether anything was handled or recognised.
    @discardableResult
    public func run(through micros: Int64) -> Bool {
        guard let driver else { return false }
        let engine = driver.interactions.engine
        var handled = false
        while next < script.events.count, script.events[next].timeMicros <= micros {
            let event = script.events[next]
            engine.advance(to: max(event.timeMicros, engine.currentTime))
            engine.deliverCallbacks()
            driver.advance(to: event.timeMicros)
            driver.handle(event)
            next += 1
            handled = true
        }
        return driver.advance(to: micros) || handled
    }
}
