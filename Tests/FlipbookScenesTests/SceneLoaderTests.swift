import FixedPoint
import Flipbook
import FlipbookSim
import ImageCodecs
import Testing
@testable import FlipbookScenes

/// The loader must hand the engine exactly what the scene says: checked through the engine's model values.
@Suite struct SceneLoaderTests {
    private func load(_ text: String) throws -> Engine {
        let scene = try SceneDecoder.decode(Array(text.utf8), fileName: "t.json", baseDirectory: "", imageReader: { _, _ in (nil, "no images here") })
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: scene.width, canvasHeight: scene.height))
        try SceneLoader(engine: engine, resources: SceneResources(engine: engine)).load(scene)
        return engine
    }

    @Test func setsLayerPropertiesTreeAndMask() throws {
        let engine = try load(#"""
            { "flipbook": 1, "size": [100, 80], "layers": [
              { "name": "card", "position": [30, 40], "bounds": [1, 2, 50, 20], "anchorPoint": [0, 1], "opacity": 0.5,
                "backgroundColor": "#ff800040", "cornerRadius": 6, "masksToBounds": true, "hidden": true,
                "transform": { "rotation": 0.25, "scale": [2, 3], "translation": [4, 5] },
                "mask": { "size": [10, 10], "backgroundColor": "#ffffff" },
                "sublayers": [ { "name": "child", "zPosition": 2 } ] } ] }
            """#)
        let card = try #require(try engine.sublayers(of: engine.root).first)
        #expect(try engine.name(of: card) == "card")
        #expect(try engine.modelValue(of: .position, of: card) == .pair(30, 40))
        #expect(try engine.modelValue(of: .bounds, of: card) == .rect(x: 1, y: 2, width: 50, height: 20))
        #expect(try engine.modelValue(of: .anchorPoint, of: card) == .pair(0, 1))
        #expect(try engine.modelValue(of: .opacity, of: card) == .number(0.5))
        #expect(try engine.modelValue(of: .backgroundColor, of: card) == .color(Color(red: 255, green: 128, blue: 0, alpha: 64)))
        #expect(try engine.modelValue(of: .cornerRadius, of: card) == .number(6))
        #expect(try engine.modelValue(of: .masksToBounds, of: card) == .flag(true))
        #expect(try engine.modelValue(of: .hidden, of: card) == .flag(true))
        #expect(try engine.modelValue(of: .rotation, of: card) == .number(0.25))
        #expect(try engine.modelValue(of: .scaleY, of: card) == .number(3))
        #expect(try engine.modelValue(of: .translation, of: card) == .pair(4, 5))
        let mask = try #require(try engine.mask(of: card))
        #expect(try engine.modelValue(of: .bounds, of: mask) == .rect(x: 0, y: 0, width: 10, height: 10))
        let child = try #require(try engine.sublayers(of: card).first)
        #expect(try engine.name(of: child) == "child")
        #expect(try engine.modelValue(of: .zPosition, of: child) == .number(2))
    }

    @Test func addsAnimationsUnderTheirKeys() throws {
        let engine = try load(#"""
            { "flipbook": 1, "size": [100, 80], "layers": [ { "animations": [
              { "type": "basic", "key": "fade", "keyPath": "opacity", "to": 0 },
              { "type": "spring", "key": "drop", "keyPath": "position.y", "from": 0, "to": 50 },
              { "type": "group", "key": "both", "animations": [ { "type": "basic", "keyPath": "opacity", "to": 1 } ] },
              { "type": "transition", "to": { "backgroundColor": "#00ff00" } } ] } ] }
            """#)
        let layer = try #require(try engine.sublayers(of: engine.root).first)
        #expect(try engine.animationKeys(of: layer) == ["fade", "drop", "both", "transition"])
    }

    /// The timing conversion keeps every CAMediaTiming field (an unset duration stays 0 = the engine's default).
    @Test func convertsTimingFields() {
        var timing = SceneTiming()
        timing.beginTime = 1.5
        timing.speed = 2
        timing.timeOffset = 0.25
        timing.repeatCount = .infinity
        timing.autoreverses = true
        timing.fillMode = .both
        timing.removedOnCompletion = false
        timing.timingFunction = .bezier(0.1, 0.2, 0.3, 0.4)
        let converted = SceneLoader.timing(timing)
        #expect(converted == AnimationTiming(
            beginTime: 1.5, duration: 0, speed: 2, timeOffset: 0.25, repeatCount: .infinity, autoreverses: true,
            fillMode: .both, isRemovedOnCompletion: false, timingFunction: .controlPoints(0.1, 0.2, 0.3, 0.4)))
    }

    /// A motion path becomes the engine's keyframes and segment curves: the start point, each end point; lines
    /// with controls at their thirds, quadratics raised to cubics, cubics as they are.
    @Test func convertsMotionPaths() throws {
        let path = try ScenePath.parse(svg: "M0 0 L9 0 Q 12 0 12 3 C 12 5 15 10 20 10", pointLimit: 100)
        let motion = path.motion
        #expect(motion.points == [ScenePoint(x: 0, y: 0), ScenePoint(x: 9, y: 0), ScenePoint(x: 12, y: 3), ScenePoint(x: 20, y: 10)])
        #expect(motion.controls == [
            .init(first: ScenePoint(x: 3, y: 0), second: ScenePoint(x: 6, y: 0)),
            .init(first: ScenePoint(x: 11, y: 0), second: ScenePoint(x: 12, y: 1)),
            .init(first: ScenePoint(x: 12, y: 5), second: ScenePoint(x: 15, y: 10)),
        ])
        #expect(motion.hasCurves)
        #expect(!(try ScenePath.parse(svg: "M0 0 L9 0 Z", pointLimit: 100)).motion.hasCurves)
    }
}

/// Script steps run at their own media times, so a frame does not depend on which frames came before it.
@Suite struct SceneScriptTests {
    @Test func framesDoNotDependOnTheFramesRenderedBefore() throws {
        let demo = try #require(DemoGallery.demo(named: "scrubbing"))
        let scene = try demo.makeScene()
        let direct = try SceneRenderer(scene: scene, width: scene.width, height: scene.height, layout: .xrgb8888, script: demo.makeScript?())
        try direct.render(atMicros: 1_650_000)
        let stepped = try SceneRenderer(scene: scene, width: scene.width, height: scene.height, layout: .xrgb8888, script: demo.makeScript?())
        for frame in Int64(0)...Int64(50) { try stepped.render(atMicros: frame * 33_000) }
        let comparison = try #require(ImageComparison(expected: direct.capture(), actual: stepped.capture()))
        #expect(comparison.isIdentical, "\(comparison.summary)")
        let unscripted = try SceneRenderer(scene: scene, width: scene.width, height: scene.height, layout: .xrgb8888)
        try unscripted.render(atMicros: 1_650_000)
        #expect(unscripted.capture() != direct.capture())
    }

    @Test func stepsAreSortedByTimeKeepingTheirOrderForEqualTimes() throws {
        final class Log: @unchecked Sendable { var entries: [Int] = [] }
        let log = Log()
        let script = SceneScript(steps: [
            SceneScript.Step(seconds: 2) { _, _ throws(EngineError) in log.entries.append(2) },
            SceneScript.Step(seconds: 1) { _, _ throws(EngineError) in log.entries.append(1) },
            SceneScript.Step(seconds: 1) { _, _ throws(EngineError) in log.entries.append(3) },
        ])
        #expect(script.steps.map(\.micros) == [1_000_000, 1_000_000, 2_000_000])
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 8, canvasHeight: 8))
        for step in script.steps { try step.action(engine, SceneLayers(byName: [:])) }
        #expect(log.entries == [1, 3, 2])
    }
}

@Suite struct SceneImageTests {
    /// An image layer's PAM or PNG (recognised by content, whatever its name) is premultiplied into
    /// engine-owned pixels: (200, 100, 0, 128) becomes (round(200·128/255), round(100·128/255), 0, 128) =
    /// (100, 50, 0, 128).
    @Test(arguments: ["pam", "png"])
    func registersPremultipliedImages(format: String) throws {
        let directory = "/tmp/flipbook-scenes-image-test-\(UInt32.random(in: 0...UInt32.max))"
        try FileSystem.createDirectory(directory)
        let picture = try #require(PixelImage(width: 2, height: 1, rgba: [200, 100, 0, 128, 10, 20, 30, 255]))
        try FileSystem.write(format == "png" ? picture.pngBytes : picture.pamBytes, to: directory + "/p.pam")
        try FileSystem.write(Array(#"""
            { "flipbook": 1, "size": [10, 10], "layers": [ { "kind": "image", "image": "p.pam", "size": [4, 2],
              "contentsGravity": "center" } ] }
            """#.utf8), to: directory + "/scene.json")
        let scene = try SceneFile.load(path: directory + "/scene.json")
        let engine = try Engine(configuration: EngineConfiguration(canvasWidth: 10, canvasHeight: 10))
        try SceneLoader(engine: engine, resources: SceneResources(engine: engine)).load(scene)
        #expect(engine.presentation.resources.imageCount == 1)
        let surface = try #require(engine.presentation.resources.image(for: ImageID(index: 0)))
        let first = try #require(surface.color(x: 0, y: 0))
        let second = try #require(surface.color(x: 1, y: 0))
        #expect((first.red, first.green, first.blue, first.alpha) == (100, 50, 0, 128))
        #expect((second.red, second.green, second.blue, second.alpha) == (10, 20, 30, 255))
    }
}
