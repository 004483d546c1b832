/// One dumb buffer and how far its setup got (0 / nil: that step was not done).
struct DumbBuffer {
    var handle: UInt32 = 0
    var framebufferID: UInt32 = 0
    var mapping: UnsafeMutableRawPointer?
    var size = 0
    var pitch = 0
}

/// Everything a DRM display holds from the kernel, released in reverse order of acquisition when it goes
/// away: the saved CRTC configuration is put back, then each buffer is unmapped, removed (RMFB) and
/// destroyed (DESTROY_DUMB), last buffer first, then the descriptor is closed. Setup fills it step by
/// step, so a failure halfway releases exactly what was acquired (modetest's `goto err_*` ladder).
@usableFromInline
struct DRMResources<Kernel: DRMKernel>: ~Copyable {
    let file: DeviceFile<Kernel>
    var buffers: [DumbBuffer] = []
    /// The CRTC as it was before the first mode set, and the connectors it drove.
    var savedCRTC: DRMCRTC?
    var savedConnectorIDs: [UInt32] = []
    /// Set once a mode set succeeded: from then on the saved configuration must be restored.
    var crtcChanged = false
    /// Room for `DamageList.capacity` DIRTYFB clips (four `UInt16` each), allocated at setup.
    let clips: UnsafeMutablePointer<UInt16>
    /// The flip-completion events read so far (shared with the waiter's handler, which must not outlive this).
    let flipState: UnsafeMutablePointer<PageFlipState>

    init(file: consuming DeviceFile<Kernel>, clipCapacity: Int) {
        self.file = file
        clips = .allocate(capacity: clipCapacity * 4)
        flipState = .allocate(capacity: 1)
        flipState.initialize(to: PageFlipState())
    }

    var kernel: Kernel { file.kernel }
    var fd: Int32 { file.fd }

    deinit {
        if crtcChanged, let saved = savedCRTC {
            // Best effort: if the old framebuffer is gone the kernel's fbdev helper restores the console
            // when the descriptor closes.
            _ = valueOrErrno {
                kernel.setCRTC(fd, crtcID: saved.id, framebufferID: saved.framebufferID, x: saved.x, y: saved.y,
                               connectorIDs: saved.mode == nil ? [] : savedConnectorIDs, mode: saved.mode)
            }
        }
        for buffer in buffers.reversed() {
            if let mapping = buffer.mapping { _ = kernel.unmapMemory(mapping, length: buffer.size) }
            if buffer.framebufferID != 0 { _ = valueOrErrno { kernel.removeFramebuffer(fd, framebufferID: buffer.framebufferID) } }
            if buffer.handle != 0 { _ = valueOrErrno { kernel.destroyDumbBuffer(fd, handle: buffer.handle) } }
        }
        clips.deallocate()
        flipState.deinitialize(count: 1)
        flipState.deallocate()
    }
}
