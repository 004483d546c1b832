import Raster

/// Dumb buffers and the initial mode set.
extension DRMDisplay {
    /// Creates, registers (ADDFB2) and maps one dumb buffer; each step is recorded in `owner` before the next.
    /// `clears`: written black here (the buffer the mode set shows: VRAM dumb buffers are not zeroed by every
    /// driver); the other is left alone, since the run loop's first frame paints every pixel of it before its
    /// first present (one full-screen store pass less before the first frame).
    static func addBuffer(_ owner: inout DRMResources<Kernel>, width: Int, height: Int, layout: PixelLayout,
                          fourcc: UInt32, clears: Bool) throws(DisplayError) -> Surface {
        let kernel = owner.kernel, fd = owner.fd, path = owner.file.path
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        if case .failure(let error) = valueOrErrno({
            kernel.createDumbBuffer(fd, width: UInt32(width), height: UInt32(height), bitsPerPixel: UInt32(layout.bitsPerPixel),
                                    handle: &handle, pitch: &pitch, size: &size)
        }) { throw .syscall(.createDumb, error) }
        owner.buffers.append(DumbBuffer(handle: handle, size: Int(size), pitch: Int(pitch)))
        let slot = owner.buffers.count - 1
        guard Int(pitch) >= width * layout.bytesPerPixel, size >= UInt64(pitch) * UInt64(height) else {
            throw .invalidDevice(path: path, reason: "dumb buffer pitch \(pitch) × \(height) does not fit its size \(size)")
        }
        var framebufferID: UInt32 = 0
        if case .failure(let error) = valueOrErrno({
            kernel.addFramebuffer(fd, width: UInt32(width), height: UInt32(height), fourcc: fourcc, handle: handle,
                                  pitch: pitch, framebufferID: &framebufferID)
        }) {
            if error == .invalidArgument { throw .unsupportedFormat(path: path, format: DRMFourCC.name(fourcc)) }
            throw .syscall(.addFramebuffer, error)
        }
        owner.buffers[slot].framebufferID = framebufferID
        var offset: UInt64 = 0
        if case .failure(let error) = valueOrErrno({ kernel.mapDumbBuffer(fd, handle: handle, offset: &offset) }) {
            throw .syscall(.mapDumb, error)
        }
        var address: UnsafeMutableRawPointer?
        let mapped = valueOrErrno { kernel.mapMemory(fd, length: Int(size), offset: offset, address: &address) }
        if case .failure(let error) = mapped { throw .mapFailed(path: path, bytes: Int(size), error) }
        guard let address else { throw .mapFailed(path: path, bytes: Int(size), .invalidArgument) }
        owner.buffers[slot].mapping = address
        if clears { address.initializeMemory(as: UInt8.self, repeating: 0, count: Int(size)) }
        do {
            return try Surface(baseAddress: address, width: width, height: height, strideBytes: Int(pitch), layout: layout)
        } catch {
            throw .invalidDevice(path: path, reason: "\(width)x\(height) with pitch \(pitch) is not a drawable surface")
        }
    }

    /// Saves the CRTC's configuration, then shows buffer 0 on the connector in `mode`.
    static func setMode(_ owner: inout DRMResources<Kernel>, crtcID: UInt32, connectorID: UInt32,
                        mode: DRMModeInfo) throws(DisplayError) {
        let kernel = owner.kernel, fd = owner.fd
        switch kernel.crtc(fd, id: crtcID) {
        case .success(let saved):
            owner.savedCRTC = saved
            owner.savedConnectorIDs = [connectorID]
        case .failure(let error): throw .syscall(.getCRTC, error)
        }
        let framebufferID = owner.buffers[0].framebufferID
        switch valueOrErrno({ kernel.setCRTC(fd, crtcID: crtcID, framebufferID: framebufferID, x: 0, y: 0,
                                             connectorIDs: [connectorID], mode: mode) }) {
        case .success: owner.crtcChanged = true
        case .failure(.permissionDenied), .failure(.notPermitted): throw .displayBusy(path: owner.file.path)
        case .failure(let error): throw .syscall(.setCRTC, error)
        }
    }
}
