import CFlipbookShim
import CLibDRM
import Glibc

extension LinuxKernel {
    public func driver(_ fd: Int32) -> Result<DRMDriver, Errno> {
        guard let version = drmGetVersion(fd) else { return .failure(Errno(rawValue: errno)) }
        defer { drmFreeVersion(version) }
        return .success(DRMDriver(name: Self.string(version.pointee.name, count: version.pointee.name_len),
                                  description: Self.string(version.pointee.desc, count: version.pointee.desc_len)))
    }

    public func capability(_ fd: Int32, _ capability: UInt64, value: inout UInt64) -> Int32 {
        cfb_drm_get_capability(fd, capability, &value)
    }

    public func resources(_ fd: Int32) -> Result<DRMCardResources, Errno> {
        guard let res = drmModeGetResources(fd) else { return .failure(Errno(rawValue: errno)) }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        return .success(DRMCardResources(crtcIDs: Self.array(r.crtcs, r.count_crtcs),
                                         connectorIDs: Self.array(r.connectors, r.count_connectors),
                                         encoderIDs: Self.array(r.encoders, r.count_encoders)))
    }

    public func connector(_ fd: Int32, id: UInt32) -> Result<DRMConnector, Errno> {
        guard let connector = drmModeGetConnector(fd, id) else { return .failure(Errno(rawValue: errno)) }
        defer { drmModeFreeConnector(connector) }
        let c = connector.pointee
        let modes = (0..<Int(max(c.count_modes, 0))).map { DRMModeInfo(c.modes[$0]) }
        return .success(DRMConnector(
            id: c.connector_id, type: c.connector_type, typeIndex: c.connector_type_id,
            connection: DRMConnection(rawValue: c.connection.rawValue) ?? .unknown,
            currentEncoderID: c.encoder_id == 0 ? nil : c.encoder_id,
            encoderIDs: Self.array(c.encoders, c.count_encoders), modes: modes))
    }

    public func encoder(_ fd: Int32, id: UInt32) -> Result<DRMEncoder, Errno> {
        guard let encoder = drmModeGetEncoder(fd, id) else { return .failure(Errno(rawValue: errno)) }
        defer { drmModeFreeEncoder(encoder) }
        let e = encoder.pointee
        return .success(DRMEncoder(id: e.encoder_id, currentCRTCID: e.crtc_id == 0 ? nil : e.crtc_id,
                                   possibleCRTCs: e.possible_crtcs))
    }

    public func crtc(_ fd: Int32, id: UInt32) -> Result<DRMCRTC, Errno> {
        guard let crtc = drmModeGetCrtc(fd, id) else { return .failure(Errno(rawValue: errno)) }
        defer { drmModeFreeCrtc(crtc) }
        let c = crtc.pointee
        return .success(DRMCRTC(id: c.crtc_id, framebufferID: c.buffer_id, x: c.x, y: c.y,
                                mode: c.mode_valid != 0 ? DRMModeInfo(c.mode) : nil))
    }

    public func primaryPlaneFormats(_ fd: Int32, crtcIndex: Int) -> Result<[UInt32], Errno> {
        // Universal planes expose the primary plane; its "type" property is 1 (DRM_PLANE_TYPE_PRIMARY).
        guard drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0,
              let planes = drmModeGetPlaneResources(fd) else { return .failure(Errno(rawValue: errno)) }
        defer { drmModeFreePlaneResources(planes) }
        for planeID in Self.array(planes.pointee.planes, planes.pointee.count_planes) {
            guard let plane = drmModeGetPlane(fd, planeID) else { continue }
            defer { drmModeFreePlane(plane) }
            let p = plane.pointee
            if p.possible_crtcs & (1 << UInt32(crtcIndex)) != 0 && planeType(fd, planeID) == 1 {
                return .success(Self.array(p.formats, p.count_formats))
            }
        }
        return .success([])
    }

    public func setCRTC(_ fd: Int32, crtcID: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32,
                        connectorIDs: [UInt32], mode: DRMModeInfo?) -> Int32 {
        var connectors = connectorIDs
        let rc: Int32
        if var info = mode?.kernelValue {
            rc = drmModeSetCrtc(fd, crtcID, framebufferID, x, y, &connectors, Int32(connectors.count), &info)
        } else {
            rc = drmModeSetCrtc(fd, crtcID, framebufferID, x, y, nil, 0, nil)
        }
        return rc < 0 ? (rc == -1 ? -errno : rc) : 0
    }

    private func planeType(_ fd: Int32, _ planeID: UInt32) -> UInt64? {
        guard let props = drmModeObjectGetProperties(fd, planeID, UInt32(DRM_MODE_OBJECT_PLANE)) else { return nil }
        defer { drmModeFreeObjectProperties(props) }
        for index in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fd, props.pointee.props[index]) else { continue }
            defer { drmModeFreeProperty(prop) }
            let isType = withUnsafeBytes(of: prop.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) } == "type"
            if isType { return props.pointee.prop_values[index] }
        }
        return nil
    }

    private static func array<Count: BinaryInteger>(_ pointer: UnsafeMutablePointer<UInt32>?, _ count: Count) -> [UInt32] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(count)))
    }

    private static func string<Count: BinaryInteger>(_ pointer: UnsafeMutablePointer<CChar>?, count: Count) -> String {
        guard let pointer, count > 0 else { return "" }
        return UnsafeRawBufferPointer(start: pointer, count: Int(count)).withMemoryRebound(to: UInt8.self) {
            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

extension DRMModeInfo {
    /// A mode read from libdrm.
    init(_ m: drmModeModeInfo) {
        let name = withUnsafeBytes(of: m.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        self.init(clockKHz: m.clock, hDisplay: m.hdisplay, hSyncStart: m.hsync_start, hSyncEnd: m.hsync_end,
                  hTotal: m.htotal, hSkew: m.hskew, vDisplay: m.vdisplay, vSyncStart: m.vsync_start,
                  vSyncEnd: m.vsync_end, vTotal: m.vtotal, vScan: m.vscan, vRefresh: m.vrefresh,
                  flags: m.flags, type: m.type, name: name)
    }

    /// The mode as libdrm takes it.
    var kernelValue: drmModeModeInfo {
        var m = drmModeModeInfo()
        m.clock = clockKHz
        m.hdisplay = hDisplay; m.hsync_start = hSyncStart; m.hsync_end = hSyncEnd; m.htotal = hTotal; m.hskew = hSkew
        m.vdisplay = vDisplay; m.vsync_start = vSyncStart; m.vsync_end = vSyncEnd; m.vtotal = vTotal; m.vscan = vScan
        m.vrefresh = vRefresh
        m.flags = flags
        m.type = type
        withUnsafeMutableBytes(of: &m.name) { bytes in
            for (index, byte) in name.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        return m
    }
}
