import Raster

/// DRM master taken away during play (a session manager drops it for a VT switch; another program then
/// holds it): presents drop their frames until master can be taken back, then the newest frame is shown.
extension DRMDisplay {
    /// A page flip refused with EACCES or EPERM: we are no longer master. Logged once per loss.
    mutating func loseMaster() {
        isMasterLost = true
        isAwaitingShow = false
        _unsafePerformance {
            logLine("flipbook: DRM master on \(path) was taken by another program; frames are dropped until it is given back")
        }
    }

    /// Tries to become master again; when that works, sets the mode again with the back buffer — which holds
    /// the newest frame, since dropped frames were drawn over it — and makes it the front buffer. Returns
    /// the monotonic time; `isMasterLost` says whether the display is still paused.
    mutating func regainMaster() -> Int64 {
        let kernel = resources.kernel, fd = resources.fd, now = kernel.monotonicMicros()
        // One ioctl per present while paused (the shim's SET_MASTER is outside the checked frame-path calls).
        guard _unsafePerformance({ kernel.becomeMaster(fd) }) == 0 else { return now }
        let newest = resources.buffers[backIndex].framebufferID
        // Rare (once per regained master): reading the connector array retains it, not frame-path work.
        let result = _unsafePerformance {
            kernel.setCRTC(fd, crtcID: crtcID, framebufferID: newest, x: 0, y: 0,
                           connectorIDs: resources.savedConnectorIDs, mode: mode)
        }
        guard result == 0 else { return now }
        swap(&frontBuffer, &backBuffer)
        backIndex = 1 - backIndex
        copyPixels(DamageList(IntRect(x: 0, y: 0, width: backBuffer.width, height: backBuffer.height)),
                   from: frontBuffer, to: backBuffer)
        isMasterLost = false
        lastShownMicros = now
        _unsafePerformance { logLine("flipbook: DRM master on \(path) is back; playing on") }
        return now
    }
}
