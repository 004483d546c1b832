import Flipbook
import ImageCodecs
import Testing
@testable import FlipbookScenes

/// Gradient layers in scene files: decoding with problems named at the field, and frames checked against a
/// Double model of the colour at each pixel centre.
@Suite struct SceneGradientTests {
    private func scene(_ layer: String) -> String {
        #"{ "flipbook": 1, "size": [16, 16], "duration": 1, "layers": [ "# + layer + " ] }"
    }

    @Test func decodesEveryFieldAndDefault() throws {
        let layers = try SceneText.decode(scene(##"""
            { "kind": "gradient", "colors": ["#ff0000", "#0000ff"] },
            { "kind": "gradient", "type": "conic", "colors": ["#ff0000", "#00ff00", "#0000ff80"],
              "locations": [0, 0.25, 1], "startPoint": [0.5, 0.5], "endPoint": [1, 0.5] }
            """##)).layers
        let plain = try #require(layers[0].gradient)
        #expect(plain.type == "axial" && plain.locations == nil)
        #expect(plain.startPoint == ScenePoint(x: 0.5, y: 0) && plain.endPoint == ScenePoint(x: 0.5, y: 1))
        let conic = try #require(layers[1].gradient)
        #expect(conic.type == "conic" && conic.locations == [0, 0.25, 1])
        #expect(conic.colors[2] == SceneColor(red: 0, green: 0, blue: 255, alpha: 128))
        #expect(conic.startPoint == ScenePoint(x: 0.5, y: 0.5) && conic.endPoint == ScenePoint(x: 1, y: 0.5))
    }

    @Test(arguments: [
        (##"{ "kind": "gradient" }"##, "/layers/0/colors", "required field is missing for a \"gradient\" layer"),
        (##"{ "kind": "gradient", "colors": ["#ff0000"] }"##, "/layers/0/colors", "a gradient takes 2 … 16 colours (found 1)"),
        (##"{ "kind": "gradient", "colors": ["#ff0000", "red"] }"##, "/layers/0/colors/1",
         "expected a colour \"#rrggbb\" or \"#rrggbbaa\", found \"red\""),
        (##"{ "kind": "gradient", "colors": ["#ff0000", "#00ff00"], "locations": [0] }"##, "/layers/0/locations",
         "expected one location per colour (2), found 1"),
        (##"{ "kind": "gradient", "colors": ["#ff0000", "#00ff00"], "locations": [0.5, 0.25] }"##, "/layers/0/locations/1",
         "locations must not decrease (0.25 follows 0.5)"),
        (##"{ "kind": "gradient", "colors": ["#ff0000", "#00ff00"], "type": "diamond" }"##, "/layers/0/type",
         "must be one of \"axial\", \"radial\", \"conic\" (found \"diamond\")"),
        (##"{ "colors": ["#ff0000", "#00ff00"] }"##, "/layers/0/colors", "only a \"gradient\" layer has this field"),
    ])
    func refusesBadFieldsNamingThem(layer: String, pointer: String, message: String) {
        #expect(SceneText.problems(scene(layer)) == [SceneProblem(pointer: pointer, message: message)])
    }

    @Test func startPointAnimatesOnlyOnGradientLayers() {
        let found = SceneText.problems(scene(##"{ "animations": [ { "type": "basic", "keyPath": "startPoint", "to": [0, 0] } ] }"##))
        #expect(found.map(\.pointer) == ["/layers/0/animations/0/keyPath"])
    }

    /// A vertical red → blue axial gradient over 16 × 16 pixels, its end point animated linearly from y = 1 to
    /// y = 2: at 0.5 s the colour at row y is the mix at t = (y + 0.5) / (16 × 1.5), within 1 of the model.
    @Test(arguments: [(0 as Int64, 1.0), (500_000, 1.5), (1_000_000, 2.0)])
    func rendersTheColourAtEachPixelCentre(micros: Int64, endY: Double) throws {
        let description = try SceneText.decode(scene(##"""
            { "kind": "gradient", "position": [8, 8], "size": [16, 16], "colors": ["#ff0000", "#0000ff"],
              "animations": [ { "type": "basic", "keyPath": "endPoint", "from": [0.5, 1], "to": [0.5, 2],
                                "duration": 1, "timingFunction": "linear", "fillMode": "forwards",
                                "removedOnCompletion": false } ] }
            """##))
        let renderer = try SceneRenderer(scene: description, width: 16, height: 16, layout: .xrgb8888)
        try renderer.render(atMicros: micros)
        let image = renderer.capture()
        for y in 0..<16 {
            let t = min(1, (Double(y) + 0.5) / (16 * endY))
            let red = 255 * (1 - t), blue = 255 * t
            for x in [0, 7, 15] {
                let offset = (y * 16 + x) * 4
                #expect(abs(Double(image.rgba[offset]) - red) <= 1, "row \(y) red")
                #expect(image.rgba[offset + 1] == 0)
                #expect(abs(Double(image.rgba[offset + 2]) - blue) <= 1, "row \(y) blue")
            }
        }
    }

    /// The frame of a one-layer scene at `micros`.
    private func frame(_ layer: String, at micros: Int64) throws -> [UInt8] {
        let renderer = try SceneRenderer(scene: try SceneText.decode(scene(layer)), width: 16, height: 16, layout: .xrgb8888)
        try renderer.render(atMicros: micros)
        return renderer.capture().rgba
    }

    /// `colors` (keyframes) and `locations` (basic, eased) animated from a scene: halfway through, the frame
    /// is the frame of a static gradient with the stops a model computes (each channel and location the
    /// midpoint rounded half up; easeInEaseOut is at ½ at half time).
    @Test func colorsAndLocationsAnimateFromScenes() throws {
        let animated = try frame(##"""
            { "kind": "gradient", "position": [8, 8], "size": [16, 16], "colors": ["#ff0000", "#00ff00", "#0000ff"],
              "animations": [
                { "type": "keyframe", "keyPath": "colors", "duration": 2,
                  "values": [["#ff0000", "#00ff00", "#0000ff"], ["#204060", "#ffffff", "#10a0f0"], ["#000000", "#000000", "#000000"]] },
                { "type": "basic", "keyPath": "locations", "from": [0, 0.5, 1], "to": [0, 0.25, 0.75], "duration": 1,
                  "timingFunction": "easeInEaseOut" } ] }
            """##, at: 500_000)
        // Colours: a quarter of the way, segment 0's midpoint; locations at ½: [0, 0.375, 0.875].
        let expected = try frame(##"""
            { "kind": "gradient", "position": [8, 8], "size": [16, 16], "colors": ["#902030", "#80ff80", "#0850f8"],
              "locations": [0, 0.375, 0.875] }
            """##, at: 0)
        #expect(animated == expected)
        let after = try frame(##"""
            { "kind": "gradient", "position": [8, 8], "size": [16, 16], "colors": ["#ff0000", "#00ff00", "#0000ff"],
              "animations": [ { "type": "basic", "keyPath": "colors", "to": ["#000000", "#000000", "#000000"], "duration": 1 } ] }
            """##, at: 1_500_000)
        #expect(after == (try frame(##"{ "kind": "gradient", "position": [8, 8], "size": [16, 16], "colors": ["#ff0000", "#00ff00", "#0000ff"] }"##, at: 0)))
    }

    @Test(arguments: [
        (##"{ "type": "basic", "keyPath": "colors", "to": ["#ff0000", "#00ff00", "#0000ff"] }"##, "/layers/0/animations/0/to",
         "expected one colour per stop of the layer's gradient (2), found 3"),
        (##"{ "type": "basic", "keyPath": "locations", "to": [0, 0.5, 1] }"##, "/layers/0/animations/0/to",
         "expected one location per colour (2), found 3"),
        (##"{ "type": "basic", "keyPath": "locations", "to": [0.5, 0.25] }"##, "/layers/0/animations/0/to/1",
         "locations must not decrease (0.25 follows 0.5)"),
        (##"{ "type": "basic", "keyPath": "colors", "by": ["#ff0000", "#00ff00"] }"##, "/layers/0/animations/0/by",
         "\"by\" needs a numeric key path; \"colors\" takes an array of colours, one per gradient stop"),
        (##"{ "type": "spring", "keyPath": "locations", "to": [0, 1] }"##, "/layers/0/animations/0/keyPath",
         "a spring animates numbers, points and rectangles; \"locations\" takes an array of locations, one per gradient stop"),
        (##"{ "type": "keyframe", "keyPath": "colors", "values": [["#ff0000", "#00ff00"], ["#ff0000"]] }"##,
         "/layers/0/animations/0/values/1", "a gradient takes 2 … 16 colours (found 1)"),
        (##"{ "type": "keyframe", "keyPath": "locations", "values": [[0, 1], [0.5, 1]], "additive": true }"##,
         "/layers/0/animations/0/additive", "gradient stops have no relative change: \"locations\" cannot be additive"),
        (##"{ "type": "basic", "keyPath": "colors", "to": ["#ff0000", "#00ff00"], "cumulative": true }"##,
         "/layers/0/animations/0/cumulative", "gradient stops have no relative change: \"colors\" cannot be cumulative"),
    ])
    func refusesBadStopAnimationsNamingThem(animation: String, pointer: String, message: String) {
        let layer = ##"{ "kind": "gradient", "colors": ["#ff0000", "#0000ff"], "animations": [ "## + animation + " ] }"
        #expect(SceneText.problems(scene(layer)) == [SceneProblem(pointer: pointer, message: message)])
    }

    @Test func colorsAnimateOnlyOnGradientLayers() {
        let found = SceneText.problems(scene(##"{ "animations": [ { "type": "basic", "keyPath": "colors", "to": ["#ff0000", "#00ff00"] } ] }"##))
        #expect(found.map(\.pointer) == ["/layers/0/animations/0/keyPath"])
    }
}
