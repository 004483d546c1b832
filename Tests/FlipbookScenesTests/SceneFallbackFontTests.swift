import FixedPoint
import Flipbook
import FlipbookSim
import Fonts
import Testing
@testable import FlipbookScenes

/// `font` as a list (fallback per character, SCENE-FORMAT.md "Text layers"): each file read once, the layer
/// laid out over the fonts in order, and each bad element named by its JSON pointer.
@Suite struct SceneFallbackFontTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static func decode(_ layers: String) throws(SceneError) -> SceneDescription {
        let json = #"{"flipbook": 1, "size": [200, 60], "layers": [\#(layers)]}"#
        var reads = 0
        let scene = try SceneDecoder.decode(Array(json.utf8), fileName: "fallback.json", baseDirectory: "",
                                            imageReader: SceneFile.readImage(at:within:), fontReader: { path in
            reads += 1
            return SceneFile.readFont(at: path)
        })
        #expect(reads <= 1, "each font file is read once")
        return scene
    }

    @Test func aListLaysOutOverTheFontsInOrder() throws {
        let string = "Go \u{2190}\u{0531} \u{2211}!"
        let layer = #"{"kind": "text", "name": "label", "string": "\#(string)", "font": ["sans", "\#(Self.dejaVu)"], "#
            + #""fontSize": 20, "size": [200, 30], "position": [100, 15]}"#
        let scene = try Self.decode(layer + ", " + layer.replacingOccurrences(of: "\"label\"", with: "\"twin\""))
        #expect(scene.layers[0].text?.fontNames == ["sans", Self.dejaVu])
        let loaded = try LoadedScene(scene: scene)
        loaded.engine.advance(to: 0)
        let glyphs = try loaded.engine.laidOutGlyphs(of: try loaded.layers.layer("label"))
        let fonts = try FontCascade([try Font(bytes: BuiltinFonts.bytes(named: "sans")!),
                                     try Font(bytes: SceneFile.readFont(at: Self.dejaVu).bytes!)])
        let layout = try TextLayout(glyphCapacity: 32, lineCapacity: 4)
        try Array(string.utf8).withUnsafeBufferPointer { buffer in
            try layout.layOut(buffer, fonts: fonts, style: TextStyle(fontSize: Fixed(20), width: Fixed(200)))
        }
        #expect(glyphs == Array(layout.glyphs[0 ..< layout.glyphCount]))
        #expect(glyphs.map(\.font) == [0, 0, 0, 1, 1, 0, 1, 0])
    }

    @Test func badElementsAreNamed() {
        func lines(_ font: String) -> [String] {
            do {
                _ = try Self.decode(#"{"kind": "text", "string": "x", "font": \#(font), "size": [10, 10]}"#)
                return []
            } catch { return error.lines }
        }
        #expect(lines(#"["sans", "missing.ttf"]"#).count == 1)
        #expect(lines(#"["sans", "missing.ttf"]"#).first?.hasPrefix("fallback.json: /layers/0/font/1: cannot use font \"missing.ttf\": ") == true)
        #expect(lines(#"["sans", 7]"#) == ["fallback.json: /layers/0/font/1: expected a string, found a number"])
        #expect(lines("[]") == ["fallback.json: /layers/0/font: give 1 … 16 fonts in fallback order (found a list of 0)"])
        #expect(lines("[" + Array(repeating: #""sans""#, count: 17).joined(separator: ", ") + "]")
            == ["fallback.json: /layers/0/font: give 1 … 16 fonts in fallback order (found a list of 17)"])
        #expect(lines(#"["sans", "sans"]"#) == [])
    }

    /// examples/fallback-text.json (Greek from a serif font, the rest from the built-in sans, per character): its
    /// golden frames, which the board players must draw byte for byte too (`make cross-check`).
    @Test func theFallbackExampleMatchesItsGoldens() throws {
        let scene = try SceneFile.load(path: ExampleFileTests.examplesDirectory + "/fallback-text.json")
        let renderer = try SceneRenderer(scene: scene, width: scene.width, height: scene.height, layout: .xrgb8888)
        for micros: Int64 in [500_000, 1_500_000] {
            try renderer.render(atMicros: micros)
            try GoldenDemoTests.check(renderer.capture(), file: "fallback-text-\(micros / 1000)ms.ppm")
        }
    }
}
