import CFlipbookShim

extension DRMModeInfo {
    /// A mode read through the shim (`struct drm_mode_modeinfo`, field for field).
    init(_ mode: cfb_drm_mode) {
        let name = withUnsafeBytes(of: mode.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        self.init(clockKHz: mode.clock, hDisplay: mode.hdisplay, hSyncStart: mode.hsync_start,
                  hSyncEnd: mode.hsync_end, hTotal: mode.htotal, hSkew: mode.hskew, vDisplay: mode.vdisplay,
                  vSyncStart: mode.vsync_start, vSyncEnd: mode.vsync_end, vTotal: mode.vtotal, vScan: mode.vscan,
                  vRefresh: mode.vrefresh, flags: mode.flags, type: mode.type, name: name)
    }

    /// The mode as the shim passes it to the kernel (the name truncated to 31 bytes and NUL-terminated).
    var shimValue: cfb_drm_mode {
        var mode = cfb_drm_mode()
        mode.clock = clockKHz
        mode.hdisplay = hDisplay
        mode.hsync_start = hSyncStart
        mode.hsync_end = hSyncEnd
        mode.htotal = hTotal
        mode.hskew = hSkew
        mode.vdisplay = vDisplay
        mode.vsync_start = vSyncStart
        mode.vsync_end = vSyncEnd
        mode.vtotal = vTotal
        mode.vscan = vScan
        mode.vrefresh = vRefresh
        mode.flags = flags
        mode.type = type
        withUnsafeMutableBytes(of: &mode.name) { bytes in
            var index = 0
            for byte in name.utf8 where index < bytes.count - 1 {
                bytes[index] = byte
                index += 1
            }
        }
        return mode
    }
}
