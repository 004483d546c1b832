#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import CFlipbookShim
import FixedPoint
import FlipbookControl
import FlipbookInput
import FlipbookLinux
import FlipbookScenes
import FlipbookSim
import ImageCodecs
import Raster

/// `flipbook play`: shows a scene in real time on a display (DRM/KMS, fbdev or the simulator), or one frame
/// of it (`--at T [--hold S]`). The console is put into graphics mode while drawing and restored on exit,
/// on SIGINT / SIGTERM / SIGHUP and on errors.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        _superCommandName: "flipbook",  // parsed alone (FlipbookCommand.main): no completion-script check
        abstract: "Play a scene in real time on a display.",
        discussion: """
            Exit status: 0 played (also when ended by SIGINT, SIGTERM or SIGHUP); 1 the scene was refused;
            3 no display device (auto then uses the simulator); 4 permission denied (the message names the
            group); 5 another DRM master (a compositor) holds the display; 6 no connected output;
            7 unsupported pixel format or no dumb buffers; 8 mmap failed; 9 bad or unavailable --mode;
            10 not a usable display device; 11 a kernel call failed; 64 bad command line.

            --display sim plays at 60 frames per second of virtual time, as fast as the CPU draws,
            and writes every frame to --out DIR, or else the last frame to flipbook-play.ppm.
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String?

    @Option(help: "Display backend: auto, drm, fbdev or sim (auto tries DRM, then fbdev, then the simulator).")
    var display: String = "auto"

    @Option(help: "Device path (/dev/dri/cardN or /dev/fbN).")
    var device: String?

    @Flag(help: "Start again at the end of the scene.")
    var loop = false

    @Option(help: "Show the single frame at this scene time (seconds).")
    var at: Double?

    @Option(help: "With --at: keep the frame this many seconds (default: until interrupted).")
    var hold: Double?

    @Option(name: .customLong("for"), help: "Stop after this many seconds.")
    var duration: Double?

    @Option(help: ArgumentHelp(
        "Display mode WxH or WxH@Hz (DRM; default: the connector's preferred mode), or the simulator's panel WxH.",
        discussion: "The simulator's panel is otherwise the scene's size, turned by --rotate."))
    var mode: String?

    @Option(help: "Turn the scene clockwise on the display: 0, 90, 180 or 270 degrees (touch input turns with it).")
    var rotate: Int = 0

    @Option(help: "Scene to display: none (centred at 1:1), contain (letterboxed), cover (cropped) or stretch.")
    var fit: String = "none"

    @Option(help: "Pixel format to draw in: xrgb8888 or rgb565 (default: the display's; xrgb8888 for sim).")
    var format: String?

    @Option(help: ArgumentHelp(
        "Simulator: write every frame into this directory as frame-00000.ppm, …",
        discussion: "Without it the simulator writes the last frame to flipbook-play.ppm."))
    var out: String?

    @Option(help: .hidden)
    var testPattern: String?

    /// Presents every frame as wholly damaged (to measure full-frame presents against damage-only ones).
    @Flag(help: .hidden)
    var fullDamage = false

    @Flag(help: "At exit, print the frames presented and the CPU time used; the time to the first frame.")
    var verbose = false

    @Option(help: ArgumentHelp(
        "Listen for control commands on this Unix socket (docs/control.md; flipbook send PATH COMMAND).",
        discussion: "The scene then plays until quit, --for or a signal, not until its end."))
    var control: String?

    @Flag(help: "Read psplash commands from $PSPLASH_FIFO_DIR/psplash_fifo (default /run): PROGRESS n, MSG text, QUIT.")
    var psplash = false

    @Option(help: "Simulator: apply the commands of this script ([{\"t\": SECONDS, …command…}]) at those scene times.")
    var commands: String?

    @Option(help: ArgumentHelp(
        "Read touches, pointers and keys from this evdev device, or from every usable /dev/input/event* (auto, hot-plugged).",
        discussion: "The scene's interactions answer them (docs/input.md); it then plays until --for or a signal."))
    var inputDevice: String?

    @Option(help: "With --input-device: a libinput calibration matrix \"a b c d e f\" (LIBINPUT_CALIBRATION_MATRIX).")
    var calibration: String?

    @Option(help: "Simulator: replay the touches of this script ([{\"t\": S, \"type\": \"down\"|\"move\"|\"up\", \"x\", \"y\", \"id\"}]) at those scene times.")
    var input: String?

    @Option(help: "Wait up to this many seconds for the display device to appear (early boot).")
    var waitDevice: Double?

    func validate() throws {
        guard ["auto", "drm", "fbdev", "sim"].contains(display) else {
            throw ValidationError("--display must be auto, drm, fbdev or sim (found \"\(display)\")")
        }
        if out != nil && !["auto", "sim"].contains(display) {
            throw ValidationError("--out applies to the simulator (--display sim or auto), not --display \(display)")
        }
        if let mode, display == "sim", (try? DRMModeRequest(parsing: mode))?.refreshHz != nil {
            throw ValidationError("--mode on the simulator is a panel size WxH (it runs at 60 fps of virtual time)")
        }
        guard (try? DisplayRotation(degrees: rotate)) != nil else {
            throw ValidationError("--rotate must be 0, 90, 180 or 270 (found \(rotate))")
        }
        guard Self.fits[fit] != nil else {
            throw ValidationError("--fit must be none, contain, cover or stretch (found \"\(fit)\")")
        }
        if commands != nil && display != "sim" { throw ValidationError("--commands applies to --display sim") }
        if (control != nil || psplash) && display == "sim" {
            throw ValidationError("--control and --psplash need a real display (the simulator runs in virtual time: use --commands)")
        }
        if (control != nil || psplash || commands != nil) && (at != nil || testPattern != nil) {
            throw ValidationError("--control, --psplash and --commands play a scene, not --at or --test-pattern")
        }
        if input != nil && display != "sim" { throw ValidationError("--input applies to --display sim (use --input-device on a real display)") }
        if inputDevice != nil && display == "sim" {
            throw ValidationError("--input-device needs a real display (the simulator runs in virtual time: use --input)")
        }
        if calibration != nil && inputDevice == nil { throw ValidationError("--calibration applies to --input-device") }
        if (input != nil || inputDevice != nil) && (at != nil || testPattern != nil) {
            throw ValidationError("--input and --input-device play a scene, not --at or --test-pattern")
        }
        for (name, value) in [("--at", at), ("--hold", hold), ("--for", duration), ("--wait-device", waitDevice)] {
            if let value, !(value.isFinite && value >= 0 && value <= 86_400) {
                throw ValidationError("\(name) must be a time from 0 to 86400 seconds (found \(value))")
            }
        }
        if hold != nil && at == nil { throw ValidationError("--hold applies to --at") }
        if let format, !["xrgb8888", "rgb565"].contains(format) {
            throw ValidationError("--format must be xrgb8888 or rgb565 (found \"\(format)\")")
        }
        if let testPattern, TestPattern(rawValue: testPattern) == nil {
            throw ValidationError("unknown test pattern \"\(testPattern)\"")
        }
        if scene == nil && testPattern == nil { throw ValidationError("give a scene file") }
        if fullDamage && testPattern == nil { throw ValidationError("--full-damage applies to --test-pattern") }
    }

    func run() throws {
        let kernel = LinuxKernel()
        // The fault switch of the VM test of a flip that never completes (docs/reliability.md, "Display faults").
        if Self.environment("FLIPBOOK_FAULT_DISCARD_FLIP_EVENTS") == "1" { cfb_drm_discard_flip_events(1) }
        let started = kernel.monotonicMicros()  // the first frame's time counts the scene's loading too
        let source = try FrameSource(scene: scene, testPattern: testPattern)
        let loaded = kernel.monotonicMicros()
        var playback = Playback(source: source, kernel: kernel, loop: loop, fullDamage: fullDamage,
                                stillMicros: at.map(Self.micros), holdMicros: hold.map(Self.micros),
                                limitMicros: duration.map(Self.micros))
        if control != nil || psplash || commands != nil {
            let fifo = psplash ? PsplashReader.defaultPath(fifoDirectory: Self.environment("PSPLASH_FIFO_DIR")) : nil
            playback.control = try ControlChannels(socketPath: control, psplashPath: fifo, scriptPath: commands,
                                                   verbose: verbose)
        }
        playback.rotation = try DisplayRotation(degrees: rotate)
        playback.fit = Self.fits[fit] ?? .none
        if input != nil || inputDevice != nil {
            playback.input = try InputChannels(device: inputDevice, scriptPath: input, calibration: calibration, verbose: verbose)
        }
        if let waitDevice, display != "sim" { waitForDevice(seconds: waitDevice, kernel: kernel) }
        do {
            // The simulator leaves the terminal alone (signals are still handled).
            let terminals = display == "sim" ? [] : ConsoleGuard<LinuxKernel>.defaultPaths
            var console = try ConsoleGuard(kernel: kernel, paths: terminals)
            var consoleSwitch = takeVTSwitching(console)
            playback.consoleFocus = consoleSwitch?.focus
            let cpuBefore = ProcessCPU.used()
            let idleMark = ProcessCPU.Mark()
            let summary = try openAndPlay(kernel: kernel, playback: playback, consoleSwitch: consoleSwitch, mark: idleMark)
            printError("flipbook: \(summary.line)")
            if verbose {
                printError("flipbook: " + ProcessCPU.report(presented: summary.presented, since: cpuBefore))
                if let first = idleMark.sample {  // the refresh lets a script compare the presents' rate
                    printError("flipbook: after the first frame: "
                               + ProcessCPU.report(presented: summary.presented - 1, since: first,
                                                   until: idleMark.end ?? ProcessCPU.used())
                               + "; refresh interval \(summary.interval) µs")
                }
            }
            if verbose && display != "sim" && summary.firstShown > 0 {
                let milliseconds = { (from: Int64, to: Int64) in "\(Double(to - from) / 1000) ms" }
                let opened = idleMark.displayOpened ?? loaded
                printError("flipbook: first frame on screen \(milliseconds(started, summary.firstShown)) after play started "
                           + "(scene read in \(milliseconds(started, loaded)), display opened \(milliseconds(loaded, opened)) "
                           + "later, first frame drawn and shown \(milliseconds(opened, summary.firstShown)) after that)")
                // For a launcher's own clock (vm/splash/exec-clock.c times the whole exec): CLOCK_MONOTONIC.
                printError("flipbook: first frame shown at monotonic clock \(summary.firstShown) µs")
                if let cost = idleMark.firstFrameCost { printError("flipbook: at the first frame: \(cost)") }
            }
            if let session = playback.control?.session {
                if verbose { printError("flipbook: control commands: \(session.applied) applied, \(session.refused) refused") }
            }
            if summary.leftOnScreen {
                console.keepGraphicsMode()
                printError("flipbook: quit with retain: the last frame stays on the screen")
            }
            consoleSwitch = nil  // VT_AUTO, then text mode, once the display restored its configuration
            _ = consume console
        } catch let error as DisplayError {
            printError("flipbook: \(error.message)")
            throw ExitCode(error.exitStatus)
        } catch let error as SceneRenderError {
            throw fail(error.description)
        } catch let error as SimulatorError {
            throw fail("the simulator failed: \(error)")
        }
    }

    /// Opens the chosen backend (for `auto`: DRM, then fbdev, then the simulator) and plays on it; returns the
    /// summary. `mark` gets the CPU time at the first wait, once the first frame is presented.
    private func openAndPlay(kernel: LinuxKernel, playback: Playback, consoleSwitch: ConsoleSwitch<LinuxKernel>?,
                             mark: ProcessCPU.Mark) throws -> PlaySummary {
        let layout: PixelLayout? = format.map { $0 == "rgb565" ? .rgb565 : .xrgb8888 }
        if display == "sim" { return try playOnSimulator(playback: playback, layout: layout) }
        if display == "drm" || display == "auto" {
            var options = DRMDisplay<LinuxKernel>.Options()
            if let device { options.paths = [device] }
            if let mode { options.mode = try DRMModeRequest(parsing: mode) }
            if let layout { options.format = layout }
            do {
                var screen = try DRMDisplay(kernel: kernel, options: options)
                mark.displayOpened = kernel.monotonicMicros()
                let label = "DRM \(screen.path) (\(screen.driverName), \(screen.connectorName) \(screen.mode.summary))"
                var waiter = PollWaiter(kernel: kernel)
                try screen.addFlipEvents(to: &waiter)  // the run loop sleeps until a flip completes
                if let consoleSwitch {
                    screen.follow(consoleSwitch.focus)
                    try consoleSwitch.register(with: &waiter)
                }
                try mark.add(to: &waiter)
                try playback.control?.register(with: &waiter)
                try playback.input?.register(with: &waiter, placement: placement(playback, screen.backBuffer))
                let outcome = try playback.run(on: &screen, waiter: &waiter, label: label)
                mark.end = ProcessCPU.used()
                var summary = PlaySummary(outcome, interval: screen.refreshIntervalMicros, label: label)
                if playback.control?.session.retainsLastFrame == true {
                    // The frame lasts while this process holds the card: wait for the next master's frame.
                    printError("flipbook: quit with retain: DRM master dropped; waiting up to \(Self.retainWaitMillis / 1000) s for the next program's frame")
                    summary.leftOnScreen = screen.handOver(waitMillis: Self.retainWaitMillis) == .takenOver
                    if !summary.leftOnScreen { printError("flipbook: no other program showed a frame; restoring the display") }
                }
                return summary
            } catch let error as DisplayError {
                guard display == "auto", Self.meansNoUsableDevice(error) else { throw error }
            }
        }
        var options = FBDevDisplay<LinuxKernel>.Options()
        if let device, display == "fbdev" { options.paths = [device] }
        options.format = layout
        do {
            var screen = try FBDevDisplay(kernel: kernel, options: options)
            mark.displayOpened = kernel.monotonicMicros()
            let size = "\(screen.backBuffer.width)x\(screen.backBuffer.height)"
            let copying = (screen.presentation == .panning ? "panning" : "shadow copy")
                + (screen.flushesWithFsync ? ", fsync" : "")
            let label = "fbdev \(screen.path) (\(screen.driverName), \(size), \(copying))"
            var waiter = PollWaiter(kernel: kernel)
            if let consoleSwitch {
                screen.follow(consoleSwitch.focus)
                try consoleSwitch.register(with: &waiter)
            }
            try mark.add(to: &waiter)
            try playback.control?.register(with: &waiter)
            try playback.input?.register(with: &waiter, placement: placement(playback, screen.backBuffer))
            let outcome = try playback.run(on: &screen, waiter: &waiter, label: label)
            mark.end = ProcessCPU.used()
            var summary = PlaySummary(outcome, interval: screen.refreshIntervalMicros, label: label)
            if playback.control?.session.retainsLastFrame == true {
                screen.retainFrame()
                summary.leftOnScreen = true
            }
            return summary
        } catch let error as DisplayError {
            guard display == "auto", Self.meansNoUsableDevice(error) else { throw error }
            printError("flipbook: no usable DRM or fbdev display (\(error.message)); using the simulator")
            return try playOnSimulator(playback: playback, layout: layout)
        }
    }

    /// Plays on the simulator at the `--mode` size, else the scene's canvas size turned by `--rotate`
    /// (320×240 for a test pattern), paced by a 60 fps virtual clock, writing frames as `--out` asks.
    private func playOnSimulator(playback: Playback, layout: PixelLayout?) throws -> PlaySummary {
        var size = playback.source.canvasSize ?? (width: 320, height: 240)
        if rotate == 90 || rotate == 270 { size = (size.height, size.width) }
        if let mode, let request = try? DRMModeRequest(parsing: mode) { size = (request.width, request.height) }
        let simulator = try SimulatorDisplay(width: size.width, height: size.height, layout: layout ?? .xrgb8888,
                                             clock: VirtualClock(framesPerSecond: 60))
        let recorder = try FrameRecorder(directory: out)
        let label = "the simulator (\(size.width)x\(size.height), \(format ?? "xrgb8888"), 60 fps virtual time)"
        let time = SimulatorScreenTime(clock: simulator.clock)
        var screen = RecordedSimulator(simulator: simulator, time: time)
        var waiter = SimulatorWaiter(kernel: playback.kernel, recorder: recorder, surface: screen.backBuffer, time: time)
        waiter.control = playback.control
        waiter.input = playback.input?.replay
        let outcome = try playback.run(on: &screen, waiter: &waiter, label: label)
        waiter.record()
        if let failure = waiter.failure { throw failure }
        var summary = PlaySummary(outcome, interval: screen.refreshIntervalMicros, label: label)
        summary.line += "; " + (try recorder.finish(screen.backBuffer, frames: Int(waiter.recorded)))
        return summary
    }

    /// VT switching on request for the guarded VT (nil without one). Refused (`VT_SETMODE` needs the VT to be
    /// ours), play goes on with the kernel's own switching, and `--verbose` says why.
    private func takeVTSwitching(_ console: borrowing ConsoleGuard<LinuxKernel>) -> ConsoleSwitch<LinuxKernel>? {
        do { return try console.switchingOnRequest() } catch {
            if verbose { printError("flipbook: VT switching stays with the kernel: \(error.message)") }
            return nil
        }
    }

    /// The `--fit` names.
    private static let fits: [String: DisplayFit] = ["none": .none, "contain": .contain, "cover": .cover, "stretch": .stretch]

    /// Where the scene lies on a display with back buffer `surface` (nil for a test pattern).
    private func placement(_ playback: Playback, _ surface: Surface) throws -> DisplayPlacement? {
        guard case .scene(let description) = playback.source else { return nil }
        return try playback.placement(of: description, width: surface.width, height: surface.height)
    }

    /// Errors after which `auto` tries the next backend.
    private static func meansNoUsableDevice(_ error: DisplayError) -> Bool {
        switch error {
        case .noDevice, .noConnectedOutput, .noDumbBuffers, .invalidDevice: true
        default: false
        }
    }

    /// How long `quit` with `retain` keeps the DRM card (and so the frame) for the next program.
    private static let retainWaitMillis: Int64 = 30_000

    private static func micros(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }

    /// Waits (polling every 10 ms) until the display device exists: `--device`, or the first DRM card or
    /// framebuffer; gives up after `seconds` and lets opening report what is missing.
    private func waitForDevice(seconds: Double, kernel: LinuxKernel) {
        let candidates = device.map { [$0] } ?? ["/dev/dri/card0", "/dev/dri/card1", "/dev/fb0"]
        let start = kernel.monotonicMicros()
        let deadline = start + Self.micros(seconds)
        while !candidates.contains(where: { access($0, F_OK) == 0 }) && kernel.monotonicMicros() < deadline {
            _ = kernel.sleep(untilMicros: kernel.monotonicMicros() + 10_000)
        }
        if verbose { printError("flipbook: waited \(Double(kernel.monotonicMicros() - start) / 1000) ms for the display device") }
    }

    private static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
