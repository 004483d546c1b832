/// A display mode (`drm_mode_modeinfo`): the timings a CRTC runs a monitor at.
public struct DRMModeInfo: Equatable, Sendable {
    /// Pixel clock in kHz.
    public var clockKHz: UInt32
    /// Horizontal timings in pixels: visible width, sync start and end, total.
    public var hDisplay: UInt16, hSyncStart: UInt16, hSyncEnd: UInt16, hTotal: UInt16, hSkew: UInt16
    /// Vertical timings in lines: visible height, sync start and end, total, and the scan multiplier.
    public var vDisplay: UInt16, vSyncStart: UInt16, vSyncEnd: UInt16, vTotal: UInt16, vScan: UInt16
    /// The refresh rate the driver reports, in Hz (rounded).
    public var vRefresh: UInt32
    /// `DRM_MODE_FLAG_*` (interlace 0x10, double scan 0x20, …).
    public var flags: UInt32
    /// `DRM_MODE_TYPE_*` (preferred 0x8, driver 0x40, …).
    public var type: UInt32
    /// The mode's name, e.g. `1024x768`.
    public var name: String

    /// A mode from its timings.
    public init(clockKHz: UInt32, hDisplay: UInt16, hSyncStart: UInt16, hSyncEnd: UInt16, hTotal: UInt16,
                hSkew: UInt16 = 0, vDisplay: UInt16, vSyncStart: UInt16, vSyncEnd: UInt16, vTotal: UInt16,
                vScan: UInt16 = 0, vRefresh: UInt32, flags: UInt32 = 0, type: UInt32 = 0, name: String) {
        self.clockKHz = clockKHz
        self.hDisplay = hDisplay
        self.hSyncStart = hSyncStart
        self.hSyncEnd = hSyncEnd
        self.hTotal = hTotal
        self.hSkew = hSkew
        self.vDisplay = vDisplay
        self.vSyncStart = vSyncStart
        self.vSyncEnd = vSyncEnd
        self.vTotal = vTotal
        self.vScan = vScan
        self.vRefresh = vRefresh
        self.flags = flags
        self.type = type
        self.name = name
    }

    /// Whether the monitor marks this mode as its preferred one (`DRM_MODE_TYPE_PREFERRED`).
    public var isPreferred: Bool { type & 0x8 != 0 }

    /// The exact refresh rate in millihertz, from the pixel clock and totals (as the kernel's
    /// `drm_mode_vrefresh`: interlace doubles, double scan and `vScan` divide); 0 when the totals are 0.
    /// 64-bit arithmetic: the clock in Hz × 1000 overflows a 32-bit `Int` for any real mode (the 32-bit ARM
    /// players trapped here on a real kernel).
    public var refreshMillihertz: Int64 {
        var lines = Int64(vTotal)
        if flags & 0x20 != 0 { lines *= 2 }
        if vScan > 1 { lines *= Int64(vScan) }
        let pixelsPerFrame = Int64(hTotal) * lines
        guard pixelsPerFrame > 0 else { return 0 }
        var millihertz = (Int64(clockKHz) * 1_000_000 + pixelsPerFrame / 2) / pixelsPerFrame
        if flags & 0x10 != 0 { millihertz *= 2 }
        return millihertz
    }

    /// The frame interval in microseconds (16_667 when the timings give no rate).
    public var frameIntervalMicros: Int64 {
        let millihertz = refreshMillihertz
        return millihertz > 0 ? (1_000_000_000 + millihertz / 2) / millihertz : 16_667
    }

    /// `WxH@Hz`, e.g. `1024x768@75`.
    public var summary: String { "\(hDisplay)x\(vDisplay)@\(vRefresh)" }
}
