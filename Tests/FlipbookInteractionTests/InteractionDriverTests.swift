import FixedPoint
import Flipbook
import FlipbookInput
import FlipbookInteraction
import FlipbookScenes
import Testing

/// The driver against a `Double` model of the card demo's animator: while the finger drags, the card is at
/// the scrubbed fraction of its way; let go, it continues linearly at the animator's pace (the finger was
/// slower); flung back, it runs shut. And the like demo's press / release / tap.
@Suite struct InteractionDriverTests {
    static func x(_ scene: ReplayedScene, _ layer: String, at micros: Int64) throws -> Double {
        let engine = scene.loaded.engine
        scene.replay?.run(through: micros) { scene.settle(at: $0) }
        engine.advance(to: micros)
        guard case .pair(let x, _) = try engine.presentationValue(of: .position, of: try scene.loaded.layers.layer(layer)) else {
            Issue.record("position is not a pair")
            return .nan
        }
        return x
    }

    @Test func theCardFollowsTheFingerThenContinuesAndIsFlungShut() throws {
        let scene = try ReplayedScene(scene: "card-fling.json", script: "scripts/card-fling-input.json")
        defer { scene.loaded.engine.stopRunningAnimators() }
        // 20 moves of 4 points: 80 of the 160-point distance; scrubbing is linear.
        let lastMove: Int64 = 520_000
        #expect(abs(try Self.x(scene, "card", at: 300_000) - (80 + 24)) < 0.01)  // six moves by 0.296 s
        #expect(abs(try Self.x(scene, "card", at: lastMove) - 160) < 0.01)
        // Let go at 0.536 s at 250 pt/s = 1.56 fractions/s, slower than the animator's own 1/0.6 s: it goes on at
        // its own pace, linearly: x = 160 + (t − 0.536) / 0.6 × 160.
        let release = 536_000.0
        for t in [600_000.0, 700_000, 800_000] {
            let expected = 160 + (t - release) / 600_000 * 160
            #expect(abs(try Self.x(scene, "card", at: Int64(t)) - expected) < 0.05, "t=\(t)")
        }
        #expect(abs(try Self.x(scene, "card", at: 1_300_000) - 240) < 0.01)
        // Flung left at 1.5 s: it runs back to its start, much faster than the animator's 0.6 s.
        #expect(abs(try Self.x(scene, "card", at: 1_900_000) - 80) < 0.01)
        #expect(scene.driver.refusals == 0)
    }

    @Test func pressDimsReleaseRestoresAndTapStartsTheArmedAnimations() throws {
        let scene = try ReplayedScene(scene: "like-tap.json", script: "scripts/like-tap-input.json")
        let engine = scene.loaded.engine
        let button = try scene.loaded.layers.layer("button"), burst = try scene.loaded.layers.layer("burst")
        scene.replay?.run(through: 380_000) { scene.settle(at: $0) }
        engine.advance(to: 380_000)
        // Pressed at 0.3 s: opacity eases toward 0.6 over 0.25 s (Core Animation's default curve), not there yet.
        guard case .number(let pressed) = try engine.presentationValue(of: .opacity, of: button) else { throw Failure() }
        #expect(pressed < 1 && pressed > 0.6)
        guard case .number(let model) = try engine.modelValue(of: .opacity, of: button) else { throw Failure() }
        #expect(abs(model - 0.6) <= 1.0 / 65536)  // the engine keeps Q16.16
        #expect(try engine.animationKeys(of: burst).isEmpty)
        scene.replay?.run(through: 450_000) { scene.settle(at: $0) }
        engine.advance(to: 450_000)
        guard case .number(let released) = try engine.modelValue(of: .opacity, of: button) else { throw Failure() }
        #expect(released == 1)
        #expect(try engine.animationKeys(of: burst) == ["like"])
        #expect(try engine.animationKeys(of: button).contains("like"))
        #expect(scene.driver.refusals == 0)
    }

    struct Failure: Error {}
}
