import FlipbookLinux
import FlipbookScenes
import ArgumentParser

/// What frames show: a scene file, or a test pattern (hidden `--test-pattern`, for display checks).
enum FrameSource {
    case pattern(TestPattern)
    case scene(SceneDescription)

    init(scene: String?, testPattern: String?) throws {
        if let name = testPattern, let pattern = TestPattern(rawValue: name) {
            self = .pattern(pattern)
        } else if let scene {
            do {
                self = .scene(try SceneFile.load(path: scene))
            } catch {
                throw fail(error.lines)
            }
        } else {
            throw ValidationError("give a scene file")
        }
    }

    /// The scene length in microseconds, or nil for an endless source.
    var durationMicros: Int64? {
        if case .scene(let description) = self { return Int64((description.durationSeconds * 1_000_000).rounded()) }
        return nil
    }

    /// The scene's canvas size, or nil for a test pattern (which fills any surface).
    var canvasSize: (width: Int, height: Int)? {
        if case .scene(let description) = self { return (description.width, description.height) }
        return nil
    }
}
