import FixedPoint
import Motion

/// What an animation record does each frame.
enum RecordKind: UInt8 {
    case basic, keyframe, spring, group, transition
}

/// One animation in the pool: validated timing, resolved property, fixed-point values. Built at
/// `addAnimation` (setup); the frame path only reads it and flips its lifecycle flags.
struct AnimationRecord {
    var isLive = false
    var kind = RecordKind.basic
    /// The animated property and its slots.
    var property = LayerProperty.opacity {
        didSet { target = SlotTarget(property) }
    }
    var target = SlotTarget(LayerProperty.opacity)
    /// The layer the animation is attached to.
    var layer: Int32 = -1
    /// Next top-level record on the layer (application order), or the next child of the same group.
    var next: Int32 = -1
    /// The enclosing group's record, or −1 for a top-level animation.
    var group: Int32 = -1
    /// A group's first child, or −1.
    var firstChild: Int32 = -1

    /// The animation's validated timing; replacing it starts a fresh `cursor`.
    var timing: MediaTiming {
        didSet { cursor = TimingCursor() }
    }
    /// Caches `timing`'s current iteration for the frame path (`cursor.state(of: timing, at:)` equals
    /// `timing.evaluate(parentTime:)`); valid for `timing` only, hence reset whenever it is replaced.
    var cursor = TimingCursor()
    var curve: TimingCurve
    /// A group whose timing function is not linear: its children see `D · curve(u / D)` (§1.2 step 8).
    var easesChildren = false
    /// Subtracted from the layer's local time before `timing` sees it: "now" for animations whose
    /// beginTime 0 meant "now" when they were added.
    var timeShift: MediaTime = 0
    /// The parent time at which a top-level animation's active interval ends (nil: never).
    var endTime: MediaTime?
    var isRemovedOnCompletion = true
    var isAdditive = false
    var isCumulative = false

    /// from / to / by slots and which of them were given (bit 0 from, 1 to, 2 by).
    var from = SlotValues(repeating: 0)
    var to = SlotValues(repeating: 0)
    var by = SlotValues(repeating: 0)
    var givenValues: UInt8 = 0

    /// Keyframe data: the record's range in the keyframe store.
    var keyframes = KeyframeRange()
    /// A keyframe animation's Motion track (its lists live in `keyframes`' range of the keyframe store).
    var track: KeyframeTrack<SlotVector>?
    /// For a `path` animation that may morph: the scratch path (index) the frame rewrites, or −1.
    var scratchPath: Int32 = -1
    /// For a `colors` or `locations` animation that interpolates: the scratch stops (index) the frame
    /// rewrites, or −1.
    var scratchStops: Int32 = -1
    /// The spring's tables, for springs.
    var springCurve: SpringCurve?
    /// Transition settings, for transitions.
    var transition = TransitionSettings()

    /// Index of the delegate callbacks in the callback table, or −1.
    var delegate: Int32 = -1
    /// Transaction completion group the animation holds open, or −1.
    var completionGroup: Int32 = -1
    /// The identity of the property whose key path is the record's key (`SlotTarget.keyIdentity`), or
    /// −1: implicit animations replace the animation keyed by their property without comparing strings.
    var keyIdentity: Int32 = -1
    /// Lifecycle: did-start delivered, did-stop queued.
    var hasStarted = false
    var hasStopped = false

    init(timing: MediaTiming, curve: TimingCurve) {
        self.timing = timing
        self.curve = curve
    }

    static let hasFrom: UInt8 = 1
    static let hasTo: UInt8 = 2
    static let hasBy: UInt8 = 4
}

/// A transition's settings and the new content's slots.
struct TransitionSettings {
    var type = TransitionType.fade
    var subtype = TransitionSubtype.fromLeft
    var startProgress = Progress.zero
    var endProgress = Progress.one
    /// Index of the transition's saved states in the keyframe store (old state, new state), or −1.
    var stateOffset: Int32 = -1
    /// A flip (block API): 0 none, 1 from left, 2 from right, 3 from top, 4 from bottom.
    var flip: UInt8 = 0
    /// An image layer's picture and gravity when the transition was added: the outgoing side shows them.
    var outgoingImage: ImageID?
    var outgoingGravity = ContentsGravity.resize
    /// `transition(from:to:…)`: the sublayer only the outgoing side shows and the one only the incoming side
    /// shows (layer slots, or −1).
    var outgoingOnly: Int32 = -1
    var incomingOnly: Int32 = -1
}
