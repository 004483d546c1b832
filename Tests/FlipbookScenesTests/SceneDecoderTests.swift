import Testing
@testable import FlipbookScenes

@Suite struct SceneDecoderTests {
    private func decode(_ text: String) throws(SceneError) -> SceneDescription {
        try SceneDecoder.decode(Array(text.utf8), fileName: "t.json", baseDirectory: "", imageReader: { _, _ in (nil, "no images here") })
    }

    @Test func fillsEveryDefault() throws {
        let scene = try decode(#"{ "flipbook": 1, "size": [320, 240], "layers": [ {}, { "kind": "shape" } ] }"#)
        #expect(scene.width == 320 && scene.height == 240)
        #expect(scene.background == .black)
        #expect(scene.durationSeconds == 1)
        let layer = scene.layers[0]
        #expect(layer.pointer == "/layers/0")
        #expect(layer.anchorPoint == ScenePoint(x: 0.5, y: 0.5))
        #expect(layer.opacity == 1 && !layer.hidden && layer.backgroundColor == nil)
        #expect(layer.borderColor == .black && layer.shadowOffset == ScenePoint(x: 0, y: -3) && layer.shadowRadius == 3)
        #expect(layer.transform == .identity && layer.speed == 1)
        let shape = try #require(scene.layers[1].shape)
        #expect(shape.fillColor == .black && shape.strokeColor == nil && shape.lineWidth == 1 && shape.miterLimit == 10)
        #expect(shape.strokeStart == 0 && shape.strokeEnd == 1 && shape.lineCap == "butt" && shape.lineJoin == "miter")
    }

    @Test func readsShorthandsAndTransforms() throws {
        let scene = try decode(#"""
            { "flipbook": 1, "size": [10, 10], "background": "#10203080",
              "layers": [ { "size": [40, 20], "transform": { "translation": [1, 2, 3], "scale": 2, "rotation": 0.5, "perspective": 500 } } ] }
            """#)
        #expect(scene.background == SceneColor(red: 0x10, green: 0x20, blue: 0x30, alpha: 0x80))
        let layer = scene.layers[0]
        #expect(layer.bounds == SceneRect(x: 0, y: 0, width: 40, height: 20))
        #expect(layer.transform.translation == (1, 2, 3) && layer.transform.scale == (2, 2))
        #expect(layer.transform.rotationZ == 0.5 && layer.transform.perspective == 500)
    }

    /// Default duration: the end of the last finite animation through layer time (SEMANTICS.md §1.2).
    @Test func derivesTheDurationFromTheLastFiniteAnimation() throws {
        let scene = try decode(#"""
            { "flipbook": 1, "size": [10, 10], "layers": [
              { "beginTime": 1, "speed": 2, "animations": [
                { "type": "basic", "keyPath": "opacity", "to": 0, "beginTime": 1, "duration": 2, "repeatCount": 2, "autoreverses": true },
                { "type": "basic", "keyPath": "opacity", "to": 0, "repeatCount": "infinite" } ] },
              { "animations": [ { "type": "basic", "keyPath": "opacity", "to": 0, "duration": 3, "speed": 0.5 } ] } ] }
            """#)
        // Layer 0: active end 1 + 2·2·2 = 9 in layer time, scene = 1 + 9 / 2 = 5.5. Layer 1: 3 / 0.5 = 6.
        #expect(scene.durationSeconds == 6)
    }

    @Test func springDurationDefaultsToSettling() throws {
        let scene = try decode(#"""
            { "flipbook": 1, "size": [10, 10], "layers": [ { "animations": [
                { "type": "spring", "keyPath": "position.x", "from": 0, "to": 100, "mass": 1, "stiffness": 100, "damping": 10 } ] } ] }
            """#)
        // SEMANTICS.md §3 golden: m1 k100 c10 settles (last |x − 1| ≥ 1e-3) at 1.270165 s; Euler at 1 ms is within 5 ms.
        #expect(abs(scene.durationSeconds - 1.270165) < 0.005)
    }

    @Test func namedMaskCopiesTheLayer() throws {
        let scene = try decode(#"""
            { "flipbook": 1, "size": [10, 10], "layers": [
              { "name": "glyph", "kind": "shape", "path": "M0 0 L5 0 L5 5 Z" },
              { "name": "water", "mask": "glyph" } ] }
            """#)
        let mask = try #require(scene.layers[1].mask)
        #expect(mask.name == "glyph" && mask.kind == .shape && mask.pointer == "/layers/0")
    }

    /// A discrete path keyframe animation switches between paths of different commands (the engine's rule);
    /// an interpolating one is refused.
    @Test func discretePathKeyframesMayChangeCommands() throws {
        let scene = try decode(#"""
            { "flipbook": 1, "size": [10, 10], "layers": [ { "kind": "shape", "animations": [
              { "type": "keyframe", "keyPath": "path", "calculationMode": "discrete", "duration": 1,
                "values": ["M0 0 L5 0 L5 5 Z", "M0 0 C1 1 2 2 3 3 Z"] } ] } ] }
            """#)
        #expect(scene.layers[0].animations.count == 1)
    }

    @Test func readsEveryAnimationType() throws {
        let scene = try decode(#"""
            { "flipbook": 1, "size": [10, 10], "layers": [ { "kind": "shape", "path": "M0 0 L1 1", "animations": [
              { "type": "basic", "key": "a", "keyPath": "strokeEnd", "from": 0, "to": 1, "timingFunction": [0.1, 0.2, 0.3, 0.4] },
              { "type": "keyframe", "keyPath": "transform.rotation", "values": [0, 0.2, -1], "keyTimes": [0, 0.5, 1],
                "timingFunctions": ["easeIn", "easeOut"], "fillMode": "forwards" },
              { "type": "keyframe", "keyPath": "position", "path": "M0 0 L10 0 Q 20 0 20 10", "calculationMode": "paced", "rotationMode": "auto" },
              { "type": "spring", "keyPath": "bounds", "to": [0, 0, 50, 50], "mass": 10, "stiffness": 5000, "damping": 100, "initialVelocity": 5 },
              { "type": "group", "duration": 2, "animations": [ { "type": "basic", "keyPath": "opacity", "by": -0.5 } ] },
              { "type": "transition", "transitionType": "push", "subtype": "fromLeft", "to": { "fillColor": "#ff0000", "path": "M0 0 L2 2" } } ] } ] }
            """#)
        let animations = scene.layers[0].animations
        #expect(animations.count == 6)
        guard case .basic(let basic) = animations[0].content else { Issue.record("not basic"); return }
        #expect(basic.keyPath == .strokeEnd && basic.from == .scalar(0) && animations[0].key == "a")
        #expect(animations[0].timing.timingFunction == .bezier(0.1, 0.2, 0.3, 0.4))
        guard case .keyframe(let keyframes) = animations[1].content else { Issue.record("not keyframe"); return }
        #expect(keyframes.keyTimes == [0, 0.5, 1] && keyframes.timingFunctions == [.named("easeIn"), .named("easeOut")])
        #expect(animations[1].timing.fillMode == .forwards)
        guard case .keyframe(let motion) = animations[2].content else { Issue.record("not keyframe"); return }
        #expect(motion.values == [.pair(0, 0), .pair(10, 0), .pair(20, 10)] && motion.rotationMode == "auto")
        guard case .spring(_, let spring) = animations[3].content else { Issue.record("not spring"); return }
        #expect(spring.mass == 10 && spring.stiffness == 5000 && spring.damping == 100 && spring.initialVelocity == 5)
        guard case .group(let children) = animations[4].content else { Issue.record("not group"); return }
        #expect(children.count == 1 && children[0].pointer == "/layers/0/animations/4/animations/0")
        guard case .transition(let transition) = animations[5].content else { Issue.record("not transition"); return }
        #expect(transition.transitionType == "push" && transition.subtype == "fromLeft" && transition.changes.count == 2)
    }
}
