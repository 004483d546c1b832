#if canImport(Glibc)
import Glibc
#endif
import FlipbookLinux

/// `flipbook play`'s last line: frame slots played, the rate, how many were presented.
struct PlaySummary {
    var line: String
    let presented: Int
    /// The display's frame interval (µs).
    let interval: Int64
    /// Display time of the first frame (µs on the display's clock).
    let firstShown: Int64
    /// `quit` with `retain` left the last frame on the screen (the console stays in graphics mode).
    var leftOnScreen = false

    /// The summary of `outcome` on a display with frame interval `interval` µs.
    init(_ outcome: Playback.Outcome, interval: Int64, label: String) {
        presented = outcome.presented
        self.interval = interval
        firstShown = outcome.firstShown
        if outcome.isStill {
            line = outcome.stopSignal != 0 ? "stopped by signal \(outcome.stopSignal)" : "done"
            return
        }
        let elapsed = outcome.lastShown - outcome.firstShown
        let slots = (elapsed + interval / 2) / max(interval, 1) + 1
        let seconds = Double(elapsed) / 1e6
        let rate = seconds > 0 ? Double(slots - 1) / seconds : 0
        let cpu = outcome.presentCPUMicros.map { ", \($0 / Int64(max(outcome.presented - 1, 1))) µs CPU per present" }
        line = "played \(slots) frames in \(Self.format(seconds)) s (\(Self.format(rate)) fps, "
            + "\(outcome.presented) presented\(cpu ?? "")) on \(label)"
    }

    /// `value` with two decimals.
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// The process's CPU time (getrusage), for `play --verbose`.
enum ProcessCPU {
    /// The CPU time at the waiter's first wait (after the first frame was presented) and when playback
    /// ended: what an idle or animated playback costs without start-up, first full frame and teardown (the
    /// mode restored, the console redrawn).
    final class Mark {
        private(set) var sample: (user: Int64, system: Int64, wall: Int64)?
        var end: (user: Int64, system: Int64, wall: Int64)?
        /// The process's page faults since exec at the same first wait (TCG makes each one expensive).
        private(set) var faults: (minor: Int, major: Int)?
        /// When the display was open and its mode set (monotonic µs), for the time to the first frame.
        var displayOpened: Int64?

        /// A one-shot timer, due at once, that samples the CPU time in `waiter`'s first wait.
        func add(to waiter: inout PollWaiter<LinuxKernel>) throws(EventSourceError) {
            try waiter.addTimer(firstAt: waiter.now(), interval: nil) { [self] _ in
                sample = ProcessCPU.used()
                faults = ProcessCPU.pageFaults()
            }
        }

        /// "N minor + M major page faults, CPU U ms user + S ms system since exec" at the first frame, or nil.
        var firstFrameCost: String? {
            guard let sample, let faults else { return nil }
            return "\(faults.minor) minor + \(faults.major) major page faults, CPU \(Double(sample.user) / 1000) ms user + "
                + "\(Double(sample.system) / 1000) ms system since exec"
        }
    }

    /// The process's minor and major page faults since exec (getrusage).
    static func pageFaults() -> (minor: Int, major: Int) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return (Int(usage.ru_minflt), Int(usage.ru_majflt))
    }

    /// User and system CPU time used so far, and the monotonic time, in µs.
    static func used() -> (user: Int64, system: Int64, wall: Int64) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return (Int64(usage.ru_utime.tv_sec) * 1_000_000 + Int64(usage.ru_utime.tv_usec),
                Int64(usage.ru_stime.tv_sec) * 1_000_000 + Int64(usage.ru_stime.tv_usec),
                Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000)
    }

    /// This thread's CPU time (µs).
    static func threadMicros() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
    }

    /// "presented N frames; CPU U s user + S s system over W s (P % of one core)" since `start`.
    static func report(presented: Int, since start: (user: Int64, system: Int64, wall: Int64),
                       until end: (user: Int64, system: Int64, wall: Int64) = used()) -> String {
        let user = end.user - start.user, system = end.system - start.system, wall = max(end.wall - start.wall, 1)
        let share = Double(user + system) * 100 / Double(wall)
        return "presented \(presented) frames; CPU \(PlaySummary.format(Double(user) / 1e6)) s user + "
            + "\(PlaySummary.format(Double(system) / 1e6)) s system over \(PlaySummary.format(Double(wall) / 1e6)) s "
            + "(\(PlaySummary.format(share)) % of one core)"
    }
}
