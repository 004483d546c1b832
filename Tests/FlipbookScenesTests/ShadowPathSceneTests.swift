import FlipbookSim
import FlipbookScenes
import ImageCodecs
import Raster
import Testing

/// The layer field `shadowPath`: a tiny card with a shadow path casts the same frame outside the card as a
/// shape layer filled with that path casts of its own alpha; bad path data is refused by pointer.
@Suite struct ShadowPathSceneTests {
    static let triangle = "M4 30 L24 2 L36 34 Z"
    static let shadow = ##""shadowOpacity": 0.8, "shadowRadius": 3, "shadowOffset": [4, 5], "shadowColor": "#000000""##

    static func render(_ layers: String) throws -> PixelImage {
        let directory = "/tmp/flipbook-shadow-path-\(UInt32.random(in: 0...UInt32.max))"
        try FileSystem.createDirectory(directory)
        let scene = ##"{ "flipbook": 1, "size": [64, 48], "background": "#e0e4ea", "layers": ["## + layers + "] }"
        try FileSystem.write(Array(scene.utf8), to: directory + "/scene.json")
        let loaded = try SceneFile.load(path: directory + "/scene.json")
        let renderer = try SceneRenderer(scene: loaded, width: loaded.width, height: loaded.height, layout: .xrgb8888)
        try renderer.render(atMicros: 0)
        return renderer.capture()
    }

    @Test func aShadowPathCastsItsShapesShadow() throws {
        let card = try Self.render(##"{ "anchorPoint": [0, 0], "position": [8, 4], "size": [6, 6], "backgroundColor": "#ffffff", "shadowPath": "\##(Self.triangle)", \##(Self.shadow) }"##)
        let shape = try Self.render(##"{ "kind": "shape", "anchorPoint": [0, 0], "position": [8, 4], "size": [40, 40], "path": "\##(Self.triangle)", "fillColor": "#ffffff", \##(Self.shadow) }"##)
        let plainCard = try Self.render(##"{ "anchorPoint": [0, 0], "position": [8, 4], "size": [6, 6], "backgroundColor": "#ffffff" }"##)
        let plainShape = try Self.render(##"{ "kind": "shape", "anchorPoint": [0, 0], "position": [8, 4], "size": [40, 40], "path": "\##(Self.triangle)", "fillColor": "#ffffff" }"##)
        let empty = try Self.render("")
        var compared = 0, shaded = 0
        for index in 0 ..< 64 * 48 {
            let bytes = index * 4 ..< index * 4 + 4
            // Only where neither the card nor the triangle itself is drawn.
            guard plainCard.rgba[bytes] == empty.rgba[bytes], plainShape.rgba[bytes] == empty.rgba[bytes] else { continue }
            #expect(card.rgba[bytes] == shape.rgba[bytes], "pixel \(index % 64), \(index / 64)")
            compared += 1
            if card.rgba[bytes] != empty.rgba[bytes] { shaded += 1 }
        }
        #expect(compared > 2_000 && shaded > 150, "\(compared) compared, \(shaded) shaded")
    }

    @Test func badShadowPathDataIsNamed() throws {
        let text = ##"{"flipbook": 1, "size": [10, 10], "layers": [{"shadowPath": "M0 0 L"}]}"##
        do {
            _ = try SceneDecoder.decode(Array(text.utf8), fileName: "s.json")
            Issue.record("accepted")
        } catch {
            #expect(error.lines.contains { $0.hasPrefix("s.json: /layers/0/shadowPath") }, "\(error.lines)")
        }
    }
}
