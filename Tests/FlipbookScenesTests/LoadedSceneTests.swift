import FixedPoint
import Flipbook
import FlipbookScenes
import FlipbookSim
import ImageCodecs
import Raster
import Testing

/// The file-system-free entry the Embedded player uses: scene JSON bytes → `LoadedScene` → frames drawn with the
/// engine and a compositor of its own (no `SceneRenderer`), checked against the demos' golden frames, which the
/// full-Swift renderer made.
@Suite struct LoadedSceneTests {
    /// Draws `loaded` at each of `times` (seconds) into one surface that keeps the previous frame, running the
    /// script's due steps before each frame as a player would.
    static func frames(
        of loaded: LoadedScene, at times: [Double], script: SceneScript?
    ) throws -> [PixelImage] {
        var runLoop = try loaded.makeRunLoop(layout: .xrgb8888)
        let storage = try SurfaceStorage(width: loaded.width, height: loaded.height, layout: .xrgb8888)
        var runner = script.map { SceneScriptRunner(script: $0, layers: loaded.layers) }
        var images: [PixelImage] = []
        for seconds in times {
            let micros = Int64((seconds * 1_000_000).rounded())
            try runner?.runSteps(through: micros, runLoop: &runLoop)
            _ = try runLoop.drawFrame(at: micros, into: storage.surface)
            runLoop.finishFrame(shownAt: micros)
            images.append(PixelImage(surface: storage.surface))
        }
        return images
    }

    @Test(arguments: DemoGallery.all.map { $0.name })
    func demoJSONBytesDrawTheGoldenFrames(name: String) throws {
        let demo = try #require(DemoGallery.demo(named: name))
        let loaded = try LoadedScene(json: Array(demo.json.utf8), fileName: name + ".json")
        let declared = try demo.makeScene()
        #expect(loaded.width == declared.width && loaded.height == declared.height)
        let images = try Self.frames(of: loaded, at: demo.stillTimes, script: demo.makeScript?())
        for (seconds, image) in zip(demo.stillTimes, images) {
            try GoldenDemoTests.check(image, file: "\(name)-\(Int((seconds * 1000).rounded()))ms.ppm")
        }
    }

    @Test func demoLoadGivesTheSceneSizeBackgroundAndDuration() throws {
        let loaded = try #require(DemoGallery.demo(named: "layer-basics")).load()
        let configuration = loaded.compositorConfiguration(layout: .rgb565)
        #expect(configuration.width == 320 && configuration.height == 240)
        #expect(configuration.backgroundColor == Color(red: 0xE9, green: 0xED, blue: 0xF2, alpha: 255))
        #expect(configuration.layerCapacity == loaded.layerCapacity)
        #expect(loaded.layerCapacity == 16)
        #expect(loaded.durationMicros == 2_000_000)
        #expect(loaded.engine.configuration.canvasWidth == 320)
    }

    @Test func invalidBytesGiveTheDecoderLines() {
        let text = Array("{ \"flipbook\": 1, \"size\": [320, 240], }".utf8)
        do {
            _ = try LoadedScene(json: text, fileName: "bytes.json")
            Issue.record("invalid JSON loaded")
        } catch {
            #expect(error.lines == ["bytes.json:1:38: invalid JSON: unexpected '}', expected a string key"])
        }
    }

    @Test func imageLayersAreRefusedWithoutAFileSystem() {
        let text = Array("""
            { "flipbook": 1, "size": [64, 64], "layers": [ { "kind": "image", "size": [8, 8], "image": "a.ppm" } ] }
            """.utf8)
        do {
            _ = try LoadedScene(json: text, fileName: "bytes.json")
            Issue.record("an image layer loaded from bytes")
        } catch {
            #expect(error.lines == [
                "bytes.json: /layers/0/image: cannot use image \"a.ppm\": there is no file system to read it from (a scene given as bytes cannot use image or font files)",
            ])
        }
    }

    @Test func scriptRunnerReportsEachStepTimeOnce() throws {
        let demo = try #require(DemoGallery.demo(named: "scrubbing"))
        let loaded = try demo.load()
        defer { loaded.engine.stopRunningAnimators() }
        let script = try #require(demo.makeScript?())
        var runner = SceneScriptRunner(script: script, layers: loaded.layers)
        var runLoop = try loaded.makeRunLoop(layout: .xrgb8888)
        #expect(runner.nextStepMicros == 300_000)
        try runner.runSteps(through: 299_999, runLoop: &runLoop)
        #expect(runner.nextStepMicros == 300_000)
        try runner.runSteps(through: 300_000, runLoop: &runLoop)
        #expect(runner.nextStepMicros == 320_000)
        try runner.runSteps(through: 10_000_000, runLoop: &runLoop)
        #expect(runner.nextStepMicros == nil)
        #expect(script.steps.count == 48)
    }

    /// Whatever `validate` accepts renders: 11 cubic keyframe animations of 64 values and 6 motion paths of
    /// 64 curves (the limits) need more than the engine's default keyframe store, which the scene sizes.
    @Test func keyframeAnimationsAtTheLimitsLoadAndRender() throws {
        let values = (0 ..< 64).map { "\($0 * 3)" }.joined(separator: ", ")
        let cubic = #"{ "type": "keyframe", "keyPath": "position.x", "calculationMode": "cubic", "duration": 2, "values": [\#(values)] }"#
        let curves = (0 ..< 64).map { "C \($0 * 4 + 1) 0 \($0 * 4 + 3) 9 \($0 * 4 + 4) 5" }.joined(separator: " ")
        let motion = #"{ "type": "keyframe", "keyPath": "position", "duration": 2, "rotationMode": "auto", "path": "M0 0 \#(curves)" }"#
        let layers = (0 ..< 11).map { _ in ##"{ "size": [4, 4], "backgroundColor": "#ff0000", "animations": [\##(cubic)] }"## }
            + (0 ..< 6).map { _ in ##"{ "size": [4, 4], "backgroundColor": "#00ff00", "animations": [\##(motion)] }"## }
        let json = #"{ "flipbook": 1, "size": [300, 40], "layers": [\#(layers.joined(separator: ", "))] }"#
        let loaded = try LoadedScene(json: Array(json.utf8), fileName: "limits.json")
        let images = try Self.frames(of: loaded, at: [0.5, 1.5], script: nil)
        #expect(images.count == 2)
    }
}
