import FixedPoint
import Motion
import Testing
@testable import Flipbook

/// `Engine.nextChangeTime()` against the animations themselves: a probe engine is stepped through every
/// millisecond and its presentation recorded; a second engine, stepped at frame times, must show the same
/// presentation at every millisecond before each answer (sound); where the answer is exact (a delayed animation,
/// in any layer time space), a promised change comes within a millisecond of it (tight). Groups answer their own
/// begin or "now", earlier than their children's changes: conservative, still sound.
@Suite("When the presentation next changes")
struct NextChangeTests {
    /// Every presentation value of the live layers (slots, transition state).
    static func snapshot(_ engine: Engine) -> [Int32] {
        var values: [Int32] = []
        for index in 0 ..< engine.nodes.count where engine.nodes[index].isLive {
            let node = engine.nodes[index]
            for slot in 0 ..< node.presentation.slots.count { values.append(node.presentation.slots[slot]) }
            values.append(node.transitionProgress.raw)
            values.append(node.transitionRecord)
        }
        return values
    }

    /// Checks `build`'s scene over `0 … endMillis` ms at 16 ms frames; returns the answers, one per frame.
    @discardableResult
    func check(endMillis: Int, tight: Bool = false, _ build: (Engine) throws -> Void) throws -> [MediaTime?] {
        let probe = try Fixture.engine()
        try Self.withoutActions(probe, build)
        var shots: [[Int32]] = []
        for millis in 0 ... endMillis {
            probe.advance(to: MediaTime(millis) * 1000)
            probe.deliverCallbacks()
            shots.append(Self.snapshot(probe))
        }
        let engine = try Fixture.engine()
        try Self.withoutActions(engine, build)
        var answers: [MediaTime?] = []
        for millis in stride(from: 0, through: endMillis, by: 16) {
            engine.advance(to: MediaTime(millis) * 1000)
            engine.deliverCallbacks()
            #expect(Self.snapshot(engine) == shots[millis], "frame at \(millis) ms differs from the probe")
            let answer = engine.nextChangeTime()
            answers.append(answer)
            if let answer { #expect(answer >= MediaTime(millis) * 1000, "answer \(answer) before now (\(millis) ms)") }
            let firstUnknown = answer.map { Int(($0 + 999) / 1000) } ?? shots.count
            for later in millis ..< min(firstUnknown, shots.count) where shots[later] != shots[millis] {
                Issue.record("at \(millis) ms the answer is \(String(describing: answer)) µs, but \(later) ms differs")
                break
            }
            // Tight: a promised change comes within a millisecond of the answer.
            if tight, let answer, answer > MediaTime(millis) * 1000, let change = shots.indices.first(where: {
                $0 > millis && shots[$0] != shots[millis]
            }) {
                #expect(MediaTime(change) * 1000 - answer < 1000, "answer \(answer) µs, first change at \(change) ms")
            }
        }
        return answers
    }

    /// Runs `build` in a transaction with actions disabled (no implicit animations from the model values).
    static func withoutActions(_ engine: Engine, _ build: (Engine) throws -> Void) throws {
        try engine.beginTransaction()
        try engine.setDisableActions(true)
        try build(engine)
        try engine.commitTransaction()
    }

    func opacity(begin: Double, duration: Double, fill: FillMode = .removed, removed: Bool = true) -> Animation {
        .basic(BasicAnimation(keyPath: .opacity, from: .number(0), to: .number(1), timing: AnimationTiming(
            beginTime: begin, duration: duration, fillMode: fill, isRemovedOnCompletion: removed)))
    }

    @Test func delayedAnimationSleepsUntilItsBegin() throws {
        let answers = try check(endMillis: 1200, tight: true) { engine in
            let layer = try Fixture.layer(in: engine)
            try engine.addAnimation(opacity(begin: 0.5, duration: 0.3), forKey: "fade", to: layer)
        }
        #expect(answers[0] == 500_000)
        #expect(answers.last! == nil)
    }

    @Test func layerTimeSpaceMapsTheBegin() throws {
        let answers = try check(endMillis: 1200, tight: true) { engine in
            let layer = try Fixture.layer(in: engine)
            try engine.setTiming(beginTime: 0.2, speed: 2, of: layer)
            try engine.addAnimation(opacity(begin: 0.6, duration: 0.2, fill: .forwards, removed: false),
                                    forKey: "fade", to: layer)
        }
        #expect(answers[0] == 500_000)  // local 0.6 s = 0.2 s + 0.6 s / 2
        #expect(answers.last! == nil)   // over, filled forwards: nothing changes again
    }

    @Test func backwardsFillAndSpringAndGroup() throws {
        try check(endMillis: 1500) { engine in
            let first = try Fixture.layer(in: engine)
            try engine.addAnimation(opacity(begin: 0.3, duration: 0.2, fill: .backwards), forKey: "fade", to: first)
            let second = try Fixture.layer(in: engine)
            try engine.addAnimation(.spring(SpringAnimation(BasicAnimation(
                keyPath: .positionY, from: .number(0), to: .number(40), timing: AnimationTiming(beginTime: 0.4)))),
                forKey: "spring", to: second)
            let third = try Fixture.layer(in: engine)
            try engine.addAnimation(.group(AnimationGroup(animations: [
                opacity(begin: 0.2, duration: 0.1),
            ], timing: AnimationTiming(beginTime: 0.7, duration: 0.4))), forKey: "group", to: third)
        }
    }

    @Test func stillSceneNeverChanges() throws {
        let answers = try check(endMillis: 200) { engine in
            let layer = try Fixture.layer(in: engine)
            try engine.setValue(.number(0.5), for: .opacity, of: layer)
        }
        #expect(answers.allSatisfy { $0 == nil })
    }
}
