import Flipbook
import FlipbookInput
import FlipbookLinux
import FlipbookScenes
import Raster

/// What `flipbook play` shows and for how long, played on any display through its frame waiter: a scene through
/// the engine's `RunLoop` (one run per pass when looping), a test pattern through its own small loop, or one
/// frame held (`--at`).
struct Playback {
    let source: FrameSource
    let kernel: LinuxKernel
    let loop: Bool
    let fullDamage: Bool
    let stillMicros: Int64?
    let holdMicros: Int64?
    let limitMicros: Int64?
    /// Control channels (`--control`, `--psplash`, `--commands`): they get each engine the scene is built into.
    var control: ControlChannels?
    /// Input (`--input-device`, `--input`): it gets each engine the scene is built into.
    var input: InputChannels?
    /// How the scene is turned (`--rotate`) and scaled (`--fit`) on the display.
    var rotation = DisplayRotation.none
    var fit = DisplayFit.none
    /// VT switching (`ConsoleSwitch`): a held frame is shown again whole after the user switches back.
    var consoleFocus: ConsoleFocus?

    /// What was played, for the summary line and `--verbose`.
    struct Outcome {
        var firstShown: Int64 = 0
        var lastShown: Int64 = 0
        var presented = 0
        var stopSignal: Int32 = 0
        /// One frame held (`--at`).
        var isStill = false
        /// Thread CPU time spent in `present` after the first frame (test patterns only: a scene's presents
        /// happen inside the run loop), µs.
        var presentCPUMicros: Int64?
    }

    /// Plays on `display`, sleeping in `waiter` between frames; returns what was played.
    func run<Screen: Display & ~Copyable, Waiter: FrameWaiter & ~Copyable>(
        on display: inout Screen, waiter: inout Waiter, label: String
    ) throws -> Outcome {
        switch source {
        case .scene(let description):
            var runLoop = try makeRunLoop(description, for: display.backBuffer)
            if let stillMicros {
                return try show(stillMicros, of: &runLoop, on: &display, waiter: &waiter, label: label)
            }
            printError("flipbook: playing on \(label)")
            return try play(description, first: consume runLoop, on: &display, waiter: &waiter)
        case .pattern(let pattern):
            return try PatternPlayback(pattern: pattern, playback: self).run(on: &display, waiter: &waiter, label: label)
        }
    }

    /// Plays the scene from its start until it ends (again from the start with `--loop`), `--for` runs out or
    /// the waiter says stop.
    private func play<Screen: Display & ~Copyable, Waiter: FrameWaiter & ~Copyable>(
        _ description: SceneDescription, first: consuming RunLoop, on display: inout Screen,
        waiter: inout Waiter
    ) throws -> Outcome {
        var outcome = Outcome()
        var runLoop = first
        var end = control.map { $0.sceneEnd(source.durationMicros) } ?? source.durationMicros
        if let input { end = input.sceneEnd(end) }
        var span = RunLoopSpan(end: end, limit: limitMicros)
        while true {
            let end = try Self.run(&runLoop, on: &display, waiter: &waiter, span: span)
            if span.limitOrigin == nil { outcome.firstShown = runLoop.firstShown }
            outcome.lastShown = runLoop.lastShown
            outcome.presented += runLoop.presentedFrames
            guard end == .sceneEnded, loop, let length = span.end, length > 0 else { break }
            // The next pass starts where the clock is, as if the scene repeated without a seam.
            span.limitOrigin = outcome.firstShown
            span.start = (outcome.lastShown + display.refreshIntervalMicros - outcome.firstShown) % length
            runLoop = try makeRunLoop(description, for: display.backBuffer)  // setup: a fresh engine
        }
        outcome.stopSignal = kernel.stopSignal()
        return outcome
    }

    /// Shows the frame at `micros` and holds it for `--hold` (or until a stop signal).
    private func show<Screen: Display & ~Copyable, Waiter: FrameWaiter & ~Copyable>(
        _ micros: Int64, of runLoop: inout RunLoop, on display: inout Screen, waiter: inout Waiter,
        label: String
    ) throws -> Outcome {
        do { _ = try runLoop.drawFrame(at: micros, into: display.backBuffer) } catch { throw fail("a frame failed: \(error)") }
        var sawEvent = false
        let forecast = try display.present(damage: DamageList(display.backBuffer.bounds))
        guard let shown = display.waitUntilShown(forecast: forecast, waiter: &waiter, sawEvent: &sawEvent) else {
            return Outcome(presented: 1, stopSignal: kernel.stopSignal(), isStill: true)
        }
        runLoop.finishFrame(shownAt: shown)
        printError("flipbook: showing t=\(Double(micros) / 1e6) s on \(label)")
        let deadline = holdMicros.map { waiter.now() + $0 }
        while deadline.map({ waiter.now() < $0 }) ?? true {
            if case .stop = waiter.wait(until: deadline) { break }
            if consoleFocus?.takeRepaintRequest() == true {  // back from another VT: the frame again, whole
                do { _ = try runLoop.drawFrame(at: micros, into: display.backBuffer) } catch { throw fail("a frame failed: \(error)") }
                _ = try display.present(damage: DamageList(display.backBuffer.bounds))
            }
        }
        return Outcome(firstShown: shown, lastShown: shown, presented: 1, stopSignal: kernel.stopSignal(), isStill: true)
    }

    /// Where a scene lies on a `width` × `height` display (`--rotate`, `--fit`).
    func placement(of description: SceneDescription, width: Int, height: Int) throws -> DisplayPlacement {
        do {
            return try DisplayPlacement(panelWidth: width, panelHeight: height, sceneWidth: description.width,
                                        sceneHeight: description.height, rotation: rotation, fit: fit)
        } catch { throw fail("the scene cannot be placed on the \(width)x\(height) display: \(error)") }
    }

    /// The scene's run loop for a display whose back buffer is `surface` (the canvas is the display; the
    /// scene's root is placed on it turned and fitted).
    private func makeRunLoop(_ description: SceneDescription, for surface: Surface) throws -> RunLoop {
        let placement = try placement(of: description, width: surface.width, height: surface.height)
        do {
            let loaded = try LoadedScene(scene: description, width: surface.width, height: surface.height)
            try loaded.placeOnDisplay(transform: placement.transform, clipsToScene: placement.leavesBars)
            control?.session.attach(loaded)
            try input?.attach(loaded)
            do { return try loaded.makeRunLoop(layout: surface.layout) } catch { throw fail("the compositor refused the scene: \(error)") }
        } catch let error as SceneRenderError {
            throw fail(error.description)
        }
    }

    /// `runLoop.run`, its failures as the command's errors (a display's error as itself).
    private static func run<Screen: Display & ~Copyable, Waiter: FrameWaiter & ~Copyable>(
        _ runLoop: inout RunLoop, on display: inout Screen, waiter: inout Waiter, span: RunLoopSpan
    ) throws -> RunLoopEnd {
        do {
            return try runLoop.run(on: &display, waiter: &waiter, span: span)
        } catch {
            switch error {
            case .display(let failure): throw failure
            case .compositor(let failure): throw fail("a frame failed: \(failure)")
            }
        }
    }
}

/// The hidden `--test-pattern` on a display: the pattern's own damage, presented when it changed, the waiter's
/// clock pacing frames that did not (nothing is presented then).
struct PatternPlayback {
    let pattern: TestPattern
    let playback: Playback

    func run<Screen: Display & ~Copyable, Waiter: FrameWaiter & ~Copyable>(
        on display: inout Screen, waiter: inout Waiter, label: String
    ) throws -> Playback.Outcome {
        let surface = display.backBuffer
        let full = DamageList(surface.bounds)
        let first = playback.stillMicros ?? 0
        pattern.draw(into: surface, atMicros: first)
        var sawEvent = false
        guard let start = display.waitUntilShown(forecast: try display.present(damage: full), waiter: &waiter,
                                                 sawEvent: &sawEvent) else { return Playback.Outcome(presented: 1) }
        var outcome = Playback.Outcome(firstShown: start, lastShown: start, presented: 1)
        if playback.stillMicros != nil {
            outcome.isStill = true
            printError("flipbook: showing t=\(Double(first) / 1e6) s on \(label)")
            let deadline = playback.holdMicros.map { start + $0 }
            while deadline.map({ waiter.now() < $0 }) ?? true {
                if case .stop = waiter.wait(until: deadline) { break }
                if playback.consoleFocus?.takeRepaintRequest() == true {  // back from another VT: the frame, whole
                    pattern.draw(into: display.backBuffer, atMicros: first)
                    _ = try display.present(damage: full)
                }
            }
        } else {
            printError("flipbook: playing on \(label)")
            let interval = display.refreshIntervalMicros
            var sceneMicros: Int64 = 0
            while true {
                let next = outcome.lastShown + interval
                if let limit = playback.limitMicros, next - start > limit { break }
                if case .stop = waiter.wait(until: next - interval) { break }
                var damage = DamageList()
                pattern.update(display.backBuffer, fromMicros: sceneMicros, toMicros: next - start, damage: &damage)
                if playback.fullDamage { damage.add(surface.bounds) }
                sceneMicros = next - start
                if damage.isEmpty {
                    if case .stop = waiter.wait(until: next) { break }
                    outcome.lastShown = next
                } else {
                    let before = ProcessCPU.threadMicros()
                    let forecast = try display.present(damage: damage)
                    outcome.presentCPUMicros = (outcome.presentCPUMicros ?? 0) + ProcessCPU.threadMicros() - before
                    outcome.presented += 1
                    guard let shown = display.waitUntilShown(forecast: forecast, waiter: &waiter, sawEvent: &sawEvent)
                    else { break }
                    outcome.lastShown = shown
                }
            }
        }
        outcome.stopSignal = playback.kernel.stopSignal()
        return outcome
    }
}
