/// Keeps the virtual terminal out of the way while frames are shown, and gives it back.
///
/// On creation it installs the signal handlers (SIGINT, SIGTERM and SIGHUP request a stop; a crash
/// signal puts the terminal back into text mode before the process dies) and switches the active VT to
/// `KD_GRAPHICS`, so fbcon neither draws nor blinks its cursor over the frames. When it goes away (normal
/// exit, error, or after a stop request) it restores the previous mode and the default signal actions.
/// Without a usable VT (no `/dev/tty0`, not a console) it only handles the signals: `hasTerminal` is false.
public struct ConsoleGuard<Kernel: SystemKernel>: ~Copyable {
    let kernel: Kernel
    let ttyFD: Int32
    let previousGraphics: Bool
    /// Whether the previous mode comes back when the guard goes away (`keepGraphicsMode()` clears it).
    var restoresMode = true

    /// The terminals tried, in order: the foreground VT, then the process's own terminal.
    public static var defaultPaths: [String] { ["/dev/tty0", "/dev/tty"] }

    /// Switches the first VT of `paths` that answers `KDGETMODE` to graphics mode and installs the handlers.
    public init(kernel: Kernel, paths: [String] = ConsoleGuard.defaultPaths) throws(DisplayError) {
        self.kernel = kernel
        var chosen: Int32 = -1
        var wasGraphics = false
        for path in paths {
            guard case .success(let fd) = valueOrErrno({ kernel.openFile(path, nonblocking: false) }) else { continue }
            if case .success(let mode) = valueOrErrno({ kernel.consoleMode(fd) }) {
                chosen = fd
                wasGraphics = mode == 1
                break
            }
            _ = kernel.closeFile(fd)  // not a virtual terminal (a pty over ssh): no console to guard
        }
        if case .failure(let error) = valueOrErrno({ kernel.installSignalHandlers(ttyFD: chosen) }) {
            if chosen >= 0 { _ = kernel.closeFile(chosen) }
            throw .syscall(.signals, error)
        }
        if chosen >= 0, case .failure = valueOrErrno({ kernel.setConsoleMode(chosen, graphics: true) }) {
            // KDSETMODE needs the VT to be ours or CAP_SYS_TTY_CONFIG; drawing still works without it,
            // only fbcon's cursor may show through, so this is not fatal.
            _ = kernel.closeFile(chosen)
            chosen = -1
            _ = kernel.installSignalHandlers(ttyFD: -1)
        }
        ttyFD = chosen
        previousGraphics = wasGraphics
    }

    /// Whether the VT at `path` is in graphics mode (`KDGETMODE`): a check for tests and diagnostics.
    public static func isInGraphicsMode(kernel: Kernel, path: String = "/dev/tty0") throws(DisplayError) -> Bool {
        let file = try DeviceFile(kernel: kernel, firstOf: [path], fallbackGroup: "tty")
        switch valueOrErrno({ kernel.consoleMode(file.fd) }) {
        case .success(let mode): return mode == 1
        case .failure(let error): throw .syscall(.getConsoleMode, error)
        }
    }

    /// Whether a VT was switched to graphics mode (and will be switched back).
    public var hasTerminal: Bool { ttyFD >= 0 }

    /// Leaves the VT in graphics mode at exit (`quit` with `retain`): fbcon does not draw over the frame left
    /// on screen, and the next program (a splash or kiosk) takes the VT as it is. Signals are still reset.
    public mutating func keepGraphicsMode() {
        restoresMode = false
    }

    /// The number of the termination signal (SIGINT 2, SIGTERM 15, SIGHUP 1) received, or 0.
    public var stopSignal: Int32 { kernel.stopSignal() }

    deinit {
        if ttyFD >= 0 {
            if restoresMode { _ = valueOrErrno { kernel.setConsoleMode(ttyFD, graphics: previousGraphics) } }
            _ = kernel.closeFile(ttyFD)
        }
        _ = kernel.uninstallSignalHandlers()
    }
}
