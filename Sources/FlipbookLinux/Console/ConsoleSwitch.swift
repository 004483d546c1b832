/// VT switching on request while frames are shown, as a kiosk needs: the VT is set to `VT_PROCESS`, so a
/// switch away (Ctrl-Alt-Fn, `chvt`) waits until the display is released — the focus's release actions run
/// (a DRM display drops master), presenting pauses — and then is let through with `VT_RELDISP`; the switch
/// back is acknowledged (`VT_ACKACQ`) and the focus asks for the whole frame to be shown again. The kernel's
/// two signals (SIGUSR1, SIGUSR2) are blocked and read from a signalfd in the run loop (`register(with:)`),
/// so nothing is done in a signal handler. `VT_AUTO` comes back when the switch goes away.
public final class ConsoleSwitch<Kernel: ConsoleSwitchKernel> {
    let kernel: Kernel
    let ttyFD: Int32
    let signalFD: Int32
    /// What displays and the playback follow.
    public let focus = ConsoleFocus()

    /// Takes VT switching on the VT open as `ttyFD` (the console guard's).
    ///
    /// - Throws: `.syscall(.consoleSignals, …)` when the signals cannot be read from a signalfd,
    ///   `.syscall(.setConsoleSwitching, …)` when `VT_SETMODE` is refused.
    public init(kernel: Kernel, ttyFD: Int32) throws(DisplayError) {
        self.kernel = kernel
        self.ttyFD = ttyFD
        let signals: Int32
        switch valueOrErrno({ kernel.openConsoleSignals() }) {
        case .success(let fd): signals = fd
        case .failure(let error): throw .syscall(.consoleSignals, error)
        }
        // Refused before `signalFD` is set, so `deinit` (which gives switching back) does not run.
        if case .failure(let error) = valueOrErrno({ kernel.setConsoleSwitching(ttyFD, onRequest: true) }) {
            _ = kernel.closeConsoleSignals(signals)
            throw .syscall(.setConsoleSwitching, error)
        }
        signalFD = signals
    }

    deinit {
        _ = kernel.setConsoleSwitching(ttyFD, onRequest: false)
        _ = kernel.closeConsoleSignals(signalFD)
    }

    /// Reads the switch requests in `waiter` (each wakes the run loop). Setup only; the waiter must not wait
    /// after this switch is gone.
    ///
    /// - Throws: `EventSourceError.full` when the waiter holds no more descriptors.
    public func register<WaiterKernel: ShimKernel>(with waiter: inout PollWaiter<WaiterKernel>) throws(EventSourceError) {
        try waiter.addReadable(signalFD) { [self] _ in handlePendingRequests() }
    }

    /// Answers every request waiting on the signalfd, in order.
    public func handlePendingRequests() {
        while let request = ConsoleSwitchRequest(rawValue: kernel.readConsoleSignal(signalFD)) {
            switch request {
            case .release:
                focus.release()
                _ = kernel.answerConsoleSwitch(ttyFD, releasing: true)
                logLine("flipbook: switched to another VT: display released, presenting paused")
            case .acquire:
                _ = kernel.answerConsoleSwitch(ttyFD, releasing: false)
                focus.acquire()
                logLine("flipbook: switched back: display taken again, the whole frame shown")
            }
        }
    }
}

extension ConsoleGuard where Kernel: ConsoleSwitchKernel {
    /// VT switching on request for the guarded VT, or nil without one (`hasTerminal` false).
    public func switchingOnRequest() throws(DisplayError) -> ConsoleSwitch<Kernel>? {
        hasTerminal ? try ConsoleSwitch(kernel: kernel, ttyFD: ttyFD) : nil
    }
}
