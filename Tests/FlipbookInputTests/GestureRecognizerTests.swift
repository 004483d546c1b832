import CMallocCounter
import FixedPoint
import Testing
@testable import FlipbookInput

/// Taps, long presses, press/release and pans with velocity, from scripted touches.
@Suite struct GestureRecognizerTests {
    static func touch(_ phase: PointerPhase, _ x: Double, _ y: Double, ms: Int64, contact: UInt8 = 0) -> PointerEvent {
        PointerEvent(phase: phase, contact: contact, x: Fixed(raw: Int32(x * 65536)), y: Fixed(raw: Int32(y * 65536)),
                     timeMicros: ms * 1000)
    }

    static func run(_ recognizers: GestureRecognizers, _ events: [PointerEvent], chain: [UInt32]) -> [GestureEvent] {
        var out: [GestureEvent] = []
        chain.withUnsafeBufferPointer { buffer in
            for event in events {
                recognizers.passTime(to: event.timeMicros)
                recognizers.handle(event, chain: buffer)
                while let gesture = recognizers.next() { out.append(gesture) }
            }
        }
        return out
    }

    static func names(_ events: [GestureEvent]) -> [String] { events.map { "\($0.kind) \($0.phase) \($0.target)" } }

    @Test func aShortStillTouchIsATapOnTheNearestTargetWithOne() throws {
        let recognizers = GestureRecognizers()
        try recognizers.add(.tap, to: 2)
        try recognizers.add(.tap, to: 3)
        try recognizers.add(.press, to: 3)
        // The touch hits layer 1, inside 2, inside 3: the tap bubbles to 2, the press to 3.
        let events = Self.run(recognizers, [Self.touch(.down, 10, 10, ms: 0), Self.touch(.move, 14, 12, ms: 50),
                                             Self.touch(.up, 14, 12, ms: 120)], chain: [1, 2, 3])
        #expect(Self.names(events) == ["press began 3", "tap ended 2", "press ended 3"])
    }

    @Test func aTouchHeldStillBecomesALongPressAndNoTap() throws {
        let recognizers = GestureRecognizers()
        try recognizers.add(.tap, to: 1)
        try recognizers.add(.longPress, to: 1)
        var events = Self.run(recognizers, [Self.touch(.down, 10, 10, ms: 0)], chain: [1])
        recognizers.passTime(to: 499_999)
        #expect(recognizers.next() == nil)
        recognizers.passTime(to: 500_000)
        events += [recognizers.next()].compactMap { $0 }
        events += Self.run(recognizers, [Self.touch(.up, 10, 10, ms: 700)], chain: [1])
        #expect(Self.names(events) == ["longPress began 1", "longPress ended 1"])
    }

    /// The deadline a player waits for: due 500 ms after a still touch on a long-press recogniser, gone once
    /// the press is recognised or the finger leaves the slop; none for a touch no long press owns.
    @Test func theNextLongPressIsDueHalfASecondAfterAStillTouch() throws {
        let recognizers = GestureRecognizers()
        try recognizers.add(.longPress, to: 1)
        try recognizers.add(.tap, to: 2)
        _ = Self.run(recognizers, [Self.touch(.down, 10, 10, ms: 40, contact: 1)], chain: [2])
        #expect(recognizers.nextLongPressMicros == nil)  // a touch on layer 2: no long press there
        _ = Self.run(recognizers, [Self.touch(.down, 10, 10, ms: 100)], chain: [1])
        #expect(recognizers.nextLongPressMicros == 600_000)
        recognizers.passTime(to: 600_000)
        #expect(recognizers.next().map { "\($0.kind) \($0.phase)" } == "longPress began")
        #expect(recognizers.nextLongPressMicros == nil)
        _ = Self.run(recognizers, [Self.touch(.down, 10, 10, ms: 700, contact: 2), Self.touch(.move, 30, 10, ms: 750, contact: 2)],
                     chain: [1])
        #expect(recognizers.nextLongPressMicros == nil)  // left the slop
    }

    @Test func aPanBeginsBeyondTheSlopAndEndsWithTheFingersVelocity() throws {
        let recognizers = GestureRecognizers()
        try recognizers.add(.pan, to: 7)
        try recognizers.add(.tap, to: 7)
        // 8 points (inside the slop), then 300 points per second to the right for 200 ms.
        var touches = [Self.touch(.down, 100, 50, ms: 0), Self.touch(.move, 108, 50, ms: 10)]
        for step in 1...20 { touches.append(Self.touch(.move, 108 + 3 * Double(step), 50, ms: 10 + 10 * Int64(step))) }
        touches.append(Self.touch(.up, 168, 50, ms: 210))
        let events = Self.run(recognizers, touches, chain: [7])
        #expect(events.first.map { "\($0.kind) \($0.phase)" } == "pan began")
        #expect(events.first?.translationX == Fixed(11))
        #expect(events.dropFirst().dropLast().allSatisfy { $0.kind == .pan && $0.phase == .changed })
        let last = try #require(events.last)
        #expect(last.kind == .pan && last.phase == .ended && last.translationX == Fixed(68))
        #expect(abs(last.velocityX.doubleValue - 300) < 0.01 && last.velocityY == .zero)
        #expect(!events.contains { $0.kind == .tap })
    }

    @Test func oneFingerOwnsARecognizer() throws {
        let recognizers = GestureRecognizers()
        try recognizers.add(.press, to: 1)
        let events = Self.run(recognizers, [
            Self.touch(.down, 0, 0, ms: 0, contact: 0), Self.touch(.down, 5, 5, ms: 10, contact: 1),
            Self.touch(.up, 5, 5, ms: 20, contact: 1), Self.touch(.up, 0, 0, ms: 30, contact: 0),
            Self.touch(.down, 5, 5, ms: 40, contact: 1), Self.touch(.cancel, 5, 5, ms: 50, contact: 1),
        ], chain: [1])
        #expect(events.map { "\($0.phase) \($0.contact)" } == ["began 0", "ended 0", "began 1", "cancelled 1"])
    }

    @Test func recognizersAreBoundedAndTouchesAllocateNothing() throws {
        let recognizers = GestureRecognizers()
        for index in 0..<GestureRecognizers.capacity { try recognizers.add(.pan, to: UInt32(index)) }
        #expect(throws: GestureError.recognizersFull(capacity: 32)) { try recognizers.add(.tap, to: 99) }
        var touches: [PointerEvent] = []
        for index in 0..<1_000 {
            let step = index % 50
            let phase: PointerPhase = step == 0 ? .down : (step == 49 ? .up : .move)
            let contact = UInt8(index / 50 % 3)
            touches.append(Self.touch(phase, Double(step) * 4, 10, ms: Int64(index), contact: contact))
        }
        let chain: [UInt32] = [5, 6]
        var delivered = 0
        let allocations = chain.withUnsafeBufferPointer { buffer in
            // Index loops: a for-in over an array allocates in debug builds.
            let before = cmc_allocation_count()
            for index in 0..<touches.count {
                recognizers.handle(touches[index], chain: buffer)
                while recognizers.next() != nil { delivered += 1 }
            }
            return cmc_allocation_count() - before
        }
        #expect(allocations == 0)
        #expect(delivered > 900)
    }
}
