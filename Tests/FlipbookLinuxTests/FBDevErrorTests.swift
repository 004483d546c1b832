import Raster
import Testing
@testable import FlipbookLinux

@Suite struct FBDevErrorTests {
    @Test func missingDeviceNamesEveryPathTried() {
        let kernel = RecordingKernel()
        #expect(throws: DisplayError.noDevice(tried: ["/dev/fb0", "/dev/fb1"])) { _ = try FBDevDisplay(kernel: kernel) }
        #expect(DisplayError.noDevice(tried: ["/dev/fb0", "/dev/fb1"]).message
                == "no display device found (tried /dev/fb0, /dev/fb1)")
    }

    @Test func permissionErrorNamesTheOwningGroup() {
        let kernel = Fixtures.vesafb()
        kernel.groups["/dev/fb0"] = "video"
        kernel.inject("open /dev/fb0", [-13])
        let expected = DisplayError.permissionDenied(path: "/dev/fb0", group: "video")
        #expect(throws: expected) { _ = try FBDevDisplay(kernel: kernel) }
        #expect(expected.message == "permission denied opening /dev/fb0: add the user to the 'video' group (or run as root)")
        #expect(expected.exitStatus == 4)
    }

    @Test func interruptedCallsAreRetriedAtEachSetupStep() throws {
        let kernel = Fixtures.vesafb()
        for operation in ["open", "FBIOGET_VSCREENINFO", "FBIOGET_FSCREENINFO", "mmap"] { kernel.inject(operation, [-4]) }
        _ = try FBDevDisplay(kernel: kernel)
        #expect(kernel.calls(matching: "open").count == 2)
        #expect(kernel.calls(matching: "FBIOGET_VSCREENINFO").count == 2)
        #expect(kernel.calls(matching: "mmap").count == 2)
    }

    @Test func notAFramebufferIsSaidSo() {
        let kernel = Fixtures.vesafb()
        kernel.inject("FBIOGET_VSCREENINFO", [-25])
        #expect(throws: DisplayError.invalidDevice(path: "/dev/fb0",
                                                   reason: "not a framebuffer device (FBIOGET_VSCREENINFO refused)")) {
            _ = try FBDevDisplay(kernel: kernel)
        }
        #expect(kernel.calls.last == "close fd=3")
    }

    @Test func mmapFailureUndoesThePanningSetupThenCloses() {
        let kernel = Fixtures.panningFramebuffer()
        kernel.inject("mmap", [-12])
        #expect(throws: DisplayError.mapFailed(path: "/dev/fb0", bytes: 256 * 96, .noMemory)) {
            _ = try FBDevDisplay(kernel: kernel)
        }
        let tail = Array(kernel.calls.suffix(3))
        #expect(tail == ["mmap fd=3 length=24576 offset=0", "FBIOPUT_VSCREENINFO fd=3 bpp=32 yres_virtual=48 yoffset=0",
                         "close fd=3"])
        #expect(kernel.mappings.isEmpty && kernel.openFDs.isEmpty)
    }

    @Test func memoryTooSmallForTheReportedStrideIsRefused() {
        let kernel = Fixtures.vesafb()
        kernel.fixed.smem_length = 1000
        #expect(throws: DisplayError.invalidDevice(
            path: "/dev/fb0", reason: "line_length 256 × 48 lines × 1 does not fit smem_len 1000")) {
            _ = try FBDevDisplay(kernel: kernel)
        }
    }

    @Test func panRefusedFallsBackToTheShadowBuffer() throws {
        let kernel = Fixtures.panningFramebuffer()
        kernel.inject("FBIOPAN_DISPLAY", [-22])
        let display = try FBDevDisplay(kernel: kernel)
        #expect(display.presentation == .shadowCopy)
    }

    @Test func frameIntervalComesFromTheTimings() {
        var info = FBVariableScreenInfo()
        // 1024x768 at 60 Hz (VESA DMT): 65 MHz pixel clock, 1344 × 806 total.
        info.xres = 1024; info.yres = 768; info.pixclock = 15_384
        info.left_margin = 160; info.right_margin = 24; info.hsync_len = 136
        info.upper_margin = 29; info.lower_margin = 3; info.vsync_len = 6
        // 15384 ps × 1344 × 806 = 16_665_047 ns ≈ 16_665 µs (60.006 Hz).
        #expect(FBDevFormat.frameIntervalMicros(info) == 16_665)
        #expect(FBDevFormat.frameIntervalMicros(FBVariableScreenInfo()) == 16_667)
    }
}
