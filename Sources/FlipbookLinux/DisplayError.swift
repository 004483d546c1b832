/// A kernel operation a display performs; named in `DisplayError.syscall` so a failure says what was being done.
public enum DisplayOperation: String, Sendable {
    case open, close, map = "mmap", unmap = "munmap", sync = "fsync", poll
    case getVariableScreenInfo = "FBIOGET_VSCREENINFO", setVariableScreenInfo = "FBIOPUT_VSCREENINFO"
    case getFixedScreenInfo = "FBIOGET_FSCREENINFO", panDisplay = "FBIOPAN_DISPLAY"
    case waitForVSync = "FBIO_WAITFORVSYNC"
    case driverVersion = "DRM_IOCTL_VERSION", setMaster = "DRM_IOCTL_SET_MASTER", getCapability = "DRM_IOCTL_GET_CAP"
    case getResources = "DRM_IOCTL_MODE_GETRESOURCES", getConnector = "DRM_IOCTL_MODE_GETCONNECTOR"
    case getEncoder = "DRM_IOCTL_MODE_GETENCODER", getCRTC = "DRM_IOCTL_MODE_GETCRTC"
    case setCRTC = "DRM_IOCTL_MODE_SETCRTC", createDumb = "DRM_IOCTL_MODE_CREATE_DUMB"
    case mapDumb = "DRM_IOCTL_MODE_MAP_DUMB", destroyDumb = "DRM_IOCTL_MODE_DESTROY_DUMB"
    case addFramebuffer = "DRM_IOCTL_MODE_ADDFB2", removeFramebuffer = "DRM_IOCTL_MODE_RMFB"
    case pageFlip = "DRM_IOCTL_MODE_PAGE_FLIP", dirtyFramebuffer = "DRM_IOCTL_MODE_DIRTYFB"
    case readEvent = "read(DRM event)"
    case getConsoleMode = "KDGETMODE", setConsoleMode = "KDSETMODE", signals = "sigaction"
    case setConsoleSwitching = "VT_SETMODE", consoleSignals = "signalfd"
}

/// Why a display could not be opened or used. Each case has a one-line `message` a person can act on and
/// a distinct `exitStatus` (documented in `docs/displays.md` and `flipbook play --help`).
public enum DisplayError: Error, Equatable, Sendable {
    /// None of the device paths exists (`tried` lists them in the order tried).
    case noDevice(tried: [String])
    /// A device exists but this user may not open it; members of `group` may.
    case permissionDenied(path: String, group: String)
    /// Another process (a compositor or display server) is the DRM master of the card.
    case displayBusy(path: String)
    /// The card has no connector with a monitor attached (`connectors` names the ones seen).
    case noConnectedOutput(path: String, connectors: [String])
    /// No CRTC can drive the chosen connector.
    case noCRTC(path: String, connector: String)
    /// The card cannot allocate dumb buffers (`DRM_CAP_DUMB_BUFFER` is 0).
    case noDumbBuffers(path: String)
    /// `--mode` is not `WxH` or `WxH@Hz`.
    case invalidModeSpecifier(String)
    /// The connector does not offer the requested mode (`available` lists what it offers).
    case modeNotAvailable(requested: String, available: [String])
    /// The device's pixel format is one the renderer cannot draw (`format` describes it).
    case unsupportedFormat(path: String, format: String)
    /// The device is not a framebuffer / DRM device, or reports values that cannot be right.
    case invalidDevice(path: String, reason: String)
    /// Mapping `bytes` bytes of the device's memory failed.
    case mapFailed(path: String, bytes: Int, Errno)
    /// A kernel operation failed during setup or a frame.
    case syscall(DisplayOperation, Errno)

    /// A single line saying what happened and what to do about it.
    public var message: String {
        switch self {
        case .noDevice(let tried):
            "no display device found (tried \(tried.joined(separator: ", ")))"
        case .permissionDenied(let path, let group):
            "permission denied opening \(path): add the user to the '\(group)' group (or run as root)"
        case .displayBusy(let path):
            "\(path) is in use by another DRM master (a compositor or display server is running); stop it or switch to a free VT"
        case .noConnectedOutput(let path, let connectors):
            "no connected output on \(path) (connectors: \(connectors.isEmpty ? "none" : connectors.joined(separator: ", ")))"
        case .noCRTC(let path, let connector):
            "no CRTC can drive \(connector) on \(path)"
        case .noDumbBuffers(let path):
            "\(path) does not support dumb buffers (DRM_CAP_DUMB_BUFFER is 0); try --display fbdev"
        case .invalidModeSpecifier(let text):
            "invalid --mode '\(text)': expected WxH or WxH@Hz, e.g. 1024x768@60"
        case .modeNotAvailable(let requested, let available):
            "mode \(requested) is not offered (available: \(available.joined(separator: ", ")))"
        case .unsupportedFormat(let path, let format):
            "\(path) uses a pixel format the renderer cannot draw: \(format)"
        case .invalidDevice(let path, let reason):
            "\(path) cannot be used: \(reason)"
        case .mapFailed(let path, let bytes, let error):
            "mmap of \(bytes) bytes of \(path) failed: \(error.description)"
        case .syscall(let operation, let error):
            "\(operation.rawValue) failed: \(error.description)"
        }
    }

    /// The process exit status for this error (distinct per kind; 1 and 2 are left to the command line).
    public var exitStatus: Int32 {
        switch self {
        case .noDevice: 3
        case .permissionDenied: 4
        case .displayBusy: 5
        case .noConnectedOutput, .noCRTC: 6
        case .unsupportedFormat, .noDumbBuffers: 7
        case .mapFailed: 8
        case .invalidModeSpecifier, .modeNotAvailable: 9
        case .invalidDevice: 10
        case .syscall: 11
        }
    }
}
