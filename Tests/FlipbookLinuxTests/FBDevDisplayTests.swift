import Raster
import Testing
@testable import FlipbookLinux

@Suite struct FBDevDisplayTests {
    @Test func opensVesaFramebufferWithShadowBufferAndExactCallTrace() throws {
        let kernel = Fixtures.vesafb(stridePadding: 64)
        do {
            let display = try FBDevDisplay(kernel: kernel)
            #expect(display.presentation == .shadowCopy)
            #expect(display.layout == .xrgb8888)  // vesafb's alpha field is ignored for scan-out
            #expect(display.backBuffer.strideBytes == 64 * 4 + 64)
            #expect(display.driverName == "VESA VGA")
            #expect(display.flushesWithFsync == false)
            #expect(kernel.calls == [
                "open /dev/fb0", "FBIOGET_VSCREENINFO fd=3", "FBIOGET_FSCREENINFO fd=3", "FBIOGET_FSCREENINFO fd=3",
                "FBIOGET_FSCREENINFO fd=3", "mmap fd=3 length=\(320 * 48) offset=0", "fsync fd=3",
            ])
            kernel.calls.removeAll()
        }
        #expect(kernel.calls == ["munmap length=\(320 * 48) offset=0", "close fd=3"])
        #expect(kernel.mappings.isEmpty && kernel.openFDs.isEmpty)
    }

    @Test func shadowPresentCopiesOnlyDamageAndPacesByTheClock() throws {
        let kernel = Fixtures.vesafb()
        var display = try FBDevDisplay(kernel: kernel)
        let screen = kernel.mappings.keys.first!
        Fixtures.paint(display.backBuffer, display.backBuffer.bounds, 0x0011_2233)
        let damage = DamageList(IntRect(x: 10, y: 5, width: 4, height: 3))
        kernel.calls.removeAll()
        let first = try display.present(damage: damage)
        #expect(Fixtures.pixel(screen, strideBytes: 256, x: 10, y: 5) == 0x0011_2233)
        #expect(Fixtures.pixel(screen, strideBytes: 256, x: 13, y: 7) == 0x0011_2233)
        #expect(Fixtures.pixel(screen, strideBytes: 256, x: 14, y: 7) == 0xABAB_ABAB)  // outside: untouched
        #expect(Fixtures.pixel(screen, strideBytes: 256, x: 10, y: 8) == 0xABAB_ABAB)
        let second = try display.present(damage: damage)
        // No vsync (ENOTTY once, then never asked again): the second frame is held to one refresh interval
        // later, a wait left to the run loop's waiter (`presentDueTime`); a caller that did not wait is made
        // to by the next present.
        #expect(kernel.calls == ["FBIO_WAITFORVSYNC fd=3 timeout=100000"])
        #expect(second == first + 16_667)
        #expect(display.presentDueTime() == second && display.lastShownTime == second)
        _ = try display.present(damage: damage)
        #expect(kernel.calls.last(where: { $0.hasPrefix("sleep") }) == "sleep until=\(second)")
    }

    @Test func emptyOrOffscreenDamagePresentsNothing() throws {
        let kernel = Fixtures.vesafb()
        var display = try FBDevDisplay(kernel: kernel)
        kernel.calls.removeAll()
        _ = try display.present(damage: DamageList())
        _ = try display.present(damage: DamageList(IntRect(x: 500, y: 0, width: 10, height: 10)))
        #expect(kernel.calls.isEmpty)
    }

    @Test func pansBetweenTwoScreensAndKeepsBackBufferEqualToTheShownFrame() throws {
        let kernel = Fixtures.panningFramebuffer()
        kernel.vsyncResult = 0
        do {
            var display = try FBDevDisplay(kernel: kernel)
            #expect(display.presentation == .panning)
            #expect(kernel.calls(matching: "FBIOPUT", "FBIOPAN") == [
                "FBIOPUT_VSCREENINFO fd=3 bpp=32 yres_virtual=96 yoffset=0", "FBIOPAN_DISPLAY fd=3 x=0 y=0",
            ])
            let memory = kernel.mappings.keys.first!
            #expect(display.backBuffer.baseAddress == memory + 256 * 48)
            Fixtures.paint(display.backBuffer, IntRect(x: 0, y: 0, width: 8, height: 8), 0x00FF_0000)
            kernel.calls.removeAll()
            _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 8, height: 8)))
            #expect(kernel.calls == ["FBIOPAN_DISPLAY fd=3 x=0 y=48", "FBIO_WAITFORVSYNC fd=3 timeout=100000"])
            // Now drawing goes to the first screen, which was brought up to date with the damage.
            #expect(display.backBuffer.baseAddress == memory)
            #expect(Fixtures.pixel(memory, strideBytes: 256, x: 7, y: 7) == 0x00FF_0000)
            #expect(Fixtures.pixel(memory, strideBytes: 256, x: 8, y: 7) == 0xABAB_ABAB)
            kernel.calls.removeAll()
            _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 1, height: 1)))
            #expect(kernel.calls.first == "FBIOPAN_DISPLAY fd=3 x=0 y=0")
            kernel.calls.removeAll()
        }
        // Teardown puts the single-screen configuration back before closing.
        #expect(kernel.calls == ["munmap length=\(256 * 96) offset=0",
                                 "FBIOPUT_VSCREENINFO fd=3 bpp=32 yres_virtual=48 yoffset=0", "close fd=3"])
    }

    @Test func vsyncTimeoutFallsBackToClockPacing() throws {
        let kernel = Fixtures.vesafb()
        kernel.vsyncResult = 0
        var display = try FBDevDisplay(kernel: kernel)
        kernel.inject("FBIO_WAITFORVSYNC", [0, -110])  // answers once, then a driver that never signals
        let damage = DamageList(IntRect(x: 0, y: 0, width: 1, height: 1))
        _ = try display.present(damage: damage)
        _ = try display.present(damage: damage)
        _ = try display.present(damage: damage)
        #expect(kernel.calls(matching: "FBIO_WAITFORVSYNC").count == 2)
        #expect(kernel.calls(matching: "sleep").count == 1)  // the third present waits for the second's slot
    }

    @Test func vsyncAnsweredAtOnceIsNotTrustedToPace() throws {
        let kernel = Fixtures.vesafb()
        kernel.vsyncResult = 0  // returns immediately, as DRM's fbdev emulation does without vblank
        var display = try FBDevDisplay(kernel: kernel)
        let damage = DamageList(IntRect(x: 0, y: 0, width: 1, height: 1))
        let first = try display.present(damage: damage)
        let second = try display.present(damage: damage)
        let third = try display.present(damage: damage)
        #expect(kernel.calls(matching: "FBIO_WAITFORVSYNC").count == 2)
        #expect([second - first, third - second] == [16_667, 16_667])
    }

    @Test func deferredIOFramebufferIsSyncedAfterEveryPresent() throws {
        let kernel = Fixtures.vesafb()
        kernel.deferredIO = true
        var display = try FBDevDisplay(kernel: kernel)
        #expect(display.flushesWithFsync == true)
        kernel.calls.removeAll()
        _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 2, height: 2)))
        #expect(kernel.calls.last == "fsync fd=3")
    }

    @Test func deferredIOFramebufferIsSyncedBeforeItIsPannedTo() throws {
        // DRM's fbdev emulation with drm_fbdev_overalloc=200: two screens already, and writes reach them on fsync.
        let kernel = Fixtures.panningFramebuffer()
        kernel.variable.yres_virtual = 96
        kernel.deferredIO = true
        do {
            var display = try FBDevDisplay(kernel: kernel)
            #expect(display.presentation == .panning && display.flushesWithFsync)
            #expect(kernel.calls(matching: "FBIOPUT").isEmpty)  // the virtual height needs no change
            kernel.calls.removeAll()
            _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 2, height: 2)))
            _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 2, height: 2)))
            #expect(kernel.calls(matching: "fsync", "FBIOPAN") == [
                "fsync fd=3", "FBIOPAN_DISPLAY fd=3 x=0 y=48", "fsync fd=3", "FBIOPAN_DISPLAY fd=3 x=0 y=0",
            ])
            _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 2, height: 2)))
            kernel.calls.removeAll()
        }
        // Left on the second screen, it pans back to the first (where setup found it) before closing.
        #expect(kernel.calls == ["munmap length=\(256 * 96) offset=0", "FBIOPAN_DISPLAY fd=3 x=0 y=0", "close fd=3"])
    }

    @Test func drmFbdevEmulationIsNotPannedEvenWithTwoScreens() throws {
        // virtio-gpu's fbdev emulation with drm_fbdev_overalloc=200: two screens, ypanstep 1, deferred I/O.
        let kernel = Fixtures.panningFramebuffer()
        kernel.variable.yres_virtual = 96
        kernel.deferredIO = true
        withUnsafeMutableBytes(of: &kernel.fixed.id) { bytes in
            for (index, byte) in "virtio_gpudrmfb".utf8.enumerated() { bytes[index] = byte }
        }
        let display = try FBDevDisplay(kernel: kernel)
        #expect(display.presentation == .shadowCopy)
        #expect(display.driverName == "virtio_gpudrmfb")
        #expect(kernel.calls(matching: "FBIOPAN", "FBIOPUT").isEmpty)
    }

    @Test(arguments: [
        (bpp: UInt32(16), fields: [UInt32(11), 5, 5, 6, 0, 5], layout: PixelLayout.rgb565, bytes: 2),
        (bpp: 16, fields: [0, 5, 5, 6, 11, 5], layout: PixelLayout.bgr565, bytes: 2),
        (bpp: 24, fields: [16, 8, 8, 8, 0, 8], layout: PixelLayout.rgb888, bytes: 3),
        (bpp: 32, fields: [0, 8, 8, 8, 16, 8], layout: PixelLayout.xbgr8888, bytes: 4),
    ])
    func readsAnyBitfieldLayoutAndStride(bpp: UInt32, fields: [UInt32], layout: PixelLayout, bytes: Int) throws {
        let kernel = Fixtures.vesafb()
        kernel.variable.bits_per_pixel = bpp
        kernel.variable.red_offset = fields[0]; kernel.variable.red_length = fields[1]
        kernel.variable.green_offset = fields[2]; kernel.variable.green_length = fields[3]
        kernel.variable.blue_offset = fields[4]; kernel.variable.blue_length = fields[5]
        kernel.variable.transp_length = 0
        kernel.fixed.line_length = 64 * UInt32(bytes) + 16
        kernel.fixed.smem_length = UInt64(kernel.fixed.line_length) * 48
        let display = try FBDevDisplay(kernel: kernel)
        #expect(display.layout == layout)
        #expect(display.backBuffer.strideBytes == Int(kernel.fixed.line_length))
    }

    @Test func paletteModeTriesDepthsAndReportsTheFormat() throws {
        let kernel = Fixtures.vesafb()
        kernel.variable.bits_per_pixel = 8
        kernel.fixed.visual = 3  // FB_VISUAL_PSEUDOCOLOR
        #expect(throws: DisplayError.unsupportedFormat(path: "/dev/fb0", format: "8 bpp R16:8 G8:8 B0:8 A24:8")) {
            _ = try FBDevDisplay(kernel: kernel)
        }
        #expect(kernel.calls(matching: "FBIOPUT").map { $0.split(separator: " ")[2] } == ["bpp=32", "bpp=16", "bpp=8"])
        #expect(kernel.calls.last == "close fd=3")
    }

    @Test func paletteModeSwitchesTo32BitsWhenTheDriverAcceptsItAndRestoresOnExit() throws {
        let kernel = Fixtures.vesafb()
        kernel.variable.bits_per_pixel = 8
        kernel.fixed.visual = 3
        kernel.acceptedDepths = [32]
        do {
            let display = try FBDevDisplay(kernel: kernel)
            #expect(display.layout == .xrgb8888)
            kernel.calls.removeAll()
        }
        #expect(kernel.calls(matching: "FBIOPUT") == ["FBIOPUT_VSCREENINFO fd=3 bpp=8 yres_virtual=48 yoffset=0"])
    }

    @Test func requestedFormatIsSetAndARefusalSaysWhatTheDeviceShows() throws {
        let kernel = Fixtures.vesafb()
        kernel.acceptedDepths = [16]
        var options = FBDevDisplay<RecordingKernel>.Options()
        options.format = .rgb565
        let display = try FBDevDisplay(kernel: kernel, options: options)
        #expect(display.layout == .rgb565)
        #expect(display.backBuffer.strideBytes == 128)

        let refusing = Fixtures.vesafb()
        #expect(throws: DisplayError.unsupportedFormat(
            path: "/dev/fb0", format: "the driver refused the requested format; it shows 32 bpp R16:8 G8:8 B0:8 A24:8 (32 bpp)")) {
            _ = try FBDevDisplay(kernel: refusing, options: options)
        }
    }
}
