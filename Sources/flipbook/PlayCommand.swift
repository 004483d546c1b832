#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import FixedPoint
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

    @Option(help: "Display mode WxH or WxH@Hz (DRM only; default: the connector's preferred mode).")
    var mode: String?

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

    func validate() throws {
        guard ["auto", "drm", "fbdev", "sim"].contains(display) else {
            throw ValidationError("--display must be auto, drm, fbdev or sim (found \"\(display)\")")
        }
        if out != nil && !["auto", "sim"].contains(display) {
            throw ValidationError("--out applies to the simulator (--display sim or auto), not --display \(display)")
        }
        if mode != nil && display == "sim" { throw ValidationError("--mode applies to DRM, not --display sim") }
        for (name, value) in [("--at", at), ("--hold", hold), ("--for", duration)] {
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
    }

    func run() throws {
        let source = try FrameSource(scene: scene, testPattern: testPattern)
        let kernel = LinuxKernel()
        let playback = Playback(source: source, kernel: kernel, loop: loop, fullDamage: fullDamage,
                                stillMicros: at.map(Self.micros), holdMicros: hold.map(Self.micros),
                                limitMicros: duration.map(Self.micros))
        do {
            // The simulator leaves the terminal alone (signals are still handled).
            let terminals = display == "sim" ? [] : ConsoleGuard<LinuxKernel>.defaultPaths
            let console = try ConsoleGuard(kernel: kernel, paths: terminals)
            let summary = try openAndPlay(kernel: kernel, playback: playback)
            printError("flipbook: \(summary)")
            _ = consume console  // text mode comes back after the display restored its configuration
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
    /// summary line.
    private func openAndPlay(kernel: LinuxKernel, playback: Playback) throws -> String {
        let layout: PixelLayout? = format.map { $0 == "rgb565" ? .rgb565 : .xrgb8888 }
        if display == "sim" { return try playOnSimulator(playback: playback, layout: layout) }
        if display == "drm" || display == "auto" {
            var options = DRMDisplay<LinuxKernel>.Options()
            if let device { options.paths = [device] }
            if let mode { options.mode = try DRMModeRequest(parsing: mode) }
            if let layout { options.format = layout }
            do {
                var screen = try DRMDisplay(kernel: kernel, options: options)
                let label = "DRM \(screen.path) (\(screen.driverName), \(screen.connectorName) \(screen.mode.summary))"
                return try playback.run(on: &screen, label: label)
            } catch let error as DisplayError {
                guard display == "auto", Self.meansNoUsableDevice(error) else { throw error }
            }
        }
        var options = FBDevDisplay<LinuxKernel>.Options()
        if let device, display == "fbdev" { options.paths = [device] }
        options.format = layout
        do {
            var screen = try FBDevDisplay(kernel: kernel, options: options)
            let size = "\(screen.backBuffer.width)x\(screen.backBuffer.height)"
            let copying = (screen.presentation == .panning ? "panning" : "shadow copy")
                + (screen.flushesWithFsync ? ", fsync" : "")
            let label = "fbdev \(screen.path) (\(screen.driverName), \(size), \(copying))"
            return try playback.run(on: &screen, label: label)
        } catch let error as DisplayError {
            guard display == "auto", Self.meansNoUsableDevice(error) else { throw error }
            printError("flipbook: no usable DRM or fbdev display (\(error.message)); using the simulator")
            return try playOnSimulator(playback: playback, layout: layout)
        }
    }

    /// Plays on the simulator at the scene's canvas size (320×240 for a test pattern), paced by a 60 fps
    /// virtual clock, writing frames as `--out` asks.
    private func playOnSimulator(playback: Playback, layout: PixelLayout?) throws -> String {
        let size = playback.source.canvasSize ?? (width: 320, height: 240)
        var screen = try SimulatorDisplay(width: size.width, height: size.height, layout: layout ?? .xrgb8888,
                                          clock: VirtualClock(framesPerSecond: 60))
        let recorder = try FrameRecorder(directory: out)
        let label = "the simulator (\(size.width)x\(size.height), \(format ?? "xrgb8888"), 60 fps virtual time)"
        let summary = try playback.run(on: &screen, label: label, recorder: recorder)
        return summary + "; " + (try recorder.finish(screen.backBuffer, frames: Int(screen.presentedFrames)))
    }

    /// Errors after which `auto` tries the next backend.
    private static func meansNoUsableDevice(_ error: DisplayError) -> Bool {
        switch error {
        case .noDevice, .noConnectedOutput, .noDumbBuffers, .invalidDevice: true
        default: false
        }
    }

    private static func micros(_ seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }
}

/// What frames show: a scene file, or a test pattern (hidden `--test-pattern`, for display checks).
enum FrameSource {
    case pattern(TestPattern)
    case scene(SceneDescription)

    init(scene: String?, testPattern: String?) throws {
        if let name = testPattern, let pattern = TestPattern(rawValue: name) {
            self = .pattern(pattern)
        } else if let scene {
            do {
                self = .scene(try SceneFile.load(path: scene))
            } catch {
                throw fail(error.lines)
            }
        } else {
            throw ValidationError("give a scene file")
        }
    }

    /// The scene length in microseconds, or nil for an endless source.
    var durationMicros: Int64? {
        if case .scene(let description) = self { return Int64((description.durationSeconds * 1_000_000).rounded()) }
        return nil
    }

    /// The scene's canvas size, or nil for a test pattern (which fills any surface).
    var canvasSize: (width: Int, height: Int)? {
        if case .scene(let description) = self { return (description.width, description.height) }
        return nil
    }

    /// The frames of this source for a display whose back buffer is `surface` (the canvas is the display).
    func frames(for surface: Surface) throws -> Frames {
        switch self {
        case .pattern(let pattern): return .pattern(pattern)
        case .scene(let description): return .scene(try SceneFrames(description, surface: surface))
        }
    }
}

/// A source set up for one display.
enum Frames {
    case pattern(TestPattern)
    case scene(SceneFrames)

    /// Draws the whole frame at `micros`.
    func draw(into surface: Surface, atMicros micros: Int64) throws {
        switch self {
        case .pattern(let pattern): pattern.draw(into: surface, atMicros: micros)
        case .scene(let scene):
            var damage = DamageList()
            try scene.draw(into: surface, atMicros: micros, damage: &damage, wholeFrame: true)
        }
    }

    /// Brings `surface` (holding the frame at `previous`) to the frame at `micros`, adding what changed to `damage`.
    func update(_ surface: Surface, fromMicros previous: Int64, toMicros micros: Int64,
                damage: inout DamageList) throws {
        switch self {
        case .pattern(let pattern): pattern.update(surface, fromMicros: previous, toMicros: micros, damage: &damage)
        case .scene(let scene): try scene.draw(into: surface, atMicros: micros, damage: &damage, wholeFrame: false)
        }
    }
}

/// A scene drawn by `SceneRenderer` at the display's size and format straight into the display's back buffer,
/// redrawing only what the compositor reports as damaged. Frames allocate nothing (a loop's restart sets up a
/// new renderer).
final class SceneFrames {
    private let description: SceneDescription
    private let width: Int, height: Int
    private let layout: PixelLayout
    private var renderer: SceneRenderer
    private var lastMicros: Int64 = 0

    init(_ description: SceneDescription, surface: Surface) throws {
        self.description = description
        width = surface.width
        height = surface.height
        layout = surface.layout
        renderer = try SceneRenderer(scene: description, width: width, height: height, layout: layout)
    }

    /// Brings `surface` (holding the frame last drawn, as a back buffer does) to the frame at `micros` and sets
    /// `damage` to what changed; `wholeFrame` redraws every pixel (the surface's contents are unknown).
    func draw(into surface: Surface, atMicros micros: Int64, damage: inout DamageList, wholeFrame: Bool) throws {
        if micros < lastMicros {  // time may not go backwards in one renderer (a loop starts again)
            renderer = try SceneRenderer(scene: description, width: width, height: height, layout: layout)
        } else if wholeFrame {
            renderer.invalidate()
        }
        lastMicros = micros
        try renderer.render(atMicros: micros, into: surface, damage: &damage)
    }
}

/// Where `--display sim` puts what it shows: every frame into `--out DIR` as `frame-00000.ppm`, …, or else
/// the last frame into `flipbook-play.ppm`. Writing a frame allocates its picture (file output, not drawing).
struct FrameRecorder {
    /// The sequence directory, or nil to keep only the last frame.
    let directory: String?
    /// The last frame's file when there is no directory.
    static let lastFramePath = "flipbook-play.ppm"

    init(directory: String?) throws {
        self.directory = directory
        if let directory {
            do {
                try FileSystem.createDirectory(directory)
            } catch {
                throw fail("--out \(directory): \(error)")
            }
        }
    }

    /// Records frame `index`, just presented from `surface`.
    func record(_ surface: Surface, frame index: Int) throws {
        guard let directory else { return }
        try write(surface, to: "\(directory)/\(RenderRequest.frameName(Int64(index)))")
    }

    /// Finishes after `frames` presents: writes the last frame when there is no directory; says what was written.
    func finish(_ surface: Surface, frames: Int) throws -> String {
        guard let directory else {
            try write(surface, to: Self.lastFramePath)
            return "last frame in \(Self.lastFramePath)"
        }
        return "\(frames) frame\(frames == 1 ? "" : "s") in \(directory)/"
    }

    private func write(_ surface: Surface, to path: String) throws {
        do {
            try FileSystem.write(PixelImage(surface: surface).ppmBytes, to: path)
        } catch {
            throw fail("\(path): \(error)")
        }
    }
}

/// The frame loop: time → draw into the back buffer → present the damage; the display's present times
/// drive scene time.
struct Playback {
    let source: FrameSource
    let kernel: LinuxKernel
    let loop: Bool
    let fullDamage: Bool
    let stillMicros: Int64?
    let holdMicros: Int64?
    let limitMicros: Int64?

    /// Whether SIGINT, SIGTERM or SIGHUP arrived (the console guard's handlers record it).
    func stopRequested() -> Bool { kernel.stopSignal() != 0 }

    /// Plays until the scene ends (unless looping), `--for` runs out, or a stop signal arrives.
    /// Returns a one-line summary (frames, rate, CPU time per present).
    /// With a `recorder` (the simulator) every presented frame is recorded, and `--at` does not wait.
    func run<D: Display & ~Copyable>(on display: inout D, label: String,
                                     recorder: FrameRecorder? = nil) throws -> String {
        let surface = display.backBuffer
        let full = DamageList(surface.bounds)
        let frames = try source.frames(for: surface)
        if let stillMicros {
            try frames.draw(into: surface, atMicros: stillMicros)
            _ = try display.present(damage: full)
            printError("flipbook: showing t=\(Double(stillMicros) / 1e6) s on \(label)")
            if let recorder { try recorder.record(display.backBuffer, frame: 0); return "done" }
            hold(untilMicros: holdMicros.map { kernel.monotonicMicros() + $0 })
            return stopRequested() ? "stopped by signal \(kernel.stopSignal())" : "done"
        }
        try frames.draw(into: surface, atMicros: 0)
        let start = try display.present(damage: full)
        try recorder?.record(display.backBuffer, frame: 0)
        printError("flipbook: playing on \(label)")
        var sceneMicros: Int64 = 0, presented = 1, presentCPU: Int64 = 0
        var shown = start
        while !stopRequested() {
            if let limitMicros, shown - start >= limitMicros { break }
            var next = shown + display.refreshIntervalMicros - start
            if let end = source.durationMicros, next > end {
                if !loop { break }
                next %= max(end, 1)
            }
            var damage = DamageList()
            try frames.update(display.backBuffer, fromMicros: sceneMicros, toMicros: next, damage: &damage)
            if fullDamage {
                damage.add(surface.bounds)
            } else if damage.isEmpty {
                damage.add(IntRect(x: 0, y: 0, width: 1, height: 1))  // keep the clock ticking
            }
            let cpuBefore = Self.threadCPUMicros()
            shown = try display.present(damage: damage)
            presentCPU += Self.threadCPUMicros() - cpuBefore
            try recorder?.record(display.backBuffer, frame: presented)
            sceneMicros = next
            presented += 1
        }
        let seconds = Double(shown - start) / 1e6
        let rate = seconds > 0 ? Double(presented - 1) / seconds : 0
        return "played \(presented) frames in \(Self.format(seconds)) s (\(Self.format(rate)) fps, "
            + "\(presentCPU / Int64(max(presented - 1, 1))) µs CPU per present) on \(label)"
    }

    /// Sleeps in short slices until `deadline` (nil: forever) or a stop signal.
    private func hold(untilMicros deadline: Int64?) {
        while !stopRequested() {
            let now = kernel.monotonicMicros()
            if let deadline, now >= deadline { return }
            _ = kernel.sleep(untilMicros: min(now + 20_000, deadline ?? Int64.max))
        }
    }

    private static func threadCPUMicros() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
    }

    private static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
