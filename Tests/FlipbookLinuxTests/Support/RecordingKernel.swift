@testable import FlipbookLinux

/// A fake kernel that records every call with its arguments (one line each, in order) and answers from
/// scripted state. Failures are injected per operation: `inject("CREATE_DUMB", [0, -12])` lets the first
/// call through and fails the second with ENOMEM.
final class RecordingKernel: FBDevKernel, DRMKernel, @unchecked Sendable {
    /// Every call, e.g. `open /dev/fb0`, `FBIOPAN_DISPLAY fd=3 x=0 y=480`.
    var calls: [String] = []
    /// Scripted results per operation name (0 = perform the call normally).
    var injected: [String: [Int32]] = [:]

    // Files and devices
    var existingPaths: Set<String> = []
    var groups: [String: String] = [:]
    var nextFD: Int32 = 3
    var openFDs: [Int32: String] = [:]
    var deferredIO = false

    // Memory
    var mappings: [UnsafeMutableRawPointer: Int] = [:]
    var mappedOffsets: [UnsafeMutableRawPointer: UInt64] = [:]

    // Clock
    var nowMicros: Int64 = 1_000_000
    /// Added to the clock on every reading (time spent between calls).
    var tickMicros: Int64 = 0

    // Console and signals
    var consoleModes: [String: Int32] = [:]
    var stopSignalValue: Int32 = 0

    // fbdev
    var variable = FBVariableScreenInfo()
    var fixed = FBFixedScreenInfo()
    /// Formats the fake driver accepts from FBIOPUT_VSCREENINFO (bits per pixel), besides the current one.
    var acceptedDepths: Set<UInt32> = []
    var vsyncResult: Int32 = -25  // ENOTTY: no vsync

    // DRM
    var dumbCapability: UInt64 = 1
    var cardResources = DRMCardResources(crtcIDs: [], connectorIDs: [], encoderIDs: [])
    var connectors: [UInt32: DRMConnector] = [:]
    var encoders: [UInt32: DRMEncoder] = [:]
    var crtcs: [UInt32: DRMCRTC] = [:]
    var planeFormats: [UInt32] = []
    var driverName = "fake-drm"
    var nextHandle: UInt32 = 1
    var nextFramebufferID: UInt32 = 40
    var pendingFlips: [(time: Int64, sequence: UInt32, userData: UInt64)] = []
    /// Sequence numbers given to flip events (0 imitates a virtual GPU without vblank).
    var flipSequence: UInt32 = 0
    var flipLatencyMicros: Int64 = 0
    /// False imitates a driver whose flip never completes.
    var deliversFlipEvents = true
    /// > 0 imitates a real vblank: a flip completes at the next multiple of this interval, with the
    /// multiple's number as its sequence.
    var vblankIntervalMicros: Int64 = 0
    /// The time of every flip event read, in order.
    var deliveredFlipTimes: [Int64] = []

    /// Queues scripted results for `operation`.
    func inject(_ operation: String, _ results: [Int32]) { injected[operation, default: []] += results }

    /// The scripted result for `operation`, or nil to perform it.
    func scripted(_ operation: String) -> Int32? {
        guard var queue = injected[operation], !queue.isEmpty else { return nil }
        let result = queue.removeFirst()
        injected[operation] = queue
        return result == 0 ? nil : result
    }

    func record(_ line: String) { calls.append(line) }

    /// Calls whose line starts with one of `prefixes`, in order.
    func calls(matching prefixes: String...) -> [String] {
        calls.filter { line in prefixes.contains { line.hasPrefix($0) } }
    }

    // MARK: SystemKernel

    func openFile(_ path: String, nonblocking: Bool) -> Int32 {
        record("open \(path)")
        if let result = scripted("open \(path)") ?? scripted("open") { return result }
        guard existingPaths.contains(path) else { return -2 }
        let fd = nextFD
        nextFD += 1
        openFDs[fd] = path
        return fd
    }

    func closeFile(_ fd: Int32) -> Int32 {
        record("close fd=\(fd)")
        return openFDs.removeValue(forKey: fd) == nil ? -9 : 0
    }

    func syncFile(_ fd: Int32) -> Int32 {
        record("fsync fd=\(fd)")
        return scripted("fsync") ?? (deferredIO ? 0 : -22)
    }

    func fileExists(_ path: String) -> Int32 { existingPaths.contains(path) ? 0 : -2 }

    func groupName(ofFile path: String) -> String? { groups[path] }

    func mapMemory(_ fd: Int32, length: Int, offset: UInt64, address: inout UnsafeMutableRawPointer?) -> Int32 {
        record("mmap fd=\(fd) length=\(length) offset=\(offset)")
        if let result = scripted("mmap") { return result }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 64)
        memory.initializeMemory(as: UInt8.self, repeating: 0xAB, count: length)
        mappings[memory] = length
        mappedOffsets[memory] = offset
        address = memory
        return 0
    }

    func unmapMemory(_ address: UnsafeMutableRawPointer, length: Int) -> Int32 {
        record("munmap length=\(length) offset=\(mappedOffsets[address] ?? 999)")
        guard mappings.removeValue(forKey: address) == length else { return -22 }
        address.deallocate()
        return 0
    }

    func monotonicMicros() -> Int64 {
        nowMicros += tickMicros
        return nowMicros
    }

    func sleep(untilMicros micros: Int64) -> Int32 {
        record("sleep until=\(micros)")
        if let result = scripted("sleep") { return result }
        nowMicros = max(nowMicros, micros)
        return 0
    }

    /// Readable when a flip event is due within the timeout (the clock moves to it); else the clock moves
    /// by the timeout.
    func pollReadable(_ fd: Int32, timeoutMillis: Int32) -> Int32 {
        record("poll fd=\(fd)")
        if let result = scripted("poll") { return result }
        let limit = nowMicros + Int64(max(timeoutMillis, 0)) * 1000
        guard let due = pendingFlips.first?.time, due <= limit else {
            nowMicros = limit
            return 0
        }
        nowMicros = max(nowMicros, due)
        return 1
    }

    func consoleMode(_ fd: Int32) -> Int32 {
        record("KDGETMODE fd=\(fd)")
        if let result = scripted("KDGETMODE") { return result }
        guard let path = openFDs[fd], let mode = consoleModes[path] else { return -25 }
        return mode
    }

    func setConsoleMode(_ fd: Int32, graphics: Bool) -> Int32 {
        record("KDSETMODE fd=\(fd) \(graphics ? "graphics" : "text")")
        if let result = scripted("KDSETMODE") { return result }
        guard let path = openFDs[fd], consoleModes[path] != nil else { return -25 }
        consoleModes[path] = graphics ? 1 : 0
        return 0
    }

    func installSignalHandlers(ttyFD: Int32) -> Int32 {
        record("signals install tty=\(ttyFD)")
        return scripted("signals") ?? 0
    }

    func uninstallSignalHandlers() -> Int32 {
        record("signals uninstall")
        return 0
    }

    func stopSignal() -> Int32 { stopSignalValue }
}
