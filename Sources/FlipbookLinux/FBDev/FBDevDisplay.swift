import Raster

/// A Linux framebuffer (`/dev/fbN`) as a `Display`.
///
/// Any true-colour bitfield layout at 16, 24 or 32 bpp is drawn directly, with the stride from
/// `line_length`. Where the driver can pan and its memory holds two screens, the virtual height is doubled
/// and frames flip with `FBIOPAN_DISPLAY`; otherwise frames are drawn in a RAM back buffer and only damaged
/// rectangles are copied to the screen. `FBIO_WAITFORVSYNC` paces presents where the driver really waits
/// for it (with a timeout; a driver that times out or answers at once is paced by the mode's refresh rate
/// instead), and deferred-I/O framebuffers (DRM's fbdev emulation) are flushed with `fsync` after every
/// present.
public struct FBDevDisplay<Kernel: FBDevKernel>: ~Copyable {
    /// How presents reach the screen.
    public enum Presentation: Equatable, Sendable {
        /// Two screens in the virtual framebuffer, flipped by panning.
        case panning
        /// A RAM back buffer whose damaged rectangles are copied to the single screen.
        case shadowCopy
    }

    /// Options for opening a framebuffer.
    public struct Options: Sendable {
        /// Device paths tried in order.
        public var paths: [String] = ["/dev/fb0", "/dev/fb1"]
        /// The pixel format to switch to (nil: keep the current one when it can be drawn, else try 32 then 16 bpp).
        public var format: PixelLayout?
        /// Whether to try double buffering by panning.
        public var allowPanning = true
        /// How long one vsync wait may take before vsync is given up, in microseconds.
        public var vsyncTimeoutMicros: Int64 = 100_000

        /// Default options (`/dev/fb0`, then `/dev/fb1`).
        public init() {}
    }

    var resources: FBDevResources<Kernel>
    /// The surface the next frame is drawn into.
    public internal(set) var backBuffer: Surface
    /// The memory on screen now.
    var frontBuffer: Surface
    /// How presents reach the screen.
    public let presentation: Presentation
    /// The device path opened.
    public let path: String
    /// The driver's name (`fb_fix_screeninfo.id`).
    public let driverName: String
    /// Nominal frame interval in microseconds, from the mode's timings.
    public let refreshIntervalMicros: Int64
    /// Whether the driver accepts `fsync`, which pushes frames of deferred-I/O framebuffers to the screen;
    /// it is called after every present.
    public let flushesWithFsync: Bool
    let vsyncTimeoutMicros: Int64
    var vsync: VSyncSupport = .untested
    var nextFrameMicros: Int64 = 0
    /// When the last frame was (or, held to its refresh slot, will be) shown.
    var lastShownMicros: Int64 = 0
    /// The VT switching followed (`follow(_:)`): while switched away nothing reaches the framebuffer.
    var consoleFocus: ConsoleFocus?
    /// The focus's `releaseCount` at the last present: when it grew, the next present shows the whole frame.
    var consoleReleasesSeen = 0

    /// Whether the driver answers `FBIO_WAITFORVSYNC`.
    enum VSyncSupport { case untested, supported, unsupported }

    /// Opens the first framebuffer of `options.paths` and prepares it for drawing.
    public init(kernel: Kernel, options: Options = Options()) throws(DisplayError) {
        var owner = FBDevResources(file: try DeviceFile(kernel: kernel, firstOf: options.paths, fallbackGroup: "video"))
        let path = owner.file.path
        let (layout, info) = try Self.configureFormat(&owner, requested: options.format, path: path)
        let panning = options.allowPanning ? try Self.enablePanning(&owner, info: info) : false
        let fixed = try Self.fixedInfo(owner, path: path)
        let screens = panning ? 2 : 1
        let stride = Int(fixed.line_length)
        guard stride >= Int(info.xres) * layout.bytesPerPixel,
              UInt64(stride) * UInt64(info.yres) * UInt64(screens) <= fixed.smem_length else {
            throw .invalidDevice(path: path, reason: "line_length \(stride) × \(info.yres) lines × \(screens) "
                                 + "does not fit smem_len \(fixed.smem_length)")
        }
        try Self.map(&owner, length: Int(fixed.smem_length), path: path)
        let screenBytes = stride * Int(info.yres)
        let front = try Self.surface(owner.mapping!, info: info, stride: stride, layout: layout, path: path)
        var back = try Self.surface(owner.mapping! + (panning ? screenBytes : 0), info: info, stride: stride,
                                    layout: layout, path: path)
        if !panning {
            let shadow = UnsafeMutableRawPointer.allocate(byteCount: screenBytes, alignment: 64)
            owner.shadow = shadow
            owner.shadowLength = screenBytes
            shadow.copyMemory(from: owner.mapping!, byteCount: screenBytes)  // start from what is on screen
            back = try Self.surface(shadow, info: info, stride: stride, layout: layout, path: path)
        }
        // Deferred-I/O framebuffers (DRM's fbdev emulation) show nothing new until fsync; kernels with
        // deferred I/O built in accept fsync on every framebuffer (a no-op elsewhere), older ones refuse it.
        flushesWithFsync = valueOrErrno({ kernel.syncFile(owner.fd) }).isSuccess
        self.path = path
        driverName = Self.driverName(fixed)
        refreshIntervalMicros = FBDevFormat.frameIntervalMicros(info)
        vsyncTimeoutMicros = options.vsyncTimeoutMicros
        presentation = panning ? .panning : .shadowCopy
        frontBuffer = front
        backBuffer = back
        resources = owner
    }

    /// The pixel format being drawn.
    public var layout: PixelLayout { backBuffer.layout }
}
