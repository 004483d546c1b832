import Raster

/// The setup steps of `FBDevDisplay.init`, each recording in the resource owner what it changed.
extension FBDevDisplay {
    /// Reads the screen configuration and settles on a format the renderer draws: the current one when it
    /// can be drawn (and no other was requested), else the requested one, else 32 bpp XRGB, then RGB565.
    static func configureFormat(_ owner: inout FBDevResources<Kernel>, requested: PixelLayout?,
                                path: String) throws(DisplayError) -> (PixelLayout, FBVariableScreenInfo) {
        let kernel = owner.kernel, fd = owner.fd
        var info = FBVariableScreenInfo()
        switch valueOrErrno({ kernel.variableScreenInfo(fd, into: &info) }) {
        case .success: break
        case .failure(.notATerminal), .failure(.invalidArgument):
            throw .invalidDevice(path: path, reason: "not a framebuffer device (FBIOGET_VSCREENINFO refused)")
        case .failure(let error): throw .syscall(.getVariableScreenInfo, error)
        }
        let visual = try fixedInfo(owner, path: path).visual
        let current = try? FBDevFormat.layout(of: info, visual: visual, path: path)
        if let current, requested == nil || requested == current { return (current, info) }
        let candidates = requested.map { [$0] } ?? [PixelLayout.xrgb8888, .rgb565]
        owner.configurationToRestore = info
        for candidate in candidates {
            var result = FBVariableScreenInfo()
            // A driver that refuses a format answers EINVAL; the next candidate may still be accepted.
            guard case .success = valueOrErrno({ kernel.setVariableScreenInfo(fd, FBDevFormat.request(candidate, from: info),
                                                                             result: &result) }) else { continue }
            let visualNow = try fixedInfo(owner, path: path).visual
            if let accepted = try? FBDevFormat.layout(of: result, visual: visualNow, path: path), accepted == candidate {
                return (accepted, result)
            }
        }
        if requested != nil, let current {
            throw .unsupportedFormat(path: path, format: "the driver refused the requested format; it shows "
                                     + "\(FBDevFormat.describe(info)) (\(current.bitsPerPixel) bpp)")
        }
        throw .unsupportedFormat(path: path, format: FBDevFormat.describe(info))
    }

    /// Doubles the virtual height for page flipping when the driver pans and has the memory. Returns whether
    /// panning is in use; a driver that refuses either step leaves a single screen (not an error).
    static func enablePanning(_ owner: inout FBDevResources<Kernel>, info: FBVariableScreenInfo) throws(DisplayError) -> Bool {
        let kernel = owner.kernel, fd = owner.fd
        let fixed = try fixedInfo(owner, path: owner.file.path)
        guard fixed.ypanstep > 0, UInt64(fixed.line_length) * UInt64(info.yres) * 2 <= fixed.smem_length else { return false }
        // DRM's fbdev emulation (id "<driver>drmfb") offers two screens with drm_fbdev_overalloc=200 but does
        // not pan them faithfully (Debian's 6.1 kernel, measured in the VM: a pan back to line 0 leaves the
        // plane where it was; bochs scans out ignoring the plane's offset; virtio-gpu never flushes the second
        // screen). Its own shadow buffer already keeps drawing off the screen: the RAM back buffer is used.
        guard !driverName(fixed).hasSuffix("drmfb") else { return false }
        if info.yres_virtual < info.yres * 2 {
            var request = info
            request.yres_virtual = info.yres * 2
            request.yoffset = 0
            var result = FBVariableScreenInfo()
            if owner.configurationToRestore == nil { owner.configurationToRestore = info }
            guard case .success = valueOrErrno({ kernel.setVariableScreenInfo(fd, request, result: &result) }),
                  result.yres_virtual >= info.yres * 2 else { return false }
        }
        if owner.configurationToRestore == nil && info.yoffset != 0 { owner.configurationToRestore = info }
        return valueOrErrno({ kernel.panDisplay(fd, xOffset: 0, yOffset: 0) }).isSuccess
    }

    static func fixedInfo(_ owner: borrowing FBDevResources<Kernel>, path: String) throws(DisplayError) -> FBFixedScreenInfo {
        let kernel = owner.kernel, fd = owner.fd
        var fixed = FBFixedScreenInfo()
        if case .failure(let error) = valueOrErrno({ kernel.fixedScreenInfo(fd, into: &fixed) }) {
            throw .syscall(.getFixedScreenInfo, error)
        }
        return fixed
    }

    static func map(_ owner: inout FBDevResources<Kernel>, length: Int, path: String) throws(DisplayError) {
        let kernel = owner.kernel, fd = owner.fd
        var address: UnsafeMutableRawPointer?
        switch valueOrErrno({ kernel.mapMemory(fd, length: length, offset: 0, address: &address) }) {
        case .success where address != nil:
            owner.mapping = address
            owner.mappingLength = length
        case .success: throw .mapFailed(path: path, bytes: length, .invalidArgument)
        case .failure(let error): throw .mapFailed(path: path, bytes: length, error)
        }
    }

    static func surface(_ base: UnsafeMutableRawPointer, info: FBVariableScreenInfo, stride: Int, layout: PixelLayout,
                        path: String) throws(DisplayError) -> Surface {
        do {
            return try Surface(baseAddress: base, width: Int(info.xres), height: Int(info.yres), strideBytes: stride,
                               layout: layout)
        } catch {
            throw .invalidDevice(path: path, reason: "\(info.xres)x\(info.yres) with stride \(stride) is not a drawable surface")
        }
    }

    static func driverName(_ fixed: FBFixedScreenInfo) -> String {
        withUnsafeBytes(of: fixed.id) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
