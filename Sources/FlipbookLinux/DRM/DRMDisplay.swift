import Raster

/// A DRM/KMS output driven with dumb buffers, as a `Display`.
///
/// Opens the first card with a connected connector (or the one given), checks `DRM_CAP_DUMB_BUFFER`,
/// picks connector, encoder and CRTC and the preferred mode (or `--mode`), allocates two dumb buffers with
/// the format's fourcc, sets the mode once and then presents with page flips: `present` queues the flip and
/// returns; the completion event, read in the run loop's wait (`addFlipEvents(to:)`) beside the other event
/// sources, frees the other buffer and gives the frame's time (`lastShownTime`). Where those events are not
/// paced by a real vblank (virtual GPUs answer at once), each frame is held until its refresh slot on the
/// monotonic clock (`presentDueTime()`), so animation runs at the mode's rate. A flip that never completes is
/// given up after `flipTimeoutMillis` (logged once); one refused with EBUSY is retried after the card's
/// events are read. Where the driver cannot flip, it copies damage into the shown buffer and reports it with
/// DIRTYFB. The previous CRTC configuration comes back when the display goes away.
public struct DRMDisplay<Kernel: DRMKernel>: ~Copyable {
    /// How presents reach the screen.
    public enum Presentation: Equatable, Sendable {
        /// Page flips between the two buffers, timed by flip-completion events.
        case pageFlip
        /// Damage copied into the buffer on screen and announced with DIRTYFB (drivers that cannot flip).
        case frontBufferCopy
    }

    /// Options for opening a card.
    public struct Options: Sendable {
        /// Card paths tried in order (the first with a connected output and dumb buffers is used).
        public var paths: [String] = (0..<8).map { "/dev/dri/card\($0)" }
        /// The mode to set (nil: the connector's preferred mode).
        public var mode: DRMModeRequest?
        /// The pixel format: `.xrgb8888` (default) or `.rgb565`.
        public var format: PixelLayout = .xrgb8888
        /// How long to wait for a flip-completion event before giving up on it, in milliseconds.
        public var flipTimeoutMillis: Int32 = 1000

        /// Default options.
        public init() {}
    }

    var resources: DRMResources<Kernel>
    /// The surface the next frame is drawn into.
    public internal(set) var backBuffer: Surface
    var frontBuffer: Surface
    var backIndex = 1
    /// The card opened.
    public let path: String
    /// The driver's name (e.g. `bochs-drm`, `virtio_gpu`, `vc4`).
    public let driverName: String
    /// The connector shown on, e.g. `Virtual-1`.
    public let connectorName: String
    /// The mode set.
    public let mode: DRMModeInfo
    /// The CRTC driving the connector.
    public let crtcID: UInt32
    /// Nominal frame interval in microseconds, from the mode's timings.
    public let refreshIntervalMicros: Int64
    /// How presents reach the screen (falls back from `.pageFlip` when the driver refuses flips).
    public internal(set) var presentation: Presentation = .pageFlip
    /// Whether frames are paced by the clock because flip events do not follow a real vblank.
    public internal(set) var pacesByClock = false
    /// Page flips given up on after `flipTimeoutMillis` without a completion event.
    public internal(set) var lostFlips = 0
    /// Another program holds DRM master: presents drop their frames until it is given back.
    public internal(set) var isMasterLost = false
    /// The VT switching followed (`follow(_:)`): while switched away nothing is presented.
    var consoleFocus: ConsoleFocus?
    /// The focus's `releaseCount` at the last present.
    var consoleReleasesSeen = 0
    var needsDirty = true
    let flipTimeoutMillis: Int32
    /// When the last frame reached (or, paced by the clock, reaches) the screen.
    var lastShownMicros: Int64 = 0
    /// The last present is not yet confirmed on screen (`presentDueTime()`).
    var isAwaitingShow = false
    /// A flip was queued and its completion not yet taken in (the buffers' damage copy, the frame's time).
    var isFlipInFlight = false
    /// When the flip in flight was queued.
    var queuedMicros: Int64 = 0
    /// The previous flip event's time (nil: none yet), to tell a real vblank from events that come at once.
    var previousEventMicros: Int64?
    /// The damage of the flip in flight, copied into the freed buffer once the flip completes.
    var flipDamage = DamageList()
    var flipCount: UInt64 = 0

    /// Opens a card and sets the mode; the screen shows the (black) front buffer afterwards.
    public init(kernel: Kernel, options: Options = Options()) throws(DisplayError) {
        var owner = try Self.openCard(kernel: kernel, options: options)
        let output = try Self.chooseOutput(owner, request: options.mode)
        let fourcc = try Self.fourcc(for: options.format, owner, crtcIndex: output.crtcIndex)
        let width = Int(output.mode.hDisplay), height = Int(output.mode.vDisplay)
        var surfaces: [Surface] = []
        for index in 0..<2 {  // buffer 0 is shown by the mode set, buffer 1 gets the first frame
            surfaces.append(try Self.addBuffer(&owner, width: width, height: height, layout: options.format,
                                               fourcc: fourcc, clears: index == 0))
        }
        try Self.setMode(&owner, crtcID: output.crtcID, connectorID: output.connector.id, mode: output.mode)
        path = owner.file.path
        driverName = (try? kernel.driver(owner.fd).get().name) ?? "unknown"
        connectorName = output.connector.name
        mode = output.mode
        crtcID = output.crtcID
        refreshIntervalMicros = output.mode.frameIntervalMicros
        flipTimeoutMillis = options.flipTimeoutMillis
        frontBuffer = surfaces[0]
        backBuffer = surfaces[1]
        lastShownMicros = kernel.monotonicMicros()
        resources = owner
    }

    /// The pixel format being drawn.
    public var layout: PixelLayout { backBuffer.layout }
}
