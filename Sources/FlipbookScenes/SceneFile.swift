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
            text, fileName: path, baseDirectory: FileSystem.directory(of: path), imageProbe: imageProblem(at:),
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

    /// Why the image at `path` cannot be used, or `nil` when it reads as a PNG or Netpbm picture.
    public static func imageProblem(at path: String) -> String? {
        do {
            _ = try readImage(at: path)
            return nil
        } catch {
            return error.description
        }
    }

    /// Reads a PNG or PPM/PGM/PAM picture (recognised by its contents).
    public static func readImage(at path: String) throws(ImageReadError) -> PixelImage {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw .file(error)
        }
        do {
            return try PixelImage(imageFile: bytes)
        } catch {
            throw .format(error)
        }
    }
}

/// Why a picture could not be read: the file, or its contents.
public enum ImageReadError: Error, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case file(FileError)
    /// The file is not a usable picture.
    case format(ImageDecodingError)

    /// The reason in one line, e.g. `No such file or directory`.
    public var description: String {
        switch self {
        case .file(let error): error.reason
        case .format(let error): error.description
        }
    }
}
#endif
