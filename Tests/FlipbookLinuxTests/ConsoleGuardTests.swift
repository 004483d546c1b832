import Testing
@testable import FlipbookLinux

@Suite struct ConsoleGuardTests {
    @Test func switchesTheVTToGraphicsAndRestoresTextModeLast() throws {
        let kernel = RecordingKernel()
        kernel.existingPaths = ["/dev/tty0"]
        kernel.consoleModes["/dev/tty0"] = 0
        do {
            let guardian = try ConsoleGuard(kernel: kernel)
            #expect(guardian.hasTerminal == true)
            #expect(kernel.calls == ["open /dev/tty0", "KDGETMODE fd=3", "signals install tty=3", "KDSETMODE fd=3 graphics"])
            #expect(kernel.consoleModes["/dev/tty0"] == 1)
            kernel.stopSignalValue = 15
            #expect(guardian.stopSignal == 15)
            kernel.calls.removeAll()
        }
        #expect(kernel.calls == ["KDSETMODE fd=3 text", "close fd=3", "signals uninstall"])
        #expect(kernel.consoleModes["/dev/tty0"] == 0)
    }

    /// `flipbook play`'s shape: the guard a `var` consumed at the end of a `do`, a display refused (status 5)
    /// in between. The error leaves the scope before the `consume`; the guard must still restore text mode.
    @Test func anErrorBeforeTheGuardIsConsumedRestoresTextMode() throws {
        struct Refused: Error {}
        let kernel = RecordingKernel()
        kernel.existingPaths = ["/dev/tty0"]
        kernel.consoleModes["/dev/tty0"] = 0
        func openDisplay(_ refuse: Bool) throws { if refuse { throw Refused() } }
        #expect(throws: Refused.self) {
            do {
                var console = try ConsoleGuard(kernel: kernel)
                #expect(kernel.consoleModes["/dev/tty0"] == 1)
                try openDisplay(true)
                console.keepGraphicsMode()
                _ = consume console
            }
        }
        #expect(kernel.consoleModes["/dev/tty0"] == 0)
        #expect(kernel.calls.suffix(3) == ["KDSETMODE fd=3 text", "close fd=3", "signals uninstall"])
    }

    @Test func aConsoleAlreadyInGraphicsModeIsLeftInGraphicsMode() throws {
        let kernel = RecordingKernel()
        kernel.existingPaths = ["/dev/tty0"]
        kernel.consoleModes["/dev/tty0"] = 1
        do { _ = try ConsoleGuard(kernel: kernel) }
        #expect(kernel.consoleModes["/dev/tty0"] == 1)
    }

    @Test func withoutAVirtualTerminalOnlySignalsAreHandled() throws {
        let kernel = RecordingKernel()
        kernel.existingPaths = ["/dev/tty"]  // a pseudo-terminal: KDGETMODE answers ENOTTY
        let guardian = try ConsoleGuard(kernel: kernel)
        #expect(guardian.hasTerminal == false)
        #expect(kernel.calls == ["open /dev/tty0", "open /dev/tty", "KDGETMODE fd=3", "close fd=3", "signals install tty=-1"])
    }

    @Test func refusedGraphicsModeIsNotFatal() throws {
        let kernel = RecordingKernel()
        kernel.existingPaths = ["/dev/tty0"]
        kernel.consoleModes["/dev/tty0"] = 0
        kernel.inject("KDSETMODE", [-1])
        let guardian = try ConsoleGuard(kernel: kernel)
        #expect(guardian.hasTerminal == false)
        #expect(kernel.calls.suffix(3) == ["KDSETMODE fd=3 graphics", "close fd=3", "signals install tty=-1"])
    }
}
