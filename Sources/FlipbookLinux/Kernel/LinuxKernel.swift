import CFlipbookShim
import Glibc

/// The real kernel: every call goes through `CFlipbookShim` (and libdrm for DRM enumeration).
/// Stateless; copies are free.
public struct LinuxKernel: FBDevKernel, DRMKernel {
    /// The kernel of the running system.
    public init() {}

    public func openFile(_ path: String, nonblocking: Bool) -> Int32 {
        cfb_file_open(path, nonblocking ? 1 : 0)
    }

    public func closeFile(_ fd: Int32) -> Int32 { cfb_file_close(fd) }

    public func syncFile(_ fd: Int32) -> Int32 { _unsafePerformance { cfb_file_fsync(fd) } }

    public func fileExists(_ path: String) -> Int32 { cfb_file_exists(path) }

    public func groupName(ofFile path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, let group = getgrgid(info.st_gid), let name = group.pointee.gr_name else { return nil }
        return String(cString: name)
    }

    public func mapMemory(_ fd: Int32, length: Int, offset: UInt64, address: inout UnsafeMutableRawPointer?) -> Int32 {
        cfb_memory_map(fd, UInt64(length), offset, &address)
    }

    public func unmapMemory(_ address: UnsafeMutableRawPointer, length: Int) -> Int32 {
        cfb_memory_unmap(address, UInt64(length))
    }

    public func monotonicMicros() -> Int64 { _unsafePerformance { cfb_clock_monotonic_micros() } }

    public func sleep(untilMicros micros: Int64) -> Int32 { _unsafePerformance { cfb_clock_sleep_until(micros) } }

    public func pollReadable(_ fd: Int32, timeoutMillis: Int32) -> Int32 { _unsafePerformance { cfb_file_poll_readable(fd, timeoutMillis) } }

    public func consoleMode(_ fd: Int32) -> Int32 { cfb_vt_get_mode(fd) }

    public func setConsoleMode(_ fd: Int32, graphics: Bool) -> Int32 { cfb_vt_set_mode(fd, graphics ? 1 : 0) }

    public func installSignalHandlers(ttyFD: Int32) -> Int32 { cfb_signals_install(ttyFD) }

    public func uninstallSignalHandlers() -> Int32 { cfb_signals_uninstall() }

    public func stopSignal() -> Int32 { cfb_signals_stop_requested() }

    // MARK: fbdev

    public func variableScreenInfo(_ fd: Int32, into info: inout FBVariableScreenInfo) -> Int32 {
        cfb_fb_get_vscreeninfo(fd, &info)
    }

    public func setVariableScreenInfo(_ fd: Int32, _ info: FBVariableScreenInfo,
                                      result: inout FBVariableScreenInfo) -> Int32 {
        var request = info
        return cfb_fb_put_vscreeninfo(fd, &request, &result)
    }

    public func fixedScreenInfo(_ fd: Int32, into info: inout FBFixedScreenInfo) -> Int32 {
        cfb_fb_get_fscreeninfo(fd, &info)
    }

    public func panDisplay(_ fd: Int32, xOffset: UInt32, yOffset: UInt32) -> Int32 {
        _unsafePerformance { cfb_fb_pan_display(fd, xOffset, yOffset) }
    }

    public func waitForVSync(_ fd: Int32, timeoutMicros: Int64) -> Int32 {
        _unsafePerformance { cfb_fb_wait_for_vsync(fd, timeoutMicros) }
    }
}
