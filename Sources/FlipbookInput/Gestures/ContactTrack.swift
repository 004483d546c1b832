/// What the recognisers know of one finger: where and when it began, where it is, which recogniser of each
/// kind it owns. Its recent positions (for the velocity) are kept in `PositionSamples`.
struct ContactTrack: Sendable {
    var isActive = false
    var startX: Int64 = 0, startY: Int64 = 0, startTime: Int64 = 0
    var x: Int64 = 0, y: Int64 = 0, time: Int64 = 0
    /// Whether the finger has gone beyond the slop (no tap, no long press any more).
    var hasLeftSlop = false
    var hasLongPressed = false
    var hasPanned = false
    /// The recogniser index owned for each `GestureKind` (tap, long press, press, pan), or −1.
    var ownedTap: Int16 = -1, ownedLongPress: Int16 = -1, ownedPress: Int16 = -1, ownedPan: Int16 = -1

    /// The recogniser owned for `kind`, or −1.
    func owned(_ kind: GestureKind) -> Int {
        switch kind {
        case .tap: Int(ownedTap)
        case .longPress: Int(ownedLongPress)
        case .press: Int(ownedPress)
        case .pan: Int(ownedPan)
        }
    }

    mutating func setOwned(_ kind: GestureKind, _ index: Int) {
        let value = Int16(truncatingIfNeeded: index)
        switch kind {
        case .tap: ownedTap = value
        case .longPress: ownedLongPress = value
        case .press: ownedPress = value
        case .pan: ownedPan = value
        }
    }
}

/// The last eight positions of every contact (raw Q16.16, µs), for velocities: a ring per contact.
struct PositionSamples {
    static var perContact: Int { 8 }
    let x: UnsafeMutableBufferPointer<Int64>, y: UnsafeMutableBufferPointer<Int64>, time: UnsafeMutableBufferPointer<Int64>
    /// Samples written per contact so far.
    let written: UnsafeMutableBufferPointer<Int>

    init(contacts: Int) {
        let count = contacts &* PositionSamples.perContact
        x = .allocate(capacity: count); x.initialize(repeating: 0)
        y = .allocate(capacity: count); y.initialize(repeating: 0)
        time = .allocate(capacity: count); time.initialize(repeating: 0)
        written = .allocate(capacity: contacts); written.initialize(repeating: 0)
    }

    func deallocate() {
        x.deallocate(); y.deallocate(); time.deallocate(); written.deallocate()
    }

    func reset(_ contact: Int) { written[contact] = 0 }

    func add(_ contact: Int, x newX: Int64, y newY: Int64, time newTime: Int64) {
        let slot = contact &* PositionSamples.perContact &+ written[contact] % PositionSamples.perContact
        x[slot] = newX; y[slot] = newY; time[slot] = newTime
        written[contact] &+= 1
    }

    /// The velocity (raw Q16.16 points per second) from the oldest sample within `window` µs of the newest to
    /// the newest; zero without two samples in it.
    func velocity(_ contact: Int, window: Int64) -> (x: Int64, y: Int64) {
        let count = written[contact], base = contact &* PositionSamples.perContact
        guard count >= 2 else { return (0, 0) }
        let newest = base &+ (count &- 1) % PositionSamples.perContact
        var oldest = newest
        var back = 1
        while back < min(count, PositionSamples.perContact) {
            let slot = base &+ (count &- 1 &- back) % PositionSamples.perContact
            if time[newest] &- time[slot] > window { break }
            oldest = slot
            back &+= 1
        }
        let span = time[newest] &- time[oldest]
        guard span > 0 else { return (0, 0) }
        return ((x[newest] &- x[oldest]) &* 1_000_000 / span, (y[newest] &- y[oldest]) &* 1_000_000 / span)
    }
}
