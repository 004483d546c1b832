@testable import FlipbookLinux

/// The fbdev and DRM halves of the recording fake.
extension RecordingKernel {
    // MARK: FBDevKernel

    func variableScreenInfo(_ fd: Int32, into info: inout FBVariableScreenInfo) -> Int32 {
        record("FBIOGET_VSCREENINFO fd=\(fd)")
        if let result = scripted("FBIOGET_VSCREENINFO") { return result }
        info = variable
        return 0
    }

    func setVariableScreenInfo(_ fd: Int32, _ info: FBVariableScreenInfo, result: inout FBVariableScreenInfo) -> Int32 {
        record("FBIOPUT_VSCREENINFO fd=\(fd) bpp=\(info.bits_per_pixel) yres_virtual=\(info.yres_virtual) yoffset=\(info.yoffset)")
        if let result = scripted("FBIOPUT_VSCREENINFO") { return result }
        guard info.bits_per_pixel == variable.bits_per_pixel || acceptedDepths.contains(info.bits_per_pixel),
              UInt64(info.yres_virtual) * UInt64(fixed.line_length) <= fixed.smem_length || info.yres_virtual == variable.yres_virtual
        else { return -22 }
        if info.bits_per_pixel != variable.bits_per_pixel {
            fixed.line_length = info.xres * info.bits_per_pixel / 8
            fixed.visual = info.bits_per_pixel == 8 ? 3 : 2  // pseudocolour at 8 bpp, true colour above
        }
        variable = info
        result = info
        return 0
    }

    func fixedScreenInfo(_ fd: Int32, into info: inout FBFixedScreenInfo) -> Int32 {
        record("FBIOGET_FSCREENINFO fd=\(fd)")
        if let result = scripted("FBIOGET_FSCREENINFO") { return result }
        info = fixed
        return 0
    }

    func panDisplay(_ fd: Int32, xOffset: UInt32, yOffset: UInt32) -> Int32 {
        record("FBIOPAN_DISPLAY fd=\(fd) x=\(xOffset) y=\(yOffset)")
        if let result = scripted("FBIOPAN_DISPLAY") { return result }
        guard fixed.ypanstep > 0, yOffset + variable.yres <= variable.yres_virtual else { return -22 }
        variable.yoffset = yOffset
        return 0
    }

    func waitForVSync(_ fd: Int32, timeoutMicros: Int64) -> Int32 {
        record("FBIO_WAITFORVSYNC fd=\(fd) timeout=\(timeoutMicros)")
        if let result = scripted("FBIO_WAITFORVSYNC") { return result }
        return vsyncResult
    }

    // MARK: DRMKernel

    func driver(_ fd: Int32) -> Result<DRMDriver, Errno> {
        record("VERSION fd=\(fd)")
        return .success(DRMDriver(name: driverName, description: "fake"))
    }

    func becomeMaster(_ fd: Int32) -> Int32 {
        record("SET_MASTER fd=\(fd)")
        return scripted("SET_MASTER") ?? 0
    }

    func dropMaster(_ fd: Int32) -> Int32 {
        record("DROP_MASTER fd=\(fd)")
        return scripted("DROP_MASTER") ?? 0
    }

    func capability(_ fd: Int32, _ capability: UInt64, value: inout UInt64) -> Int32 {
        record("GET_CAP fd=\(fd) cap=\(capability)")
        if let result = scripted("GET_CAP") { return result }
        value = capability == 1 ? dumbCapability : 1
        return 0
    }

    func resources(_ fd: Int32) -> Result<DRMCardResources, Errno> {
        record("GETRESOURCES fd=\(fd)")
        if let result = scripted("GETRESOURCES") { return .failure(Errno(rawValue: -result)) }
        return .success(cardResources)
    }

    func connector(_ fd: Int32, id: UInt32) -> Result<DRMConnector, Errno> {
        record("GETCONNECTOR id=\(id)")
        guard let connector = connectors[id] else { return .failure(.noSuchFileOrDirectory) }
        return .success(connector)
    }

    func encoder(_ fd: Int32, id: UInt32) -> Result<DRMEncoder, Errno> {
        record("GETENCODER id=\(id)")
        guard let encoder = encoders[id] else { return .failure(.noSuchFileOrDirectory) }
        return .success(encoder)
    }

    func crtc(_ fd: Int32, id: UInt32) -> Result<DRMCRTC, Errno> {
        record("GETCRTC id=\(id)")
        guard let crtc = crtcs[id] else { return .failure(.noSuchFileOrDirectory) }
        return .success(crtc)
    }

    func primaryPlaneFormats(_ fd: Int32, crtcIndex: Int) -> Result<[UInt32], Errno> {
        record("PLANE_FORMATS crtcIndex=\(crtcIndex)")
        return .success(planeFormats)
    }

    func setCRTC(_ fd: Int32, crtcID: UInt32, framebufferID: UInt32, x: UInt32, y: UInt32,
                 connectorIDs: [UInt32], mode: DRMModeInfo?) -> Int32 {
        record("SETCRTC crtc=\(crtcID) fb=\(framebufferID) connectors=\(connectorIDs) mode=\(mode?.name ?? "off")")
        if let result = scripted("SETCRTC") { return result }
        crtcs[crtcID] = DRMCRTC(id: crtcID, framebufferID: framebufferID, x: x, y: y, mode: mode)
        return 0
    }

    func createDumbBuffer(_ fd: Int32, width: UInt32, height: UInt32, bitsPerPixel: UInt32,
                          handle: inout UInt32, pitch: inout UInt32, size: inout UInt64) -> Int32 {
        record("CREATE_DUMB \(width)x\(height) bpp=\(bitsPerPixel)")
        if let result = scripted("CREATE_DUMB") { return result }
        handle = nextHandle
        nextHandle += 1
        pitch = (width * bitsPerPixel / 8 + 63) / 64 * 64
        size = UInt64(pitch) * UInt64(height)
        return 0
    }

    func mapDumbBuffer(_ fd: Int32, handle: UInt32, offset: inout UInt64) -> Int32 {
        record("MAP_DUMB handle=\(handle)")
        if let result = scripted("MAP_DUMB") { return result }
        offset = UInt64(handle) << 32
        return 0
    }

    func destroyDumbBuffer(_ fd: Int32, handle: UInt32) -> Int32 {
        record("DESTROY_DUMB handle=\(handle)")
        return 0
    }

    func addFramebuffer(_ fd: Int32, width: UInt32, height: UInt32, fourcc: UInt32, handle: UInt32,
                        pitch: UInt32, framebufferID: inout UInt32) -> Int32 {
        record("ADDFB2 \(width)x\(height) \(DRMFourCC.name(fourcc)) handle=\(handle) pitch=\(pitch)")
        if let result = scripted("ADDFB2") { return result }
        framebufferID = nextFramebufferID
        nextFramebufferID += 1
        return 0
    }

    func removeFramebuffer(_ fd: Int32, framebufferID: UInt32) -> Int32 {
        record("RMFB fb=\(framebufferID)")
        return 0
    }

    func pageFlip(_ fd: Int32, crtcID: UInt32, framebufferID: UInt32, userData: UInt64) -> Int32 {
        record("PAGE_FLIP crtc=\(crtcID) fb=\(framebufferID) data=\(userData)")
        if let result = scripted("PAGE_FLIP") { return result }
        if vblankIntervalMicros > 0 {
            let vblank = nowMicros / vblankIntervalMicros + 1
            pendingFlips.append((vblank * vblankIntervalMicros, UInt32(truncatingIfNeeded: vblank), userData))
        } else if deliversFlipEvents {
            pendingFlips.append((nowMicros + flipLatencyMicros, flipSequence, userData))
        }
        return 0
    }

    func dirtyFramebuffer(_ fd: Int32, framebufferID: UInt32, clips: UnsafePointer<UInt16>, count: Int) -> Int32 {
        let rects = (0..<count).map { "(\(clips[4 * $0]),\(clips[4 * $0 + 1]))-(\(clips[4 * $0 + 2]),\(clips[4 * $0 + 3]))" }
        record("DIRTYFB fb=\(framebufferID) clips=\(rects.joined(separator: " "))")
        return scripted("DIRTYFB") ?? 0
    }

    func readFlipEvent(_ fd: Int32, timeMicros: inout Int64, sequence: inout UInt32, userData: inout UInt64) -> Int32 {
        record("read event")
        if let result = scripted("read event") { return result }
        guard let first = pendingFlips.first, first.time <= nowMicros else { return -11 }
        let event = pendingFlips.removeFirst()
        deliveredFlipTimes.append(event.time)
        nowMicros = max(nowMicros, event.time)
        timeMicros = event.time
        sequence = event.sequence
        userData = event.userData
        return 1
    }
}
