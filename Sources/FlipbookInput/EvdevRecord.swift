/// One `struct input_event` of the Linux evdev interface: a type, a code, a value and its kernel time.
public struct EvdevRecord: Equatable, Sendable {
    /// The kernel time stamp, µs (the record's `timeval`).
    public var timeMicros: Int64
    /// `EV_SYN`, `EV_KEY`, `EV_REL`, `EV_ABS`, … (`EvdevCode`).
    public var type: UInt16
    /// The code within the type (`ABS_MT_SLOT`, `BTN_LEFT`, …).
    public var code: UInt16
    /// The value (a coordinate, a key state 0/1/2, a tracking id, …).
    public var value: Int32

    /// Creates a record from its fields.
    public init(timeMicros: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.timeMicros = timeMicros
        self.type = type
        self.code = code
        self.value = value
    }
}

/// The size of `struct input_event` as the kernel writes it: a 64-bit `timeval` (every 64-bit target and
/// 32-bit targets with 64-bit time) or a 32-bit one (older 32-bit ARM userlands).
public enum EvdevRecordLayout: Sendable {
    /// 24 bytes: seconds and microseconds as 64-bit, then type, code, value.
    case time64
    /// 16 bytes: seconds and microseconds as 32-bit, then type, code, value.
    case time32

    /// The record size in bytes.
    public var size: Int { self == .time64 ? 24 : 16 }

    /// The layout of this process's `struct input_event`.
    public static var native: EvdevRecordLayout { MemoryLayout<Int>.size == 8 ? .time64 : .time32 }

    /// Decodes the record at `offset` of `bytes` (little-endian, as every supported board is).
    ///
    /// - Throws: `InputError.truncatedRecord` when fewer than `size` bytes remain.
    public func record(in bytes: UnsafeRawBufferPointer, at offset: Int) throws(InputError) -> EvdevRecord {
        guard offset >= 0, offset <= bytes.count, bytes.count &- offset >= size else {
            throw .truncatedRecord(offset: offset, available: max(0, bytes.count &- max(offset, 0)), needed: size)
        }
        let word = self == .time64 ? 8 : 4
        let seconds = EvdevRecordLayout.signed(bytes, offset, word)
        let micros = EvdevRecordLayout.signed(bytes, offset &+ word, word)
        let base = offset &+ 2 &* word
        let type = UInt16(truncatingIfNeeded: EvdevRecordLayout.signed(bytes, base, 2) & 0xFFFF)
        let code = UInt16(truncatingIfNeeded: EvdevRecordLayout.signed(bytes, base &+ 2, 2) & 0xFFFF)
        let value = Int32(truncatingIfNeeded: EvdevRecordLayout.signed(bytes, base &+ 4, 4))
        // Seconds far beyond any clock saturate rather than wrap (a hostile record must not trap).
        let clampedSeconds = min(max(seconds, -1 << 40), 1 << 40)
        return EvdevRecord(timeMicros: clampedSeconds &* 1_000_000 &+ micros % 1_000_000, type: type, code: code, value: value)
    }

    /// The little-endian signed integer of `width` bytes at `offset`.
    static func signed(_ bytes: UnsafeRawBufferPointer, _ offset: Int, _ width: Int) -> Int64 {
        var value: UInt64 = 0
        for index in 0..<width { value |= UInt64(bytes[offset &+ index]) &<< UInt64(8 &* index) }
        let shift = UInt64(64 &- 8 &* width)
        return Int64(bitPattern: value &<< shift) &>> Int64(shift)
    }
}

/// The evdev type and code numbers the decoder reads (linux/input-event-codes.h).
public enum EvdevCode {
    public static let synType: UInt16 = 0x00, keyType: UInt16 = 0x01, relativeType: UInt16 = 0x02
    public static let absoluteType: UInt16 = 0x03
    public static let synReport: UInt16 = 0, synDropped: UInt16 = 3
    public static let relativeX: UInt16 = 0x00, relativeY: UInt16 = 0x01
    public static let absoluteX: UInt16 = 0x00, absoluteY: UInt16 = 0x01
    public static let slot: UInt16 = 0x2F, multitouchX: UInt16 = 0x35, multitouchY: UInt16 = 0x36
    public static let trackingID: UInt16 = 0x39
    public static let buttonLeft: UInt16 = 0x110, buttonRight: UInt16 = 0x111, buttonMiddle: UInt16 = 0x112
    public static let buttonTouch: UInt16 = 0x14A
    /// Key codes below this are keyboard keys (`KEY_*`); from it on, buttons (`BTN_*`).
    public static let firstButton: UInt16 = 0x100
}
