import Motion
import Raster

extension RunLoop {
    /// Plays `span` on `display`: draws and presents the first frame whole, then, until the span ends, the
    /// waiter says stop or a frame fails:
    ///
    ///     wait    until the next frame is wanted (now while anything moves or the display link runs; the
    ///             next animation's begin; the span's end), and in the same wait for the waiter's events;
    ///             work the waiter holds for a scene time (`settleTime()`) runs on the model settled there
    ///     draw    at the first frame slot after now: commit, advance, render the damage
    ///     present the damage (nothing changed: nothing presented, the loop sleeps to the slot instead), then
    ///             wait, again with the other event sources, until the display shows it (a page-flip event)
    ///     finish  display link callback, completions
    ///
    /// Frame slots follow the display's clock: the last frame's display time plus whole refresh intervals.
    /// Scene time is display time minus the first frame's. Allocation-free after the first frame (the
    /// waiter's handlers and the callbacks excepted).
    public mutating func run<Screen: Display & ~Copyable, Waiter: FrameWaiter & ~Copyable>(
        on display: inout Screen, waiter: inout Waiter, span: RunLoopSpan
    ) throws(RunLoopFailure<Screen.Failure>) -> RunLoopEnd {
        let interval = max(display.refreshIntervalMicros, 1)
        compositor.invalidate()
        do { _ = try drawFrame(at: span.start, into: display.backBuffer) } catch { throw .compositor(error) }
        let whole = DamageList(display.backBuffer.bounds)
        var hadEvent = false
        guard let first = display.waitUntilShown(forecast: try Self.present(whole, on: &display), waiter: &waiter,
                                                 sawEvent: &hadEvent) else { return .stopped }
        lastShown = first
        firstShown = lastShown
        presentedFrames += 1
        finishFrame(shownAt: lastShown)
        let origin = lastShown &- span.start
        let limitEnd = span.limit.map { (span.limitOrigin ?? firstShown) &+ $0 }
        while true {
            // The earliest display time a frame is wanted, and when the span stops.
            var wanted: Int64?
            if hadEvent || (displayLink.map { !$0.isPaused } ?? false) {
                wanted = lastShown &+ 1
            } else if let change = engine.nextChangeTime() {
                wanted = origin &+ max(change, frameTime &+ 1)
            }
            var stop = limitEnd.map { $0 &+ 1 }
            if let end = span.end { stop = min(stop ?? .max, origin &+ end &+ 1) }
            let next = min(wanted ?? .max, stop ?? .max)
            let wake = waiter.wait(until: next == .max ? nil : next &- interval)
            while let time = waiter.settleTime() {
                settle(at: max(time, frameTime))
                waiter.runSettledWork()
            }
            switch wake {
            case .stop: return .stopped
            case .event:
                hadEvent = true
                if waiter.now() < next &- interval { continue }
            case .deadline:
                if waiter.now() < next &- interval { continue }  // a display's own event ends a wait early
                // Woken for the span's end with nothing to draw before it: the last slot would show no change.
                if let stop, wanted.map({ $0 > stop }) ?? true {
                    lastShown = max(lastShown, waiter.now())
                    return span.end.map { origin &+ $0 &+ 1 == stop } ?? false ? .sceneEnded : .timeLimit
                }
            }
            // The first frame slot after now.
            let now = waiter.now()
            let slots = now >= lastShown ? (now &- lastShown) / interval &+ 1 : 1
            let shownAt = lastShown &+ slots &* interval
            if let end = span.end, shownAt &- origin > end {
                lastShown = max(lastShown, shownAt &- interval)
                return .sceneEnded
            }
            if let limitEnd, shownAt > limitEnd {
                lastShown = max(lastShown, shownAt &- interval)
                return .timeLimit
            }
            let changed: Bool
            do { changed = try drawFrame(at: shownAt &- origin, into: display.backBuffer) } catch {
                throw .compositor(error)
            }
            hadEvent = false
            if changed {
                // The display link and completions get the time the frame reached the screen (a page flip's).
                let forecast = try Self.present(damage, on: &display)
                presentedFrames += 1
                guard let shown = display.waitUntilShown(forecast: forecast, waiter: &waiter, sawEvent: &hadEvent)
                else { return .stopped }
                lastShown = shown
            } else {
                if case .stop = waiter.wait(until: shownAt) { return .stopped }
                lastShown = shownAt
            }
            finishFrame(shownAt: lastShown)
        }
    }

    /// `display.present(damage:)`, its failure wrapped.
    private static func present<Screen: Display & ~Copyable>(
        _ damage: DamageList, on display: inout Screen
    ) throws(RunLoopFailure<Screen.Failure>) -> Int64 {
        do throws(Screen.Failure) {
            return try display.present(damage: damage)
        } catch {
            throw .display(error)
        }
    }
}
