import CFlipbookShim

/// The primary plane's formats, read with universal planes (`DRM_CLIENT_CAP_UNIVERSAL_PLANES`) as modetest does.
extension UAPIKernel {
    /// `DRM_MODE_OBJECT_PLANE`.
    static var planeObjectType: UInt32 { 0xEEEE_EEEE }
    /// `DRM_PLANE_TYPE_PRIMARY`, the value of a primary plane's "type" property.
    static var primaryPlaneType: UInt64 { 1 }

    public func primaryPlaneFormats(_ fd: Int32, crtcIndex: Int) -> Result<[UInt32], Errno> {
        let rc = cfb_drm_set_client_capability(fd, 2, 1)  // DRM_CLIENT_CAP_UNIVERSAL_PLANES
        guard rc == 0 else { return .failure(Errno(rawValue: -rc)) }
        let planes: [UInt32]
        switch idList({ cfb_drm_get_plane_resources(fd, &$0) }) {
        case .success(let ids): planes = ids
        case .failure(let error): return .failure(error)
        }
        for planeID in planes {
            var possibleCRTCs: UInt32 = 0
            guard case .success(let formats) = idList({ cfb_drm_get_plane(fd, planeID, &possibleCRTCs, &$0) }) else {
                continue
            }
            if crtcIndex < 32, possibleCRTCs & (1 << UInt32(crtcIndex)) != 0,
               planeType(fd, planeID) == Self.primaryPlaneType {
                return .success(formats)
            }
        }
        return .success([])
    }

    /// The value of the plane's "type" property, or nil when it has none.
    func planeType(_ fd: Int32, _ planeID: UInt32) -> UInt64? {
        var capacity = 16
        for _ in 0..<Self.enumerationAttempts {
            var properties = [UInt32](repeating: 0, count: capacity), values = [UInt64](repeating: 0, count: capacity)
            var count: UInt32 = 0
            let rc = properties.withUnsafeMutableBufferPointer { propertyPointer in
                values.withUnsafeMutableBufferPointer { valuePointer in
                    cfb_drm_get_object_properties(fd, planeID, Self.planeObjectType, propertyPointer.baseAddress,
                                                  valuePointer.baseAddress, UInt32(capacity), &count)
                }
            }
            guard rc == 0 else { return nil }
            guard Int(count) <= capacity else {
                capacity = Int(count)
                continue
            }
            for index in 0..<Int(count) where propertyName(fd, properties[index]) == "type" { return values[index] }
            return nil
        }
        return nil
    }

    /// The name of a property, or nil when it cannot be read.
    func propertyName(_ fd: Int32, _ propertyID: UInt32) -> String? {
        var name = [CChar](repeating: 0, count: 32)
        let rc = name.withUnsafeMutableBufferPointer { cfb_drm_get_property_name(fd, propertyID, $0.baseAddress) }
        return rc == 0 ? Self.text(name) : nil
    }

    /// An id list read by `call`, which fills the `cfb_drm_ids` it is given; retried with more room while the
    /// kernel reports more ids than fit.
    func idList(_ call: (inout cfb_drm_ids) -> Int32) -> Result<[UInt32], Errno> {
        var capacity = 16
        for _ in 0..<Self.enumerationAttempts {
            var ids = [UInt32](repeating: 0, count: capacity)
            var count = 0
            let rc = ids.withUnsafeMutableBufferPointer { buffer in
                var list = Self.ids(buffer)
                let rc = call(&list)
                count = Int(list.count)
                return rc
            }
            guard rc == 0 else { return .failure(Errno(rawValue: -rc)) }
            if count <= capacity { return .success(Array(ids.prefix(count))) }
            capacity = count
        }
        return .failure(.resourceTemporarilyUnavailable)
    }
}
