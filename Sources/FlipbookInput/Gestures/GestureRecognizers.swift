import FixedPoint

/// Recognisers attached to targets (layers), fed with pointer events and the hit layer's chain of
/// ancestors, answering `GestureEvent`s: tap, long press, press/release and pan with velocity.
///
/// A touch's gestures belong to the layer it began on and bubble to its ancestors: for each kind, the first
/// target in the chain with a recogniser of that kind gets it. One finger owns a recogniser until it lifts;
/// a second finger on the same target does not start it again. Storage is allocated at creation: handling
/// events and advancing time never allocate.
public final class GestureRecognizers {
    /// The most recognisers.
    public static var capacity: Int { 32 }
    /// Contacts followed (0 … 9, as `EvdevDecoder` numbers them); events of other contacts are ignored.
    public static var contactCapacity: Int { 10 }
    /// Gesture events held until the caller drains them.
    static var queueCapacity: Int { 32 }
    /// The thresholds.
    public var settings = GestureSettings()
    let targets: UnsafeMutableBufferPointer<UInt32>
    let kinds: UnsafeMutableBufferPointer<GestureKind>
    /// The contact owning each recogniser, or −1.
    let owners: UnsafeMutableBufferPointer<Int8>
    /// The number of recognisers added.
    public private(set) var count = 0
    let contacts: UnsafeMutableBufferPointer<ContactTrack>
    let samples: PositionSamples
    let queue = EventRing<GestureEvent>(capacity: GestureRecognizers.queueCapacity, filler: GestureEvent(
        kind: .tap, phase: .ended, target: 0, contact: 0, x: .zero, y: .zero, translationX: .zero,
        translationY: .zero, velocityX: .zero, velocityY: .zero, timeMicros: 0))
    /// Gesture events that did not fit before the caller drained them.
    public private(set) var overflowedEvents = 0

    /// No recognisers.
    public init() {
        targets = .allocate(capacity: GestureRecognizers.capacity); targets.initialize(repeating: 0)
        kinds = .allocate(capacity: GestureRecognizers.capacity); kinds.initialize(repeating: .tap)
        owners = .allocate(capacity: GestureRecognizers.capacity); owners.initialize(repeating: -1)
        contacts = .allocate(capacity: GestureRecognizers.contactCapacity); contacts.initialize(repeating: ContactTrack())
        samples = PositionSamples(contacts: GestureRecognizers.contactCapacity)
    }

    deinit {
        targets.deallocate(); kinds.deallocate(); owners.deallocate(); contacts.deallocate()
        samples.deallocate()
    }

    /// Attaches a recogniser of `kind` to `target`.
    ///
    /// - Throws: `GestureError.recognizersFull` when `capacity` are attached.
    public func add(_ kind: GestureKind, to target: UInt32) throws(GestureError) {
        guard count < GestureRecognizers.capacity else { throw .recognizersFull(capacity: GestureRecognizers.capacity) }
        targets[count] = target
        kinds[count] = kind
        count &+= 1
    }

    /// The oldest gesture event, removed, or nil.
    public func next() -> GestureEvent? { queue.pop() }

    /// Reads one pointer event. `chain` (only read for `.down`) is the hit layer's target first, then its
    /// ancestors' (frontmost first); empty when the touch hit nothing.
    public func handle(_ event: PointerEvent, chain: UnsafeBufferPointer<UInt32>) {
        let contact = Int(event.contact)
        guard contact < GestureRecognizers.contactCapacity else { return }
        let x = Int64(event.x.raw), y = Int64(event.y.raw)
        switch event.phase {
        case .down: begin(contact, x: x, y: y, time: event.timeMicros, chain: chain)
        case .move: move(contact, x: x, y: y, time: event.timeMicros)
        case .up, .cancel: end(contact, x: x, y: y, time: event.timeMicros, cancelled: event.phase == .cancel)
        }
    }

    /// When the next long press is due (µs, the events' clock): the earliest time a finger held still within
    /// the slop on a long-press recogniser reaches `GestureSettings.longPressMicros`; nil when none can.
    /// A player passes time to it (`passTime(to:)`) when it comes, even if no event arrives.
    public var nextLongPressMicros: Int64? {
        var earliest: Int64?
        for contact in 0..<GestureRecognizers.contactCapacity where contacts[contact].isActive {
            let track = contacts[contact]
            guard !track.hasLeftSlop && !track.hasLongPressed && track.ownedLongPress >= 0 else { continue }
            earliest = min(earliest ?? .max, track.startTime &+ settings.longPressMicros)
        }
        return earliest
    }

    /// Lets time pass without events (between frames): still touches held long enough become long presses.
    public func passTime(to time: Int64) {
        for contact in 0..<GestureRecognizers.contactCapacity where contacts[contact].isActive {
            let track = contacts[contact]
            if !track.hasLeftSlop && !track.hasLongPressed && time &- track.startTime >= settings.longPressMicros {
                contacts[contact].hasLongPressed = true
                report(.longPress, .began, contact, time: time)
            }
        }
    }

    func begin(_ contact: Int, x: Int64, y: Int64, time: Int64, chain: UnsafeBufferPointer<UInt32>) {
        if contacts[contact].isActive { end(contact, x: x, y: y, time: time, cancelled: true) }
        var track = ContactTrack()
        track.isActive = true
        track.startX = x; track.startY = y; track.startTime = time
        track.x = x; track.y = y; track.time = time
        samples.reset(contact)
        samples.add(contact, x: x, y: y, time: time)
        for raw in 0..<4 {
            guard let kind = GestureKind(rawValue: UInt8(raw)) else { continue }
            track.setOwned(kind, claim(kind, contact: contact, chain: chain))
        }
        contacts[contact] = track
        report(.press, .began, contact, time: time)
    }

    /// The recogniser of `kind` nearest the hit layer in `chain` that no other finger owns, now owned by
    /// `contact`; −1 when none.
    func claim(_ kind: GestureKind, contact: Int, chain: UnsafeBufferPointer<UInt32>) -> Int {
        for position in 0..<chain.count {
            let target = chain[position]
            for index in 0..<count where targets[index] == target && kinds[index] == kind {
                guard owners[index] < 0 else { return -1 }
                owners[index] = Int8(contact)
                return index
            }
        }
        return -1
    }

    func move(_ contact: Int, x: Int64, y: Int64, time: Int64) {
        guard contacts[contact].isActive else { return }
        record(contact, x: x, y: y, time: time)
        let track = contacts[contact]
        if !track.hasLeftSlop {
            let dx = x &- track.startX, dy = y &- track.startY, slop = Int64(settings.slop.raw)
            guard dx &* dx &+ dy &* dy > slop &* slop else { return }
            contacts[contact].hasLeftSlop = true
            contacts[contact].hasPanned = true
            report(.pan, .began, contact, time: time)
        } else if track.hasPanned {
            report(.pan, .changed, contact, time: time)
        }
    }

    func end(_ contact: Int, x: Int64, y: Int64, time: Int64, cancelled: Bool) {
        guard contacts[contact].isActive else { return }
        record(contact, x: x, y: y, time: time)
        let track = contacts[contact]
        let phase: GesturePhase = cancelled ? .cancelled : .ended
        if track.hasPanned { report(.pan, phase, contact, time: time) }
        if track.hasLongPressed { report(.longPress, phase, contact, time: time) }
        if !cancelled && !track.hasLeftSlop && !track.hasLongPressed && time &- track.startTime <= settings.tapMicros {
            report(.tap, .ended, contact, time: time)
        }
        report(.press, phase, contact, time: time)
        for raw in 0..<4 {
            guard let kind = GestureKind(rawValue: UInt8(raw)) else { continue }
            let owned = track.owned(kind)
            if owned >= 0 { owners[owned] = -1 }
        }
        contacts[contact] = ContactTrack()
    }

    /// Keeps a contact's new position.
    func record(_ contact: Int, x: Int64, y: Int64, time: Int64) {
        contacts[contact].x = x; contacts[contact].y = y; contacts[contact].time = time
        samples.add(contact, x: x, y: y, time: time)
    }

    /// Queues a `kind` event for the recogniser `contact` owns, if any.
    func report(_ kind: GestureKind, _ phase: GesturePhase, _ contact: Int, time: Int64) {
        let track = contacts[contact]
        let owner = track.owned(kind)
        guard owner >= 0 else { return }
        let velocity = phase == .cancelled ? (x: Int64(0), y: Int64(0)) : samples.velocity(contact, window: settings.velocityWindowMicros)
        let event = GestureEvent(
            kind: kind, phase: phase, target: targets[owner], contact: UInt8(contact),
            x: GestureRecognizers.fixed(track.x), y: GestureRecognizers.fixed(track.y),
            translationX: GestureRecognizers.fixed(track.x &- track.startX),
            translationY: GestureRecognizers.fixed(track.y &- track.startY),
            velocityX: GestureRecognizers.fixed(velocity.x), velocityY: GestureRecognizers.fixed(velocity.y), timeMicros: time)
        if !queue.push(event) { overflowedEvents &+= 1 }
    }

    /// A raw Q16.16 value saturated into `Fixed`.
    static func fixed(_ raw: Int64) -> Fixed {
        Fixed(raw: Int32(truncatingIfNeeded: min(max(raw, Int64(Int32.min)), Int64(Int32.max))))
    }
}
