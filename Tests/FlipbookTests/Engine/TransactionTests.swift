import FixedPoint
import Motion
import Testing
@testable import Flipbook

@Suite("Transactions, implicit animations, callbacks, layer time")
struct TransactionTests {
    /// A presented layer with opacity 1.
    func presentedLayer(_ engine: Engine) throws -> LayerID {
        let layer = try Fixture.layer(in: engine)
        engine.advance(to: 0)
        return layer
    }

    func opacity(_ engine: Engine, _ layer: LayerID, at seconds: Double) throws -> Double {
        engine.advance(to: Fixture.micros(seconds))
        return Fixture.number(try engine.presentationValue(of: .opacity, of: layer))
    }

    @Test func implicitAnimationUsesTheDefaultCurveAndDuration() throws {
        let engine = try Fixture.engine()
        let layer = try presentedLayer(engine)
        try engine.setValue(.number(0), for: .opacity, of: layer)
        #expect(try engine.modelValue(of: .opacity, of: layer) == .number(1))   // waits for the commit
        #expect(try opacity(engine, layer, at: 1) == 1)                       // applied at this frame: from 1
        #expect(try engine.modelValue(of: .opacity, of: layer) == .number(0))
        #expect(try engine.animationKeys(of: layer) == ["opacity"])
        let half = try opacity(engine, layer, at: 1.125)
        #expect(abs(half - (1 - 0.802403388)) <= 1e-3)                        // default curve at ½
        #expect(try opacity(engine, layer, at: 1.25) == 0)
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test func disableActionsAppliesWithoutAnimation() throws {
        let engine = try Fixture.engine()
        let layer = try presentedLayer(engine)
        var completions: [Bool] = []
        try engine.beginTransaction()
        try engine.setDisableActions(true)
        try engine.setCompletion { completions.append($0) }
        try engine.setValue(.number(0.5), for: .opacity, of: layer)
        try engine.commitTransaction()
        #expect(completions == [true])                                        // nothing to wait for
        #expect(try opacity(engine, layer, at: 0.01) == 0.5)
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test func nestedTransactionsAndCompletionAfterTheLastAnimation() throws {
        let engine = try Fixture.engine()
        let layer = try presentedLayer(engine)
        var log: [String] = []
        try engine.beginTransaction()
        try engine.setAnimationDuration(1)
        try engine.setCompletion { log.append("outer \($0)") }
        try engine.setValue(.number(0), for: .opacity, of: layer)
        try engine.beginTransaction()
        try engine.setAnimationDuration(2)
        try engine.setAnimationTimingFunction(.linear)
        try engine.setCompletion { log.append("inner \($0)") }
        try engine.setValue(.pair(200, 0), for: .position, of: layer)
        try engine.commitTransaction()
        try engine.commitTransaction()
        #expect(throws: EngineError.noOpenTransaction) { try engine.commitTransaction() }
        engine.advance(to: 0)
        engine.deliverCallbacks()
        engine.advance(to: Fixture.micros(1))
        #expect(abs(Fixture.number(try engine.presentationValue(of: .positionX, of: layer)) - 599.5) <= 0.01)
        engine.deliverCallbacks()
        #expect(log.isEmpty)
        engine.advance(to: Fixture.micros(2))
        engine.deliverCallbacks()
        #expect(log == ["inner true", "outer true"])
    }

    @Test func delegateCallbacksComeOnceAndInOrder() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        var log: [String] = []
        let first = AnimationDelegate(didStart: { log.append("start 1") }, didStop: { log.append("stop 1 \($0)") })
        let second = AnimationDelegate(didStart: { log.append("start 2") }, didStop: { log.append("stop 2 \($0)") })
        let animation = Animation.basic(BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(1),
                                                        timing: AnimationTiming(duration: 1)))
        try engine.addAnimation(animation, forKey: "x", to: layer, delegate: first)
        engine.advance(to: 0)
        engine.deliverCallbacks()
        #expect(log == ["start 1"])
        try engine.addAnimation(animation, forKey: "x", to: layer, delegate: second)   // replaces: not finished
        engine.advance(to: Fixture.micros(0.5))
        engine.deliverCallbacks()
        engine.advance(to: Fixture.micros(0.6))
        engine.deliverCallbacks()
        engine.advance(to: Fixture.micros(2))
        engine.deliverCallbacks()
        engine.advance(to: Fixture.micros(3))
        engine.deliverCallbacks()
        #expect(log == ["start 1", "stop 1 false", "start 2", "stop 2 true"])
    }

    @Test func removedOnCompletionFalseKeepsTheAnimation() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        var stops = 0
        try engine.addAnimation(.basic(BasicAnimation(
            keyPath: .positionX, from: .number(0), to: .number(10),
            timing: AnimationTiming(duration: 1, fillMode: .forwards, isRemovedOnCompletion: false))),
            forKey: "x", to: layer, delegate: AnimationDelegate(didStop: { _ in stops += 1 }))
        for time in [0.5, 1.5, 2.5] {
            _ = try Fixture.x(engine, layer, at: time)
            engine.deliverCallbacks()
        }
        #expect(stops == 1)
        #expect(try Fixture.x(engine, layer, at: 3) == 10)
        #expect(try engine.animationKeys(of: layer) == ["x"])
        try engine.removeAnimation(forKey: "x", from: layer)
        #expect(try Fixture.x(engine, layer, at: 3) == 999)
    }

    /// SEMANTICS §1.1 pause / resume recipe on a layer's time space.
    @Test func pauseAndResumeRecipe() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(100),
                                                      timing: AnimationTiming(duration: 1))), forKey: "x", to: layer)
        #expect(abs(try Fixture.x(engine, layer, at: 0.3) - 30) <= 0.01)
        let paused = try #require(try engine.convertTime(engine.currentTime, from: nil, to: layer))
        try engine.setTiming(speed: 0, timeOffset: paused.seconds, of: layer)
        #expect(abs(try Fixture.x(engine, layer, at: 0.8) - 30) <= 0.01)
        try engine.setTiming(beginTime: 0, speed: 1, timeOffset: 0, of: layer)
        let now = try #require(try engine.convertTime(engine.currentTime, from: nil, to: layer))
        try engine.setTiming(beginTime: (now - paused).seconds, speed: 1, timeOffset: 0, of: layer)
        #expect(abs(try Fixture.x(engine, layer, at: 1.0) - 50) <= 0.01)
    }

    /// Speeds multiply down the tree: a child under a layer at speed 2 runs at 2× media time.
    @Test func layerSpeedsMultiply() throws {
        let engine = try Fixture.engine()
        let parent = try Fixture.layer(in: engine)
        let child = try engine.createLayer()
        try engine.addSublayer(child, to: parent)
        try engine.setValue(.pair(999, 0), for: .position, of: child)
        try engine.setTiming(speed: 2, of: parent)
        try engine.setTiming(speed: 1.5, of: child)
        try engine.addAnimation(.basic(BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(100),
                                                      timing: AnimationTiming(duration: 1))), forKey: "x", to: child)
        #expect(abs(try Fixture.x(engine, child, at: 0.1) - 30) <= 0.01)
    }

    @Test func transitionShowsOldThenBothThenNew() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        try engine.setValue(.color(Color(red: 255, green: 0, blue: 0)), for: .backgroundColor, of: layer)
        let transition = TransitionAnimation(
            type: .push, subtype: .fromRight,
            changes: [PropertyChange(.backgroundColor, .color(Color(red: 0, green: 0, blue: 255)))],
            timing: AnimationTiming(beginTime: 1, duration: 1))
        try engine.addAnimation(.transition(transition), forKey: nil, to: layer)
        #expect(try engine.animationKeys(of: layer) == ["transition"])
        engine.advance(to: Fixture.micros(0.5))
        #expect(engine.presentation.count == 2)
        #expect(engine.presentation[1].backgroundColor == Color(red: 255, green: 0, blue: 0))
        engine.advance(to: Fixture.micros(1.5))
        let tree = engine.presentation
        #expect(tree.count == 3)
        #expect(tree[1].transition?.role == .outgoing && tree[1].backgroundColor == Color(red: 255, green: 0, blue: 0))
        #expect(tree[2].transition?.role == .incoming && tree[2].backgroundColor == Color(red: 0, green: 0, blue: 255))
        #expect(tree[2].transition?.type == .push && tree[2].transition?.progress == Progress(raw: 1 << 14))
        engine.advance(to: Fixture.micros(2.5))
        #expect(engine.presentation.count == 2)
        #expect(engine.presentation[1].backgroundColor == Color(red: 0, green: 0, blue: 255))
    }
}
