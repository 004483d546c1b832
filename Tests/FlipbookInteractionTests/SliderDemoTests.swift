import Flipbook
import FlipbookScenes
import Testing

/// slider.json under its replayed drags, checked against the finger rather than against goldens: the knob sits
/// at the fraction drag ÷ 240 of the track, and the label shows 100 × that fraction as `%.0f` rounds it.
@Suite struct SliderDemoTests {
    /// The track's start and length (the knob's x at 0 and the pan's distance), in points.
    static let trackStart = 40.0, trackLength = 240.0
    /// The fraction at `micros` the script implies: 4 points per move every 16 ms from 0.2 s (36 moves), up at
    /// 0.8 s and left there; down again at 1.5 s, 18 moves back, up at 1.82 s and left there.
    static func fraction(at micros: Int64) -> Double {
        func moves(since start: Int64, most: Int64) -> Double { Double(min(max((micros - start) / 16_000, 0), most)) }
        if micros < 1_500_000 { return 4 * moves(since: 200_000, most: 36) / trackLength }
        return 4 * (36 - moves(since: 1_500_000, most: 18)) / trackLength
    }

    @Test(arguments: [Int64(400_000), 700_000, 1_000_000, 1_400_000, 1_700_000, 2_500_000, 3_000_000])
    func knobAndLabelFollowTheFinger(at micros: Int64) throws {
        let scene = try ReplayedScene(scene: "slider.json", script: "scripts/slider-input.json")
        defer { scene.loaded.engine.stopRunningAnimators() }
        let engine = scene.loaded.engine
        scene.replay?.run(through: micros) { scene.settle(at: $0) }
        engine.advance(to: micros)
        let fraction = Self.fraction(at: micros)
        let knob = try scene.loaded.layers.layer("knob"), label = try scene.loaded.layers.layer("value")
        guard case .pair(let x, _) = try engine.presentationValue(of: .position, of: knob),
              case .number(let number) = try engine.presentationValue(of: .number, of: label) else {
            Issue.record("position is not a pair or number not a number")
            return
        }
        #expect(abs(x - (Self.trackStart + Self.trackLength * fraction)) < 0.01, "t=\(micros) x=\(x) fraction=\(fraction)")
        #expect(abs(number - 100 * fraction) < 0.01, "t=\(micros) number=\(number) fraction=\(fraction)")
        #expect(try engine.string(of: label) == String(Int((100 * fraction).rounded(.toNearestOrEven))), "t=\(micros)")
        #expect(scene.driver.refusals == 0)
    }

    /// Let go with `stay`, the animator waits paused where the finger left it: nothing moves, so a run loop sleeps.
    @Test func aReleasedKnobLetsTheSceneSleep() throws {
        let scene = try ReplayedScene(scene: "slider.json", script: "scripts/slider-input.json")
        defer { scene.loaded.engine.stopRunningAnimators() }
        scene.replay?.run(through: 2_500_000) { scene.settle(at: $0) }
        scene.settle(at: 2_500_000)
        #expect(scene.loaded.engine.nextChangeTime() == nil)
    }
}
