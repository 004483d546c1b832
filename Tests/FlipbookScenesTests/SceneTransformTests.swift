import Flipbook
import Testing
@testable import FlipbookScenes

/// The whole `transform` in scene files: animated from one transform object to another (by its components),
/// `valueFunction` turning past half a turn, and the mistakes named at the field.
@Suite struct SceneTransformTests {
    private func scene(_ animation: String) -> String {
        #"{ "flipbook": 1, "size": [200, 100], "duration": 1, "layers": [ { "name": "card", "position": [100, 50], "size": [40, 20], "animations": [ "# + animation + " ] } ] }"
    }

    private func presented(_ animation: String, at micros: Int64, _ property: LayerProperty) throws -> Double {
        let loaded = try LoadedScene(scene: try SceneText.decode(scene(animation)))
        loaded.engine.advance(to: micros)
        guard case .number(let value) = try loaded.engine.presentationValue(of: property, of: try loaded.layers.layer("card")) else {
            return .nan
        }
        return value
    }

    @Test func aTransformAnimatesByItsComponents() throws {
        let animation = ##"{ "type": "basic", "keyPath": "transform", "from": { "rotation": 0.2, "scale": 1 }, "to": { "rotation": 1.4, "scale": [2, 3], "translation": [10, -20] }, "duration": 1 }"##
        #expect(abs(try presented(animation, at: 500_000, .rotation) - 0.8) < 1e-3)
        #expect(abs(try presented(animation, at: 500_000, .scaleY) - 2) < 1e-3)
        #expect(abs(try presented(animation, at: 500_000, .translationX) - 5) < 1e-3)
    }

    /// A transform object keeps its parts: 4 radians stay 4 (a matrix would say −2.28), so the turn goes the long way.
    @Test func aTransformObjectKeepsItsTurn() throws {
        let animation = ##"{ "type": "basic", "keyPath": "transform", "from": { "rotation": 0 }, "to": { "rotation": 4, "scale": 0 }, "duration": 1 }"##
        #expect(abs(try presented(animation, at: 500_000, .rotation) - 2) < 1e-3)
        #expect(abs(try presented(animation, at: 500_000, .scaleX) - 0.5) < 1e-3)
    }

    @Test func aValueFunctionTurnsOnce() throws {
        let animation = ##"{ "type": "keyframe", "keyPath": "transform", "valueFunction": "rotateZ", "values": [0, 3.14159, 6.28318], "duration": 1 }"##
        #expect(abs(try presented(animation, at: 750_000, .rotation) - 4.712385) < 1e-3)
        let slide = ##"{ "type": "basic", "keyPath": "transform", "valueFunction": "translate", "from": [0, 0], "to": [40, 10], "duration": 1 }"##
        #expect(abs(try presented(slide, at: 250_000, .translationX) - 10) < 1e-3)
    }

    /// `sublayerTransform` sets the engine's sublayer transform, and its parts animate.
    @Test func aSublayerTransformReachesTheEngine() throws {
        let text = #"{ "flipbook": 1, "size": [200, 100], "duration": 1, "layers": [ { "name": "stage", "position": [100, 50], "size": [80, 60], "#
            + ##""sublayerTransform": { "rotation": 0.1, "rotationX": 0.3, "rotationY": -0.2, "scale": [1.25, 0.75], "translation": [5, -3], "perspective": 400 }, "##
            + ##""animations": [ { "type": "basic", "keyPath": "sublayerTransform.rotation.y", "from": -0.2, "to": 0.6, "duration": 1 } ] } ] }"##
        let loaded = try LoadedScene(scene: try SceneText.decode(text))
        let engine = loaded.engine, stage = try loaded.layers.layer("stage")
        let expected: [(LayerProperty, PropertyValue)] = [
            (.sublayerRotation, .number(0.1)), (.sublayerRotationX, .number(0.3)), (.sublayerRotationY, .number(-0.2)),
            (.sublayerScaleX, .number(1.25)), (.sublayerScaleY, .number(0.75)), (.sublayerTranslation, .pair(5, -3)),
            (.sublayerPerspective, .number(400)),
        ]
        for (property, value) in expected {
            let model = try engine.modelValue(of: property, of: stage)
            switch (model, value) {
            case let (.number(a), .number(b)): #expect(abs(a - b) < 1e-4, "\(property.keyPath)")
            case let (.pair(a, b), .pair(c, d)): #expect(abs(a - c) < 1e-4 && abs(b - d) < 1e-4, "\(property.keyPath)")
            default: Issue.record("\(property.keyPath): \(model)")
            }
        }
        engine.advance(to: 500_000)
        let turn = try engine.presentationValue(of: .sublayerRotationY, of: stage)
        #expect(turn == .number(0.2) || { if case .number(let value) = turn { return abs(value - 0.2) < 1e-3 } else { return false } }())
    }

    @Test func aSublayerTransformMovesInXAndYOnly() {
        let text = #"{ "flipbook": 1, "size": [200, 100], "duration": 1, "layers": [ { "sublayerTransform": { "translation": [1, 2, 3] } } ] }"#
        #expect(SceneText.problems(text).contains {
            $0.pointer == "/layers/0/sublayerTransform/translation" && $0.message == "a sublayer transform moves in x and y: give [x, y]"
        })
    }

    @Test(arguments: [
        (##"{ "type": "basic", "keyPath": "opacity", "valueFunction": "rotateZ", "to": 1 }"##, "/layers/0/animations/0/valueFunction",
         "a value function makes a transform: give it with \"keyPath\": \"transform\", not \"opacity\""),
        (##"{ "type": "basic", "keyPath": "transform", "valueFunction": "spin", "to": 1 }"##, "/layers/0/animations/0/valueFunction",
         "must be one of \"rotateX\""),
        (##"{ "type": "basic", "keyPath": "transform", "to": 1 }"##, "/layers/0/animations/0/to", "expected an object"),
        (##"{ "type": "basic", "keyPath": "transform", "by": { "rotation": 1 } }"##, "/layers/0/animations/0/by",
         "\"by\" needs a numeric key path"),
        (##"{ "type": "spring", "keyPath": "transform", "to": { "rotation": 1 } }"##, "/layers/0/animations/0/keyPath",
         "a spring animates numbers, points and rectangles"),
        (##"{ "type": "keyframe", "keyPath": "transform", "values": [ {}, { "perspective": 500 } ] }"##, "/layers/0/animations/0",
         "the transform's perspective does not animate"),
    ])
    func mistakesAreNamed(animation: String, pointer: String, message: String) {
        let found = SceneText.problems(scene(animation))
        #expect(found.contains { $0.pointer == pointer && $0.message.contains(message) }, "\(found)")
    }
}
