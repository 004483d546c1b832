import FlipbookSim
import FlipbookScenes
import ImageCodecs
import Raster
import Testing

/// The scene field `doubleSided` against hand-built equivalents: a card turned past 90° about y with
/// `doubleSided: false` renders the same frame as a scene without the card; turned less than 90°, or
/// double-sided, it shows.
@Suite struct DoubleSidedSceneTests {
    static func render(_ layers: String) throws -> PixelImage {
        let directory = "/tmp/flipbook-double-sided-\(UInt32.random(in: 0...UInt32.max))"
        try FileSystem.createDirectory(directory)
        let scene = ##"{ "flipbook": 1, "size": [40, 30], "background": "#000000", "layers": ["## + layers + "] }"
        try FileSystem.write(Array(scene.utf8), to: directory + "/scene.json")
        let loaded = try SceneFile.load(path: directory + "/scene.json")
        let renderer = try SceneRenderer(scene: loaded, width: loaded.width, height: loaded.height, layout: .xrgb8888)
        try renderer.render(atMicros: 0)
        return renderer.capture()
    }

    static func card(angle: Double, doubleSided: Bool?) -> String {
        let field = doubleSided.map { ", \"doubleSided\": \($0)" } ?? ""
        return ##"{ "position": [20, 15], "size": [20, 20], "backgroundColor": "#ff0000", "transform": { "rotationY": \##(angle) }\##(field),"##
            + ##" "sublayers": [ { "position": [10, 10], "size": [6, 6], "backgroundColor": "#00ff00" } ] }"##
    }

    @Test func aCardShowingItsBackIsCulledWithItsSublayers() throws {
        let empty = try Self.render("")
        let back = try Self.render(Self.card(angle: 2.5, doubleSided: false))
        #expect(back.rgba == empty.rgba)
        let front = try Self.render(Self.card(angle: 0.6, doubleSided: false))
        #expect(front.rgba != empty.rgba)
        #expect(front.rgba == (try Self.render(Self.card(angle: 0.6, doubleSided: nil))).rgba)
        let mirrored = try Self.render(Self.card(angle: 2.5, doubleSided: true))
        #expect(mirrored.rgba != empty.rgba)
        #expect(mirrored.rgba == (try Self.render(Self.card(angle: 2.5, doubleSided: nil))).rgba, "true is the default")
    }
}
