import FixedPoint
import Flipbook
import FlipbookInput
import FlipbookInteraction
import FlipbookScenes
import Testing

/// A scene animator with a `dampingRatio` (UIKit's `UIViewPropertyAnimator(duration:dampingRatio:)`): started by a
/// tap, it moves its layer exactly as the Swift animator of that ratio does (`PropertyAnimatorSpringTests` holds
/// that one against the closed-form oscillator); a ratio with a timing function, or outside (0, 1], is refused.
@Suite struct SpringAnimatorSceneTests {
    static let json = """
        {"flipbook": 1, "size": [200, 100],
         "layers": [{"name": "card", "position": [10, 50], "size": [20, 20], "backgroundColor": "#ffffff"}],
         "animators": [{"key": "slide", "duration": 1, "dampingRatio": 0.4, "changes": [{"layer": "card", "position": [110, 50]}]}],
         "interactions": [{"on": "tap", "layer": "card", "start": "slide"}]}
        """

    static func x(_ engine: Engine, _ layer: LayerID) throws -> Double {
        guard case .pair(let x, _) = try engine.presentationValue(of: .position, of: layer) else { return .nan }
        return x
    }

    @Test func aTappedSpringAnimatorMovesAsTheSwiftOne() throws {
        let description = try SceneDecoder.decode(Array(Self.json.utf8), fileName: "spring.json")
        let loaded = try LoadedScene(scene: description)
        let engine = loaded.engine
        let card = try loaded.layers.layer("card")
        let driver = try InteractionDriver(scene: loaded)
        engine.advance(to: 0)
        driver.handle(PointerEvent(phase: .down, contact: 0, x: Fixed(10), y: Fixed(50), timeMicros: 0))
        let started: Int64 = 50_000
        engine.advance(to: started)  // each event is handled with the engine at its time, as the run loop does
        driver.handle(PointerEvent(phase: .up, contact: 0, x: Fixed(10), y: Fixed(50), timeMicros: started))

        let reference = try Engine(configuration: EngineConfiguration(canvasWidth: 200, canvasHeight: 100, layerCapacity: 4))
        let square = try reference.createLayer(kind: .plain)
        try reference.addSublayer(square, to: reference.root)
        try reference.setValue(.pair(10, 50), for: .position, of: square)
        reference.advance(to: started)
        let animator = try PropertyAnimator(duration: 1, dampingRatio: 0.4, engine: reference) { () throws(EngineError) in
            try reference.setValue(.pair(110, 50), for: .position, of: square)
        }
        try animator.startAnimation()
        var overshoots = false
        for step in 1...20 {
            let time = started + Int64(step) * 50_000
            engine.advance(to: time)
            reference.advance(to: time)
            let x = try Self.x(engine, card)
            let expected = try Self.x(reference, square)
            #expect(x == expected, "at \(time) µs: \(x), the Swift animator's \(expected)")
            if x > 110.5 { overshoots = true }
        }
        #expect(overshoots)  // a ratio of 0.4 overshoots: the spring, not the default curve
        #expect(driver.refusals == 0)
        engine.stopRunningAnimators()
        reference.stopRunningAnimators()
    }

    @Test(arguments: [
        (#""dampingRatio": 0.5, "timingFunction": "linear""#, "/animators/0/dampingRatio: an animator eases by a timingFunction or by a dampingRatio, not both"),
        (#""dampingRatio": 0"#, "/animators/0/dampingRatio"),
        (#""dampingRatio": 1.5"#, "/animators/0/dampingRatio"),
    ])
    func badRatiosAreNamed(_ fields: String, _ expected: String) {
        let text = """
            {"flipbook": 1, "size": [100, 100], "layers": [{"name": "card", "size": [10, 10]}],
             "animators": [{"key": "a", \(fields), "changes": [{"layer": "card", "opacity": 0}]}]}
            """
        var lines: [String] = []
        do { _ = try SceneDecoder.decode(Array(text.utf8), fileName: "s.json") } catch { lines = error.lines }
        #expect(lines.contains { $0.contains(expected) }, "\(lines)")
    }
}
