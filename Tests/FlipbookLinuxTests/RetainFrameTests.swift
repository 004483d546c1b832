#if canImport(Glibc)
import Glibc
#endif
import Raster
import Testing
@testable import FlipbookLinux

/// `quit` with `retain`: what each display leaves behind for the next program.
@Suite struct RetainFrameTests {
    @Test func drmHandOverDropsMasterAndKeepsTheNextMastersConfiguration() throws {
        let kernel = Fixtures.virtioCard()
        do {
            var display = try DRMDisplay(kernel: kernel)
            _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 4, height: 4)))
            kernel.calls.removeAll()
            kernel.crtcs[31]!.framebufferID = 99  // the next program's framebuffer is on the CRTC
            #expect(display.handOver(waitMillis: 1000) == .takenOver)
            // The flip in flight is completed first; then master goes and the CRTC is looked at.
            #expect(kernel.calls(matching: "DROP_MASTER", "GETCRTC", "SET_MASTER", "SETCRTC")
                    == ["DROP_MASTER fd=3", "GETCRTC id=31"])
            kernel.calls.removeAll()
        }
        // No SETCRTC back to the console's framebuffer: the next program's frame stays.
        #expect(kernel.calls == Array(DRMDisplayTests.teardownTrace.dropFirst()))
        #expect(kernel.crtcs[31]!.framebufferID == 99)
    }

    @Test func drmHandOverNobodyTakesRestoresTheDisplayAfterTheWait() throws {
        let kernel = Fixtures.virtioCard()
        do {
            var display = try DRMDisplay(kernel: kernel)
            kernel.calls.removeAll()
            let start = kernel.nowMicros
            #expect(display.handOver(waitMillis: 100) == .notTakenOver)
            #expect(kernel.nowMicros == start + 100_000)  // waited exactly the limit, looking every 20 ms
            #expect(kernel.calls(matching: "GETCRTC").count == 5)
            #expect(kernel.calls.first == "DROP_MASTER fd=3")
            #expect(kernel.calls.last == "SET_MASTER fd=3")  // taken back, so the restore below is allowed
            kernel.calls.removeAll()
        }
        #expect(kernel.calls == DRMDisplayTests.teardownTrace)
    }

    @Test func drmHandOverEndsOnAStopSignal() throws {
        let kernel = Fixtures.virtioCard()
        var display = try DRMDisplay(kernel: kernel)
        kernel.stopSignalValue = 15
        kernel.calls.removeAll()
        #expect(display.handOver(waitMillis: 30_000) == .notTakenOver)
        #expect(kernel.calls == ["DROP_MASTER fd=3", "SET_MASTER fd=3"])
    }

    @Test func drmHandOverRefusedKeepsMasterAndRestores() throws {
        let kernel = Fixtures.virtioCard()
        var display = try DRMDisplay(kernel: kernel)
        kernel.inject("DROP_MASTER", [-13])
        kernel.calls.removeAll()
        #expect(display.handOver(waitMillis: 1000) == .notTakenOver)
        #expect(kernel.calls == ["DROP_MASTER fd=3"])
    }

    @Test func fbdevRetainPansToTheFirstScreenHoldingTheLastFrameAndKeepsTheConfiguration() throws {
        let kernel = Fixtures.panningFramebuffer()
        kernel.vsyncResult = 0
        do {
            var display = try FBDevDisplay(kernel: kernel)
            let memory = kernel.mappings.keys.first!
            Fixtures.paint(display.backBuffer, IntRect(x: 0, y: 0, width: 64, height: 48), 0x0012_3456)
            _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 64, height: 48)))
            // On screen: the second screen; the first holds the same frame.
            #expect(memcmp(memory, memory + 256 * 48, 256 * 48) == 0)
            display.retainFrame()
            kernel.calls.removeAll()
        }
        #expect(kernel.calls == ["munmap length=\(256 * 96) offset=0", "FBIOPAN_DISPLAY fd=3 x=0 y=0", "close fd=3"])
    }

    @Test func consoleKeptInGraphicsModeAfterRetain() throws {
        let kernel = RecordingKernel()
        kernel.existingPaths = ["/dev/tty0"]
        kernel.consoleModes["/dev/tty0"] = 0
        do {
            var guardian = try ConsoleGuard(kernel: kernel)
            guardian.keepGraphicsMode()
            kernel.calls.removeAll()
        }
        #expect(kernel.calls == ["close fd=3", "signals uninstall"])
        #expect(kernel.consoleModes["/dev/tty0"] == 1)
    }
}
