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

    /// Scene time of the next event, if any: a script event, or a gesture's deadline before it (a long press
    /// due while a finger is held still), so that the gesture acts at its own time, as a touch does.
    public var nextEventMicros: Int64? {
        let event = next < script.events.count ? script.events[next].timeMicros : nil
        guard let deadline = driver?.nextGestureDeadline, deadline < event ?? .max else { return event }
        return deadline
    }

    /// The scene time one second after the last event (nil without events): when a replay has had its effect.
    public var settledMicros: Int64? { script.events.last.map { $0.timeMicros + 1_000_000 } }

    /// Handles the next event (or lets a gesture's deadline pass); the caller has brought the model to its time
    /// first (`RunLoop.settle(at:)`, as for a command script's steps), so the touch hits what is on the screen
    /// then.
    public func handleNext() {
        guard let driver else { return }
        if let deadline = driver.nextGestureDeadline, deadline < (next < script.events.count ? script.events[next].timeMicros : .max) {
            driver.passTime(to: deadline)
            return
        }
        guard next < script.events.count else { return }
        let event = script.events[next]
        driver.passTime(to: event.timeMicros)
        driver.handle(event)
        next += 1
    }
}
