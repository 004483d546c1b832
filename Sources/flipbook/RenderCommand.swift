import ArgumentParser
import FlipbookScenes
import FlipbookSim

/// `flipbook render`: one frame (`--at T -o FILE.ppm`) or a frame sequence (`--out DIR`) of a scene, drawn by
/// the software compositor into the simulator display.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene: one frame (--at T -o FILE.png or FILE.ppm) or a sequence (--out DIR).")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "Render the single frame at this scene time (seconds); needs -o.")
    var at: Double?

    @Option(name: .shortAndLong, help: "With --at: the file to write, PNG or PPM as its extension (.png or .ppm) says.")
    var output: String?

    @Option(help: "Render a sequence into this directory as frame-00000.ppm, frame-00001.ppm, …")
    var out: String?

    @Option(help: "With --out: the frames' file format, png or ppm (default ppm).")
    var imageFormat: String?

    @Option(help: "Sequence frame rate (1…1000).")
    var fps = 60

    @Option(help: "Sequence start time in seconds (default 0).")
    var from: Double?

    @Option(help: "Sequence end time in seconds, inclusive (default: the scene's duration).")
    var to: Double?

    @Option(help: "Canvas size WxH, overriding the scene's (layers keep their coordinates).")
    var size: String?

    @Option(help: "Pixel format: xrgb8888 or rgb565 (the PPM shows the format's quantised colours).")
    var format = "xrgb8888"

    func validate() throws {
        switch (at, output, out) {
        case (.some, .some, nil), (nil, nil, .some): break
        case (.some, nil, _): throw ValidationError("--at needs -o FILE.ppm")
        case (nil, .some, _): throw ValidationError("-o needs --at T (use --out DIR for a sequence)")
        case (.some, _, .some): throw ValidationError("give either --at T -o FILE or --out DIR, not both")
        case (nil, nil, nil): throw ValidationError("give --at T -o FILE.ppm or --out DIR")
        }
        if out == nil && (from != nil || to != nil || fps != 60 || imageFormat != nil) {
            throw ValidationError("--fps, --from, --to and --image-format apply to --out sequences")
        }
        do {
            if let output { _ = try ImageFileFormat(path: output) }
            if let imageFormat { _ = try ImageFileFormat(option: imageFormat) }
        } catch {
            throw ValidationError(error.description)
        }
        for (name, value) in [("--at", at), ("--from", from), ("--to", to)] {
            if let value, !(value.isFinite && value >= 0 && value <= 86_400) {
                throw ValidationError("\(name) must be a time from 0 to 86400 seconds (found \(value))")
            }
        }
        if let from, let to, to < from { throw ValidationError("--to (\(to)) is before --from (\(from))") }
        if let size { _ = try parseSize(size, option: "--size") }
        if !SimulatorDisplay.formats.contains(where: { $0.name == format }) {
            throw ValidationError("--format must be xrgb8888 or rgb565 (found \"\(format)\")")
        }
        if !(1...1000).contains(fps) { throw ValidationError("--fps must be 1…1000 (found \(fps))") }
    }

    func run() throws {
        let description: SceneDescription
        do {
            description = try SceneFile.load(path: scene)
        } catch {
            throw fail(error.lines)
        }
        let canvas = try size.map { try parseSize($0, option: "--size") }
        let request = RenderRequest(
            scene: description, width: canvas?.width ?? description.width, height: canvas?.height ?? description.height,
            format: format)
        do {
            if let at, let output {
                try request.renderStill(atMicros: Micros.from(seconds: at), to: output)
            } else if let out {
                let start = Micros.from(seconds: from ?? 0)
                let end = Micros.from(seconds: to ?? description.durationSeconds)
                let fileFormat = try imageFormat.map { name throws(RenderFailure) in try ImageFileFormat(option: name) } ?? .ppm
                let written = try request.renderSequence(
                    fromMicros: start, toMicros: end, fps: fps, into: out, label: scene, fileFormat: fileFormat)
                print("\(scene): \(written.count) frames in \(out)/")
            }
        } catch {
            throw fail(error.description)
        }
    }
}
