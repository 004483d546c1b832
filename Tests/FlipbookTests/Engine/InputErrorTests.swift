import FixedPoint
import Motion
import Testing
@testable import Flipbook

/// Each bad input is a typed error naming what is wrong (and nothing changes).
@Suite("Bad input")
struct InputErrorTests {
    @Test func configurationLimits() {
        #expect(throws: EngineError.invalidValue(layer: nil, field: "layerCapacity", value: 0,
                                                 reason: .outOfRange(min: 1, max: 65_535))) {
            _ = try Engine(configuration: EngineConfiguration(canvasWidth: 800, canvasHeight: 480, layerCapacity: 0))
        }
        #expect(throws: EngineError.invalidValue(layer: nil, field: "canvasWidth", value: -5,
                                                 reason: .outOfRange(min: 1, max: 16_383))) {
            _ = try Engine(configuration: EngineConfiguration(canvasWidth: -5, canvasHeight: 480))
        }
    }

    @Test func treeIndexAndSiblingErrors() throws {
        let engine = try Fixture.engine()
        let parent = try engine.createLayer(name: "parent")
        let child = try engine.createLayer(name: "child")
        #expect(throws: EngineError.sublayerIndexOutOfRange(layer: LayerName(id: parent, name: "parent"), index: 1, count: 0)) {
            try engine.insertSublayer(child, into: parent, at: 1)
        }
        #expect(throws: EngineError.invalidValue(layer: LayerName(id: parent, name: "parent"), field: "superlayer",
                                                 value: -1, reason: .negative)) {
            try engine.insertSublayer(child, above: parent)
        }
        #expect(throws: EngineError.self) { try engine.destroyLayer(engine.root) }
        try engine.insertSublayer(child, into: parent, at: 0)
        #expect(try engine.sublayers(of: parent) == [child])
    }

    @Test func maskInTheTreeAndNestedMasks() throws {
        let engine = try Fixture.engine()
        let layer = try Fixture.layer(in: engine, name: "layer")
        let sibling = try Fixture.layer(in: engine, name: "sibling")
        #expect(throws: EngineError.invalidMask(layer: LayerName(id: layer, name: "layer"),
                                                mask: LayerName(id: sibling, name: "sibling"), reason: .maskIsInTheTree)) {
            try engine.setMask(sibling, of: layer)
        }
        let mask = try engine.createLayer(name: "mask")
        let inner = try engine.createLayer(name: "inner")
        try engine.setMask(inner, of: mask)
        #expect(throws: EngineError.invalidMask(layer: LayerName(id: layer, name: "layer"),
                                                mask: LayerName(id: mask, name: "mask"), reason: .nestedMask)) {
            try engine.setMask(mask, of: layer)
        }
        #expect(throws: EngineError.self) { try engine.addSublayer(inner, to: layer) }   // a mask is not a sublayer
    }

    @Test func animationKeyAndPoolErrors() throws {
        let engine = try Fixture.engine(animations: 2)
        let layer = try engine.createLayer(name: "l")
        #expect(throws: EngineError.noAnimation(layer: LayerName(id: layer, name: "l"), key: "missing")) {
            try engine.removeAnimation(forKey: "missing", from: layer)
        }
        let fade = Animation.basic(BasicAnimation(keyPath: .opacity, to: .number(0), timing: AnimationTiming(duration: 1)))
        try engine.addAnimation(fade, forKey: "a", to: layer)
        try engine.addAnimation(fade, forKey: "b", to: layer)
        #expect(throws: EngineError.poolFull(.animations, capacity: 2)) { try engine.addAnimation(fade, forKey: "c", to: layer) }
        #expect(try engine.animationKeys(of: layer) == ["a", "b"])
    }

    @Test func animationDescriptionErrors() throws {
        let engine = try Fixture.engine()
        let layer = try engine.createLayer()
        let all = BasicAnimation(keyPath: .opacity, from: .number(0), to: .number(1), by: .number(1))
        #expect(throws: EngineError.invalidAnimation(field: "byValue", reason: "at most two of fromValue, toValue, byValue may be set")) {
            try engine.addAnimation(.basic(all), forKey: "x", to: layer)
        }
        let holdsTransition = AnimationGroup(animations: [.transition(TransitionAnimation())])
        #expect(throws: EngineError.self) { try engine.addAnimation(.group(holdsTransition), forKey: "g", to: layer) }
        var path = KeyframeAnimation(keyPath: .opacity, values: [])
        path.path = [.pair(0, 0), .pair(1, 1)]
        #expect(throws: EngineError.self) { try engine.addAnimation(.keyframe(path), forKey: "p", to: layer) }
        let empty = KeyframeAnimation(keyPath: .opacity, values: [])
        #expect(throws: EngineError.invalidAnimation(field: "values", reason: "needs at least one value")) {
            try engine.addAnimation(.keyframe(empty), forKey: "e", to: layer)
        }
        var tension = KeyframeAnimation(keyPath: .opacity, values: [.number(0), .number(1)], calculationMode: .cubic)
        tension.tensionValues = [0, 2]
        #expect(throws: EngineError.invalidValue(layer: nil, field: "tensionValues[1]", value: 2,
                                                 reason: .outOfRange(min: -1, max: 1))) {
            try engine.addAnimation(.keyframe(tension), forKey: "t", to: layer)
        }
        let transition = TransitionAnimation(startProgress: 0.8, endProgress: 0.2)
        #expect(throws: EngineError.self) { try engine.addAnimation(.transition(transition), forKey: nil, to: layer) }
        let speed = BasicAnimation(keyPath: .opacity, to: .number(0), timing: AnimationTiming(duration: 1, speed: .nan))
        #expect(throws: EngineError.self) { try engine.addAnimation(.basic(speed), forKey: "s", to: layer) }
        let notAnimatable = BasicAnimation(keyPath: .masksToBounds, to: .flag(true))
        #expect(throws: EngineError.invalidAnimation(field: "masksToBounds", reason: "not animatable")) {
            try engine.addAnimation(.basic(notAnimatable), forKey: "m", to: layer)
        }
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    /// A spring's motion is its own timing: a timing function on it is refused rather than ignored.
    @Test func aSpringRefusesATimingFunction() throws {
        let engine = try Fixture.engine()
        let layer = try engine.createLayer()
        let eased = BasicAnimation(keyPath: .positionX, from: .number(0), to: .number(100),
                                   timing: AnimationTiming(duration: 1, timingFunction: .easeIn))
        #expect(throws: EngineError.invalidAnimation(field: "timingFunction", reason: "a spring's motion is its own timing curve; give no timing function (it would be ignored)")) {
            try engine.addAnimation(.spring(SpringAnimation(eased)), forKey: "s", to: layer)
        }
        #expect(try engine.animationKeys(of: layer).isEmpty)
    }

    @Test func transactionCallsNeedAnOpenTransaction() throws {
        let engine = try Fixture.engine()
        #expect(throws: EngineError.noOpenTransaction) { try engine.setAnimationDuration(1) }
        #expect(throws: EngineError.noOpenTransaction) { try engine.setDisableActions(true) }
        #expect(throws: EngineError.noOpenTransaction) { try engine.setCompletion { _ in } }
        try engine.beginTransaction()
        #expect(throws: EngineError.invalidValue(layer: nil, field: "animationDuration", value: 0, reason: .notPositive)) {
            try engine.setAnimationDuration(0)
        }
        try engine.commitTransaction()
    }

    @Test func resourceAndTimingErrors() throws {
        let engine = try Fixture.engine()
        let shape = try engine.createLayer(kind: .shape)
        #expect(throws: EngineError.unknownResource(.path, index: 7)) {
            try engine.setValue(.path(PathID(index: 7)), for: .path, of: shape)
        }
        let image = try engine.createLayer(kind: .image)
        #expect(throws: EngineError.unknownResource(.image, index: 3)) { try engine.setImage(ImageID(index: 3), of: image) }
        #expect(throws: EngineError.self) { try engine.setTiming(speed: .infinity, of: shape) }
        #expect(throws: EngineError.self) { try engine.setShapeStyle(fillRule: .evenOdd, lineCap: .round, lineJoin: .bevel, of: image) }
        #expect(throws: EngineError.self) { try engine.setValue(.number(40_000), for: .positionX, of: shape) }
    }

    /// Keyframe data and animation records are returned to their pools after delivery.
    @Test func poolsAreReclaimed() throws {
        let engine = try Engine(configuration: EngineConfiguration(
            canvasWidth: 100, canvasHeight: 100, layerCapacity: 4, animationCapacity: 2, keyframeSlotCapacity: 128))
        let layer = try Fixture.layer(in: engine)
        let values: [PropertyValue] = (0 ..< 10).map { .number(Double($0)) }
        for round in 0 ..< 20 {
            try engine.addAnimation(.keyframe(KeyframeAnimation(keyPath: .positionX, values: values,
                                                                timing: AnimationTiming(duration: 1))),
                                    forKey: "k", to: layer)
            try engine.removeAnimation(forKey: "k", from: layer)
            engine.advance(to: MediaTime(round) * 16_667)
            engine.deliverCallbacks()
        }
        let big = KeyframeAnimation(keyPath: .positionX, values: (0 ..< 20).map { .number(Double($0)) })
        #expect(throws: EngineError.poolFull(.keyframes, capacity: 128)) {
            try engine.addAnimation(.keyframe(big), forKey: "big", to: layer)
        }
    }
}
