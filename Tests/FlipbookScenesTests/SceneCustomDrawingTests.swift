import CMallocCounter
import Flipbook
import ImageCodecs
import Raster
import Testing
@testable import FlipbookScenes

/// Custom-drawn layers in scene files (`kind: "custom"`, CALayer's `draw(in:)`): decoding with problems named at
/// the field; a drawing whose ring follows `custom.0` and whose needle turns by `custom.1` equal, frame by frame,
/// to shape layers with the same paths animated the same way (the compositor's own path drawing); and frames that
/// redraw it allocate nothing.
@Suite struct SceneCustomDrawingTests {
    private func scene(_ layers: String) -> String {
        #"{ "flipbook": 1, "size": [120, 100], "duration": 2, "layers": [ "# + layers + " ] }"
    }

    static let ring = "M50 10 A40 40 0 1 1 49.99 10"
    static let needle = "M48 20 L52 20 L52 52 L48 52 Z"
    static let animations = """
        "animations": [ { "type": "basic", "keyPath": "KEY0", "from": 0, "to": 1, "duration": 2 } ]
        """

    /// The gauge as one custom-drawn layer: a track, a ring drawn to `custom.0`, a needle turned by `custom.1`.
    static let custom = """
        { "kind": "custom", "position": [60, 50], "size": [100, 100], "custom": [0, -1],
          "draw": [
            { "path": "\(ring)", "strokeColor": "#2a3340", "lineWidth": 10 },
            { "path": "\(ring)", "strokeColor": "#4cc38a", "lineWidth": 10, "lineCap": "round", "strokeEnd": "custom.0" },
            { "path": "\(needle)", "fillColor": "#f2a03d", "rotation": "custom.1", "center": [50, 50] }
          ],
          "animations": [ { "type": "basic", "keyPath": "custom.0", "from": 0, "to": 1, "duration": 2 },
                          { "type": "basic", "keyPath": "custom.1", "from": -1, "to": 1.5, "duration": 2 } ] }
        """

    /// The same gauge as three shape layers (the needle's layer turning about the gauge's centre).
    static let shapes = """
        { "position": [60, 50], "size": [100, 100], "sublayers": [
          { "kind": "shape", "position": [50, 50], "size": [100, 100], "path": "\(ring)", "fillColor": null,
            "strokeColor": "#2a3340", "lineWidth": 10 },
          { "kind": "shape", "position": [50, 50], "size": [100, 100], "path": "\(ring)", "fillColor": null,
            "strokeColor": "#4cc38a", "lineWidth": 10, "lineCap": "round", "strokeEnd": 0,
            "animations": [ { "type": "basic", "keyPath": "strokeEnd", "from": 0, "to": 1, "duration": 2 } ] },
          { "kind": "shape", "position": [50, 50], "size": [100, 100], "path": "\(needle)", "fillColor": "#f2a03d",
            "transform": { "rotation": -1 },
            "animations": [ { "type": "basic", "keyPath": "transform.rotation", "from": -1, "to": 1.5, "duration": 2 } ] } ] }
        """

    private func renderer(_ layers: String) throws -> SceneRenderer {
        try SceneRenderer(scene: try SceneText.decode(scene(layers)), width: 120, height: 100, layout: .xrgb8888)
    }

    /// At 30 times over the animation every pixel of the drawn gauge is the shape layers' within 2/255 per channel
    /// (the drawing is blended into its transparent backing store and then over the canvas, one rounding more;
    /// the needle is turned there at one pixel per point instead of on the canvas).
    @Test func theDrawingEqualsTheSameShapeLayers() throws {
        let drawn = try renderer(Self.custom), reference = try renderer(Self.shapes)
        var worst = 0
        for step in 0 ... 30 {
            let micros = Int64(step) * 2_000_000 / 30
            try drawn.render(atMicros: micros)
            try reference.render(atMicros: micros)
            let a = drawn.capture().rgba, b = reference.capture().rgba
            #expect(a.count == b.count)
            for index in a.indices { worst = max(worst, abs(Int(a[index]) - Int(b[index]))) }
        }
        #expect(worst <= 2, "worst channel difference \(worst)")
    }

    /// The drawing really follows its values: half-way the ring is half drawn (its end at the bottom).
    @Test func theRingFollowsCustomZero() throws {
        let drawn = try renderer(Self.custom)
        try drawn.render(atMicros: 0)
        let start = drawn.capture()
        try drawn.render(atMicros: 1_000_000)
        let middle = drawn.capture()
        // The ring's right side (x = 100 on the canvas, y = 50) is green half-way, the track before.
        func pixel(_ image: PixelImage, _ x: Int, _ y: Int) -> [UInt8] {
            let start = (y * 120 + x) * 4
            return Array(image.rgba[start ..< start + 3])
        }
        #expect(pixel(start, 100, 50) == [0x2a, 0x33, 0x40])
        #expect(pixel(middle, 100, 50) == [0x4c, 0xc3, 0x8a])
    }

    @Test func framesThatRedrawAllocateNothing() throws {
        let drawn = try renderer(Self.custom)
        let storage = try SurfaceStorage(width: 120, height: 100, layout: .xrgb8888)
        var damage = DamageList()
        var micros: Int64 = 0
        for _ in 0 ..< 10 {
            micros += 16_667
            try drawn.render(atMicros: micros, into: storage.surface, damage: &damage)
        }
        let before = cmc_allocation_count()
        var damaged = 0
        for _ in 0 ..< 100 {
            micros += 16_667
            try drawn.render(atMicros: micros, into: storage.surface, damage: &damage)
            if !damage.isEmpty { damaged += 1 }
        }
        #expect(cmc_allocation_count() - before == 0)
        #expect(damaged == 100)
    }

    @Test func decodesEveryFieldAndDefault() throws {
        let layer = try SceneText.decode(scene(##"""
            { "kind": "custom", "custom": [0.5],
              "draw": [ { "rect": [1, 2, 3, 4], "fillColor": "#ff0000" },
                        { "path": "M0 0 L10 10", "strokeColor": "#00ff00", "lineWidth": 3, "lineCap": "round", "lineJoin": "bevel",
                          "fillRule": "evenOdd", "strokeEnd": 0.25, "rotation": "custom.3", "center": [5, 6] } ] }
            """##)).layers[0]
        let drawing = try #require(layer.custom)
        #expect(drawing.customValues == [0.5, 0, 0, 0] && drawing.commands.count == 2)
        let rect = drawing.commands[0], line = drawing.commands[1]
        #expect(rect.path.commands.count == 5 && rect.strokeColor == nil && rect.strokeEnd == .number(1) && rect.rotation == .number(0))
        #expect(line.fillColor == nil && line.lineWidth == 3 && line.lineCap == "round" && line.lineJoin == "bevel" && line.evenOddFill)
        #expect(line.strokeEnd == .number(0.25) && line.rotation == .custom(3) && line.center == ScenePoint(x: 5, y: 6))
    }

    @Test(arguments: [
        (##"{ "draw": [] }"##, "/layers/0/draw", "only a \"custom\" layer has this field"),
        (##"{ "kind": "custom", "custom": [1, 2, 3, 4, 5] }"##, "/layers/0/custom", "expected an array of 1 to 4 numbers"),
        (##"{ "kind": "custom", "draw": {} }"##, "/layers/0/draw", "expected an array of draw commands"),
        (##"{ "kind": "custom", "draw": [ { "fillColor": "#ffffff" } ] }"##, "/layers/0/draw/0/path", "required field is missing"),
        (##"{ "kind": "custom", "draw": [ { "rect": [0, 0, 1, 1] } ] }"##, "/layers/0/draw/0", "needs a \"fillColor\" or a \"strokeColor\""),
        (##"{ "kind": "custom", "draw": [ { "path": "M0 0", "rect": [0, 0, 1, 1], "fillColor": "#ffffff" } ] }"##,
         "/layers/0/draw/0/rect", "give either \"path\" or \"rect\", not both"),
        (##"{ "kind": "custom", "draw": [ { "rect": [0, 0, 1, 1], "fillColor": "#ffffff", "rotation": "custom.4" } ] }"##,
         "/layers/0/draw/0/rotation", "expected a number or one of \"custom.0\" … \"custom.3\", found \"custom.4\""),
        (##"{ "kind": "custom", "draw": [ { "rect": [0, 0, 1, 1], "strokeColor": "#ffffff", "strokeEnd": 2 } ] }"##,
         "/layers/0/draw/0/strokeEnd", "between 0 and 1"),
        (##"{ "kind": "custom", "draw": [ { "rect": [0, 0, 1, 1], "fillColor": "#ffffff", "blend": "add" } ] }"##,
         "/layers/0/draw/0/blend", "unknown field"),
        (##"{ "animations": [ { "type": "basic", "keyPath": "custom.0", "to": 1 } ] }"##, "/layers/0/animations/0/keyPath",
         "\"custom.0\" is a property of custom layers"),
    ])
    func mistakesAreNamedAtTheField(layers: String, pointer: String, message: String) {
        let found = SceneText.problems(scene(layers))
        #expect(found.contains { $0.pointer == pointer && $0.message.contains(message) }, "\(found)")
    }

    @Test func tooManyCommandsAreRefused() {
        let commands = Array(repeating: ##"{ "rect": [0, 0, 1, 1], "fillColor": "#ffffff" }"##, count: 65).joined(separator: ", ")
        let found = SceneText.problems(scene(##"{ "kind": "custom", "draw": [ "## + commands + " ] }"))
        #expect(found.contains { $0.pointer == "/layers/0/draw" && $0.message.contains("more than 64 draw commands") }, "\(found)")
    }
}
