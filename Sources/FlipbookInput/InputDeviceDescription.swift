/// An axis range a device declares (`struct input_absinfo`'s minimum and maximum, inclusive).
public struct AxisRange: Equatable, Sendable {
    /// The smallest value the device reports.
    public var minimum: Int32
    /// The largest value the device reports.
    public var maximum: Int32

    /// Creates a range; `minimum < maximum` is checked where a range is used.
    public init(minimum: Int32, maximum: Int32) {
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// What kind of input a device gives, decided from its capability bits.
public enum InputDeviceKind: UInt8, Sendable {
    /// A touchscreen with multi-touch protocol B slots (`ABS_MT_SLOT`).
    case multitouch
    /// A single-touch screen (`ABS_X`/`ABS_Y` and `BTN_TOUCH`).
    case singleTouch
    /// An absolute pointer (a tablet, QEMU's usb-tablet or virtio-tablet): `ABS_X`/`ABS_Y` and `BTN_LEFT`.
    case absolutePointer
    /// A mouse: `REL_X`/`REL_Y` and `BTN_LEFT`.
    case relativePointer
    /// A keyboard: keys, no pointer.
    case keyboard
}

/// The capabilities of an evdev device that classify it, as its `EVIOCGBIT` bitmaps answer them.
public struct InputCapabilities: Equatable, Sendable {
    public var hasSlots = false, hasMultitouchPosition = false
    public var hasAbsolutePosition = false, hasRelativePosition = false
    public var hasTouchButton = false, hasLeftButton = false
    /// Whether the device has any keyboard key (codes 1 … 0xFF).
    public var hasKeys = false

    /// Creates capabilities (all false).
    public init() {}

    /// The capabilities in the `EVIOCGBIT` bitmaps of a device (little-endian bit order, as the kernel writes
    /// them on every supported board): event types, `KEY_*`/`BTN_*` codes, `ABS_*` and `REL_*` axes. Bits
    /// beyond a short bitmap read as absent.
    public init(eventBits: UnsafeRawBufferPointer, keyBits: UnsafeRawBufferPointer,
                absoluteBits: UnsafeRawBufferPointer, relativeBits: UnsafeRawBufferPointer) {
        func has(_ bits: UnsafeRawBufferPointer, _ code: UInt16) -> Bool {
            let byte = Int(code / 8)
            return byte < bits.count && bits[byte] & (1 << (code % 8)) != 0
        }
        let hasAbsolute = has(eventBits, EvdevCode.absoluteType), hasRelative = has(eventBits, EvdevCode.relativeType)
        let hasKeyEvents = has(eventBits, EvdevCode.keyType)
        hasSlots = hasAbsolute && has(absoluteBits, EvdevCode.slot)
        hasMultitouchPosition = hasAbsolute && has(absoluteBits, EvdevCode.multitouchX) && has(absoluteBits, EvdevCode.multitouchY)
        hasAbsolutePosition = hasAbsolute && has(absoluteBits, EvdevCode.absoluteX) && has(absoluteBits, EvdevCode.absoluteY)
        hasRelativePosition = hasRelative && has(relativeBits, EvdevCode.relativeX) && has(relativeBits, EvdevCode.relativeY)
        hasTouchButton = hasKeyEvents && has(keyBits, EvdevCode.buttonTouch)
        hasLeftButton = hasKeyEvents && has(keyBits, EvdevCode.buttonLeft)
        var anyKey = false
        if hasKeyEvents { for code in UInt16(1)..<0x100 where has(keyBits, code) { anyKey = true; break } }
        hasKeys = anyKey
    }

    /// The device's kind, or nil when it gives nothing Flipbook reads (a power button, a sensor).
    public var kind: InputDeviceKind? {
        if hasSlots && hasMultitouchPosition { return .multitouch }
        if hasAbsolutePosition && hasTouchButton { return .singleTouch }
        if hasAbsolutePosition && hasLeftButton { return .absolutePointer }
        if hasRelativePosition && hasLeftButton { return .relativePointer }
        if hasKeys { return .keyboard }
        return nil
    }
}
