import Foundation
import FlipbookScenes
import FlipbookSim
import ImageCodecs
import Testing

/// `flipbook play --display sim` (and `auto`'s fallback to it), run as the real program built beside the tests.
@Suite("flipbook play on the simulator")
struct PlaySimulatorTests {
    /// The `flipbook` executable in the build folder that holds this test bundle.
    static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("flipbook").path
    static let exampleFile = TestFiles.directory + "/../../examples/like-button.json"

    /// Runs flipbook with `arguments` (in `directory`, if given); returns the exit status and standard error.
    func play(_ arguments: [String], in directory: String? = nil) throws -> (status: Int32, errors: String) {
        let process = Process()
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["play"] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func temporaryDirectory() -> String {
        NSTemporaryDirectory() + "flipbook-play-\(UUID().uuidString)"
    }

    /// `--out DIR --for 0.25` writes 16 frames (0 … 250 ms at 60 fps of virtual time), each equal to the scene
    /// rendered at that frame's time by `SceneRenderer` and its own display.
    @Test func sequenceMatchesSceneRenderer() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.executable), "build flipbook: \(Self.executable)")
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try play(["--display", "sim", "--out", directory, "--for", "0.25", Self.exampleFile])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("played 16 frames"), "\(result.errors)")
        let scene = try SceneFile.load(path: Self.exampleFile)
        let reference = try SceneRenderer(scene: scene, width: scene.width, height: scene.height, layout: .xrgb8888)
        let clock = try VirtualClock(framesPerSecond: 60)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names.count == 16)
        for (index, name) in names.enumerated() {
            try reference.render(atMicros: clock.micros(ofFrame: Int64(index)))
            let written = try FileSystem.read(directory + "/" + name)
            #expect(name == "frame-000\(index < 10 ? "0" : "")\(index).ppm")
            #expect(written == reference.capture().ppmBytes, "\(name) differs from the frame at \(index) / 60 s")
        }
    }

    /// Without `--out`, the last frame goes to flipbook-play.ppm in the working directory; in rgb565 it shows
    /// that format's quantisation (equal to a 565 renderer's capture).
    @Test func lastFrameInRGB565() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let example = URL(fileURLWithPath: Self.exampleFile).standardizedFileURL.path
        let result = try play(["--display", "sim", "--format", "rgb565", "--at", "0.8", example], in: directory)
        #expect(result.status == 0, "\(result.errors)")
        let scene = try SceneFile.load(path: example)
        let reference = try SceneRenderer(scene: scene, width: scene.width, height: scene.height, layout: .rgb565)
        try reference.render(atMicros: 800_000)
        #expect(try FileSystem.read(directory + "/flipbook-play.ppm") == reference.capture().ppmBytes)
    }

    /// `--loop` starts the scene again after its end: with the 4 s springs scene, the last frame of `--for 5`
    /// is the scene at 1 s, drawn by a fresh renderer after the restart.
    @Test func loopStartsAgain() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let springs = TestFiles.directory + "/../../examples/springs.json"
        let example = URL(fileURLWithPath: springs).standardizedFileURL.path
        let result = try play(["--display", "sim", "--loop", "--for", "5", example], in: directory)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("played 301 frames"), "\(result.errors)")
        let scene = try SceneFile.load(path: example)
        #expect(scene.durationSeconds == 4)
        let reference = try SceneRenderer(scene: scene, width: scene.width, height: scene.height, layout: .xrgb8888)
        try reference.render(atMicros: 1_000_000)
        #expect(try FileSystem.read(directory + "/flipbook-play.ppm") == reference.capture().ppmBytes)
    }

    /// Bad combinations are refused with exit status 64 naming the option.
    @Test func refusesOutForHardwareDisplays() throws {
        let result = try play(["--display", "fbdev", "--out", "x", Self.exampleFile])
        #expect(result.status == 64)
        #expect(result.errors.contains("--out applies to the simulator"), "\(result.errors)")
        let mode = try play(["--display", "sim", "--mode", "640x480@60", Self.exampleFile])
        #expect(mode.status == 64)
        #expect(mode.errors.contains("--mode on the simulator is a panel size WxH"), "\(mode.errors)")
        let rotate = try play(["--display", "sim", "--rotate", "45", Self.exampleFile])
        #expect(rotate.status == 64 && rotate.errors.contains("--rotate must be 0, 90, 180 or 270 (found 45)"), "\(rotate.errors)")
        let fit = try play(["--display", "sim", "--fit", "fill", Self.exampleFile])
        #expect(fit.status == 64 && fit.errors.contains("--fit must be none, contain, cover or stretch (found \"fill\")"), "\(fit.errors)")
    }

    /// `--rotate 90` turns the simulator's panel with the scene; `--mode WxH` sets its size.
    @Test func turnedAndSizedSimulatorPanels() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scene = try SceneFile.load(path: Self.exampleFile)
        for (arguments, size) in [(["--rotate", "90"], "\(scene.height) \(scene.width)"),
                                  (["--mode", "500x300", "--fit", "contain"], "500 300")] {
            let result = try play(["--display", "sim", "--at", "0.5", "--hold", "0"] + arguments + [Self.exampleFile], in: directory)
            #expect(result.status == 0, "\(result.errors)")
            let header = try FileSystem.read(directory + "/flipbook-play.ppm").prefix(20)
            #expect(String(decoding: header, as: UTF8.self).hasPrefix("P6\n\(size)\n"), "\(arguments): \(String(decoding: header, as: UTF8.self))")
        }
    }

    /// On a machine with neither DRM nor fbdev devices, `auto` says so on standard error and plays on the
    /// simulator.
    static let hasNoDisplayDevice = !FileManager.default.fileExists(atPath: "/dev/dri")
        && !FileManager.default.fileExists(atPath: "/dev/fb0")

    @Test(.enabled(if: hasNoDisplayDevice))
    func autoFallsBackToSimulator() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try play(["--out", directory, "--for", "0.1", Self.exampleFile])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("no usable DRM or fbdev display"), "\(result.errors)")
        #expect(result.errors.contains("using the simulator"), "\(result.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 7)
    }
}
