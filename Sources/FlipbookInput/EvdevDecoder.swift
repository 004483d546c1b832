import FixedPoint

/// Turns one device's evdev records into touches, pointer presses and keys, a report (`SYN_REPORT`) at a
/// time: multi-touch protocol B slots, single-touch screens, absolute and relative pointers, keyboards.
///
/// Positions go through the device's `DisplayMapping` (range, calibration matrix, rotation, fit); values
/// outside the declared range are clamped and counted in `diagnostics`. After `SYN_DROPPED` everything up
/// to the next `SYN_REPORT` is discarded and every open contact is cancelled (`PointerPhase.cancel`), since
/// its state is lost. Storage is allocated at creation: `feed` and `next` never allocate and never trap.
public final class EvdevDecoder {
    /// Multi-touch slots followed (a contact in a higher slot is ignored and counted).
    public static var slotCapacity: Int { 10 }
    /// What the device is.
    public let kind: InputDeviceKind
    /// Device position → scene points (for relative pointers, over a virtual range of panel pixels).
    public let mapping: DisplayMapping?
    /// Repairs and discards so far.
    public private(set) var diagnostics = InputDiagnostics()
    /// Decoded events waiting for `next()`.
    public static var queueCapacity: Int { 64 }
    let queue = EventRing<InputEvent>(
        capacity: EvdevDecoder.queueCapacity, filler: .key(KeyEvent(code: 0, state: .released, timeMicros: 0)))
    let slots: UnsafeMutableBufferPointer<Contact>
    var currentSlot = 0
    /// The single contact of single-touch screens and pointers (slot-less devices).
    var primary = Contact()
    /// Whether the primary button (`BTN_TOUCH` or `BTN_LEFT`) is down, as the records say so far.
    var primaryPressed = false
    var isDropping = false
    var lastTime: Int64 = Int64.min

    /// A decoder for a device of `kind`; pointers and touchscreens need a `mapping` (for a relative pointer,
    /// one whose ranges are the panel's pixels: the pointer moves over the panel).
    public init(kind: InputDeviceKind, mapping: DisplayMapping?) {
        self.kind = kind
        self.mapping = mapping
        slots = .allocate(capacity: EvdevDecoder.slotCapacity)
        slots.initialize(repeating: Contact())
        if kind == .relativePointer, let mapping {
            primary.x = Int32(truncatingIfNeeded: (Int64(mapping.rangeX.minimum) &+ Int64(mapping.rangeX.maximum)) / 2)
            primary.y = Int32(truncatingIfNeeded: (Int64(mapping.rangeY.minimum) &+ Int64(mapping.rangeY.maximum)) / 2)
        }
    }

    deinit { slots.deallocate() }

    /// The oldest decoded event, removed, or nil.
    public func next() -> InputEvent? { queue.pop() }

    /// Reads one record.
    public func feed(_ record: EvdevRecord) {
        if record.type == EvdevCode.synType {
            if record.code == EvdevCode.synDropped { beginDrop(at: record.timeMicros) }
            else if record.code == EvdevCode.synReport { report(at: record.timeMicros) }
            return
        }
        if isDropping { return }
        switch record.type {
        case EvdevCode.keyType: key(record)
        case EvdevCode.absoluteType: absolute(record)
        case EvdevCode.relativeType: relative(record)
        default: break
        }
    }

    func key(_ record: EvdevRecord) {
        if record.code < EvdevCode.firstButton {
            guard let state = KeyState(rawValue: UInt8(truncatingIfNeeded: min(max(record.value, 0), 2))) else { return }
            emit(.key(KeyEvent(code: record.code, state: state, timeMicros: record.timeMicros)))
        } else if record.code == EvdevCode.buttonTouch || record.code == EvdevCode.buttonLeft {
            if kind != .multitouch { primaryPressed = record.value != 0 }
        }
    }

    func absolute(_ record: EvdevRecord) {
        switch (kind, record.code) {
        case (.multitouch, EvdevCode.slot):
            currentSlot = record.value >= 0 && record.value < Int32(EvdevDecoder.slotCapacity) ? Int(record.value) : -1
        case (.multitouch, EvdevCode.trackingID):
            guard currentSlot >= 0 else { diagnostics.ignoredSlots &+= 1; return }
            if record.value >= 0 && slots[currentSlot].isReported && slots[currentSlot].trackingID != record.value {
                slots[currentSlot].isReplaced = true
            }
            slots[currentSlot].trackingID = record.value
        case (.multitouch, EvdevCode.multitouchX), (.multitouch, EvdevCode.multitouchY):
            guard currentSlot >= 0 else { diagnostics.ignoredSlots &+= 1; return }
            if record.code == EvdevCode.multitouchX { slots[currentSlot].x = record.value }
            else { slots[currentSlot].y = record.value }
            slots[currentSlot].hasMoved = true
        case (.singleTouch, EvdevCode.absoluteX), (.absolutePointer, EvdevCode.absoluteX):
            primary.x = record.value
            primary.hasMoved = true
        case (.singleTouch, EvdevCode.absoluteY), (.absolutePointer, EvdevCode.absoluteY):
            primary.y = record.value
            primary.hasMoved = true
        default: break
        }
    }

    func relative(_ record: EvdevRecord) {
        guard kind == .relativePointer, let mapping else { return }
        if record.code == EvdevCode.relativeX {
            primary.x = EvdevDecoder.moved(primary.x, by: record.value, within: mapping.rangeX)
        } else if record.code == EvdevCode.relativeY {
            primary.y = EvdevDecoder.moved(primary.y, by: record.value, within: mapping.rangeY)
        } else { return }
        primary.hasMoved = true
    }

    /// The end of a report: each contact that began, moved or ended becomes an event.
    func report(at time: Int64) {
        if isDropping { isDropping = false; return }
        var stamp = time
        if stamp < lastTime { diagnostics.reversedTimes &+= 1; stamp = lastTime }
        lastTime = stamp
        if kind == .multitouch {
            for index in 0..<EvdevDecoder.slotCapacity {
                var contact = slots[index]
                update(&contact, touching: contact.trackingID >= 0, id: UInt8(index), time: stamp)
                slots[index] = contact
            }
        } else if kind != .keyboard {
            var contact = primary
            update(&contact, touching: primaryPressed, id: 0, time: stamp)
            primary = contact
        }
    }

    /// Emits what `contact` did since the last report.
    func update(_ contact: inout Contact, touching: Bool, id: UInt8, time: Int64) {
        if contact.isReported && (contact.isReplaced || !touching) {
            emit(.up, contact, id, time)
            contact.isReported = false
        }
        if touching && !contact.isReported {
            emit(.down, contact, id, time)
            contact.isReported = true
        } else if touching && contact.hasMoved {
            emit(.move, contact, id, time)
        }
        contact.hasMoved = false
        contact.isReplaced = false
    }

    /// `SYN_DROPPED`: open contacts are cancelled, records are ignored until the next `SYN_REPORT`.
    func beginDrop(at time: Int64) {
        diagnostics.droppedReports &+= 1
        isDropping = true
        let stamp = max(time, lastTime)
        for index in 0..<EvdevDecoder.slotCapacity where slots[index].isReported {
            emit(.cancel, slots[index], UInt8(index), stamp)
        }
        if primary.isReported { emit(.cancel, primary, 0, stamp) }
        let (x, y) = (primary.x, primary.y)
        slots.update(repeating: Contact())
        primary = Contact()
        primary.x = x
        primary.y = y
        primaryPressed = false
    }

    func emit(_ phase: PointerPhase, _ contact: Contact, _ id: UInt8, _ time: Int64) {
        guard let mapping else { return }
        var clamped = false
        let point = mapping.scenePoint(x: contact.x, y: contact.y, clamped: &clamped)
        if clamped { diagnostics.clampedCoordinates &+= 1 }
        emit(.pointer(PointerEvent(phase: phase, contact: id, x: point.x, y: point.y, timeMicros: time)))
    }

    func emit(_ event: InputEvent) {
        if !queue.push(event) { diagnostics.overflowedEvents &+= 1 }
    }

    /// `position` moved by `delta`, kept within `range`.
    static func moved(_ position: Int32, by delta: Int32, within range: AxisRange) -> Int32 {
        let sum = Int64(position) &+ Int64(delta)
        return Int32(truncatingIfNeeded: min(max(sum, Int64(range.minimum)), Int64(range.maximum)))
    }
}

/// One contact's state between reports (a multi-touch slot, or the primary contact).
struct Contact: Sendable {
    /// The kernel's tracking id; −1 when no finger is in the slot.
    var trackingID: Int32 = -1
    /// The last device position.
    var x: Int32 = 0, y: Int32 = 0
    /// Whether the reader was told of this contact (a `down` went out and no `up` yet).
    var isReported = false
    /// Whether the position changed in this report.
    var hasMoved = false
    /// Whether a new tracking id replaced a reported one in this report (an up, then a down).
    var isReplaced = false
}
