import FixedPoint
import Motion
import Testing
@testable import Flipbook

/// SEMANTICS.md §1.2 step 8: a group's timing function eases the time its children see, and a child
/// without a duration takes the group's (seed 002's menu groups rely on both).
@Suite("Group easing and child durations")
struct GroupEasingTests {
    @Test func aGroupsTimingFunctionEasesItsChildren() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        let child = Animation.basic(BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(100),
                                                   timing: AnimationTiming(duration: 2)))
        try engine.addAnimation(.group(AnimationGroup(animations: [child], timing: AnimationTiming(
            duration: 2, timingFunction: .easeIn))), forKey: "eased", to: layer)
        for t in [0.2, 0.5, 1.0, 1.5, 1.9] {
            let expected = 100 * TimingReferenceModel.bezier(t / 2, (0.42, 0, 1, 1))
            // The curve table's error is at most 2⁻¹² of the group's duration: 0.025 of this 0 … 100 move.
            #expect(abs(try Fixture.x(engine, layer, at: t) - expected) <= 0.03, "t \(t)")
        }
    }

    @Test func aChildWithoutDurationTakesTheGroups() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine)
        let child = Animation.basic(BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(100)))
        let nested = Animation.group(AnimationGroup(animations: [child]))
        try engine.addAnimation(.group(AnimationGroup(animations: [nested], timing: AnimationTiming(duration: 2))),
                                forKey: "menu", to: layer)
        #expect(abs(try Fixture.x(engine, layer, at: 0.5) - 25) <= 0.01)
        #expect(abs(try Fixture.x(engine, layer, at: 1.5) - 75) <= 0.01)
    }
}
