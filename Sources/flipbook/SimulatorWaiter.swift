import FlipbookInteraction
import FlipbookLinux
import FlipbookSim
import Raster

/// Which frame of virtual time is on the simulator's screen: shared by `RecordedSimulator` (a present shows
/// the frame after it) and `SimulatorWaiter` (a wait moves it on, holding the picture).
final class SimulatorScreenTime {
    let clock: VirtualClock
    /// The frame on screen; −1 before the first present.
    var shownFrame: Int64 = -1

    init(clock: VirtualClock) { self.clock = clock }

    /// The media time of the frame on screen.
    var now: Int64 { clock.micros(ofFrame: max(shownFrame, 0)) }
}

/// `--display sim` as the run loop sees it: the simulator display, presenting the frame after the one on screen
/// (frames the waiter slept through keep the picture).
struct RecordedSimulator: Display, ~Copyable {
    var simulator: SimulatorDisplay
    let time: SimulatorScreenTime

    var backBuffer: Surface { simulator.backBuffer }
    var refreshIntervalMicros: Int64 { simulator.refreshIntervalMicros }

    mutating func present(damage: borrowing DamageList) throws(SimulatorError) -> Int64 {
        if time.shownFrame >= 0 { simulator.hold(throughMicros: time.now) }
        let shown = try simulator.present(damage: damage)
        time.shownFrame = simulator.presentedFrames - 1
        return shown
    }
}

/// The simulator's frame waiter: virtual time, where a wait holds the picture through every frame up to the
/// deadline at once (`--commands` steps interrupt it at their times, applied by the run loop through
/// `settleTime()`). Every frame shown (presented or held) goes to the `FrameRecorder`, so `--out` gets one file
/// per frame of virtual time. Stops on a termination signal, a failed write, or a wait with no deadline.
struct SimulatorWaiter: FrameWaiter, ~Copyable {
    let kernel: LinuxKernel
    let recorder: FrameRecorder
    /// The simulator's back buffer, which holds the picture on screen between a present and the next frame.
    let surface: Surface
    let time: SimulatorScreenTime
    /// Frames written so far.
    private(set) var recorded: Int64 = 0
    /// The first write that failed.
    private(set) var failure: Error?
    /// A command script (`--commands`) applied at its scene times, and `quit`'s stop.
    var control: ControlChannels?
    /// An input script (`--input`) replayed at its scene times.
    var input: InputReplay?

    init(kernel: LinuxKernel, recorder: FrameRecorder, surface: Surface, time: SimulatorScreenTime) {
        self.kernel = kernel
        self.recorder = recorder
        self.surface = surface
        self.time = time
    }

    mutating func now() -> Int64 {
        record()
        return time.now
    }

    mutating func wait(until deadline: Int64?) -> FrameWake {
        record()
        guard failure == nil, kernel.stopSignal() == 0, control?.session.stop.isRequested != true else { return .stop }
        // Script steps and input events due before the next frame are an event: the run loop applies them at
        // their own times (`settleTime()`), drawn next frame.
        while true {
            if settleTime() != nil { return .event }
            guard let until = deadline ?? Self.earliest(control?.nextStepMicros, input?.nextEventMicros) else { return .stop }
            guard time.now < until else { return .deadline }
            time.shownFrame += 1
            record()
        }
    }

    /// The media time of the frame after the one on screen.
    private var nextFrameMicros: Int64 { time.clock.micros(ofFrame: max(time.shownFrame, 0) + 1) }

    /// The scene time of the next `--commands` step or `--input` event, when it is due before the next frame.
    mutating func settleTime() -> Int64? {
        guard let due = Self.earliest(control?.nextStepMicros, input?.nextEventMicros), due <= nextFrameMicros
        else { return nil }
        return due
    }

    /// Applies that step or event (the run loop has settled the model at its time); a step before an event at
    /// the same time.
    mutating func runSettledWork() {
        if let step = control?.nextStepMicros, step <= input?.nextEventMicros ?? .max {
            control?.runNextStep()
        } else {
            input?.handleNext()
        }
    }

    private static func earliest(_ first: Int64?, _ second: Int64?) -> Int64? {
        guard let first else { return second }
        return second.map { min(first, $0) } ?? first
    }

    /// Records every frame shown since the last call.
    mutating func record() {
        while failure == nil && recorded <= time.shownFrame {
            do {
                try recorder.record(surface, frame: Int(recorded))
            } catch {
                failure = error
            }
            recorded += 1
        }
    }
}
