import Motion

/// The settings of one open transaction level (`CATransaction` keys), inherited by nested levels.
struct TransactionLevel {
    /// The duration of implicit animations (µs).
    var duration: MediaTime = 250_000
    /// The timing function of implicit animations.
    var curve = TimingCurve.default
    /// Whether property changes skip implicit animations.
    var disableActions = false
    /// The completion group of this level (−1: none set).
    var completionGroup: Int32 = -1
    /// Block-API extras: delay, repeat, autoreverse and spring for the animations this level creates.
    var style = ActionStyle()
}

/// Extra parameters the block API gives implicit animations.
struct ActionStyle {
    var delay: MediaTime = 0
    var repeatCount: Double = 0
    var autoreverses = false
    /// Spring parameters (mass 1): stiffness and damping, and the initial velocity; nil = curve.
    var spring: (stiffness: Double, damping: Double, velocity: Double)?
}

/// A model edit waiting in the ring: the new value and the implicit animation built for it.
struct ModelEdit {
    var layer = LayerID(index: 0, generation: 0)
    var target = SlotTarget()
    var value = SlotValues(repeating: 0)
    /// The implicit animation record (allocated, not yet attached), or −1.
    var action: Int32 = -1
    /// When the implicit animation begins (media time of the explicit commit), or −1: at the frame that
    /// applies the edit (the implicit transaction).
    var beginsAt: MediaTime = -1
    /// Whether the transaction that made the edit has committed (only committed edits apply).
    var isCommitted = false
}

/// The ring of model edits waiting for `advance(to:)`: pointers and counters (the engine frees it).
struct TransactionQueue {
    let ring: UnsafeMutableBufferPointer<ModelEdit>
    var head = 0
    var count = 0
    /// Nesting limit of explicit transactions.
    static let maxDepth = 32

    init(capacity: Int) {
        ring = .allocate(capacity: capacity)
        ring.initialize(repeating: ModelEdit())
    }

    func deallocate() {
        ring.deallocate()
    }

    /// Appends an edit; false when the ring is full.
    mutating func push(_ edit: ModelEdit) -> Bool {
        guard count < ring.count else { return false }
        ring[(head + count) % ring.count] = edit
        count += 1
        return true
    }

    /// Marks every queued edit committed (the outermost commit, at media time `time`).
    func commitAll(at time: MediaTime) {
        for offset in 0 ..< count where !ring[(head + offset) % ring.count].isCommitted {
            ring[(head + offset) % ring.count].isCommitted = true
            ring[(head + offset) % ring.count].beginsAt = time
        }
    }
}
