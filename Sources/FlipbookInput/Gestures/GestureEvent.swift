import FixedPoint

/// The gestures a layer can answer (UIKit's recognisers, SCENE-FORMAT.md "Interaction").
public enum GestureKind: UInt8, Sendable {
    /// A short touch that stays put: reported once, `.ended`, at the lift.
    case tap
    /// A touch held still for `GestureSettings.longPressMicros`: `.began` then, `.ended` at the lift.
    case longPress
    /// Any touch: `.began` at the touch ("press"), `.ended` at the lift ("release").
    case press
    /// A touch that moved beyond the slop: `.began`, `.changed` per move, `.ended` with the finger's velocity.
    case pan
}

/// Where a gesture is.
public enum GesturePhase: UInt8, Sendable {
    case began, changed, ended, cancelled
}

/// One step of a recognised gesture, for the layer (`target`) whose recogniser owns it.
public struct GestureEvent: Equatable, Sendable {
    public var kind: GestureKind
    public var phase: GesturePhase
    /// The target the recogniser was added for (a layer's handle bits, as the caller chose).
    public var target: UInt32
    /// The contact (finger) that owns the gesture.
    public var contact: UInt8
    /// The finger's position, scene points.
    public var x: Fixed, y: Fixed
    /// The movement since the touch began, scene points.
    public var translationX: Fixed, translationY: Fixed
    /// The finger's velocity over the last `GestureSettings.velocityWindowMicros`, points per second.
    public var velocityX: Fixed, velocityY: Fixed
    /// The time, µs.
    public var timeMicros: Int64

    /// Creates an event from its fields.
    public init(kind: GestureKind, phase: GesturePhase, target: UInt32, contact: UInt8, x: Fixed, y: Fixed,
                translationX: Fixed, translationY: Fixed, velocityX: Fixed, velocityY: Fixed, timeMicros: Int64) {
        self.kind = kind; self.phase = phase; self.target = target; self.contact = contact
        self.x = x; self.y = y; self.translationX = translationX; self.translationY = translationY
        self.velocityX = velocityX; self.velocityY = velocityY; self.timeMicros = timeMicros
    }
}

/// The thresholds that tell gestures apart (UIKit's defaults).
public struct GestureSettings: Equatable, Sendable {
    /// How far (points) a finger may move and still tap or long-press; beyond it a pan begins.
    public var slop: Fixed = Fixed(10)
    /// The longest touch that is a tap, µs.
    public var tapMicros: Int64 = 300_000
    /// How long a still touch takes to become a long press, µs.
    public var longPressMicros: Int64 = 500_000
    /// The span of recent movement a pan's velocity is measured over, µs.
    public var velocityWindowMicros: Int64 = 80_000

    /// The defaults.
    public init() {}
}

/// Why a recogniser could not be added.
public enum GestureError: Error, Equatable, Sendable {
    /// Every recogniser slot is in use.
    case recognizersFull(capacity: Int)
}
