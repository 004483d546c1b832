import Raster
import Testing
@testable import FlipbookLinux

/// The real shim on the build machine's kernel: the 0 / -errno convention, with files that exist everywhere.
/// The file, memory-map, clock and poll calls are `ShimKernel`'s, shared with `UAPIKernel`.
@Suite struct LinuxKernelTests {
    let kernel = LinuxKernel()

    @Test func missingFilesAnswerENOENTAndDisplaysSaySo() {
        #expect(kernel.openFile("/nonexistent/fb0", nonblocking: false) == -Errno.noSuchFileOrDirectory.rawValue)
        #expect(throws: DisplayError.noDevice(tried: ["/nonexistent/fb0"])) {
            var options = FBDevDisplay<LinuxKernel>.Options()
            options.paths = ["/nonexistent/fb0"]
            _ = try FBDevDisplay(kernel: kernel, options: options)
        }
    }

    @Test func deviceIoctlsOnANonDeviceAnswerENOTTY() throws {
        let fd = kernel.openFile("/dev/null", nonblocking: false)
        try #require(fd >= 0)
        defer { _ = kernel.closeFile(fd) }
        var info = FBVariableScreenInfo()
        #expect(kernel.variableScreenInfo(fd, into: &info) == -Errno.notATerminal.rawValue)
        #expect(kernel.consoleMode(fd) == -Errno.notATerminal.rawValue)
        var value: UInt64 = 0
        #expect(kernel.capability(fd, 1, value: &value) == -Errno.notATerminal.rawValue)
        #expect(throws: DisplayError.invalidDevice(path: "/dev/null",
                                                   reason: "not a framebuffer device (FBIOGET_VSCREENINFO refused)")) {
            var options = FBDevDisplay<LinuxKernel>.Options()
            options.paths = ["/dev/null"]
            _ = try FBDevDisplay(kernel: kernel, options: options)
        }
    }

    @Test func mapsAndUnmapsMemory() throws {
        let fd = kernel.openFile("/dev/zero", nonblocking: false)
        try #require(fd >= 0)
        defer { _ = kernel.closeFile(fd) }
        var address: UnsafeMutableRawPointer?
        #expect(kernel.mapMemory(fd, length: 8192, offset: 0, address: &address) == 0)
        let memory = try #require(address)
        memory.storeBytes(of: 0x1234_5678, toByteOffset: 4096, as: UInt32.self)
        #expect(memory.load(fromByteOffset: 4096, as: UInt32.self) == 0x1234_5678)
        #expect(kernel.unmapMemory(memory, length: 8192) == 0)
    }

    @Test func monotonicClockAdvancesAndSleepsUntilADeadline() {
        let start = kernel.monotonicMicros()
        #expect(kernel.sleep(untilMicros: start + 2_000) == 0)
        let end = kernel.monotonicMicros()
        #expect(end >= start + 2_000)
        #expect(kernel.sleep(untilMicros: start) == 0)  // a deadline in the past returns at once
    }

    @Test func pollReportsEndOfFileAsReadableAndNoStopSignalIsPending() throws {
        let fd = kernel.openFile("/dev/null", nonblocking: false)
        try #require(fd >= 0)
        defer { _ = kernel.closeFile(fd) }
        #expect(kernel.pollReadable(fd, timeoutMillis: 0) == 1)  // /dev/null reads EOF at once: readable
        #expect(kernel.stopSignal() == 0)
    }
}
