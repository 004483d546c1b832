import FixedPoint
import Foundation
import Motion
import Testing
@testable import Flipbook

/// Groups inside groups against a `Double` model of SEMANTICS §1.2 applied level by level: each
/// child's parent time is its group's basic local time, and nothing of a group shows outside its window.
@Suite("Nested groups")
struct NestedGroupTests {
    /// §1.2 in `Double` seconds: the basic local time u at parent time `t`, or nil when removed.
    struct ModelTiming {
        var begin = 0.0, speed = 1.0, offset = 0.0, duration = 1.0, repeatCount = 0.0
        var autoreverses = false, fillBackwards = false, fillForwards = false

        func localTime(_ t: Double) -> Double? {
            let elapsed = (t - begin) * speed
            let cycle = duration * (autoreverses ? 2 : 1)
            let active = cycle * (repeatCount > 0 ? repeatCount : 1)
            if elapsed < 0 && !fillBackwards { return nil }
            if elapsed >= active && !fillForwards { return nil }
            let clamped = min(max(elapsed, 0), active)
            let a = clamped + offset
            var k = (a / duration).rounded(.down)
            var u = a - k * duration
            if clamped == active && abs(u) < 1e-12 && a > 0 {
                k -= 1
                u = duration
            }
            if autoreverses && Int(k) % 2 != 0 { u = duration - u }
            return u
        }

        var engineTiming: AnimationTiming {
            let fill: FillMode = fillBackwards ? (fillForwards ? .both : .backwards) : (fillForwards ? .forwards : .removed)
            return AnimationTiming(beginTime: begin, duration: duration, speed: speed, timeOffset: offset,
                                   repeatCount: repeatCount, autoreverses: autoreverses, fillMode: fill,
                                   isRemovedOnCompletion: false)
        }
    }

    static let outer = ModelTiming(begin: 0.3, duration: 1.6, repeatCount: 2, fillForwards: true)
    static let inner = ModelTiming(begin: 0.2, speed: 2, offset: 0.1, duration: 0.5, repeatCount: 3,
                                   autoreverses: true, fillBackwards: true, fillForwards: true)
    static let leaf = ModelTiming(begin: 0.05, duration: 0.4, fillBackwards: true, fillForwards: true)

    /// position.x at scene time `t`: 100 · leaf progress, or the model value 999 when removed.
    static func modelX(at t: Double) -> Double {
        guard let outerTime = outer.localTime(t), let innerTime = inner.localTime(outerTime),
              let leafTime = leaf.localTime(innerTime) else { return 999 }
        return 100 * leafTime / leaf.duration
    }

    func nestedGroup(depth: Int) -> Animation {
        var animation = Animation.basic(BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(100),
                                                       timing: Self.leaf.engineTiming))
        for _ in 0 ..< depth { animation = .group(AnimationGroup(animations: [animation], timing: AnimationTiming(duration: 10))) }
        return animation
    }

    @Test func childTimeIsLocalToTheEnclosingGroupsAndClipped() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        let leaf = Animation.basic(BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(100),
                                                  timing: Self.leaf.engineTiming))
        let inner = Animation.group(AnimationGroup(animations: [leaf], timing: Self.inner.engineTiming))
        let other = Animation.basic(BasicAnimation(keyPath: .opacity, from: .number(0), to: .number(1),
                                                   timing: AnimationTiming(duration: 1)))
        try engine.addAnimation(.group(AnimationGroup(animations: [other, inner], timing: Self.outer.engineTiming)),
                                forKey: "nested", to: layer)
        var checked = 0
        for step in 0 ..< 260 {
            let t = 0.003 + 0.0191 * Double(step)
            let expected = Self.modelX(at: t)
            let actual = try Fixture.x(engine, layer, at: t)
            #expect(abs(actual - expected) <= 0.01, "t \(t): \(actual) vs model \(expected)")
            if expected != 999 && expected != 0 && expected != 100 { checked += 1 }
        }
        #expect(checked > 40)   // the grid crosses the leaf's active interpolation many times
    }

    @Test func nestingDepthIsLimitedAndTransitionsAreRefused() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        try engine.addAnimation(nestedGroup(depth: Engine.maximumGroupDepth), forKey: "deep", to: layer)
        #expect(abs(try Fixture.x(engine, layer, at: 0.25) - 50) <= 0.01)
        #expect(throws: EngineError.invalidAnimation(
            field: "animations", reason: "groups nest at most \(Engine.maximumGroupDepth) deep")) {
            try engine.addAnimation(nestedGroup(depth: Engine.maximumGroupDepth + 1), forKey: "deeper", to: layer)
        }
        let transition = Animation.transition(TransitionAnimation(timing: AnimationTiming(duration: 1)))
        #expect(throws: EngineError.self) {
            try engine.addAnimation(.group(AnimationGroup(animations: [.group(AnimationGroup(animations: [transition]))])),
                                    forKey: "bad", to: layer)
        }
    }

    @Test func removingANestedGroupFreesEveryRecord() throws {
        let engine = try Fixture.engine(animations: 16)
        let layer = try Fixture.layer(in: engine)
        for round in 0 ..< 5 {
            try engine.addAnimation(nestedGroup(depth: 4), forKey: "deep", to: layer)   // 5 records
            engine.advance(to: Fixture.micros(Double(round)))
            try engine.removeAnimation(forKey: "deep", from: layer)
            engine.deliverCallbacks()
            #expect(engine.animations.usedCount == 0, "round \(round)")
        }
    }
}
