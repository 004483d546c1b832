import Flipbook
import FlipbookScenes
import Testing

/// ring-tap.json (seed 000's progress ring, `progress += …` per touch) under its replayed touches, checked against
/// the touches rather than against goldens: each tap adds 0.2 to the ring's `strokeEnd`, the sixth would pass 1
/// and is refused (the ring stays full), the long press empties it, and the last tap starts again.
@Suite struct RingTapDemoTests {
    /// `strokeEnd`'s model value the touches imply at `micros`: a tap acts at its lift, the long press 0.5 s after
    /// its touch. 0.2 is 13,107 / 65,536 in the engine's Q16.16, so five taps make 65,535 / 65,536.
    static func strokeEnd(at micros: Int64) -> Double {
        let step = 13_107.0 / 65_536
        if micros >= 4_480_000 { return step }
        if micros >= 3_700_000 { return 0 }
        let taps = [280_000, 780_000, 1_280_000, 1_780_000, 2_280_000].filter { micros >= $0 }.count
        return Double(taps) * step
    }

    @Test(arguments: [Int64(100_000), 500_000, 1_000_000, 2_500_000, 3_000_000, 3_600_000, 4_200_000, 5_000_000])
    func eachTapAddsAFifth(at micros: Int64) throws {
        let scene = try ReplayedScene(scene: "ring-tap.json", script: "scripts/ring-tap-input.json")
        scene.replay?.run(through: micros) { scene.settle(at: $0) }
        scene.settle(at: micros)
        let ring = try scene.loaded.layers.layer("progress")
        #expect(try scene.loaded.engine.modelValue(of: .strokeEnd, of: ring) == .number(Self.strokeEnd(at: micros)), "t=\(micros)")
        #expect(scene.driver.refusals == (micros >= 2_780_000 ? 1 : 0), "t=\(micros)")
    }

    /// A tap's change is implicit: 0.25 s of Core Animation's default curve from the value shown.
    @Test func aTapAnimates() throws {
        let scene = try ReplayedScene(scene: "ring-tap.json", script: "scripts/ring-tap-input.json")
        let ring = try scene.loaded.layers.layer("progress")
        var shown: [Double] = []
        for micros: Int64 in [300_000, 405_000, 530_000, 600_000] {
            scene.replay?.run(through: micros) { scene.settle(at: $0) }
            scene.settle(at: micros)
            guard case .number(let value) = try scene.loaded.engine.presentationValue(of: .strokeEnd, of: ring) else {
                Issue.record("strokeEnd is not a number")
                return
            }
            shown.append(value)
        }
        #expect(shown[0] < 0.05 && shown[1] > 0.05 && shown[1] < 0.2 && shown[2] == 13_107.0 / 65_536 && shown[3] == shown[2], "\(shown)")
    }

    /// Two taps handled before the next frame add up, as two `progress += 0.2` in one run-loop turn do.
    @Test func twoTapsInOneFrameAddUp() throws {
        let scene = try ReplayedScene(scene: "ring-tap.json", script: nil)
        scene.settle(at: 100_000)
        let ring = try scene.loaded.layers.layer("progress")
        try scene.driver.interactions.perform(.tap, layerIndex: ring.index)
        try scene.driver.interactions.perform(.tap, layerIndex: ring.index)
        #expect(try scene.loaded.engine.modelValue(of: .strokeEnd, of: ring) == .number(2 * 13_107.0 / 65_536))
    }
}
