import CFlipbookShim

/// The fields of the kernel's `fb_var_screeninfo` that Flipbook reads and writes (geometry, bitfields, timings).
public typealias FBVariableScreenInfo = cfb_fb_var
/// The fields of the kernel's `fb_fix_screeninfo` that Flipbook reads (driver id, memory size, stride).
public typealias FBFixedScreenInfo = cfb_fb_fix

/// Kernel calls every backend needs: files, memory maps, the monotonic clock, the virtual terminal and the
/// signal handlers of the console guard.
///
/// Each method is one kernel operation and returns what the shim returns: a non-negative value or
/// `-errno` (no retrying, no interpretation: `valueOrErrno` does that). Backends are generic over it:
/// `LinuxKernel` in production, a recording fake in tests.
public protocol SystemKernel {
    /// `open(path, O_RDWR | O_CLOEXEC [| O_NONBLOCK])`: the descriptor or `-errno`.
    func openFile(_ path: String, nonblocking: Bool) -> Int32
    /// `close(fd)`.
    func closeFile(_ fd: Int32) -> Int32
    /// `fsync(fd)`: flushes a deferred-I/O framebuffer.
    func syncFile(_ fd: Int32) -> Int32
    /// `access(path, F_OK)`: 0 when the path exists.
    func fileExists(_ path: String) -> Int32
    /// The name of the group owning `path` (`stat` + `getgrgid`), or nil when it cannot be read.
    func groupName(ofFile path: String) -> String?
    /// `mmap(length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset)`; the address goes to `address`.
    func mapMemory(_ fd: Int32, length: Int, offset: UInt64, address: inout UnsafeMutableRawPointer?) -> Int32
    /// `munmap(address, length)`.
    func unmapMemory(_ address: UnsafeMutableRawPointer, length: Int) -> Int32
    /// `CLOCK_MONOTONIC` in microseconds.
    func monotonicMicros() -> Int64
    /// Sleeps until the monotonic time `micros` (`-EINTR` when a signal arrives first).
    func sleep(untilMicros micros: Int64) -> Int32
    /// `poll(fd, POLLIN, timeout)`: 1 readable, 0 timed out.
    func pollReadable(_ fd: Int32, timeoutMillis: Int32) -> Int32
    /// `KDGETMODE`: 0 text, 1 graphics.
    func consoleMode(_ fd: Int32) -> Int32
    /// `KDSETMODE` to 0 (text) or 1 (graphics).
    func setConsoleMode(_ fd: Int32, graphics: Bool) -> Int32
    /// Installs the console guard's handlers (see `cfb_signals_install`); `ttyFD` is restored on a crash.
    func installSignalHandlers(ttyFD: Int32) -> Int32
    /// Restores the default signal actions.
    func uninstallSignalHandlers() -> Int32
    /// The termination signal received since the handlers were installed, or 0.
    func stopSignal() -> Int32
}
