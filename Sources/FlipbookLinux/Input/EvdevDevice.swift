import CFlipbookShim
import FlipbookInput

/// Why an input device could not be used.
public enum InputDeviceError: Error, Equatable, Sendable {
    /// open(2) or an evdev ioctl failed on `path`.
    case syscall(path: String, operation: String, Errno)
    /// The device gives nothing Flipbook reads (a lid switch, a sensor).
    case unsupported(path: String)
    /// The device's declared axis ranges (or the panel's size) make no mapping to the scene.
    case badRanges(path: String, String)
}

/// What reading a device's waiting records came to.
public enum InputReadOutcome: Equatable, Sendable {
    /// Every waiting record was decoded (`records` of them).
    case drained(records: Int)
    /// The device is gone (unplugged: `ENODEV`, or end of file); the caller closes it and plays on.
    case gone
}

/// An open `/dev/input/event*` device: classified by its capability bits, its position axes' declared
/// ranges read, its records read in whole `input_event`s (the kernel's layout) without allocating.
public final class EvdevDevice {
    /// The path it was opened from.
    public let path: String
    /// The descriptor (non-blocking), for the run loop's poll.
    public let descriptor: Int32
    /// What the device is.
    public let kind: InputDeviceKind
    /// The declared ranges of its position axes (the `ABS_MT_POSITION_*` ones for multi-touch), nil without.
    public let rangeX: AxisRange?, rangeY: AxisRange?
    let buffer: UnsafeMutableRawBufferPointer
    let layout = EvdevRecordLayout.native

    /// Opens `path` and classifies it.
    ///
    /// - Throws: `InputDeviceError.syscall` naming the failed call, `.unsupported` for a device of no use.
    public convenience init(path: String) throws(InputDeviceError) {
        let fd = cfb_input_open(path)
        guard fd >= 0 else { throw .syscall(path: path, operation: "open", Errno(rawValue: -fd)) }
        var eventBits = [UInt8](repeating: 0, count: 4), keyBits = [UInt8](repeating: 0, count: 96)
        var absoluteBits = [UInt8](repeating: 0, count: 8), relativeBits = [UInt8](repeating: 0, count: 2)
        let results = [eventBits.withUnsafeMutableBytes { cfb_input_bits(fd, 0, $0.baseAddress, 4) },
                       keyBits.withUnsafeMutableBytes { cfb_input_bits(fd, 1, $0.baseAddress, 96) },
                       absoluteBits.withUnsafeMutableBytes { cfb_input_bits(fd, 3, $0.baseAddress, 8) },
                       relativeBits.withUnsafeMutableBytes { cfb_input_bits(fd, 2, $0.baseAddress, 2) }]
        for result in results where result < 0 {
            _ = cfb_file_close(fd)
            throw .syscall(path: path, operation: "EVIOCGBIT", Errno(rawValue: -result))
        }
        let capabilities = eventBits.withUnsafeBytes { e in keyBits.withUnsafeBytes { k in
            absoluteBits.withUnsafeBytes { a in relativeBits.withUnsafeBytes { r in
                InputCapabilities(eventBits: e, keyBits: k, absoluteBits: a, relativeBits: r)
            } } } }
        guard let kind = capabilities.kind else {
            _ = cfb_file_close(fd)
            throw .unsupported(path: path)
        }
        let (axisX, axisY): (UInt32, UInt32) = kind == .multitouch ? (0x35, 0x36) : (0, 1)
        var x = AxisRange(minimum: 0, maximum: 0), y = AxisRange(minimum: 0, maximum: 0)
        if kind == .multitouch || kind == .singleTouch || kind == .absolutePointer {
            let first = cfb_input_axis_range(fd, axisX, &x.minimum, &x.maximum)
            let second = cfb_input_axis_range(fd, axisY, &y.minimum, &y.maximum)
            if first < 0 || second < 0 {
                _ = cfb_file_close(fd)
                throw .syscall(path: path, operation: "EVIOCGABSINFO", Errno(rawValue: -min(first, second)))
            }
            self.init(descriptor: fd, path: path, kind: kind, rangeX: x, rangeY: y)
        } else {
            self.init(descriptor: fd, path: path, kind: kind, rangeX: nil, rangeY: nil)
        }
    }

    /// Wraps an open non-blocking descriptor (which it closes) of a known kind; tests feed it from a pipe.
    public init(descriptor: Int32, path: String, kind: InputDeviceKind, rangeX: AxisRange?, rangeY: AxisRange?) {
        self.descriptor = descriptor
        self.path = path
        self.kind = kind
        self.rangeX = rangeX
        self.rangeY = rangeY
        buffer = .allocate(byteCount: 64 * 24, alignment: 8)
    }

    deinit {
        buffer.deallocate()
        _ = cfb_file_close(descriptor)
    }

    /// Reads every waiting record into `decoder`. Allocates nothing.
    public func read(into decoder: EvdevDecoder) -> InputReadOutcome { read(into: decoder, limit: .max) }

    /// Reads waiting records into `decoder` until none is left or `limit` were read, so a caller can take the
    /// decoded events before the decoder's queue fills: a `.drained` count of `limit` means more may be
    /// waiting. Allocates nothing.
    public func read(into decoder: EvdevDecoder, limit: Int) -> InputReadOutcome {
        var records = 0
        let size = layout.size
        let capacity = buffer.count / size
        while records < limit {
            let request = Swift.min(capacity, limit &- records) &* size
            let count = cfb_input_read(descriptor, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(request))
            if count == -Int64(Errno.interrupted.rawValue) { continue }
            if count < 0 { return count == -Int64(Errno.resourceTemporarilyUnavailable.rawValue) ? .drained(records: records) : .gone }
            if count == 0 { return .gone }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[0 ..< Int(count)])
            var offset = 0
            // The kernel hands out whole records; a short tail (never from evdev) is dropped.
            while offset &+ size <= Int(count) {
                do { decoder.feed(try layout.record(in: bytes, at: offset)) } catch { break }
                records &+= 1
                offset &+= size
            }
        }
        return .drained(records: records)
    }
}
