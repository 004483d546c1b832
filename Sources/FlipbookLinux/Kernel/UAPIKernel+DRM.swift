import CFlipbookShim

/// DRM/KMS through the shim's uapi ioctls. The enumeration calls follow libdrm's protocol: ask how many
/// objects there are, make room, ask again, and start over when the count grew in between (a hot-plug).
extension UAPIKernel {
    /// How often an enumeration is retried when the kernel's counts keep changing under it.
    static var enumerationAttempts: Int { 4 }

    public func driver(_ fd: Int32) -> Result<DRMDriver, Errno> {
        var name = [CChar](repeating: 0, count: 64), description = [CChar](repeating: 0, count: 128)
        let rc = name.withUnsafeMutableBufferPointer { namePointer in
            description.withUnsafeMutableBufferPointer { descriptionPointer in
                cfb_drm_get_version(fd, namePointer.baseAddress, UInt32(namePointer.count),
                                    descriptionPointer.baseAddress, UInt32(descriptionPointer.count))
            }
        }
        guard rc == 0 else { return .failure(Errno(rawValue: -rc)) }
        return .success(DRMDriver(name: Self.text(name), description: Self.text(description)))
    }

    public func capability(_ fd: Int32, _ capability: UInt64, value: inout UInt64) -> Int32 {
        cfb_drm_get_capability(fd, capability, &value)
    }

    public func resources(_ fd: Int32) -> Result<DRMCardResources, Errno> {
        var capacity = 8
        for _ in 0..<Self.enumerationAttempts {
            var crtcs = [UInt32](repeating: 0, count: capacity), connectors = crtcs, encoders = crtcs
            var counts = (crtcs: 0, connectors: 0, encoders: 0)
            let rc = crtcs.withUnsafeMutableBufferPointer { crtcPointer in
                connectors.withUnsafeMutableBufferPointer { connectorPointer in
                    encoders.withUnsafeMutableBufferPointer { encoderPointer in
                        var crtcList = Self.ids(crtcPointer), connectorList = Self.ids(connectorPointer)
                        var encoderList = Self.ids(encoderPointer)
                        let rc = cfb_drm_get_resources(fd, &crtcList, &connectorList, &encoderList)
                        counts = (Int(crtcList.count), Int(connectorList.count), Int(encoderList.count))
                        return rc
                    }
                }
            }
            guard rc == 0 else { return .failure(Errno(rawValue: -rc)) }
            let needed = max(counts.crtcs, counts.connectors, counts.encoders)
            if needed <= capacity {
                return .success(DRMCardResources(crtcIDs: Array(crtcs.prefix(counts.crtcs)),
                                                 connectorIDs: Array(connectors.prefix(counts.connectors)),
                                                 encoderIDs: Array(encoders.prefix(counts.encoders))))
            }
            capacity = needed
        }
        return .failure(.resourceTemporarilyUnavailable)
    }

    public func connector(_ fd: Int32, id: UInt32) -> Result<DRMConnector, Errno> {
        // The first call has no room for modes, which makes the kernel probe the monitor (as libdrm does).
        var modeCapacity = 0, encoderCapacity = 0
        for _ in 0..<Self.enumerationAttempts {
            var modes = [cfb_drm_mode](repeating: cfb_drm_mode(), count: modeCapacity)
            var encoders = [UInt32](repeating: 0, count: encoderCapacity)
            var info = cfb_drm_connector(), modeCount: UInt32 = 0, encoderCount = 0
            let rc = modes.withUnsafeMutableBufferPointer { modePointer in
                encoders.withUnsafeMutableBufferPointer { encoderPointer in
                    var encoderList = Self.ids(encoderPointer)
                    let rc = cfb_drm_get_connector(fd, id, &info, &encoderList, modePointer.baseAddress,
                                                   UInt32(modePointer.count), &modeCount)
                    encoderCount = Int(encoderList.count)
                    return rc
                }
            }
            guard rc == 0 else { return .failure(Errno(rawValue: -rc)) }
            // The kernel copies a list only when all of it fits: done once both counts fit the room given.
            if Int(modeCount) <= modeCapacity && encoderCount <= encoderCapacity {
                return .success(DRMConnector(
                    id: info.connector_id, type: info.connector_type, typeIndex: info.connector_type_id,
                    connection: DRMConnection(rawValue: info.connection) ?? .unknown,
                    currentEncoderID: info.encoder_id == 0 ? nil : info.encoder_id,
                    encoderIDs: Array(encoders.prefix(encoderCount)),
                    modes: modes.prefix(Int(modeCount)).map { DRMModeInfo($0) }))
            }
            modeCapacity = Int(modeCount)
            encoderCapacity = encoderCount
        }
        return .failure(.resourceTemporarilyUnavailable)
    }

    public func encoder(_ fd: Int32, id: UInt32) -> Result<DRMEncoder, Errno> {
        var crtcID: UInt32 = 0, possible: UInt32 = 0
        let rc = cfb_drm_get_encoder(fd, id, &crtcID, &possible)
        guard rc == 0 else { return .failure(Errno(rawValue: -rc)) }
        return .success(DRMEncoder(id: id, currentCRTCID: crtcID == 0 ? nil : crtcID, possibleCRTCs: possible))
    }

    public func crtc(_ fd: Int32, id: UInt32) -> Result<DRMCRTC, Errno> {
        var framebufferID: UInt32 = 0, x: UInt32 = 0, y: UInt32 = 0, modeValid: UInt32 = 0
        var mode = cfb_drm_mode()
        let rc = cfb_drm_get_crtc(fd, id, &framebufferID, &x, &y, &modeValid, &mode)
        guard rc == 0 else { return .failure(Errno(rawValue: -rc)) }
        return .success(DRMCRTC(id: id, framebufferID: framebufferID, x: x, y: y,
                                mode: modeValid != 0 ? DRMModeInfo(mode) : nil))
    }

    public func setCRTC(_ fd: Int32, crtcID: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32,
                        connectorIDs: [UInt32], mode: DRMModeInfo?) -> Int32 {
        connectorIDs.withUnsafeBufferPointer { connectors in
            guard let mode else {
                return cfb_drm_set_crtc(fd, crtcID, framebufferID, x, y, nil, 0, nil)
            }
            var info = mode.shimValue
            return cfb_drm_set_crtc(fd, crtcID, framebufferID, x, y, connectors.baseAddress,
                                    UInt32(connectors.count), &info)
        }
    }

    /// A shim id list over `buffer` (the kernel fills up to its count).
    static func ids(_ buffer: UnsafeMutableBufferPointer<UInt32>) -> cfb_drm_ids {
        cfb_drm_ids(ids: buffer.baseAddress, capacity: UInt32(buffer.count), count: 0)
    }

    /// The text of a NUL-terminated C buffer (UTF-8; the bytes before the first NUL).
    static func text(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
