import CFlipbookShim

/// What a switch of virtual terminal asks of the program showing frames (`cfb_vt_signals_read`).
public enum ConsoleSwitchRequest: Int32, Sendable {
    /// The user switches to another VT: stop drawing, then let the switch happen.
    case release = 1
    /// The user switched back: take the display again and show the whole frame.
    case acquire = 2
}

/// Kernel calls for switching virtual terminals on request (`VT_PROCESS`), on top of `SystemKernel`; each
/// returns what the shim returns (a non-negative value or `-errno`).
public protocol ConsoleSwitchKernel: SystemKernel {
    /// `VT_SETMODE`: `VT_PROCESS` with SIGUSR1 (release) and SIGUSR2 (acquire) when `onRequest`, else `VT_AUTO`.
    func setConsoleSwitching(_ ttyFD: Int32, onRequest: Bool) -> Int32
    /// `VT_RELDISP`: 1 (the switch away may happen) when `releasing`, else `VT_ACKACQ`.
    func answerConsoleSwitch(_ ttyFD: Int32, releasing: Bool) -> Int32
    /// Blocks SIGUSR1 and SIGUSR2 and opens a non-blocking signalfd for them: the descriptor.
    func openConsoleSignals() -> Int32
    /// One signal read from that descriptor: 1 release, 2 acquire, 0 none waiting.
    func readConsoleSignal(_ fd: Int32) -> Int32
    /// Closes the descriptor and unblocks the two signals.
    func closeConsoleSignals(_ fd: Int32) -> Int32
}

extension ShimKernel {
    public func setConsoleSwitching(_ ttyFD: Int32, onRequest: Bool) -> Int32 {
        cfb_vt_set_switching(ttyFD, onRequest ? 1 : 0)
    }

    public func answerConsoleSwitch(_ ttyFD: Int32, releasing: Bool) -> Int32 {
        cfb_vt_answer_switch(ttyFD, releasing ? 1 : 0)
    }

    public func openConsoleSignals() -> Int32 { cfb_vt_signals_open() }

    public func readConsoleSignal(_ fd: Int32) -> Int32 { cfb_vt_signals_read(fd) }

    public func closeConsoleSignals(_ fd: Int32) -> Int32 { cfb_vt_signals_close(fd) }
}
