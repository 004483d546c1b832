import Flipbook
import ImageCodecs
import Testing
@testable import FlipbookScenes

/// A transition's `to.image`: read at setup through the scene's image reader, shown as the incoming side
/// while the outgoing side keeps the old picture; every bad field named.
@Suite struct SceneImageTransitionTests {
    static let old = PixelImage(width: 1, height: 1, rgba: [200, 0, 0, 255])!
    static let new = PixelImage(width: 1, height: 1, rgba: [0, 0, 200, 255])!

    static func decode(_ to: String, kind: String = "image") throws(SceneError) -> SceneDescription {
        let image = kind == "image" ? #""image": "old.pam", "# : ""
        let text = #"""
            { "flipbook": 1, "size": [8, 8], "layers": [ { "kind": "\#(kind)", \#(image)"size": [4, 4],
              "animations": [ { "type": "transition", "duration": 1, "to": \#(to) } ] } ] }
            """#
        return try SceneDecoder.decode(Array(text.utf8), fileName: "t.json", baseDirectory: "", imageReader: { path, _ in
            switch path {
            case "old.pam": (old, nil)
            case "new.pam": (new, nil)
            default: (nil, "no such file")
            }
        })
    }

    static func problems(_ to: String, kind: String = "image") -> [String] {
        do {
            _ = try decode(to, kind: kind)
            return []
        } catch {
            return error.lines
        }
    }

    @Test func theNewPictureIsTheIncomingSide() throws {
        let scene = try Self.decode(#"{ "image": "new.pam", "contentsGravity": "center" }"#)
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 8, canvasHeight: 8))
        try SceneLoader(engine: engine, resources: SceneResources(engine: engine)).load(scene)
        #expect(engine.presentation.resources.imageCount == 2)
        engine.advance(to: 500_000)
        let images = engine.presentation.entries.filter { $0.kind == .image }
        #expect(images.map { $0.transition?.role } == [.outgoing, .incoming])
        #expect(images.map { $0.image.image } == [ImageID(index: 0), ImageID(index: 1)])
        #expect(images.map { $0.image.gravity } == [.resize, .center])
        engine.advance(to: 1_500_000)
        let after = engine.presentation.entries.filter { $0.kind == .image }
        #expect(after.map { $0.image.image } == [ImageID(index: 1)])
    }

    @Test func everyBadFieldIsNamed() {
        #expect(Self.problems(#"{ "image": "gone.pam" }"#)
            == [#"t.json: /layers/0/animations/0/to/image: cannot use image "gone.pam": no such file"#])
        #expect(Self.problems(#"{ "contentsGravity": "center" }"#)
            == [#"t.json: /layers/0/animations/0/to/image: required field is missing beside "contentsGravity" (a transition changes the gravity with a new picture)"#])
        #expect(Self.problems(#"{ "image": "new.pam" }"#, kind: "layer")
            == [#"t.json: /layers/0/animations/0/to/image: only an "image" layer has this field"#])
        #expect(Self.problems(#"{ "image": 3 }"#).count == 1)
    }

    /// `"transitionType": "oglFlip"` turns a picture over in 3-D: the old picture until half way, the new after.
    @Test func anOglFlipTurnsThePictureOver() throws {
        let text = #"""
            { "flipbook": 1, "size": [8, 8], "layers": [ { "kind": "image", "image": "old.pam", "position": [4, 4],
              "size": [4, 4], "animations": [ { "type": "transition", "transitionType": "oglFlip", "subtype": "fromTop",
              "duration": 1, "to": { "image": "new.pam" } } ] } ] }
            """#
        let scene = try SceneDecoder.decode(Array(text.utf8), fileName: "t.json", baseDirectory: "", imageReader: { path, _ in
            path == "old.pam" ? (Self.old, nil) : (Self.new, nil)
        })
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 8, canvasHeight: 8))
        try SceneLoader(engine: engine, resources: SceneResources(engine: engine)).load(scene)
        engine.advance(to: 250_000)
        let turning = engine.presentation[1]
        #expect(turning.transform3D != nil && turning.transition == nil)
        #expect(turning.image.image == ImageID(index: 0))
        engine.advance(to: 750_000)
        #expect(engine.presentation[1].image.image == ImageID(index: 1))
    }
}
