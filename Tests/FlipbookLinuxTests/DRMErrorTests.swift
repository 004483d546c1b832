import Raster
import Testing
@testable import FlipbookLinux

@Suite struct DRMErrorTests {
    /// Each setup step that acquires something, failed in turn: what was acquired before it is released in
    /// reverse order, nothing else is touched, and the error names the step.
    @Test(arguments: [
        ("CREATE_DUMB", [0, -12] as [Int32], DisplayError.syscall(.createDumb, .noMemory),
         ["munmap length=12288 offset=4294967296", "RMFB fb=40", "DESTROY_DUMB handle=1", "close fd=3"]),
        ("ADDFB2", [0, -12], DisplayError.syscall(.addFramebuffer, .noMemory),
         ["DESTROY_DUMB handle=2", "munmap length=12288 offset=4294967296", "RMFB fb=40", "DESTROY_DUMB handle=1", "close fd=3"]),
        ("MAP_DUMB", [-12], DisplayError.syscall(.mapDumb, .noMemory),
         ["RMFB fb=40", "DESTROY_DUMB handle=1", "close fd=3"]),
        ("mmap", [0, -12], DisplayError.mapFailed(path: "/dev/dri/card0", bytes: 12288, .noMemory),
         ["RMFB fb=41", "DESTROY_DUMB handle=2", "munmap length=12288 offset=4294967296", "RMFB fb=40",
          "DESTROY_DUMB handle=1", "close fd=3"]),
        ("SETCRTC", [-22], DisplayError.syscall(.setCRTC, .invalidArgument),
         ["munmap length=12288 offset=8589934592", "RMFB fb=41", "DESTROY_DUMB handle=2",
          "munmap length=12288 offset=4294967296", "RMFB fb=40", "DESTROY_DUMB handle=1", "close fd=3"]),
    ])
    func failureHalfwayReleasesWhatWasAcquiredInReverse(step: String, results: [Int32], error: DisplayError,
                                                        cleanup: [String]) {
        let kernel = Fixtures.virtioCard()
        kernel.inject(step, results)
        #expect(throws: error) { _ = try DRMDisplay(kernel: kernel) }
        let failedAt = kernel.calls.lastIndex { $0.hasPrefix(step == "mmap" ? "mmap" : step) }!
        #expect(Array(kernel.calls[(failedAt + 1)...]) == cleanup)
        #expect(kernel.mappings.isEmpty && kernel.openFDs.isEmpty)
    }

    @Test func interruptedIoctlsAreRetriedDuringSetupAndFrames() throws {
        let kernel = Fixtures.virtioCard()
        for step in ["GET_CAP", "SET_MASTER", "CREATE_DUMB", "ADDFB2", "MAP_DUMB", "mmap", "SETCRTC", "PAGE_FLIP", "poll"] {
            kernel.inject(step, [-4])
        }
        var display = try DRMDisplay(kernel: kernel)
        _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(kernel.calls(matching: "SETCRTC").count == 2)
        #expect(kernel.calls(matching: "PAGE_FLIP").count == 2)
        #expect(kernel.calls(matching: "CREATE_DUMB").count == 3)
    }

    @Test func anotherMasterMakesTheDisplayBusy() {
        let kernel = Fixtures.virtioCard()
        kernel.inject("SET_MASTER", [-16])
        let expected = DisplayError.displayBusy(path: "/dev/dri/card0")
        #expect(throws: expected) { _ = try DRMDisplay(kernel: kernel) }
        #expect(expected.message.contains("another DRM master"))
        #expect(kernel.calls.last == "close fd=3")
    }

    @Test func cardWithoutConnectedOutputIsSkippedForTheNextOne() throws {
        let kernel = Fixtures.virtioCard(connected: false)
        #expect(throws: DisplayError.noConnectedOutput(path: "/dev/dri/card0", connectors: ["Virtual-1 (disconnected)"])) {
            _ = try DRMDisplay(kernel: kernel)
        }
        kernel.existingPaths.insert("/dev/dri/card1")
        kernel.inject("GETRESOURCES", [0, 0])  // card0 (disconnected) reads its connectors first
        kernel.connectors[34] = DRMConnector(id: 34, type: 11, typeIndex: 1, connection: .connected,
                                             currentEncoderID: nil, encoderIDs: [32], modes: [Fixtures.preferredMode])
        kernel.cardResources.connectorIDs = [33, 34]
        kernel.encoders[32] = DRMEncoder(id: 32, currentCRTCID: nil, possibleCRTCs: 1)
        kernel.calls.removeAll()
        let display = try DRMDisplay(kernel: kernel)
        #expect(display.connectorName == "HDMI-A-1")
        #expect(display.crtcID == 31)
    }

    @Test func noDumbBuffersAndNoDeviceAreNamed() {
        let kernel = Fixtures.virtioCard()
        kernel.dumbCapability = 0
        #expect(throws: DisplayError.noDumbBuffers(path: "/dev/dri/card0")) { _ = try DRMDisplay(kernel: kernel) }
        var options = DRMDisplay<RecordingKernel>.Options()
        options.paths = ["/dev/dri/card0", "/dev/dri/card1"]
        #expect(throws: DisplayError.noDevice(tried: ["/dev/dri/card0", "/dev/dri/card1"])) {
            _ = try DRMDisplay(kernel: RecordingKernel(), options: options)
        }
    }

    @Test func permissionDeniedOnTheCardNamesItsGroup() {
        let kernel = Fixtures.virtioCard()
        kernel.groups["/dev/dri/card0"] = "video"
        kernel.inject("open /dev/dri/card0", [-13])
        #expect(throws: DisplayError.permissionDenied(path: "/dev/dri/card0", group: "video")) {
            _ = try DRMDisplay(kernel: kernel)
        }
    }

    @Test func aFailedEventReadIsReportedByTheNextPresent() throws {
        let kernel = Fixtures.virtioCard()
        var display = try DRMDisplay(kernel: kernel)
        kernel.flipLatencyMicros = 5_000
        _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 1, height: 1)))
        kernel.inject("read event", [-5])  // EIO
        kernel.nowMicros += 5_000
        _ = display.presentDueTime()
        #expect(throws: DisplayError.syscall(.readEvent, .ioError)) {
            _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 1, height: 1)))
        }
    }

    @Test func everyErrorHasOneLineAndAnExitStatusOfItsKind() {
        let errors: [DisplayError] = [
            .noDevice(tried: ["/dev/fb0"]), .permissionDenied(path: "/dev/fb0", group: "video"),
            .displayBusy(path: "/dev/dri/card0"), .noConnectedOutput(path: "/dev/dri/card0", connectors: []),
            .unsupportedFormat(path: "/dev/fb0", format: "8 bpp"), .mapFailed(path: "/dev/fb0", bytes: 1, .noMemory),
            .invalidModeSpecifier("x"), .invalidDevice(path: "/dev/fb0", reason: "r"), .syscall(.pageFlip, .ioError),
        ]
        #expect(errors.map(\.exitStatus) == [3, 4, 5, 6, 7, 8, 9, 10, 11])
        #expect(errors.allSatisfy { !$0.message.contains("\n") && !$0.message.isEmpty })
    }
}
