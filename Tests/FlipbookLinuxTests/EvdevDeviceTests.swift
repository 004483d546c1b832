import Glibc
import FixedPoint
import FlipbookInput
import Testing
@testable import FlipbookLinux

/// `EvdevDevice` reading whole `input_event` records from a descriptor (a pipe standing in for
/// `/dev/input/event*`), and the end of a device.
@Suite struct EvdevDeviceTests {
    /// A non-blocking pipe: (read end, write end).
    static func pipePair() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    /// The bytes of a 64-bit kernel's `struct input_event` (`timeval` of two 64-bit words) for (`type`,
    /// `code`, `value`) at `seconds`.
    static func record(_ type: UInt16, _ code: UInt16, _ value: Int32, seconds: Int64 = 1) -> [UInt8] {
        withUnsafeBytes(of: seconds.littleEndian) { Array($0) } + [UInt8](repeating: 0, count: 8)
            + withUnsafeBytes(of: type.littleEndian) { Array($0) } + withUnsafeBytes(of: code.littleEndian) { Array($0) }
            + withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    @Test func recordsFromTheDescriptorReachTheDecoder() throws {
        let (readEnd, writeEnd) = try Self.pipePair()
        let range = AxisRange(minimum: 0, maximum: 1000)
        let device = EvdevDevice(descriptor: readEnd, path: "pipe", kind: .multitouch, rangeX: range, rangeY: range)
        let decoder = EvdevDecoder(kind: .multitouch, mapping: try DisplayMapping(
            rangeX: range, rangeY: range, panelWidth: 100, panelHeight: 100, sceneWidth: 100, sceneHeight: 100))
        #expect(device.read(into: decoder) == .drained(records: 0))
        var bytes: [UInt8] = []
        bytes += Self.record(3, 0x39, 1) + Self.record(3, 0x35, 500) + Self.record(3, 0x36, 250) + Self.record(0, 0, 0)
        // More than the device's 64-record buffer in one go: it reads until the pipe is empty.
        for step in 0..<100 { bytes += Self.record(3, 0x35, Int32(step)) + Self.record(0, 0, 0, seconds: 2) }
        try #require(bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) } == bytes.count)
        #expect(device.read(into: decoder) == .drained(records: 204))
        let first = try #require(decoder.next())
        #expect(first == .pointer(PointerEvent(phase: .down, contact: 0, x: Fixed(50), y: Fixed(25), timeMicros: 1_000_000)))
        close(writeEnd)
        #expect(device.read(into: decoder) == .gone)
    }

    @Test func aPathThatIsNotAnInputDeviceIsRefusedByName() {
        #expect(throws: InputDeviceError.syscall(path: "/nonexistent/event0", operation: "open", .noSuchFileOrDirectory)) {
            try EvdevDevice(path: "/nonexistent/event0")
        }
        // A regular file opens, but the capability ioctl fails (ENOTTY).
        #expect(throws: InputDeviceError.syscall(path: "/proc/self/stat", operation: "EVIOCGBIT", Errno(rawValue: ENOTTY))) {
            try EvdevDevice(path: "/proc/self/stat")
        }
    }
}

/// `InputDirectoryWatcher` on a scratch directory standing in for `/dev/input`.
@Suite struct InputDirectoryWatcherTests {
    @Test func createdAndRemovedEntriesAreChanges() throws {
        var template = Array("/tmp/flipbook-input-XXXXXX".utf8CString)
        let directory = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { rmdir(directory) }
        let watcher = try InputDirectoryWatcher(path: directory)
        #expect(!watcher.drainChanges())
        let file = directory + "/event7"
        let fd = open(file, O_CREAT | O_WRONLY, 0o600)
        try #require(fd >= 0)
        close(fd)
        #expect(watcher.drainChanges())
        #expect(!watcher.drainChanges())
        unlink(file)
        #expect(watcher.drainChanges())
        #expect(throws: InputDeviceError.syscall(path: "/nonexistent", operation: "inotify_add_watch", .noSuchFileOrDirectory)) {
            try InputDirectoryWatcher(path: "/nonexistent")
        }
    }
}
