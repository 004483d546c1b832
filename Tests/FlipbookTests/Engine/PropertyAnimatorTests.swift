import FixedPoint
import Motion
import Testing
@testable import Flipbook

/// SEMANTICS §5: the property animator's state machine, scrubbing, reversing, stopping, finishing.
@Suite("Property animator")
struct PropertyAnimatorTests {
    /// An engine with a presented layer at x = 0 and an animator moving it to x = 100 over 1 s.
    func setUp(curve: TimingFunction = .linear) throws -> (Engine, LayerID, PropertyAnimator) {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine, modelX: 0)
        engine.advance(to: 0)
        let animator = try PropertyAnimator(duration: 1, curve: curve, engine: engine) { () throws(EngineError) in
            try engine.setValue(.pair(100, 0), for: .position, of: layer)
        }
        return (engine, layer, animator)
    }

    func frame(_ engine: Engine, _ layer: LayerID, _ seconds: Double) throws -> Double {
        let x = try Fixture.x(engine, layer, at: seconds)
        engine.deliverCallbacks()
        return x
    }

    @Test func runsToTheEndAndCompletes() throws {
        let (engine, layer, animator) = try setUp()
        var positions: [AnimatorPosition] = []
        animator.addCompletion { positions.append($0) }
        try animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning)
        #expect(abs(try frame(engine, layer, 0.5) - 50) <= 0.01)
        #expect(abs(animator.fractionComplete - 0.5) <= 1e-9)
        #expect(try frame(engine, layer, 1.0) == 100)
        #expect(animator.state == .inactive && positions == [.end])
        #expect(try engine.modelValue(of: .positionX, of: layer) == .number(100))
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    /// The engine holds an animator only while it runs: an engine whose owner lets go of it and of a paused,
    /// scrubbed or paused-at-the-end animator is freed (it was kept alive by a retain cycle before: 21 MB
    /// reported by LeakSanitizer over eight such tests). A running one is held, as CA holds it, until it ends.
    @Test(arguments: ["paused", "scrubbed", "pausedAtTheEnd", "completed"])
    func engineIsFreedWithItsIdleAnimators(_ how: String) throws {
        weak var released: Engine?
        try {
            let (engine, layer, animator) = try setUp()
            released = engine
            switch how {
            case "paused": try animator.startAnimation(); try animator.pauseAnimation()
            case "scrubbed": try animator.setFractionComplete(0.4)
            case "pausedAtTheEnd":
                animator.pausesOnCompletion = true
                try animator.startAnimation()
                _ = try frame(engine, layer, 1.0)
                #expect(animator.state == .active && !animator.isRunning)
            default:
                try animator.startAnimation()
                #expect(engine.runningAnimators.count == 1)
                _ = try frame(engine, layer, 1.0)
            }
            #expect(engine.runningAnimators.isEmpty)
        }()
        #expect(released == nil)
    }

    @Test func scrubbingIsLinearByDefault() throws {
        let (engine, layer, animator) = try setUp(curve: .easeInEaseOut)
        try animator.setFractionComplete(0.25)
        #expect(animator.state == .active && !animator.isRunning)
        #expect(abs(try frame(engine, layer, 0.1) - 25) <= 0.01)
        animator.scrubsLinearly = false
        try animator.setFractionComplete(0.25)
        #expect(abs(try frame(engine, layer, 0.2) - 12.9161931) <= 0.03)
    }

    @Test func reversingPlaysBackToTheStart() throws {
        let (engine, layer, animator) = try setUp()
        var positions: [AnimatorPosition] = []
        animator.addCompletion { positions.append($0) }
        try animator.startAnimation()
        _ = try frame(engine, layer, 0.5)
        try animator.setReversed(true)
        #expect(abs(try frame(engine, layer, 0.75) - 25) <= 0.01)
        #expect(try frame(engine, layer, 1.0) == 0)
        #expect(positions == [.start])
        #expect(try engine.modelValue(of: .positionX, of: layer) == .number(0))
    }

    @Test func continueWithDurationFactor() throws {
        let (engine, layer, animator) = try setUp()
        defer { engine.stopRunningAnimators() }
        try animator.startAnimation()
        _ = try frame(engine, layer, 0.5)
        try animator.pauseAnimation()
        #expect(abs(try frame(engine, layer, 0.7) - 50) <= 0.01)
        try animator.continueAnimation(withTimingParameters: nil, durationFactor: 2)
        #expect(abs(try frame(engine, layer, 1.2) - 75) <= 0.01)
    }

    @Test func stopWithoutFinishingThenFinish() throws {
        let (engine, layer, animator) = try setUp()
        var positions: [AnimatorPosition] = []
        animator.addCompletion { positions.append($0) }
        try animator.startAnimation()
        _ = try frame(engine, layer, 0.4)
        try animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        #expect(throws: EngineError.invalidAnimatorState(operation: "startAnimation", state: .stopped)) {
            try animator.startAnimation()
        }
        #expect(abs(try frame(engine, layer, 0.8) - 40) <= 0.01)
        try animator.finishAnimation(at: .end)
        #expect(positions == [.end] && animator.state == .inactive)
        #expect(try frame(engine, layer, 0.9) == 100)
    }

    @Test func stopWithoutFinishingActionsGoesInactiveSilently() throws {
        let (engine, layer, animator) = try setUp()
        var calls = 0
        animator.addCompletion { _ in calls += 1 }
        try animator.startAnimation()
        _ = try frame(engine, layer, 0.3)
        try animator.stopAnimation(true)
        #expect(animator.state == .inactive && calls == 0)
        #expect(abs(try frame(engine, layer, 2) - 30) <= 0.01)
        #expect(throws: EngineError.invalidAnimatorState(operation: "finishAnimation", state: .inactive)) {
            try animator.finishAnimation(at: .end)
        }
    }

    @Test func pausesOnCompletionStaysActive() throws {
        let (engine, layer, animator) = try setUp()
        defer { engine.stopRunningAnimators() }
        var calls = 0
        animator.addCompletion { _ in calls += 1 }
        animator.pausesOnCompletion = true
        try animator.startAnimation()
        #expect(try frame(engine, layer, 1.5) == 100)
        #expect(animator.state == .active && !animator.isRunning && calls == 0)
        try animator.setReversed(true)
        try animator.startAnimation()
        #expect(abs(try frame(engine, layer, 1.75) - 75) <= 0.01)
    }

    @Test func delayedStartAndAddedAnimations() throws {
        let (engine, layer, animator) = try setUp()
        defer { engine.stopRunningAnimators() }
        try animator.addAnimations({ () throws(EngineError) in
            try engine.setValue(.number(0.5), for: .opacity, of: layer)
        }, delayFactor: 0.5)
        try animator.startAnimation(afterDelay: 0.5)
        #expect(try frame(engine, layer, 0.25) == 0)
        #expect(abs(try frame(engine, layer, 1.0) - 50) <= 0.01)
        #expect(try engine.presentationValue(of: .opacity, of: layer) == .number(1))
        _ = try frame(engine, layer, 1.25)
        #expect(abs(Fixture.number(try engine.presentationValue(of: .opacity, of: layer)) - 0.75) <= 1e-3)
        #expect(throws: EngineError.self) { try animator.setFractionComplete(2) }
    }

    /// A running animator and its engine hold each other: with no other reference left the engine stays alive.
    /// `stopRunningAnimators` stops it where it is (no completion runs) and lets go, and the engine is freed
    /// with its last outside reference.
    @Test func stoppingRunningAnimatorsLetsTheEngineGo() throws {
        weak var weakEngine: Engine?
        var calls = 0
        var layerID: LayerID?
        do {
            let (engine, layer, running) = try setUp()
            running.addCompletion { _ in calls += 1 }
            try running.startAnimation()
            #expect(try frame(engine, layer, 0.5) == 50)
            weakEngine = engine
            layerID = layer
        }
        let engine = try #require(weakEngine, "the running animator no longer holds its engine")
        engine.stopRunningAnimators()
        #expect(engine.runningAnimators.isEmpty && calls == 0)
        #expect(try frame(engine, try #require(layerID), 0.75) == 50)
        _ = consume engine
        #expect(weakEngine == nil)
    }
}
