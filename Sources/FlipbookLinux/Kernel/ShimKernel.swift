import CFlipbookShim

/// A kernel whose calls go straight to `CFlipbookShim`: every `SystemKernel` operation and the DRM frame
/// path (dumb buffers, framebuffers, page flips, dirty rectangles, flip events) are the shim's uapi calls,
/// written once here for `LinuxKernel` (full Swift) and `UAPIKernel` (Embedded too). What differs between
/// them — DRM enumeration and the group database — each kernel implements itself.
public protocol ShimKernel: SystemKernel {}

extension ShimKernel {
    public func openFile(_ path: String, nonblocking: Bool) -> Int32 {
        path.withCString { cfb_file_open($0, nonblocking ? 1 : 0) }
    }

    public func closeFile(_ fd: Int32) -> Int32 { cfb_file_close(fd) }

    public func syncFile(_ fd: Int32) -> Int32 { _unsafePerformance { cfb_file_fsync(fd) } }

    public func fileExists(_ path: String) -> Int32 { path.withCString { cfb_file_exists($0) } }

    public func mapMemory(_ fd: Int32, length: Int, offset: UInt64, address: inout UnsafeMutableRawPointer?) -> Int32 {
        cfb_memory_map(fd, UInt64(length), offset, &address)
    }

    public func unmapMemory(_ address: UnsafeMutableRawPointer, length: Int) -> Int32 {
        cfb_memory_unmap(address, UInt64(length))
    }

    public func monotonicMicros() -> Int64 { _unsafePerformance { cfb_clock_monotonic_micros() } }

    public func sleep(untilMicros micros: Int64) -> Int32 { _unsafePerformance { cfb_clock_sleep_until(micros) } }

    public func pollReadable(_ fd: Int32, timeoutMillis: Int32) -> Int32 {
        _unsafePerformance { cfb_file_poll_readable(fd, timeoutMillis) }
    }

    public func consoleMode(_ fd: Int32) -> Int32 { cfb_vt_get_mode(fd) }

    public func setConsoleMode(_ fd: Int32, graphics: Bool) -> Int32 { cfb_vt_set_mode(fd, graphics ? 1 : 0) }

    public func installSignalHandlers(ttyFD: Int32) -> Int32 { cfb_signals_install(ttyFD) }

    public func uninstallSignalHandlers() -> Int32 { cfb_signals_uninstall() }

    public func stopSignal() -> Int32 { cfb_signals_stop_requested() }
}

// MARK: The DRM frame path (requirements of `DRMKernel`)

extension ShimKernel {
    public func becomeMaster(_ fd: Int32) -> Int32 { cfb_drm_set_master(fd) }

    public func dropMaster(_ fd: Int32) -> Int32 { cfb_drm_drop_master(fd) }

    public func createDumbBuffer(_ fd: Int32, width: UInt32, height: UInt32, bitsPerPixel: UInt32,
                                 handle: inout UInt32, pitch: inout UInt32, size: inout UInt64) -> Int32 {
        cfb_drm_create_dumb(fd, width, height, bitsPerPixel, &handle, &pitch, &size)
    }

    public func mapDumbBuffer(_ fd: Int32, handle: UInt32, offset: inout UInt64) -> Int32 {
        cfb_drm_map_dumb(fd, handle, &offset)
    }

    public func destroyDumbBuffer(_ fd: Int32, handle: UInt32) -> Int32 { cfb_drm_destroy_dumb(fd, handle) }

    public func addFramebuffer(_ fd: Int32, width: UInt32, height: UInt32, fourcc: UInt32, handle: UInt32,
                               pitch: UInt32, framebufferID: inout UInt32) -> Int32 {
        cfb_drm_add_framebuffer(fd, width, height, fourcc, handle, pitch, &framebufferID)
    }

    public func removeFramebuffer(_ fd: Int32, framebufferID: UInt32) -> Int32 {
        cfb_drm_remove_framebuffer(fd, framebufferID)
    }

    public func pageFlip(_ fd: Int32, crtcID: UInt32, framebufferID: UInt32, userData: UInt64) -> Int32 {
        _unsafePerformance { cfb_drm_page_flip(fd, crtcID, framebufferID, userData) }
    }

    public func dirtyFramebuffer(_ fd: Int32, framebufferID: UInt32, clips: UnsafePointer<UInt16>, count: Int) -> Int32 {
        _unsafePerformance { cfb_drm_dirty_framebuffer(fd, framebufferID, clips, UInt32(count)) }
    }

    public func readFlipEvent(_ fd: Int32, timeMicros: inout Int64, sequence: inout UInt32,
                              userData: inout UInt64) -> Int32 {
        _unsafePerformance { cfb_drm_read_flip_event(fd, &timeMicros, &sequence, &userData) }
    }
}
