// Full Swift only: reading files needs FlipbookSim's file system access, which the Embedded build does not have
// (there, scenes arrive as bytes: `LoadedScene(json:fileName:)`).
#if !hasFeature(Embedded)
import FlipbookSim
import ImageCodecs

/// Reading scene files from disk: the file, its images, and the checks of ``SceneDecoder``.
public enum SceneFile {
    /// Reads and validates the scene at `path`. Messages are prefixed with the file's name as given; image
    /// and font paths resolve against the file's folder. Every image and font is read once here to check it.
    public static func load(path: String) throws(SceneError) -> SceneDescription {
        let text: [UInt8]
        do {
            text = try FileSystem.read(path)
        } catch {
            throw SceneError(fileName: path, syntaxError: nil, problems: [], readFailure: "cannot read the scene: \(error.reason)")
        }
        return try SceneDecoder.decode(
            text, fileName: path, baseDirectory: FileSystem.directory(of: path), imageReader: readImage(at:within:),
            fontReader: readFont(at:))
    }

    /// A font file's bytes, or why it cannot be read (the decoder checks what they hold).
    public static func readFont(at path: String) -> (bytes: [UInt8]?, problem: String?) {
        do {
            return (try FileSystem.read(path), nil)
        } catch {
            return (nil, error.reason)
        }
    }

    /// The picture at `path` (PNG, JPEG or Netpbm, recognised by its contents), reduced to cover `bound` when
    /// larger, or why it cannot be used. The file is read as a font file is (whole, in one piece).
    public static func readImage(at path: String, within bound: ImageDisplayBound?) -> (image: PixelImage?, problem: String?) {
        SceneDecoder.imageReader(readingWith: readFont(at:))(path, bound)
    }
}
#endif
