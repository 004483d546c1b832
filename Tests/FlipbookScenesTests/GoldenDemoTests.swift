#if canImport(Glibc)
import Glibc
#endif
import FlipbookScenes
import FlipbookSim
import ImageCodecs
import Raster
import Testing

/// Every demo rendered at its still times must equal its golden PPM byte for byte. With
/// `FLIPBOOK_REGENERATE_GOLDEN=1` the goldens are rewritten instead (look at them before committing). On a
/// mismatch the actual frame and a difference picture go to `.build/golden-failures/`.
@Suite struct GoldenDemoTests {
    static let goldenDirectory = TestFiles.path("Golden")
    static let failureDirectory = TestFiles.path("../../.build/golden-failures")
    static let regenerate = getenv("FLIPBOOK_REGENERATE_GOLDEN").map { String(cString: $0) == "1" } ?? false

    @Test(arguments: DemoGallery.all.map(\.name))
    func demoMatchesGoldenFrames(name: String) throws {
        let demo = try #require(DemoGallery.demo(named: name))
        let scene = try demo.makeScene()
        let renderer = try SceneRenderer(
            scene: scene, width: scene.width, height: scene.height, layout: .xrgb8888, script: demo.makeScript?())
        #expect(demo.stillTimes.count >= 3)
        for seconds in demo.stillTimes {
            try renderer.render(atMicros: Int64((seconds * 1_000_000).rounded()))
            try Self.check(renderer.capture(), file: "\(name)-\(Int((seconds * 1000).rounded()))ms.ppm")
        }
    }

    /// One frame in RGB565, so the 565 quantisation the simulator shows is pinned down too.
    @Test func rgb565FrameMatchesGolden() throws {
        let scene = try #require(DemoGallery.demo(named: "timing")).makeScene()
        let renderer = try SceneRenderer(scene: scene, width: scene.width, height: scene.height, layout: .rgb565)
        try renderer.render(atMicros: 1_000_000)
        try Self.check(renderer.capture(), file: "timing-1000ms-rgb565.ppm")
    }

    static func check(_ image: PixelImage, file: String) throws {
        let path = goldenDirectory + "/" + file
        if regenerate {
            try FileSystem.createDirectory(goldenDirectory)
            try FileSystem.write(image.ppmBytes, to: path)
            return
        }
        guard let golden = try? FileSystem.read(path) else {
            Issue.record("missing golden \(file): run the tests with FLIPBOOK_REGENERATE_GOLDEN=1 and look at it")
            return
        }
        guard golden != image.ppmBytes else { return }
        try FileSystem.createDirectory(failureDirectory)
        let base = failureDirectory + "/" + String(file.dropLast(4))
        try FileSystem.write(image.ppmBytes, to: base + ".actual.ppm")
        let summary: String
        if let expected = try? PixelImage(netpbm: golden), let comparison = ImageComparison(expected: expected, actual: image) {
            try FileSystem.write(comparison.differenceImage.ppmBytes, to: base + ".diff.ppm")
            summary = comparison.summary
        } else {
            summary = "the golden cannot be compared (size or format differs)"
        }
        Issue.record("\(file) differs from its golden: \(summary); see \(base).actual.ppm and .diff.ppm")
    }
}

/// `examples/<demo>.json` are the demos' scenes as files: they must stay identical to the built-in text.
@Suite struct ExampleFileTests {
    static let examplesDirectory = TestFiles.path("../../examples")

    @Test(arguments: DemoGallery.all.map(\.name))
    func exampleFileMatchesTheBuiltInDemo(name: String) throws {
        let demo = try #require(DemoGallery.demo(named: name))
        let path = Self.examplesDirectory + "/" + name + ".json"
        if GoldenDemoTests.regenerate {
            try FileSystem.write(Array((demo.json + "\n").utf8), to: path)
            return
        }
        let text = String(decoding: try FileSystem.read(path), as: UTF8.self)
        #expect(text == demo.json + "\n", "examples/\(name).json differs from the built-in demo; regenerate it")
        #expect(throws: Never.self) { try SceneFile.load(path: path) }
    }
}
