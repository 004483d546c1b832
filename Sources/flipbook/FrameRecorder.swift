import FlipbookSim
import ImageCodecs
import Raster

/// Where `--display sim` puts what it shows: every frame into `--out DIR` as `frame-00000.ppm`, …, or else
/// the last frame into `flipbook-play.ppm`. Writing a frame allocates its picture (file output, not drawing).
struct FrameRecorder {
    /// The sequence directory, or nil to keep only the last frame.
    let directory: String?
    /// The last frame's file when there is no directory.
    static let lastFramePath = "flipbook-play.ppm"

    init(directory: String?) throws {
        self.directory = directory
        if let directory {
            do {
                try FileSystem.createDirectory(directory)
            } catch {
                throw fail("--out \(directory): \(error)")
            }
        }
    }

    /// Records frame `index`, just presented from `surface`.
    func record(_ surface: Surface, frame index: Int) throws {
        guard let directory else { return }
        try write(surface, to: "\(directory)/\(RenderRequest.frameName(Int64(index)))")
    }

    /// Finishes after `frames` presents: writes the last frame when there is no directory; says what was written.
    func finish(_ surface: Surface, frames: Int) throws -> String {
        guard let directory else {
            try write(surface, to: Self.lastFramePath)
            return "last frame in \(Self.lastFramePath)"
        }
        return "\(frames) frame\(frames == 1 ? "" : "s") in \(directory)/"
    }

    private func write(_ surface: Surface, to path: String) throws {
        do {
            try FileSystem.write(PixelImage(surface: surface).ppmBytes, to: path)
        } catch {
            throw fail("\(path): \(error)")
        }
    }
}
