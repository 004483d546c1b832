import Flipbook
import FlipbookLinux
import Raster

/// `flipbook play` on a device: opens the display (`auto`: DRM, then fbdev), then plays the scene through the
/// engine's `RunLoop` on the display's clock, paced by a `PollWaiter` (again from the start with `--loop`, until
/// `--for` runs out or a termination signal), or shows the frame at `--at` and holds it (`--hold`, or until a
/// signal). Returns `flipbook play`'s last line. The heap is sealed while frames are drawn: an allocation
/// there ends the process with status 70.
struct ScreenPlayback {
    let command: PlayerCommand
    let scene: SceneInput
    let kernel: UAPIKernel
    /// `auto`, `drm` or `fbdev`.
    let backend: String

    /// Opens the display and plays on it; returns the summary line.
    func run() throws(PlayerError) -> String {
        if backend != "fbdev" {
            var options = DRMDisplay<UAPIKernel>.Options()
            if let device = command.device { options.paths = [device] }
            if let mode = command.mode {
                do { options.mode = try DRMModeRequest(parsing: mode) } catch { throw .display(error) }
            }
            let fallsBack = backend == "auto"
            if var screen = try open(fallsBack: fallsBack, { () throws(DisplayError) in try DRMDisplay(kernel: kernel, options: options) }) {
                let label = "DRM \(screen.path) (\(screen.driverName), \(screen.connectorName) \(screen.mode.summary))"
                return try play(on: &screen, label: label)
            }
        }
        var options = FBDevDisplay<UAPIKernel>.Options()
        if let device = command.device, backend == "fbdev" { options.paths = [device] }
        var screen: FBDevDisplay<UAPIKernel>
        do { screen = try FBDevDisplay(kernel: kernel, options: options) } catch { throw .display(error) }
        let size = "\(screen.backBuffer.width)x\(screen.backBuffer.height)"
        let copying = (screen.presentation == .panning ? "panning" : "shadow copy") + (screen.flushesWithFsync ? ", fsync" : "")
        return try play(on: &screen, label: "fbdev \(screen.path) (\(screen.driverName), \(size), \(copying))")
    }

    /// The display `opening` opens, or nil when it finds no usable device and `fallsBack` (`auto` then tries
    /// the next backend).
    private func open<Screen: ~Copyable>(
        fallsBack: Bool, _ opening: () throws(DisplayError) -> Screen
    ) throws(PlayerError) -> Screen? {
        do {
            return try opening()
        } catch {
            guard fallsBack else { throw .display(error) }
            switch error {
            case .noDevice, .noConnectedOutput, .noDumbBuffers, .invalidDevice: return nil
            default: throw .display(error)
            }
        }
    }

    /// Plays (or shows `--at`) on `display`; returns the summary line.
    private func play<Screen: Display & ~Copyable>(
        on display: inout Screen, label: String
    ) throws(PlayerError) -> String where Screen.Failure == DisplayError {
        var waiter = PollWaiter(kernel: kernel)
        let surface = display.backBuffer
        let mark = sys_heapMark()
        var runLoop = try scene.makeRunLoop(width: surface.width, height: surface.height, layout: surface.layout,
                                            rotation: command.rotation, fit: command.fit)
        defer { if command.verbose { reportLine(memoryReport(frame: surface)) } }
        if let still = command.stillMicros {
            return try show(still, of: &runLoop.pointee, on: &display, waiter: &waiter, label: label)
        }
        reportLine("flipbook-player: playing on \(label)")
        var span = RunLoopSpan(end: scene.durationMicros, limit: command.limitMicros)
        var firstShown: Int64 = 0, lastShown: Int64 = 0, presented = 0
        while true {
            sys_sealHeap()
            let end: RunLoopEnd
            do throws(RunLoopFailure<DisplayError>) {
                end = try runLoop.pointee.run(on: &display, waiter: &waiter, span: span)
            } catch {
                sys_unsealHeap()
                switch error {
                case .display(let failure): throw .display(failure)
                case .compositor: throw .scene(["flipbook-player: a frame failed"])
                }
            }
            sys_unsealHeap()
            if span.limitOrigin == nil { firstShown = runLoop.pointee.firstShown }
            lastShown = runLoop.pointee.lastShown
            presented += runLoop.pointee.presentedFrames
            guard end == .sceneEnded, command.loop, let length = span.end, length > 0 else { break }
            // The next pass starts where the clock is, as if the scene repeated without a seam, on a fresh
            // engine built where the last one was (the last one is abandoned, see `SceneInput.makeRunLoop`).
            span.limitOrigin = firstShown
            span.start = (lastShown + display.refreshIntervalMicros - firstShown) % length
            sys_releaseHeap(to: mark)
            runLoop = try scene.makeRunLoop(width: surface.width, height: surface.height, layout: surface.layout,
                                            rotation: command.rotation, fit: command.fit)
        }
        let interval = max(display.refreshIntervalMicros, 1)
        let elapsed = lastShown - firstShown
        let slots = (elapsed + interval / 2) / interval + 1
        let rate = elapsed > 0 ? Self.hundredths((slots - 1) * 100_000_000, elapsed) : "0.00"
        return "played \(slots) frames in \(Self.hundredths(elapsed, 10_000)) s (\(rate) fps, \(presented) presented) "
            + "on \(label)"
    }

    /// Shows the frame at `micros` and holds it for `--hold` (or until a stop signal).
    private func show<Screen: Display & ~Copyable>(
        _ micros: Int64, of runLoop: inout RunLoop, on display: inout Screen, waiter: inout PollWaiter<UAPIKernel>,
        label: String
    ) throws(PlayerError) -> String where Screen.Failure == DisplayError {
        sys_sealHeap()
        do { _ = try runLoop.drawFrame(at: micros, into: display.backBuffer) } catch {
            sys_unsealHeap()
            throw .scene(["flipbook-player: a frame failed"])
        }
        let shown: Int64
        do { shown = try display.present(damage: DamageList(display.backBuffer.bounds)) } catch {
            sys_unsealHeap()
            throw .display(error)
        }
        runLoop.finishFrame(shownAt: shown)
        sys_unsealHeap()
        reportLine("flipbook-player: showing t=\(Self.seconds(micros)) s on \(label)")
        let deadline = command.holdMicros.map { waiter.now() + $0 }
        while deadline.map({ waiter.now() < $0 }) ?? true {
            if case .stop = waiter.wait(until: deadline) { break }
        }
        let signal = kernel.stopSignal()
        return signal != 0 ? "stopped by signal \(signal)" : "done"
    }

    /// `numerator / denominator / 100` with two decimals, rounded (`flipbook play`'s number format).
    static func hundredths(_ numerator: Int64, _ denominator: Int64) -> String {
        let value = (numerator + denominator / 2) / denominator
        let fraction = value % 100
        return "\(value / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Microseconds as seconds the way `flipbook play` prints a `Double`: `0.5`, `1.0`, `2.25`.
    static func seconds(_ micros: Int64) -> String {
        var fraction = "\(1_000_000 + micros % 1_000_000)".dropFirst()
        while fraction.count > 1 && fraction.hasSuffix("0") { fraction = fraction.dropLast() }
        return "\(micros / 1_000_000).\(fraction)"
    }
}
