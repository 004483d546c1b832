import CFlipbookShim
import Glibc

/// The real kernel in full Swift: the shim's calls (`ShimKernel`), libdrm for DRM enumeration and the C
/// library's group database. Stateless; copies are free.
public struct LinuxKernel: FBDevKernel, DRMKernel, ShimKernel {
    /// The kernel of the running system.
    public init() {}

    /// The name of the group owning `path` (`stat` + `getgrgid`), or nil.
    public func groupName(ofFile path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, let group = getgrgid(info.st_gid), let name = group.pointee.gr_name else { return nil }
        return String(cString: name)
    }

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
