import ImageCodecs
import Testing
@testable import FlipbookScenes

/// Scenes decode each picture to the size its layer can show it at: twice the larger of the layer's bounds and the
/// canvas, per side (docs/images.md, "Decoding at the size shown").
@Suite struct SceneImageBoundTests {
    /// A 320×240 scene: a 400×100 image layer with a transition to a second picture, holding a 50×50 image layer.
    static let scene = #"""
        { "flipbook": 1, "size": [320, 240], "layers": [
          { "kind": "image", "image": "wide.png", "size": [400, 100],
            "sublayers": [ { "kind": "image", "image": "small.png", "size": [50, 50] } ],
            "animations": [ { "type": "transition", "duration": 1, "to": { "image": "next.png" } } ] } ] }
        """#

    /// The bound each picture is read with: the outer layer's (and its transition's, decoded after the sublayer)
    /// 2 × (400, 240), the inner one's 2 × (320, 240).
    @Test func eachPictureIsReadWithItsLayersBound() throws {
        var asked: [String: ImageDisplayBound] = [:]
        _ = try SceneDecoder.decode(Array(Self.scene.utf8), fileName: "t.json", baseDirectory: "", imageReader: { path, bound in
            asked[path] = bound
            return (PixelImage(width: 2, height: 2), nil)
        })
        #expect(asked["wide.png"] == (try ImageDisplayBound(width: 800, height: 480)))
        #expect(asked["next.png"] == (try ImageDisplayBound(width: 800, height: 480)))
        #expect(asked["small.png"] == (try ImageDisplayBound(width: 640, height: 480)))
    }

    /// Through the scene files' reader, a 1000×800 picture in that scene's inner layer is decoded reduced to
    /// 640×512 (the smallest size of its proportions covering 640×480), and a 300×200 one is kept whole.
    @Test func aLargePictureIsDecodedReduced() throws {
        let large = PixelImage(width: 1000, height: 800, fill: (10, 200, 30, 255)).pngBytes
        let small = PixelImage(width: 300, height: 200, fill: (10, 200, 30, 255)).pngBytes
        let reader = SceneDecoder.imageReader(readingWith: { path in (path == "small.png" ? large : small, nil) })
        var sizes: [String: (Int, Int)] = [:]
        _ = try SceneDecoder.decode(Array(Self.scene.utf8), fileName: "t.json", baseDirectory: "", imageReader: { path, bound in
            let read = reader(path, bound)
            if let image = read.image { sizes[path] = (image.width, image.height) }
            return read
        })
        #expect(sizes["small.png"].map { [$0.0, $0.1] } == [640, 512])
        #expect(sizes["wide.png"].map { [$0.0, $0.1] } == [300, 200])
    }
}
