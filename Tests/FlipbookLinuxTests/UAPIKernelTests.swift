import CFlipbookShim
import Raster
import Testing
@testable import FlipbookLinux

/// The raw-ioctl kernel of the Embedded player, on the build machine's kernel: every DRM call answers a
/// non-DRM file with ENOTTY through the 0 / -errno convention, and the DRM display turns that into the
/// documented errors. (Its success paths run for real in `make vm-arm-test`, on virtio-gpu; the calls it
/// shares with `LinuxKernel` through `ShimKernel` — files, memory maps, clock — are tested in `LinuxKernelTests`.)
@Suite struct UAPIKernelTests {
    let kernel = UAPIKernel()

    @Test func missingDevicesAnswerENOENTAndTheDisplaySaysWhichPathsItTried() {
        #expect(kernel.openFile("/nonexistent/card0", nonblocking: false) == -Errno.noSuchFileOrDirectory.rawValue)
        #expect(kernel.fileExists("/nonexistent/card0") == -Errno.noSuchFileOrDirectory.rawValue)
        #expect(kernel.fileExists("/dev/null") == 0)
        #expect(kernel.groupName(ofFile: "/dev/null") == nil)
        #expect(throws: DisplayError.noDevice(tried: ["/nonexistent/card0", "/nonexistent/card1"])) {
            var options = DRMDisplay<UAPIKernel>.Options()
            options.paths = ["/nonexistent/card0", "/nonexistent/card1"]
            _ = try DRMDisplay(kernel: kernel, options: options)
        }
    }

    @Test func everyDRMQueryOnANonDeviceAnswersENOTTY() throws {
        let fd = kernel.openFile("/dev/null", nonblocking: false)
        try #require(fd >= 0)
        defer { _ = kernel.closeFile(fd) }
        let notDRM = Errno.notATerminal
        #expect(kernel.driver(fd) == .failure(notDRM))
        #expect(kernel.resources(fd) == .failure(notDRM))
        #expect(kernel.connector(fd, id: 31) == .failure(notDRM))
        #expect(kernel.encoder(fd, id: 32) == .failure(notDRM))
        #expect(kernel.crtc(fd, id: 33) == .failure(notDRM))
        #expect(kernel.primaryPlaneFormats(fd, crtcIndex: 0) == .failure(notDRM))
        #expect(kernel.setCRTC(fd, crtcID: 33, framebufferID: 0, x: 0, y: 0, connectorIDs: [31],
                               mode: Fixtures.preferredMode) == -notDRM.rawValue)
        #expect(kernel.setCRTC(fd, crtcID: 33, framebufferID: 0, x: 0, y: 0, connectorIDs: [], mode: nil) == -notDRM.rawValue)
        var value: UInt64 = 0
        #expect(kernel.capability(fd, 1, value: &value) == -notDRM.rawValue)
        #expect(kernel.becomeMaster(fd) == -notDRM.rawValue)
        #expect(kernel.consoleMode(fd) == -notDRM.rawValue)
    }

    @Test func aNonDeviceIsNotADRMDisplay() {
        #expect(throws: DisplayError.invalidDevice(path: "/dev/null", reason: "not a DRM device (DRM_IOCTL_GET_CAP refused)")) {
            var options = DRMDisplay<UAPIKernel>.Options()
            options.paths = ["/dev/null"]
            _ = try DRMDisplay(kernel: kernel, options: options)
        }
    }

    /// `cfb_drm_mode` must be `struct drm_mode_modeinfo` byte for byte (68 bytes, the name at 36), or the
    /// kernel would read the timings from the wrong places.
    @Test func theShimModeHasTheKernelLayout() {
        #expect(MemoryLayout<cfb_drm_mode>.size == 68)
        #expect(MemoryLayout<cfb_drm_mode>.offset(of: \cfb_drm_mode.vdisplay) == 14)
        #expect(MemoryLayout<cfb_drm_mode>.offset(of: \cfb_drm_mode.vrefresh) == 24)
        #expect(MemoryLayout<cfb_drm_mode>.offset(of: \cfb_drm_mode.name) == 36)
    }

    @Test func modesSurviveTheTripThroughTheShim() {
        let mode = DRMModeInfo(clockKHz: 78_750, hDisplay: 1024, hSyncStart: 1040, hSyncEnd: 1136, hTotal: 1312,
                               hSkew: 3, vDisplay: 768, vSyncStart: 769, vSyncEnd: 772, vTotal: 800, vScan: 2,
                               vRefresh: 75, flags: 0x5, type: 0x48, name: "1024x768")
        let shim = mode.shimValue
        #expect(shim.clock == 78_750 && shim.hdisplay == 1024 && shim.vtotal == 800 && shim.vscan == 2)
        #expect(shim.flags == 0x5 && shim.type == 0x48)
        #expect(DRMModeInfo(shim) == mode)
    }

    @Test func longModeNamesAreCutToThirtyOneBytesAndTerminated() {
        let long = String(repeating: "m", count: 40)
        let mode = DRMModeInfo(clockKHz: 1, hDisplay: 1, hSyncStart: 1, hSyncEnd: 1, hTotal: 1, vDisplay: 1,
                               vSyncStart: 1, vSyncEnd: 1, vTotal: 1, vRefresh: 1, name: long)
        let shim = mode.shimValue
        #expect(withUnsafeBytes(of: shim.name) { $0[31] } == 0)
        #expect(DRMModeInfo(shim).name == String(repeating: "m", count: 31))
    }
}
