import ArgumentParser
import FlipbookScenes
import FlipbookSim
import ImageCodecs

/// `flipbook demo`: renders the built-in demo gallery (frames and a contact sheet per demo).
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the built-in demo scenes into DIR/<demo>/ (frames, contact sheets, an animated preview.png).")

    @Argument(help: "Demo names (default: all). Use --list to see them.")
    var names: [String] = []

    @Option(help: "Output directory.")
    var out: String?

    @Option(help: "Frame rate of the rendered sequences (1…1000).")
    var fps = 30

    @Option(help: "Pixel format: xrgb8888 or rgb565.")
    var format = "xrgb8888"

    @Flag(help: "List the demos and exit.")
    var list = false

    func validate() throws {
        if !list && out == nil { throw ValidationError("give --out DIR (or --list)") }
        let known = DemoGallery.all.map(\.name)
        for name in names where !known.contains(name) {
            throw ValidationError("unknown demo \"\(name)\" (known: \(known.joined(separator: ", ")))")
        }
        if !(1...1000).contains(fps) { throw ValidationError("--fps must be 1…1000 (found \(fps))") }
        if !SimulatorDisplay.formats.contains(where: { $0.name == format }) {
            throw ValidationError("--format must be xrgb8888 or rgb565 (found \"\(format)\")")
        }
    }

    @Option(help: "Also write one PNG still per demo (at its middle still time) into this directory.")
    var stills: String?

    func run() throws {
        if list {
            for demo in DemoGallery.all { print("\(demo.name)\t\(demo.title)") }
            return
        }
        guard let out else { return }
        let chosen = names.isEmpty ? DemoGallery.all : DemoGallery.all.filter { names.contains($0.name) }
        var failures: [String] = []
        for demo in chosen {
            do {
                try render(demo, into: "\(out)/\(demo.name)")
            } catch let error as SceneError {
                failures += error.lines
            } catch {
                failures.append("flipbook: demo \(demo.name): \(error)")
            }
        }
        if !failures.isEmpty { throw fail(failures) }
    }

    /// Renders one demo's frames, its contact sheet (PPM and PNG), its animated preview (APNG) and, when asked,
    /// its still.
    private func render(_ demo: Demo, into directory: String) throws {
        let scene = try demo.makeScene()
        let request = RenderRequest(
            scene: scene, width: scene.width, height: scene.height, format: format, makeScript: demo.makeScript)
        let frames = try request.renderSequence(
            fromMicros: 0, toMicros: Micros.from(seconds: scene.durationSeconds), fps: fps, into: directory,
            label: demo.name)
        let step = max(1, (frames.count + 11) / 12)
        let sampled = stride(from: 0, to: frames.count, by: step).map { frames[$0] }
        if let sheet = ContactSheet.make(frames: sampled, columns: 4, shrink: 2) {
            try FileSystem.write(sheet.ppmBytes, to: "\(directory)/contact-sheet.ppm")
            try FileSystem.write(sheet.pngBytes, to: "\(directory)/contact-sheet.png")
        }
        try FileSystem.write(try PixelImage.animatedPNGBytes(frames: frames, framesPerSecond: fps), to: "\(directory)/preview.png")
        if let stills {
            try FileSystem.createDirectory(stills)
            let time = demo.stillTimes[demo.stillTimes.count / 2]
            let still = try request.renderImage(atMicros: Micros.from(seconds: time))
            try FileSystem.write(still.pngBytes, to: "\(stills)/\(demo.name).png")
        }
        print("\(demo.name): \(frames.count) frames, contact-sheet.ppm and .png, preview.png (animated) in \(directory)/")
    }
}
