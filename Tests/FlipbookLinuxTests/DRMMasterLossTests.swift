import Raster
import Testing
@testable import FlipbookLinux

/// DRM master taken away during play: frames are dropped, then the newest is shown when master comes back.
@Suite struct DRMMasterLossTests {
    @Test func aRefusedFlipPausesUntilMasterIsBackThenShowsTheNewestFrame() throws {
        let kernel = Fixtures.virtioCard()
        var display = try DRMDisplay(kernel: kernel)
        let full = IntRect(x: 0, y: 0, width: 64, height: 48)
        kernel.inject("PAGE_FLIP", [-13])  // EACCES: another program is master now
        Fixtures.paint(display.backBuffer, full, 0x0000_00FF)
        kernel.calls.removeAll()
        _ = try display.present(damage: DamageList(full))
        #expect(display.isMasterLost == true)
        #expect(kernel.calls == ["PAGE_FLIP crtc=31 fb=41 data=1"])
        // Still taken: the frame is dropped, drawn over in the same back buffer.
        kernel.inject("SET_MASTER", [-16])
        Fixtures.paint(display.backBuffer, IntRect(x: 0, y: 0, width: 8, height: 8), 0x00FF_0000)
        kernel.calls.removeAll()
        _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 8, height: 8)))
        #expect(display.isMasterLost == true)
        #expect(kernel.calls == ["SET_MASTER fd=3"])
        // Given back: the mode is set again with the back buffer (fb 41), which holds the newest frame.
        let newest = display.backBuffer.baseAddress
        kernel.calls.removeAll()
        _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(display.isMasterLost == false)
        #expect(kernel.calls == ["SET_MASTER fd=3", "SETCRTC crtc=31 fb=41 connectors=[33] mode=64x48"])
        #expect(Fixtures.pixel(newest, strideBytes: 256, x: 7, y: 7) == 0x00FF_0000)
        #expect(Fixtures.pixel(newest, strideBytes: 256, x: 8, y: 8) == 0x0000_00FF)
        // The other buffer became the back buffer and holds the same frame; flips resume from it.
        let back = display.backBuffer.baseAddress
        #expect(back != newest)
        #expect(Fixtures.pixel(back, strideBytes: 256, x: 7, y: 7) == 0x00FF_0000)
        #expect(Fixtures.pixel(back, strideBytes: 256, x: 63, y: 47) == 0x0000_00FF)
        kernel.calls.removeAll()
        _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(kernel.calls == ["PAGE_FLIP crtc=31 fb=40 data=2"])
    }

    @Test func otherFlipErrorsStillEndPlayback() throws {
        let kernel = Fixtures.virtioCard()
        var display = try DRMDisplay(kernel: kernel)
        kernel.inject("PAGE_FLIP", [-19])  // ENODEV: the device is gone
        #expect(throws: DisplayError.syscall(.pageFlip, Errno(rawValue: 19))) {
            _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 1, height: 1)))
        }
        #expect(display.isMasterLost == false)
    }
}
