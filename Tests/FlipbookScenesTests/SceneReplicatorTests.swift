import Flipbook
import Testing
@testable import FlipbookScenes

/// Replicator layers in scene files: decoding with problems named at the field, and a replicated frame equal to
/// the frame of the same layers written out by hand.
@Suite struct SceneReplicatorTests {
    private func scene(_ layers: String) -> String {
        #"{ "flipbook": 1, "size": [64, 48], "duration": 1, "layers": [ "# + layers + " ] }"
    }

    private func frame(_ layers: String, at micros: Int64) throws -> [UInt8] {
        let renderer = try SceneRenderer(scene: try SceneText.decode(scene(layers)), width: 64, height: 48, layout: .xrgb8888)
        try renderer.render(atMicros: micros)
        return renderer.capture().rgba
    }

    /// A scene's `instanceTransform` turning about x and y reaches the engine: the later instances are 3-D.
    @Test func instanceTurnsAboutXAndYReachTheEngine() throws {
        let scene = try SceneText.decode(scene(##"""
            { "kind": "replicator", "position": [32, 24], "size": [40, 30], "instanceCount": 3,
              "instanceTransform": { "rotationX": 0.4, "rotationY": -0.3, "rotation": 0.2, "translation": [6, 2] },
              "sublayers": [ { "position": [10, 10], "size": [8, 6], "backgroundColor": "#ffcc00" } ] }
            """##))
        let replicator = try #require(scene.layers[0].replicator)
        #expect(replicator.instanceTransform.rotationX == 0.4 && replicator.instanceTransform.rotationY == -0.3)
        let engine = try LoadedScene(scene: scene).engine
        engine.advance(to: 0)
        let bars = engine.presentation.entries.filter { $0.backgroundColor != nil }
        #expect(bars.count == 3 && bars[0].transform3D == nil && bars[1].transform3D != nil && bars[2].transform3D != nil)
    }

    @Test func decodesEveryFieldAndDefault() throws {
        let layers = try SceneText.decode(scene(##"""
            { "kind": "replicator" },
            { "kind": "replicator", "instanceCount": 5, "instanceTransform": { "rotation": 0.5, "scale": 0.9, "translation": [3, -2] },
              "instanceDelay": 0.1, "instanceColor": "#ff000080", "instanceRedOffset": -0.2, "instanceGreenOffset": 0.1,
              "instanceBlueOffset": 1, "instanceAlphaOffset": -1 }
            """##)).layers
        let plain = try #require(layers[0].replicator)
        #expect(plain.instanceCount == 1 && plain.instanceDelay == 0 && plain.instanceTransform == .identity)
        #expect(plain.instanceColor == SceneColor(red: 255, green: 255, blue: 255, alpha: 255))
        let full = try #require(layers[1].replicator)
        #expect(full.instanceCount == 5 && full.instanceDelay == 0.1)
        #expect(full.instanceTransform.rotationZ == 0.5 && full.instanceTransform.scale == (0.9, 0.9))
        #expect(full.instanceTransform.translation == (3, -2, 0))
        #expect(full.instanceColor == SceneColor(red: 255, green: 0, blue: 0, alpha: 128))
        #expect(full.offsets == (-0.2, 0.1, 1, -1))
    }

    @Test(arguments: [
        (##"{ "kind": "replicator", "instanceCount": 0 }"##, "/layers/0/instanceCount", "must be between 1 and 64 (0)"),
        (##"{ "kind": "replicator", "instanceCount": 2.5 }"##, "/layers/0/instanceCount", "expected a whole number of instances, found 2.5"),
        (##"{ "kind": "replicator", "instanceTransform": { "perspective": 500 } }"##, "/layers/0/instanceTransform/perspective",
         "an instance transform turns, scales uniformly and moves in x and y (docs/scenes.md)"),
        (##"{ "kind": "replicator", "instanceTransform": { "scale": [1, 2] } }"##, "/layers/0/instanceTransform/scale",
         "an instance transform scales uniformly: give one number"),
        (##"{ "kind": "replicator", "instanceAlphaOffset": 2 }"##, "/layers/0/instanceAlphaOffset", "must be between -1 and 1 (2)"),
        (##"{ "instanceCount": 3 }"##, "/layers/0/instanceCount", "only a \"replicator\" layer has this field"),
        (##"{ "animations": [ { "type": "basic", "keyPath": "instanceDelay", "to": 1 } ] }"##, "/layers/0/animations/0/keyPath",
         "\"instanceDelay\" is a property of replicator layers, and this layer is a \"layer\" layer"),
        (##"{ "kind": "replicator", "instanceCount": 40, "sublayers": [ {}, {} ] }"##, "/layers/0",
         "the replicators draw 78 instance layers; a frame holds 64"),
    ])
    func refusesBadFieldsNamingThem(layer: String, pointer: String, message: String) {
        #expect(SceneText.problems(scene(layer)) == [SceneProblem(pointer: pointer, message: message)])
    }

    /// Replicators of 64 instances nested 30 deep draw 64²⁹ copies of the innermost layer, past `Int`: the count
    /// is held at `Engine.replicaCopyLimit` and the scene refused, not a trap.
    @Test func deeplyNestedReplicatorsAreRefused() {
        var layer = "{}"
        for _ in 0 ..< 30 { layer = ##"{ "kind": "replicator", "instanceCount": 64, "sublayers": [ "## + layer + " ] }" }
        #expect(SceneText.problems(scene(layer)) == [SceneProblem(pointer: "/layers/0",
            message: "the replicators draw more than \(Engine.replicaCopyLimit) instance layers; a frame holds 64")])
    }

    /// Three instances moved 16 px apart, tinted by `instanceColor` and a red offset, their scale pulse delayed
    /// 0.1 s each, at 0.35 s: the frame of the same three dots written out with the model's colours, opacities
    /// and animations begun 0.1 s apart.
    @Test func replicatedFrameEqualsTheLayersWrittenOut() throws {
        let replicated = try frame(##"""
            { "kind": "replicator", "position": [32, 24], "size": [64, 48], "instanceCount": 3,
              "instanceTransform": { "translation": [16, 0] }, "instanceDelay": 0.1, "instanceColor": "#ffffffc0",
              "instanceRedOffset": -0.25, "instanceAlphaOffset": 0.125,
              "sublayers": [ { "position": [16, 24], "size": [10, 10], "cornerRadius": 5, "backgroundColor": "#80c0ff",
                "animations": [ { "type": "basic", "keyPath": "transform.scale", "from": 0.5, "to": 1.5, "duration": 1 } ] } ] }
            """##, at: 350_000)
        // Red: 255 − 63.75 k (held ≥ 0) → 255, 191, 128 (rounded half up); alpha 192 + 31.875 k → 192, 224, 255.
        // Colours: 0x80 × red / 255; opacity: alpha / 255.
        func dot(_ k: Int, red: Int, alpha: Int) -> String {
            let tinted = (0x80 * red + 127) / 255
            return ##"{ "position": [\##(16 + 16 * k), 24], "size": [10, 10], "cornerRadius": 5, "opacity": \##(Double(alpha) / 255), "backgroundColor": "#\##(String(format: "%02x", tinted))c0ff", "animations": [ { "type": "basic", "keyPath": "transform.scale", "from": 0.5, "to": 1.5, "duration": 1, "beginTime": \##(0.1 * Double(k)) } ] }"##
        }
        let writtenOut = try frame(##"{ "position": [32, 24], "size": [64, 48], "sublayers": [ "## + [dot(0, red: 255, alpha: 192),
            dot(1, red: 191, alpha: 224), dot(2, red: 128, alpha: 255)].joined(separator: ", ") + " ] }", at: 350_000)
        #expect(replicated == writtenOut)
    }
}
