import Testing
@testable import Flipbook

/// UIView's switches: `setAnimationsEnabled`, `performWithoutAnimation`, `modifyAnimations`, the running
/// property animator, and `CATransaction.flush()`, each against what UIKit and Core Animation do.
@Suite struct AnimationSwitchesTests {
    /// Off, a block, a keyframes block and a transition apply their values at once and still complete
    /// (finished); on again, blocks animate.
    @Test func disabledBlocksApplyAtOnceAndComplete() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.presentedLayer(in: engine)
        engine.setAnimationsEnabled(false)
        #expect(!engine.areAnimationsEnabled)
        var finished: [Bool] = []
        try engine.animate(withDuration: 1, animations: { () throws(EngineError) in
            try engine.setValue(.pair(100, 0), for: .position, of: layer)
        }, completion: { finished.append($0) })
        #expect(try Fixture.x(engine, layer, at: 0.1) == 100)
        try engine.animateKeyframes(withDuration: 1, animations: { () throws(EngineError) in
            try engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { () throws(EngineError) in
                try engine.setValue(.pair(300, 0), for: .position, of: layer)
            }
            try engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { () throws(EngineError) in
                try engine.setValue(.pair(200, 0), for: .position, of: layer)
            }
        }, completion: { finished.append($0) })
        #expect(try Fixture.x(engine, layer, at: 0.2) == 300)  // the track's last keyframe, not the last call
        try engine.transition(with: layer, duration: 1, animations: { () throws(EngineError) in
            try engine.setValue(.number(0.5), for: .opacity, of: layer)
        }, completion: { finished.append($0) })
        engine.advance(to: Fixture.micros(0.3))
        #expect(try engine.presentationValue(of: .opacity, of: layer) == .number(0.5))
        engine.deliverCallbacks()
        #expect(finished == [true, true, true])
        engine.setAnimationsEnabled(true)
        try engine.animate(withDuration: 1, options: [.curveLinear], animations: { () throws(EngineError) in
            try engine.setValue(.pair(400, 0), for: .position, of: layer)
        })
        #expect(abs(try Fixture.x(engine, layer, at: 0.8) - 350) <= 0.01)  // 300 → 400 over 0.3 … 1.3 s
    }

    /// Inside, neither implicit animations nor blocks animate; after, both do again, and the switch is
    /// restored even when the closure throws.
    @Test func performWithoutAnimationIsScopedToItsClosure() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.presentedLayer(in: engine)
        try engine.performWithoutAnimation { () throws(EngineError) in
            try engine.setValue(.pair(100, 0), for: .position, of: layer)
            try engine.animate(withDuration: 1, animations: { () throws(EngineError) in
                try engine.setValue(.number(0.25), for: .opacity, of: layer)
            })
        }
        #expect(engine.areAnimationsEnabled)
        #expect(try Fixture.x(engine, layer, at: 0.1) == 100)
        #expect(try engine.presentationValue(of: .opacity, of: layer) == .number(0.25))
        try engine.setValue(.pair(200, 0), for: .position, of: layer)  // implicit again: 0.25 s from 100
        #expect(try Fixture.x(engine, layer, at: 0.2) == 100)  // committed, and begun, at this advance
        let x = try Fixture.x(engine, layer, at: 0.3)
        #expect(x > 100 && x < 200, "x \(x)")
        #expect(throws: EngineError.self) {
            try engine.performWithoutAnimation { () throws(EngineError) in
                try engine.setValue(.number(2), for: .opacity, of: layer)
            }
        }
        #expect(engine.areAnimationsEnabled)
    }

    /// The changes inside `modifyAnimations` repeat and autoreverse; the block's other changes play once.
    @Test func modifyAnimationsRepeatsPartOfABlock() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.presentedLayer(in: engine)
        try engine.animate(withDuration: 1, options: [.curveLinear], animations: { () throws(EngineError) in
            try engine.modifyAnimations(withRepeatCount: 2, autoreverses: true) { () throws(EngineError) in
                try engine.setValue(.pair(100, 0), for: .position, of: layer)
            }
            try engine.setValue(.number(0), for: .opacity, of: layer)
        })
        #expect(abs(try Fixture.x(engine, layer, at: 1.5) - 50) <= 0.01)  // on its way back
        #expect(abs(try Fixture.x(engine, layer, at: 2.25) - 25) <= 0.01)  // the second repeat
        #expect(try Fixture.x(engine, layer, at: 4.5) == 100)              // over: the model value
        engine.advance(to: Fixture.micros(1.5))
        #expect(try engine.presentationValue(of: .opacity, of: layer) == .number(0))
        #expect(throws: EngineError.noOpenTransaction) {
            try engine.modifyAnimations(withRepeatCount: 1, autoreverses: false) {}
        }
        try engine.beginTransaction()
        #expect(throws: EngineError.self) {
            try engine.modifyAnimations(withRepeatCount: -1, autoreverses: false) {}
        }
        try engine.commitTransaction()
    }

    /// Started at once with the options' curve, after its delay, and completing at its end.
    @Test func aRunningPropertyAnimatorStartsAtOnce() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.presentedLayer(in: engine)
        var ended: [AnimatorPosition] = []
        let animator = try PropertyAnimator.runningPropertyAnimator(
            withDuration: 1, delay: 0.5, options: [.curveLinear], engine: engine,
            animations: { () throws(EngineError) in try engine.setValue(.pair(100, 0), for: .position, of: layer) },
            completion: { ended.append($0) })
        #expect(animator.state == .active && animator.isRunning)
        #expect(try Fixture.x(engine, layer, at: 0.25) == 0)
        #expect(abs(try Fixture.x(engine, layer, at: 1.0) - 50) <= 0.01)
        for time in [1.5, 1.6] {
            _ = try Fixture.x(engine, layer, at: time)
            engine.deliverCallbacks()
        }
        #expect(ended == [.end] && animator.state == .inactive)
    }

    /// A flush puts edits made outside transactions into the model at once, and their implicit animations begin
    /// at the flush; without one they wait for the next advance.
    @Test func flushCommitsTheImplicitTransactionNow() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.presentedLayer(in: engine)
        engine.advance(to: Fixture.micros(1))
        try engine.setValue(.pair(100, 0), for: .position, of: layer)
        #expect(try engine.modelValue(of: .position, of: layer) == .pair(0, 0))
        engine.flushTransaction()
        #expect(try engine.modelValue(of: .position, of: layer) == .pair(100, 0))
        #expect(engine.nextChangeTime() == engine.currentTime)  // a frame is wanted
        let moving = try Fixture.x(engine, layer, at: 1.125)  // begun at the flush (1 s), not at this advance
        #expect(moving > 0 && moving < 100, "x \(moving)")
        #expect(try Fixture.x(engine, layer, at: 1.25) == 100)
        try engine.beginTransaction()
        try engine.setValue(.number(0.5), for: .opacity, of: layer)
        engine.flushTransaction()  // an open transaction: nothing
        #expect(try engine.modelValue(of: .opacity, of: layer) == .number(1))
        try engine.commitTransaction()
    }
}
