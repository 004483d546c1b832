import Raster
import Testing
@testable import FlipbookLinux

/// VT switching on request: the switch away waits until the display is released, the switch back is
/// acknowledged and the whole frame shown again; `VT_AUTO` comes back at the end.
@Suite struct ConsoleSwitchTests {
    /// A console guard on `/dev/tty0` (fd 3 of `kernel`) and VT switching on it.
    private static func guardedSwitch(_ kernel: RecordingKernel) throws -> ConsoleSwitch<RecordingKernel> {
        kernel.existingPaths.insert("/dev/tty0")
        kernel.consoleModes["/dev/tty0"] = 0
        let console = try ConsoleGuard(kernel: kernel)
        return try #require(try console.switchingOnRequest())
    }

    @Test func takesSwitchingOnRequestAndGivesItBackToTheKernel() throws {
        let kernel = RecordingKernel()
        do {
            let vt = try Self.guardedSwitch(kernel)
            withExtendedLifetime(vt) {
                #expect(kernel.calls(matching: "VT_SETMODE", "signalfd") == ["signalfd open", "VT_SETMODE fd=3 VT_PROCESS"])
                kernel.calls.removeAll()
            }
        }
        #expect(kernel.calls(matching: "VT_SETMODE", "signalfd") == ["VT_SETMODE fd=3 VT_AUTO", "signalfd close fd=4"])
    }

    @Test func aRefusedSetModeClosesTheSignalsAndSaysWhy() throws {
        let kernel = RecordingKernel()
        kernel.inject("VT_SETMODE", [-1])  // EPERM: not our VT
        #expect(throws: DisplayError.syscall(.setConsoleSwitching, .notPermitted)) { _ = try Self.guardedSwitch(kernel) }
        #expect(kernel.calls(matching: "VT_SETMODE", "signalfd") == ["signalfd open", "VT_SETMODE fd=3 VT_PROCESS", "signalfd close fd=4"])
    }

    @Test func withoutATerminalThereIsNoSwitching() throws {
        let kernel = RecordingKernel()
        let console = try ConsoleGuard(kernel: kernel, paths: [])
        #expect(try console.switchingOnRequest() == nil)
        #expect(kernel.calls(matching: "VT_SETMODE", "signalfd").isEmpty)
    }

    @Test func releaseRunsTheDisplaysActionsBeforeLettingTheSwitchHappen() throws {
        let kernel = RecordingKernel()
        let vt = try Self.guardedSwitch(kernel)
        vt.focus.beforeRelease { kernel.record("release action") }
        kernel.calls.removeAll()
        kernel.inject("signalfd read", [1])
        vt.handlePendingRequests()
        #expect(kernel.calls == ["release action", "VT_RELDISP fd=3 1"])
        #expect(vt.focus.isAway == true)
        #expect(vt.focus.takeRepaintRequest() == false)
        kernel.calls.removeAll()
        kernel.inject("signalfd read", [2])
        vt.handlePendingRequests()
        #expect(kernel.calls == ["VT_RELDISP fd=3 VT_ACKACQ"])
        #expect(vt.focus.isAway == false)
        #expect(vt.focus.takeRepaintRequest() == true)
        #expect(vt.focus.takeRepaintRequest() == false)  // once per switch back
    }

    @Test func aDRMDisplayDropsMasterPausesAndShowsTheNewestFrameWhenBack() throws {
        let kernel = Fixtures.virtioCard()
        let vt = try Self.guardedSwitch(kernel)
        var display = try DRMDisplay(kernel: kernel)
        display.follow(vt.focus)
        let full = IntRect(x: 0, y: 0, width: 64, height: 48)
        kernel.calls.removeAll()
        kernel.inject("signalfd read", [1])
        vt.handlePendingRequests()
        let card = try #require(kernel.openFDs.first { $0.value.hasPrefix("/dev/dri/") }?.key)
        #expect(kernel.calls == ["DROP_MASTER fd=\(card)", "VT_RELDISP fd=3 1"])
        // Away: frames are drawn but nothing reaches the card, not even an attempt at master.
        Fixtures.paint(display.backBuffer, full, 0x0000_FF00)
        kernel.calls.removeAll()
        _ = try display.present(damage: DamageList(full))
        #expect(kernel.calls.isEmpty)
        // Back, while another client still holds master: paused, master asked for at each present.
        kernel.inject("signalfd read", [2])
        vt.handlePendingRequests()
        kernel.inject("SET_MASTER", [-16])
        kernel.calls.removeAll()
        _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(display.isMasterLost == true)
        #expect(kernel.calls == ["SET_MASTER fd=\(card)"])
        // Given back: the mode is set with the back buffer, which holds the newest frame, whole.
        let newest = display.backBuffer.baseAddress
        kernel.calls.removeAll()
        _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(display.isMasterLost == false)
        #expect(kernel.calls.first == "SET_MASTER fd=\(card)")
        #expect(kernel.calls.dropFirst().first?.hasPrefix("SETCRTC crtc=31 fb=") == true)
        #expect(Fixtures.pixel(newest, strideBytes: 256, x: 63, y: 47) == 0x0000_FF00)
    }

    @Test func aHeldFrameIsShownAgainAfterTheSwitchBackWithoutAPresentWhileAway() throws {
        let kernel = Fixtures.virtioCard()
        let vt = try Self.guardedSwitch(kernel)
        var display = try DRMDisplay(kernel: kernel)
        display.follow(vt.focus)
        let full = IntRect(x: 0, y: 0, width: 64, height: 48)
        Fixtures.paint(display.backBuffer, full, 0x0000_00FF)
        _ = try display.present(damage: DamageList(full))
        kernel.inject("signalfd read", [1, 2])  // away and back with nothing presented between
        vt.handlePendingRequests()
        #expect(vt.focus.takeRepaintRequest() == true)
        Fixtures.paint(display.backBuffer, full, 0x0000_00FF)  // the playback draws the held frame again
        kernel.calls.removeAll()
        _ = try display.present(damage: DamageList(full))
        let card = try #require(kernel.openFDs.first { $0.value.hasPrefix("/dev/dri/") }?.key)
        let shown = kernel.calls(matching: "SET_MASTER", "SETCRTC", "PAGE_FLIP")
        #expect(shown.count == 2)
        #expect(shown.first == "SET_MASTER fd=\(card)")
        #expect(shown.last?.hasPrefix("SETCRTC crtc=31 fb=") == true)
    }

    @Test func anFBDevDisplayWritesNothingWhileAwayThenCopiesTheWholeFrame() throws {
        let kernel = Fixtures.vesafb()
        let vt = try Self.guardedSwitch(kernel)
        var display = try FBDevDisplay(kernel: kernel, options: .init())
        display.follow(vt.focus)
        #expect(display.presentation == .shadowCopy)
        let full = IntRect(x: 0, y: 0, width: 64, height: 48)
        Fixtures.paint(display.backBuffer, full, 0x0000_00FF)
        _ = try display.present(damage: DamageList(full))
        let front = display.frontBuffer.baseAddress
        kernel.inject("signalfd read", [1])
        vt.handlePendingRequests()
        // Away: another VT's console draws on the framebuffer; the frame goes on in the back buffer only.
        Fixtures.paint(display.frontBuffer, full, 0x0011_1111)
        Fixtures.paint(display.backBuffer, full, 0x00FF_0000)
        _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 4, height: 4)))
        #expect(Fixtures.pixel(front, strideBytes: 256, x: 0, y: 0) == 0x0011_1111)
        // Back: a present of a small damage shows the whole frame.
        kernel.inject("signalfd read", [2])
        vt.handlePendingRequests()
        _ = try display.present(damage: DamageList(IntRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(Fixtures.pixel(front, strideBytes: 256, x: 0, y: 0) == 0x00FF_0000)
        #expect(Fixtures.pixel(front, strideBytes: 256, x: 63, y: 47) == 0x00FF_0000)
        #expect(Fixtures.pixel(front, strideBytes: 256, x: 5, y: 5) == 0x00FF_0000)
    }
}
