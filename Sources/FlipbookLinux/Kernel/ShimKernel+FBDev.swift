import CFlipbookShim

/// The fbdev ioctls through the shim, for every `ShimKernel` that declares `FBDevKernel` (`LinuxKernel` in full
/// Swift, `UAPIKernel` in the Embedded player).
extension FBDevKernel where Self: ShimKernel {
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
