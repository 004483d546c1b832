/// The DRM/KMS operations, one method per kernel operation. Raw ones return 0 or `-errno`; the
/// enumeration calls (through libdrm in production) return the objects they read.
public protocol DRMKernel: SystemKernel {
    /// `DRM_IOCTL_VERSION`: the driver's name and description.
    func driver(_ fd: Int32) -> Result<DRMDriver, Errno>
    /// `DRM_IOCTL_SET_MASTER` (`-EBUSY` when another process, e.g. a compositor, is master).
    func becomeMaster(_ fd: Int32) -> Int32
    /// `DRM_IOCTL_DROP_MASTER`: the CRTC keeps showing its framebuffer; another process may become master.
    func dropMaster(_ fd: Int32) -> Int32
    /// `DRM_IOCTL_GET_CAP`; the value goes to `value`.
    func capability(_ fd: Int32, _ capability: UInt64, value: inout UInt64) -> Int32
    /// `DRM_IOCTL_MODE_GETRESOURCES`.
    func resources(_ fd: Int32) -> Result<DRMCardResources, Errno>
    /// `DRM_IOCTL_MODE_GETCONNECTOR`.
    func connector(_ fd: Int32, id: UInt32) -> Result<DRMConnector, Errno>
    /// `DRM_IOCTL_MODE_GETENCODER`.
    func encoder(_ fd: Int32, id: UInt32) -> Result<DRMEncoder, Errno>
    /// `DRM_IOCTL_MODE_GETCRTC`.
    func crtc(_ fd: Int32, id: UInt32) -> Result<DRMCRTC, Errno>
    /// The pixel formats (fourcc codes) of the primary plane that can drive the CRTC at `crtcIndex`.
    func primaryPlaneFormats(_ fd: Int32, crtcIndex: Int) -> Result<[UInt32], Errno>
    /// `DRM_IOCTL_MODE_SETCRTC`: shows framebuffer `framebufferID` (0: none) on the CRTC in `mode` (nil: off).
    func setCRTC(_ fd: Int32, crtcID: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32,
                 connectorIDs: [UInt32], mode: DRMModeInfo?) -> Int32
    /// `DRM_IOCTL_MODE_CREATE_DUMB`: fills the handle, pitch (bytes per row) and size (bytes).
    func createDumbBuffer(_ fd: Int32, width: UInt32, height: UInt32, bitsPerPixel: UInt32,
                          handle: inout UInt32, pitch: inout UInt32, size: inout UInt64) -> Int32
    /// `DRM_IOCTL_MODE_MAP_DUMB`: fills the offset to pass to `mmap`.
    func mapDumbBuffer(_ fd: Int32, handle: UInt32, offset: inout UInt64) -> Int32
    /// `DRM_IOCTL_MODE_DESTROY_DUMB`.
    func destroyDumbBuffer(_ fd: Int32, handle: UInt32) -> Int32
    /// `DRM_IOCTL_MODE_ADDFB2` with one plane; fills the framebuffer id.
    func addFramebuffer(_ fd: Int32, width: UInt32, height: UInt32, fourcc: UInt32, handle: UInt32,
                        pitch: UInt32, framebufferID: inout UInt32) -> Int32
    /// `DRM_IOCTL_MODE_RMFB`.
    func removeFramebuffer(_ fd: Int32, framebufferID: UInt32) -> Int32
    /// `DRM_IOCTL_MODE_PAGE_FLIP` with `DRM_MODE_PAGE_FLIP_EVENT`.
    func pageFlip(_ fd: Int32, crtcID: UInt32, framebufferID: UInt32, userData: UInt64) -> Int32
    /// `DRM_IOCTL_MODE_DIRTYFB` with `count` clips of four `UInt16` (x1, y1, x2, y2) at `clips`.
    func dirtyFramebuffer(_ fd: Int32, framebufferID: UInt32, clips: UnsafePointer<UInt16>, count: Int) -> Int32
    /// Reads pending events: 1 when a flip completed (time in monotonic microseconds), 0 when none did.
    func readFlipEvent(_ fd: Int32, timeMicros: inout Int64, sequence: inout UInt32, userData: inout UInt64) -> Int32
}
