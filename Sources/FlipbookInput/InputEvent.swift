import FixedPoint

/// What a contact or a pointer button did in one report.
public enum PointerPhase: UInt8, Sendable {
    /// A finger touched, or the primary button went down.
    case down
    /// A touching finger (or a pressed pointer) moved.
    case move
    /// The finger lifted, or the button went up.
    case up
    /// The contact ended without a lift the decoder saw (events were dropped): gestures abandon it.
    case cancel
}

/// A touch or a pressed pointer, in scene points (already calibrated, turned and fitted).
public struct PointerEvent: Equatable, Sendable {
    /// What happened.
    public var phase: PointerPhase
    /// The contact: the multi-touch slot (0 …), or 0 for single-touch devices and mice.
    public var contact: UInt8
    /// The position in scene points.
    public var x: Fixed, y: Fixed
    /// The kernel time of the report, µs.
    public var timeMicros: Int64

    /// Creates an event from its fields.
    public init(phase: PointerPhase, contact: UInt8, x: Fixed, y: Fixed, timeMicros: Int64) {
        self.phase = phase
        self.contact = contact
        self.x = x
        self.y = y
        self.timeMicros = timeMicros
    }
}

/// A key's new state.
public enum KeyState: UInt8, Sendable {
    case released, pressed, repeated
}

/// A keyboard key (a `KEY_*` code of linux/input-event-codes.h).
public struct KeyEvent: Equatable, Sendable {
    /// The evdev key code.
    public var code: UInt16
    /// Released, pressed or auto-repeated.
    public var state: KeyState
    /// The kernel time, µs.
    public var timeMicros: Int64

    /// Creates an event from its fields.
    public init(code: UInt16, state: KeyState, timeMicros: Int64) {
        self.code = code
        self.state = state
        self.timeMicros = timeMicros
    }
}

/// One decoded input event.
public enum InputEvent: Equatable, Sendable {
    case pointer(PointerEvent)
    case key(KeyEvent)
}

/// Counters of input the decoder repaired or discarded; the caller logs their changes as warnings.
public struct InputDiagnostics: Equatable, Sendable {
    /// Coordinates outside the device's declared range, clamped to it.
    public var clampedCoordinates = 0
    /// `SYN_DROPPED` reports (the kernel's buffer overflowed); contacts were cancelled.
    public var droppedReports = 0
    /// Events for a multi-touch slot beyond the decoder's capacity, ignored.
    public var ignoredSlots = 0
    /// Decoded events that did not fit the output queue before the caller drained it, discarded.
    public var overflowedEvents = 0
    /// Reports whose time went backwards, given the previous report's time.
    public var reversedTimes = 0

    /// Creates zero counters.
    public init() {}

    /// The sum of every counter (changes mean something to log).
    public var total: Int { clampedCoordinates &+ droppedReports &+ ignoredSlots &+ overflowedEvents &+ reversedTimes }
}
