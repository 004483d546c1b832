/// A DRM driver's identity (`DRM_IOCTL_VERSION`).
public struct DRMDriver: Equatable, Sendable {
    /// The driver's short name, e.g. `bochs-drm`, `virtio_gpu`, `vc4`.
    public var name: String
    /// The driver's description.
    public var description: String

    /// A driver identity.
    public init(name: String, description: String) {
        self.name = name
        self.description = description
    }
}

/// The KMS objects of a card (`DRM_IOCTL_MODE_GETRESOURCES`).
public struct DRMCardResources: Equatable, Sendable {
    /// CRTC ids, in index order (encoders name CRTCs by index bit).
    public var crtcIDs: [UInt32]
    /// Connector ids.
    public var connectorIDs: [UInt32]
    /// Encoder ids.
    public var encoderIDs: [UInt32]

    /// A card's object ids.
    public init(crtcIDs: [UInt32], connectorIDs: [UInt32], encoderIDs: [UInt32]) {
        self.crtcIDs = crtcIDs
        self.connectorIDs = connectorIDs
        self.encoderIDs = encoderIDs
    }
}

/// Whether a monitor is attached to a connector.
public enum DRMConnection: UInt32, Sendable, CustomStringConvertible {
    /// A monitor is attached (`DRM_MODE_CONNECTED`).
    case connected = 1
    /// Nothing is attached (`DRM_MODE_DISCONNECTED`).
    case disconnected = 2
    /// The driver cannot tell (`DRM_MODE_UNKNOWNCONNECTION`).
    case unknown = 3

    /// The state's name, as in `connector HDMI-A-1: connected` (spelled out: Embedded Swift has no reflection).
    public var description: String {
        switch self {
        case .connected: "connected"
        case .disconnected: "disconnected"
        case .unknown: "unknown"
        }
    }
}

/// An output port (`DRM_IOCTL_MODE_GETCONNECTOR`).
public struct DRMConnector: Equatable, Sendable {
    /// The connector's object id.
    public var id: UInt32
    /// `DRM_MODE_CONNECTOR_*` (e.g. 11 HDMI-A, 15 Virtual).
    public var type: UInt32
    /// The instance number among connectors of this type (1-based).
    public var typeIndex: UInt32
    /// Whether a monitor is attached.
    public var connection: DRMConnection
    /// The encoder currently driving it, if any.
    public var currentEncoderID: UInt32?
    /// Encoders that can drive it.
    public var encoderIDs: [UInt32]
    /// The modes the monitor offers.
    public var modes: [DRMModeInfo]

    /// A connector description.
    public init(id: UInt32, type: UInt32, typeIndex: UInt32, connection: DRMConnection,
                currentEncoderID: UInt32?, encoderIDs: [UInt32], modes: [DRMModeInfo]) {
        self.id = id
        self.type = type
        self.typeIndex = typeIndex
        self.connection = connection
        self.currentEncoderID = currentEncoderID
        self.encoderIDs = encoderIDs
        self.modes = modes
    }

    /// The kernel's name for it, e.g. `HDMI-A-1`, `Virtual-1`.
    public var name: String {
        let names = ["Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component",
                     "DIN", "DP", "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB"]
        let typeName = Int(type) < names.count ? names[Int(type)] : "Type\(type)"
        return "\(typeName)-\(typeIndex)"
    }
}

/// An encoder (`DRM_IOCTL_MODE_GETENCODER`).
public struct DRMEncoder: Equatable, Sendable {
    /// The encoder's object id.
    public var id: UInt32
    /// The CRTC it is attached to, if any.
    public var currentCRTCID: UInt32?
    /// Bit i set: the CRTC at index i of the card's CRTC list can drive it.
    public var possibleCRTCs: UInt32

    /// An encoder description.
    public init(id: UInt32, currentCRTCID: UInt32?, possibleCRTCs: UInt32) {
        self.id = id
        self.currentCRTCID = currentCRTCID
        self.possibleCRTCs = possibleCRTCs
    }
}

/// A CRTC's state (`DRM_IOCTL_MODE_GETCRTC`): what it scans out, saved before a mode set and restored on exit.
public struct DRMCRTC: Equatable, Sendable {
    /// The CRTC's object id.
    public var id: UInt32
    /// The framebuffer shown (0: none).
    public var framebufferID: UInt32
    /// Scan-out origin inside the framebuffer, in pixels.
    public var x: UInt32, y: UInt32
    /// The mode, or nil when the CRTC is off.
    public var mode: DRMModeInfo?

    /// A CRTC state.
    public init(id: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32, mode: DRMModeInfo?) {
        self.id = id
        self.framebufferID = framebufferID
        self.x = x
        self.y = y
        self.mode = mode
    }
}
