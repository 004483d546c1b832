@testable import FlipbookLinux
import Raster

/// Fake devices as the VM's drivers present them.
enum Fixtures {
    /// A vesafb-like framebuffer: `width`×`height`, 32 bpp XRGB (alpha field reported, as vesafb does),
    /// one screen of memory, no panning, no vsync.
    static func vesafb(width: UInt32 = 64, height: UInt32 = 48, stridePadding: UInt32 = 0) -> RecordingKernel {
        let kernel = RecordingKernel()
        kernel.existingPaths = ["/dev/fb0"]
        var v = FBVariableScreenInfo()
        v.xres = width; v.yres = height; v.xres_virtual = width; v.yres_virtual = height
        v.bits_per_pixel = 32
        v.red_offset = 16; v.red_length = 8; v.green_offset = 8; v.green_length = 8
        v.blue_offset = 0; v.blue_length = 8; v.transp_offset = 24; v.transp_length = 8
        kernel.variable = v
        var f = FBFixedScreenInfo()
        f.line_length = width * 4 + stridePadding
        f.smem_length = UInt64(f.line_length) * UInt64(height)
        f.visual = 2
        withUnsafeMutableBytes(of: &f.id) { bytes in for (i, c) in "VESA VGA".utf8.enumerated() { bytes[i] = c } }
        kernel.fixed = f
        return kernel
    }

    /// A framebuffer that pans: two screens of memory and `ypanstep` 1.
    static func panningFramebuffer(width: UInt32 = 64, height: UInt32 = 48) -> RecordingKernel {
        let kernel = vesafb(width: width, height: height)
        kernel.fixed.ypanstep = 1
        kernel.fixed.smem_length = UInt64(kernel.fixed.line_length) * UInt64(height) * 2
        return kernel
    }

    /// The preferred mode of QEMU's EDID at 64x48 (small, so tests stay fast): 75 Hz timings.
    static let preferredMode = DRMModeInfo(clockKHz: 78_750, hDisplay: 64, hSyncStart: 80, hSyncEnd: 96, hTotal: 1312,
                                           vDisplay: 48, vSyncStart: 49, vSyncEnd: 52, vTotal: 800,
                                           vRefresh: 75, type: 0x48, name: "64x48")
    /// A second, non-preferred mode.
    static let smallMode = DRMModeInfo(clockKHz: 25_175, hDisplay: 32, hSyncStart: 40, hSyncEnd: 48, hTotal: 800,
                                       vDisplay: 24, vSyncStart: 25, vSyncEnd: 27, vTotal: 525,
                                       vRefresh: 60, type: 0x40, name: "32x24")

    /// A virtio-gpu-like card at `/dev/dri/card0`: one connected Virtual connector, one encoder, one CRTC
    /// showing the console's framebuffer 7; flip events come at once with sequence 0.
    static func virtioCard(connected: Bool = true) -> RecordingKernel {
        let kernel = RecordingKernel()
        kernel.existingPaths = ["/dev/dri/card0"]
        kernel.cardResources = DRMCardResources(crtcIDs: [31], connectorIDs: [33], encoderIDs: [32])
        kernel.connectors[33] = DRMConnector(id: 33, type: 15, typeIndex: 1,
                                             connection: connected ? .connected : .disconnected,
                                             currentEncoderID: 32, encoderIDs: [32],
                                             modes: connected ? [smallMode, preferredMode] : [])
        kernel.encoders[32] = DRMEncoder(id: 32, currentCRTCID: 31, possibleCRTCs: 1)
        kernel.crtcs[31] = DRMCRTC(id: 31, framebufferID: 7, x: 0, y: 0, mode: preferredMode)
        kernel.planeFormats = [0x3432_5258, 0x3631_4752]
        kernel.driverName = "virtio_gpu"
        return kernel
    }

    /// Fills `rect` of `surface` with the 32-bit pixel `value`.
    static func paint(_ surface: Surface, _ rect: IntRect, _ value: UInt32) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                (surface.rowAddress(y) + x * 4).storeBytes(of: value, as: UInt32.self)
            }
        }
    }

    /// The 32-bit pixel at (x, y) of memory with `strideBytes` per row.
    static func pixel(_ base: UnsafeMutableRawPointer, strideBytes: Int, x: Int, y: Int) -> UInt32 {
        (base + y * strideBytes + x * 4).loadUnaligned(as: UInt32.self)
    }
}
