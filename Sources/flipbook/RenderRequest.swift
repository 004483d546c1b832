#if canImport(Glibc)
import Glibc
#endif
import FlipbookScenes
import FlipbookSim
import ImageCodecs

/// Seconds to integer microseconds, rounded to nearest (inputs are validated to 0 … 86 400 s).
enum Micros {
    static func from(seconds: Double) -> Int64 { Int64((seconds * 1_000_000).rounded()) }
}

/// Why rendering from the command line failed, in one line.
struct RenderFailure: Error, CustomStringConvertible {
    let description: String
}

/// A scene to render at a canvas size and pixel format: shared by `render` and `demo`.
struct RenderRequest {
    let scene: SceneDescription
    let width: Int
    let height: Int
    let format: String
    /// Swift steps driving the scene (demos only).
    var makeScript: (@Sendable () -> SceneScript)? = nil

    private func makeRenderer() throws(RenderFailure) -> SceneRenderer {
        do {
            let layout = try SimulatorDisplay.layout(named: format)
            return try SceneRenderer(scene: scene, width: width, height: height, layout: layout, script: makeScript?())
        } catch {
            throw RenderFailure(description: "\(error)")
        }
    }

    /// The frame at `micros`, drawn by a fresh renderer.
    func renderImage(atMicros micros: Int64) throws(RenderFailure) -> PixelImage {
        let renderer = try makeRenderer()
        do {
            try renderer.render(atMicros: micros)
        } catch {
            throw RenderFailure(description: "\(error)")
        }
        return renderer.capture()
    }

    /// Renders the frame at `micros` and writes it in the format `path`'s extension names (`.png` or `.ppm`).
    func renderStill(atMicros micros: Int64, to path: String) throws(RenderFailure) {
        let fileFormat = try ImageFileFormat(path: path)
        let image = try renderImage(atMicros: micros)
        do {
            try FileSystem.write(fileFormat.bytes(of: image), to: path)
        } catch {
            throw RenderFailure(description: "\(error)")
        }
    }

    /// Renders frames from `start` to `end` (inclusive) at `fps` into `directory` as `fileFormat` files, showing
    /// progress on standard error (a bar on a terminal, a line per tenth otherwise). Returns the frames written.
    func renderSequence(
        fromMicros start: Int64, toMicros end: Int64, fps: Int, into directory: String, label: String,
        fileFormat: ImageFileFormat = .ppm
    ) throws(RenderFailure) -> [PixelImage] {
        let renderer = try makeRenderer()
        var frames: [PixelImage] = []
        do {
            try FileSystem.createDirectory(directory)
            let clock = try VirtualClock(framesPerSecond: fps, startMicros: start)
            let count = clock.frameCount(fromMicros: start, toMicros: end)
            var progress = ProgressReport(total: count, label: label)
            for frame in 0..<count {
                try renderer.render(atMicros: clock.micros(ofFrame: frame))
                let image = renderer.capture()
                try FileSystem.write(fileFormat.bytes(of: image), to: "\(directory)/\(Self.frameName(frame, fileFormat))")
                frames.append(image)
                progress.advance(to: frame + 1)
            }
        } catch {
            throw RenderFailure(description: "\(error)")
        }
        return frames
    }

    /// `frame-00042.ppm` (or `.png`).
    static func frameName(_ index: Int64, _ fileFormat: ImageFileFormat = .ppm) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + "." + fileFormat.rawValue
    }
}
