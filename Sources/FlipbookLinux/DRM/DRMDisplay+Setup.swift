import Raster

/// The setup steps of `DRMDisplay.init`, each recording in the resource owner what it acquired.
extension DRMDisplay {
    /// The connector, mode and CRTC chosen for output.
    struct Output {
        var connector: DRMConnector
        var mode: DRMModeInfo
        var crtcID: UInt32
        var crtcIndex: Int
    }

    /// `DRM_FORMAT_XRGB8888` ('XR24').
    static var fourccXRGB8888: UInt32 { 0x3432_5258 }
    /// `DRM_FORMAT_RGB565` ('RG16').
    static var fourccRGB565: UInt32 { 0x3631_4752 }

    /// Opens the first card of `options.paths` that has dumb buffers and a connected output, as DRM master.
    static func openCard(kernel: Kernel, options: Options) throws(DisplayError) -> DRMResources<Kernel> {
        var reason: DisplayError?
        for path in options.paths {
            let file: DeviceFile<Kernel>
            do {
                file = try DeviceFile(kernel: kernel, firstOf: [path], fallbackGroup: "video")
            } catch {
                if case .noDevice = error { continue }
                throw error
            }
            let owner = DRMResources(file: file, clipCapacity: DamageList.capacity)
            do {
                try checkCard(owner, path: path)
                return owner
            } catch {
                if case .displayBusy = error { throw error }
                reason = reason ?? error  // remember why the first card present was unusable; try the next
            }
        }
        throw reason ?? .noDevice(tried: options.paths)
    }

    /// Fails unless the card has dumb buffers, a connected connector, and we are (or can become) master.
    static func checkCard(_ owner: borrowing DRMResources<Kernel>, path: String) throws(DisplayError) {
        let kernel = owner.kernel, fd = owner.fd
        var dumb: UInt64 = 0
        switch valueOrErrno({ kernel.capability(fd, 0x1, value: &dumb) }) {  // DRM_CAP_DUMB_BUFFER
        case .success where dumb != 0: break
        case .success: throw .noDumbBuffers(path: path)
        case .failure(.notATerminal), .failure(.invalidArgument):
            throw .invalidDevice(path: path, reason: "not a DRM device (DRM_IOCTL_GET_CAP refused)")
        case .failure(let error): throw .syscall(.getCapability, error)
        }
        let connectors = try connectors(owner)
        guard connectors.contains(where: { $0.connection == .connected && !$0.modes.isEmpty }) else {
            throw .noConnectedOutput(path: path, connectors: connectors.map { "\($0.name) (\($0.connection.description))" })
        }
        switch valueOrErrno({ kernel.becomeMaster(fd) }) {
        case .success: break
        case .failure(.resourceBusy), .failure(.permissionDenied), .failure(.notPermitted):
            throw .displayBusy(path: path)
        case .failure(let error): throw .syscall(.setMaster, error)
        }
    }

    static func connectors(_ owner: borrowing DRMResources<Kernel>) throws(DisplayError) -> [DRMConnector] {
        let kernel = owner.kernel, fd = owner.fd
        let resources: DRMCardResources
        switch kernel.resources(fd) {
        case .success(let value): resources = value
        case .failure(let error): throw .syscall(.getResources, error)
        }
        var result: [DRMConnector] = []
        for id in resources.connectorIDs {
            switch kernel.connector(fd, id: id) {
            case .success(let connector): result.append(connector)
            case .failure(let error): throw .syscall(.getConnector, error)
            }
        }
        return result
    }

    /// The first connected connector with modes, its mode (requested or preferred) and a CRTC for it.
    static func chooseOutput(_ owner: borrowing DRMResources<Kernel>, request: DRMModeRequest?) throws(DisplayError) -> Output {
        let kernel = owner.kernel, fd = owner.fd, path = owner.file.path
        let all = try connectors(owner)
        guard let connector = all.first(where: { $0.connection == .connected && !$0.modes.isEmpty }) else {
            throw .noConnectedOutput(path: path, connectors: all.map { $0.name })
        }
        let mode: DRMModeInfo
        if let request {
            guard let found = connector.modes.first(where: { request.matches($0) }) else {
                throw .modeNotAvailable(requested: request.text, available: connector.modes.map { $0.summary })
            }
            mode = found
        } else {
            mode = connector.modes.first { $0.isPreferred } ?? connector.modes[0]
        }
        let crtcIDs: [UInt32]
        switch kernel.resources(fd) {
        case .success(let resources): crtcIDs = resources.crtcIDs
        case .failure(let error): throw .syscall(.getResources, error)
        }
        let encoderIDs = (connector.currentEncoderID.map { [$0] } ?? []) + connector.encoderIDs
        for encoderID in encoderIDs {
            guard case .success(let encoder) = kernel.encoder(fd, id: encoderID) else { continue }
            if let current = encoder.currentCRTCID, let index = crtcIDs.firstIndex(of: current) {
                return Output(connector: connector, mode: mode, crtcID: current, crtcIndex: index)
            }
            if let index = crtcIDs.indices.first(where: { encoder.possibleCRTCs & (1 << UInt32($0)) != 0 }) {
                return Output(connector: connector, mode: mode, crtcID: crtcIDs[index], crtcIndex: index)
            }
        }
        throw .noCRTC(path: path, connector: connector.name)
    }

    /// The fourcc for `layout`, checked against the primary plane's formats where the driver lists them.
    static func fourcc(for layout: PixelLayout, _ owner: borrowing DRMResources<Kernel>, crtcIndex: Int) throws(DisplayError) -> UInt32 {
        let path = owner.file.path
        let code: UInt32
        if layout == .xrgb8888 {
            code = fourccXRGB8888
        } else if layout == .rgb565 {
            code = fourccRGB565
        } else {
            throw .unsupportedFormat(path: path, format: "\(layout.bitsPerPixel) bpp (DRM output draws xrgb8888 or rgb565)")
        }
        if case .success(let formats) = owner.kernel.primaryPlaneFormats(owner.fd, crtcIndex: crtcIndex),
           !formats.isEmpty, !formats.contains(code) {
            throw .unsupportedFormat(path: path, format: "\(DRMFourCC.name(code)) (the plane takes "
                                     + "\(formats.map(DRMFourCC.name).joined(separator: " ")))")
        }
        return code
    }
}
