import Flipbook
import Motion
import FlipbookScenes
import ImageCodecs
import Raster

/// The scene file, read and decoded once at setup, and the run loops built from it (a fresh engine for each
/// pass of `--loop`). Messages are `flipbook play`'s: the file's name as given, then the problem.
struct SceneInput {
    let description: SceneDescription
    let fileName: String

    /// Reads and decodes the scene at `path`, and the image and font files it names (resolved against its
    /// folder, read whole with the same system calls, pictures decoded once here).
    init(path: String) throws(PlayerError) {
        let text: [UInt8]
        do { text = try Self.read(path) } catch {
            throw .scene(["\(path): cannot read the scene: \(error.reason)"])
        }
        do {
            description = try SceneDecoder.decode(
                text, fileName: path, baseDirectory: Self.directory(of: path),
                imageReader: SceneDecoder.imageReader(readingWith: Self.readFile(at:)), fontReader: Self.readFile(at:))
        } catch {
            throw .scene(error.lines)
        }
        fileName = path
    }

    /// The scene's length in microseconds (its `duration`, or the end of its last finite animation).
    var durationMicros: MediaTime { MediaTime((description.durationSeconds * 1_000_000).rounded()) }

    /// The largest scene, image or font file read (the setup heap holds 64 MB in all).
    static var maximumFileBytes: Int { 16 << 20 }

    /// The scene's run loop for a `width` × `height` panel of `layout`, the scene turned and fitted on it by
    /// `rotation` and `fit` as `flipbook play` places it (setup: allocates the engine and the compositor's
    /// buffers).
    ///
    /// The run loop lives in setup memory and is never destroyed: an Embedded build cannot destroy another
    /// module's non-copyable type whose members are internal ("deinit of non-copyable type not visible in the
    /// current module"). A `--loop` pass gives its memory back with `sys_releaseHeap` instead.
    func makeRunLoop(
        width: Int, height: Int, layout: PixelLayout, rotation: DisplayRotation, fit: DisplayFit
    ) throws(PlayerError) -> UnsafeMutablePointer<RunLoop> {
        let placement: DisplayPlacement
        do {
            placement = try DisplayPlacement(panelWidth: width, panelHeight: height, sceneWidth: description.width,
                                             sceneHeight: description.height, rotation: rotation, fit: fit)
        } catch {
            throw .scene(["flipbook-player: the scene cannot be placed on the \(width)x\(height) display: \(error)"])
        }
        let loaded: LoadedScene
        do {
            loaded = try LoadedScene(scene: description, width: width, height: height)
            try loaded.placeOnDisplay(transform: placement.transform, clipsToScene: placement.leavesBars)
        } catch {
            throw .scene(["flipbook-player: \(error.description)"])
        }
        let runLoop = UnsafeMutablePointer<RunLoop>.allocate(capacity: 1)
        do { runLoop.initialize(to: try loaded.makeRunLoop(layout: layout)) } catch {
            throw .scene(["flipbook-player: the compositor refused the scene (a \(width)x\(height) canvas)"])
        }
        return runLoop
    }

    /// The folder part of a path (`"."` when there is none), as `flipbook play` resolves a scene's files.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A file's bytes, or why it cannot be read (the scene decoder's file hook, for image and font files).
    static func readFile(at path: String) -> (bytes: [UInt8]?, problem: String?) {
        do { return (try read(path), nil) } catch { return (nil, error.reason) }
    }

    /// The whole file at `path` (at most `maximumFileBytes`), read with the runtime's raw system calls.
    private static func read(_ path: String) throws(FileReadError) -> [UInt8] {
        let fd = path.withCString { sys_openReadOnly($0) }
        guard fd >= 0 else { throw FileReadError(errno: -fd) }
        defer { _ = sys_close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { sys_read(fd, $0.baseAddress!, $0.count) }
            if count == -4 { continue }  // EINTR
            guard count >= 0 else { throw FileReadError(errno: Int32(-count)) }
            if count == 0 { return bytes }
            guard bytes.count + count <= Self.maximumFileBytes else { throw FileReadError(errno: 27) }  // EFBIG
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}

/// A failed read of the scene file: the errno and its text.
struct FileReadError: Error {
    let errno: Int32

    /// The reason as the C library words it, for the errors a scene path meets.
    var reason: String {
        switch errno {
        case 2: "No such file or directory"
        case 13: "Permission denied"
        case 20: "Not a directory"
        case 21: "Is a directory"
        case 27: "File too large"
        default: "error \(errno)"
        }
    }
}
