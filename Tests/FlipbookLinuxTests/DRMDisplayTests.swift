import Raster
import Testing
@testable import FlipbookLinux

@Suite struct DRMDisplayTests {
    static let setupTrace = [
        "open /dev/dri/card0", "GET_CAP fd=3 cap=1", "GETRESOURCES fd=3", "GETCONNECTOR id=33", "SET_MASTER fd=3",
        "GETRESOURCES fd=3", "GETCONNECTOR id=33", "GETRESOURCES fd=3", "GETENCODER id=32", "PLANE_FORMATS crtcIndex=0",
        "CREATE_DUMB 64x48 bpp=32", "ADDFB2 64x48 XR24 handle=1 pitch=256", "MAP_DUMB handle=1",
        "mmap fd=3 length=12288 offset=4294967296",
        "CREATE_DUMB 64x48 bpp=32", "ADDFB2 64x48 XR24 handle=2 pitch=256", "MAP_DUMB handle=2",
        "mmap fd=3 length=12288 offset=8589934592",
        "GETCRTC id=31", "SETCRTC crtc=31 fb=40 connectors=[33] mode=64x48", "VERSION fd=3",
    ]

    static let teardownTrace = [
        "SETCRTC crtc=31 fb=7 connectors=[33] mode=64x48",
        "munmap length=12288 offset=8589934592", "RMFB fb=41", "DESTROY_DUMB handle=2",
        "munmap length=12288 offset=4294967296", "RMFB fb=40", "DESTROY_DUMB handle=1", "close fd=3",
    ]

    @Test func setsPreferredModeWithTwoDumbBuffersAndRestoresInReverseOrder() throws {
        let kernel = Fixtures.virtioCard()
        do {
            let display = try DRMDisplay(kernel: kernel)
            #expect(kernel.calls == Self.setupTrace)
            #expect(display.mode == Fixtures.preferredMode)
            #expect(display.connectorName == "Virtual-1")
            #expect(display.driverName == "virtio_gpu")
            #expect(display.refreshIntervalMicros == 13_328)  // 78.75 MHz / (1312 × 800) = 75.029 Hz
            kernel.calls.removeAll()
        }
        #expect(kernel.calls == Self.teardownTrace)
        #expect(kernel.mappings.isEmpty && kernel.openFDs.isEmpty)
    }

    /// The mode set shows buffer 0, so it is written black; buffer 1 gets the first frame whole (every pixel),
    /// so opening leaves it as mapped (the fake kernel maps memory filled with 0xAB): one store pass fewer
    /// before the first frame.
    @Test func clearsOnlyTheBufferTheModeSetShows() throws {
        let kernel = Fixtures.virtioCard()
        let display = try DRMDisplay(kernel: kernel)
        let bytes = 256 * 48
        let front = display.frontBuffer.baseAddress.bindMemory(to: UInt8.self, capacity: bytes)
        let back = display.backBuffer.baseAddress.bindMemory(to: UInt8.self, capacity: bytes)
        #expect((0..<bytes).allSatisfy { front[$0] == 0 })
        #expect((0..<bytes).allSatisfy { back[$0] == 0xAB })
    }

    @Test func flipsWithEventsAndKeepsTheBackBufferEqualToTheShownFrame() throws {
        let kernel = Fixtures.virtioCard()
        kernel.flipSequence = 1
        kernel.flipLatencyMicros = 13_328
        var display = try DRMDisplay(kernel: kernel)
        let first = display.backBuffer.baseAddress
        Fixtures.paint(display.backBuffer, IntRect(x: 2, y: 3, width: 5, height: 4), 0x0000_FF00)
        kernel.calls.removeAll()
        let queued = kernel.nowMicros
        // present queues the flip and returns; the frame is expected one refresh after the mode set.
        let forecast = try display.present(damage: DamageList(IntRect(x: 2, y: 3, width: 5, height: 4)))
        #expect(kernel.calls == ["PAGE_FLIP crtc=31 fb=41 data=1"])
        #expect(forecast == queued + 13_328)
        // Until the event comes the flip is in flight: look again at the expected vblank.
        #expect(display.presentDueTime() == queued + 13_328)
        kernel.nowMicros += 13_328
        #expect(display.presentDueTime() == nil)
        #expect(display.lastShownTime == queued + 13_328)
        #expect(kernel.deliveredFlipTimes == [queued + 13_328])
        #expect(display.pacesByClock == false)  // an event 13.3 ms later with a sequence: a real vblank
        // The new back buffer (the first one, fb 40) got the damage copied from the frame on screen.
        let back = display.backBuffer.baseAddress
        #expect(back != first)
        #expect(Fixtures.pixel(back, strideBytes: 256, x: 6, y: 6) == 0x0000_FF00)
        #expect(Fixtures.pixel(back, strideBytes: 256, x: 7, y: 6) == 0)
        kernel.calls.removeAll()
        _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(kernel.calls == ["PAGE_FLIP crtc=31 fb=40 data=2"])
    }

    @Test func presentWaitsForAFlipItsCallerDidNotWaitFor() throws {
        let kernel = Fixtures.virtioCard()
        kernel.flipSequence = 1
        kernel.flipLatencyMicros = 13_328
        var display = try DRMDisplay(kernel: kernel)
        let damage = DamageList(IntRect(x: 0, y: 0, width: 4, height: 4))
        let queued = kernel.nowMicros
        _ = try display.present(damage: damage)
        kernel.calls.removeAll()
        _ = try display.present(damage: damage)  // the first flip is still in flight: read its event first
        #expect(kernel.calls == ["poll fd=3", "poll fd=3", "read event", "PAGE_FLIP crtc=31 fb=40 data=2"])
        #expect(kernel.deliveredFlipTimes == [queued + 13_328])
    }

    @Test func instantFlipEventsArePacedByTheModeRefreshRate() throws {
        let kernel = Fixtures.virtioCard()  // sequence 0, no latency: a virtual GPU
        let start = kernel.nowMicros
        var display = try DRMDisplay(kernel: kernel)
        let damage = DamageList(IntRect(x: 0, y: 0, width: 4, height: 4))
        let first = try display.present(damage: damage)
        #expect(first == start + 13_328)
        // The event came at once, but the frame is held to its refresh slot.
        #expect(display.presentDueTime() == first)
        #expect(display.pacesByClock == true)
        #expect(display.lastShownTime == first)
        kernel.nowMicros = first
        #expect(display.presentDueTime() == nil)
        let second = try display.present(damage: damage)
        #expect(second == first + 13_328)
        #expect(display.presentDueTime() == second)
        #expect(kernel.calls(matching: "sleep").isEmpty)  // the waiting is the run loop's, not present's
    }

    @Test func aFlipThatNeverCompletesIsGivenUpAfterItsTimeout() throws {
        let kernel = Fixtures.virtioCard()
        var display = try DRMDisplay(kernel: kernel)
        kernel.deliversFlipEvents = false
        let damage = DamageList(IntRect(x: 0, y: 0, width: 1, height: 1))
        let queued = kernel.nowMicros
        _ = try display.present(damage: damage)
        #expect(display.presentDueTime() == queued + 13_328)  // the expected vblank
        kernel.nowMicros = queued + 20_000
        #expect(display.presentDueTime() == queued + 20_000 + 13_328 / 4)  // then every quarter refresh
        kernel.nowMicros = queued + 1_000_000
        #expect(display.presentDueTime() == nil)
        #expect(display.lostFlips == 1)
        #expect(display.pacesByClock == true)
        // The kernel still holds that flip: EBUSY once, then the retry after reading the card goes through.
        kernel.deliversFlipEvents = true
        kernel.inject("PAGE_FLIP", [-16])
        kernel.calls.removeAll()
        _ = try display.present(damage: damage)
        #expect(kernel.calls == ["PAGE_FLIP crtc=31 fb=40 data=2", "poll fd=3", "PAGE_FLIP crtc=31 fb=40 data=3"])
        #expect(display.presentation == .pageFlip)
    }

    @Test func flipsThatStayBusyFallBackToCopying() throws {
        let kernel = Fixtures.virtioCard()
        var display = try DRMDisplay(kernel: kernel)
        kernel.inject("PAGE_FLIP", [-16, -16])
        _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(display.presentation == .frontBufferCopy)
        #expect(kernel.calls(matching: "DIRTYFB").count == 1)
    }

    @Test func driverWithoutPageFlipGetsDamageCopiedAndDirtyRectangles() throws {
        let kernel = Fixtures.virtioCard()
        kernel.inject("PAGE_FLIP", [-22])
        var display = try DRMDisplay(kernel: kernel)
        Fixtures.paint(display.backBuffer, IntRect(x: 0, y: 0, width: 64, height: 48), 0x0012_3456)
        var damage = DamageList(IntRect(x: 1, y: 2, width: 3, height: 4))
        damage.add(IntRect(x: 60, y: 40, width: 10, height: 10))  // partly off screen: clipped
        _ = try display.present(damage: damage)
        #expect(display.presentation == .frontBufferCopy)
        #expect(kernel.calls(matching: "DIRTYFB") == ["DIRTYFB fb=40 clips=(1,2)-(4,6) (60,40)-(64,48)"])
        let screen = display.frontBuffer.baseAddress
        #expect(Fixtures.pixel(screen, strideBytes: 256, x: 3, y: 5) == 0x0012_3456)
        #expect(Fixtures.pixel(screen, strideBytes: 256, x: 4, y: 5) == 0)
        // A driver scanning out VRAM answers ENOSYS once and is not asked again.
        kernel.inject("DIRTYFB", [-38])
        _ = try display.present(damage: damage)
        _ = try display.present(damage: damage)
        #expect(kernel.calls(matching: "DIRTYFB").count == 2)
    }

    @Test func requestedModeIsUsedAndAMissingOneListsTheOffer() throws {
        let kernel = Fixtures.virtioCard()
        var options = DRMDisplay<RecordingKernel>.Options()
        options.mode = try DRMModeRequest(parsing: "32x24@60")
        let display = try DRMDisplay(kernel: kernel, options: options)
        #expect(display.mode == Fixtures.smallMode)
        #expect(display.backBuffer.width == 32)

        options.mode = try DRMModeRequest(parsing: "800x600")
        let expected = DisplayError.modeNotAvailable(requested: "800x600", available: ["32x24@60", "64x48@75"])
        #expect(throws: expected) { _ = try DRMDisplay(kernel: Fixtures.virtioCard(), options: options) }
        #expect(expected.message == "mode 800x600 is not offered (available: 32x24@60, 64x48@75)")
    }

    @Test func rgb565UsesTheRG16FourCC() throws {
        let kernel = Fixtures.virtioCard()
        var options = DRMDisplay<RecordingKernel>.Options()
        options.format = .rgb565
        let display = try DRMDisplay(kernel: kernel, options: options)
        #expect(display.layout == .rgb565)
        #expect(kernel.calls(matching: "ADDFB2").first == "ADDFB2 64x48 RG16 handle=1 pitch=128")

        let xrgbOnly = Fixtures.virtioCard()
        xrgbOnly.planeFormats = [0x3432_5258]
        #expect(throws: DisplayError.unsupportedFormat(path: "/dev/dri/card0", format: "RG16 (the plane takes XR24)")) {
            _ = try DRMDisplay(kernel: xrgbOnly, options: options)
        }
    }

    @Test func modeRefreshFollowsTheKernelFormula() {
        #expect(Fixtures.preferredMode.refreshMillihertz == 75_029)
        var interlaced = Fixtures.smallMode
        interlaced.flags = 0x10
        #expect(Fixtures.smallMode.refreshMillihertz == 59_940)  // 25.175 MHz / (800 × 525)
        #expect(interlaced.refreshMillihertz == 119_880)
        #expect(Fixtures.smallMode.frameIntervalMicros == 16_683)
    }

    @Test(arguments: [("1024x768", 1024, 768, nil), ("1920x1080@60", 1920, 1080, 60)] as [(String, Int, Int, Int?)])
    func parsesModeRequests(text: String, width: Int, height: Int, hz: Int?) throws {
        let request = try DRMModeRequest(parsing: text)
        #expect(request.width == width && request.height == height && request.refreshHz == hz)
        #expect(request.text == text)
    }

    @Test(arguments: ["", "1024", "1024x", "x768", "1024x768@", "0x768", "1024x-1", "1024x768@60@1", "axb"])
    func refusesMalformedModeRequests(text: String) {
        #expect(throws: DisplayError.invalidModeSpecifier(text)) { _ = try DRMModeRequest(parsing: text) }
    }
}
