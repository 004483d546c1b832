/// `quit` with `retain`: the last frame stays on the screen and DRM master goes to the next program.
extension DRMDisplay {
    /// How a hand-over ended.
    public enum Handover: Equatable, Sendable {
        /// Another program became master and put its own framebuffer on the CRTC: our buffers are no longer
        /// shown, so releasing them at exit changes nothing on the screen.
        case takenOver
        /// Nobody replaced the frame within the wait (or a stop signal came): the display is put back as after
        /// any exit (master taken back, the saved CRTC configuration set), since our buffers go when the
        /// descriptor closes.
        case notTakenOver
    }

    /// Leaves the frame on screen for the next program: waits for the flip in flight, drops DRM master (the
    /// CRTC keeps scanning out our front buffer), then checks every 20 ms, for at most `waitMillis`, whether
    /// the CRTC shows another framebuffer (the next master's). Kernels before 6.8 (no `DRM_IOCTL_MODE_CLOSEFB`)
    /// disable a CRTC whose framebuffer's owner closes the card, so the frame lasts only as long as this
    /// process holds the card: the wait is that hold. A stop signal (SIGTERM) ends the wait.
    public mutating func handOver(waitMillis: Int64) -> Handover {
        try? finishPresent()
        let kernel = resources.kernel, fd = resources.fd
        let shown = resources.buffers[1 - backIndex].framebufferID
        if case .failure(let error) = valueOrErrno({ kernel.dropMaster(fd) }) {
            logLine("flipbook: could not drop DRM master on \(path) (\(error.description)); the display is restored")
            return .notTakenOver
        }
        let deadline = kernel.monotonicMicros() &+ waitMillis &* 1000
        while kernel.monotonicMicros() < deadline && kernel.stopSignal() == 0 {
            if case .success(let crtc) = kernel.crtc(fd, id: crtcID), crtc.framebufferID != shown {
                resources.crtcChanged = false  // the next program's configuration stays
                return .takenOver
            }
            _ = kernel.sleep(untilMicros: min(deadline, kernel.monotonicMicros() &+ 20_000))
        }
        _ = kernel.becomeMaster(fd)  // allowed to the process that was master, so the restore at exit works
        return .notTakenOver
    }
}
