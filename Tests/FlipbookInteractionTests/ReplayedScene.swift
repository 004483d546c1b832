#if canImport(Glibc)
import Glibc
#endif
import Flipbook
import FlipbookInput
import FlipbookInteraction
import FlipbookScenes
import FlipbookSim
import ImageCodecs
import Raster
import Testing

/// Paths beside the tests and in `examples/`.
enum TestFiles {
    static let directory = FileSystem.directory(of: #filePath)
    static func path(_ relative: String) -> String { directory + "/" + relative }
    static func example(_ name: String) -> String { path("../../examples/" + name) }
}

/// A scene file played frame by frame at `fps` with an input script replayed at its scene times, the way
/// `flipbook play --display sim --input` does: before each frame the events due by then are handled, each
/// with the engine advanced to its own time.
struct ReplayedScene {
    let loaded: LoadedScene
    let driver: InteractionDriver
    let replay: InputReplay?

    /// `placement` turns and fits the scene on a panel of its size (nil: the canvas is the scene).
    init(scene: String, script: String?, placement: DisplayPlacement? = nil) throws {
        let description = try SceneFile.load(path: TestFiles.example(scene))
        loaded = try LoadedScene(scene: description, width: placement?.panelWidth, height: placement?.panelHeight)
        if let placement {
            try loaded.placeOnDisplay(transform: placement.transform, clipsToScene: placement.leavesBars)
        }
        driver = try InteractionDriver(scene: loaded)
        if let script {
            let replay = InputReplay(script: try InputScript(json: try FileSystem.read(TestFiles.example(script))))
            replay.driver = driver
            self.replay = replay
        } else {
            replay = nil
        }
    }

    /// Brings the model to `micros` without drawing, as `RunLoop.settle(at:)` does.
    func settle(at micros: Int64) {
        loaded.engine.advance(to: max(micros, loaded.engine.currentTime))
        loaded.engine.deliverCallbacks()
    }

    /// Plays from 0 to `end` µs at `fps`; answers the frames at `stills` (µs, frame times at every rate) and the last.
    func play(fps: Int, end: Int64, stills: [Int64]) throws -> (stills: [PixelImage], last: PixelImage) {
        var runLoop = try loaded.makeRunLoop(layout: .xrgb8888)
        var display = try SimulatorDisplay(width: loaded.width, height: loaded.height, layout: .xrgb8888,
                                           clock: VirtualClock(framesPerSecond: fps))
        var captured: [PixelImage] = []
        var frame: Int64 = 0
        while true {
            let time = frame * 1_000_000 / Int64(fps)
            guard time <= end else { break }
            replay?.run(through: time) { runLoop.settle(at: $0) }
            _ = try runLoop.drawFrame(at: time, into: display.backBuffer)
            _ = try display.present(damage: runLoop.damage)
            runLoop.finishFrame(shownAt: time)
            if stills.contains(time) { captured.append(display.capture()) }
            frame += 1
        }
        return (captured, display.capture())
    }
}

extension InputReplay {
    /// Handles every event (and long-press deadline) due at or before `micros`, each after `settle` brought the
    /// model to its time, as the run loop does for `flipbook play --input`.
    func run(through micros: Int64, settle: (Int64) -> Void) {
        while let due = nextEventMicros, due <= micros {
            settle(due)
            handleNext()
        }
    }
}

/// Golden frames, kept as PNG (small): the frame must equal the file's decoded pixels exactly (the picture, not
/// the encoder's choices, is the reference), or it is rewritten with `FLIPBOOK_REGENERATE_GOLDEN=1` (look at it before committing). On a mismatch the actual
/// frame goes to `.build/golden-failures/`.
enum Golden {
    static let regenerate = getenv("FLIPBOOK_REGENERATE_GOLDEN").map { String(cString: $0) == "1" } ?? false

    static func check(_ image: PixelImage, file: String) throws {
        let path = TestFiles.path("Golden/" + file)
        if regenerate {
            try FileSystem.write(image.pngBytes, to: path)
            return
        }
        guard let golden = try? FileSystem.read(path) else {
            Issue.record("missing golden \(file): run with FLIPBOOK_REGENERATE_GOLDEN=1 and look at it")
            return
        }
        guard try PixelImage(png: golden) != image else { return }
        let failures = TestFiles.path("../../.build/golden-failures")
        try FileSystem.createDirectory(failures)
        try FileSystem.write(image.pngBytes, to: failures + "/" + file)
        Issue.record("\(file) differs from its golden; see \(failures)/\(file)")
    }
}
