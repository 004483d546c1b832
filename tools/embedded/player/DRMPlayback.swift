import FlipbookLinux
import Motion
import Raster

/// Shows the frame at `micros` of demo `demo` on the DRM/KMS card at `device` through `FlipbookLinux`'s
/// `DRMDisplay` on the raw-ioctl `UAPIKernel`: sets the mode (`mode` as `WxH[@Hz]`, nil: the connector's
/// preferred one), draws the frame with the engine and compositor straight into the dumb back buffer,
/// presents it (page flip, or copy + DIRTYFB), says so on standard error, then holds it until SIGTERM,
/// SIGINT or SIGHUP, or for `holdMicros`. On the way out the previous CRTC configuration and the VT's text
/// mode come back. Returns the exit status (`DisplayError.exitStatus` for a display failure).
func showOnDisplay(demo: String, device: String, mode: String?, micros: Int64, holdMicros: Int64?) -> Int32 {
    let kernel = UAPIKernel()
    var options = DRMDisplay<UAPIKernel>.Options()
    options.paths = [device]
    do throws(DisplayError) {
        if let mode { options.mode = try DRMModeRequest(parsing: mode) }
        // Declared first, so it goes last: the CRTC is restored before the VT returns to text mode.
        let console = try ConsoleGuard(kernel: kernel)
        var display = try DRMDisplay(kernel: kernel, options: options)
        let width = display.backBuffer.width, height = display.backBuffer.height
        guard let source = makeSource(demo: demo, size: (width, height)) else { return 65 }
        sys_sealHeap()
        guard source.pointee.render(at: micros, into: display.backBuffer) else {
            report("flipbook-player: a frame failed to render\n")
            return 66
        }
        _ = try display.presentFrame(damage: source.pointee.damage)
        sys_unsealHeap()
        reportLine("flipbook-player: presented \(width)x\(height) at \(micros) us on \(display.connectorName) "
                   + "(\(display.driverName), \(display.mode.summary))")
        hold(for: holdMicros, console: console, kernel: kernel)
        return 0
    } catch {
        sys_unsealHeap()
        reportLine("flipbook-player: " + error.message)
        return error.exitStatus
    }
}

/// Sleeps until a termination signal arrives or `holdMicros` (nil: no limit) have passed, waking every
/// 100 ms to look at the signal flag (a signal also cuts the sleep short).
func hold(for holdMicros: Int64?, console: borrowing ConsoleGuard<UAPIKernel>, kernel: UAPIKernel) {
    let start = kernel.monotonicMicros()
    while console.stopSignal == 0 {
        let now = kernel.monotonicMicros()
        var wake = now + 100_000
        if let holdMicros {
            if now - start >= holdMicros { return }
            wake = min(wake, start + holdMicros)
        }
        _ = kernel.sleep(untilMicros: wake)
    }
}
