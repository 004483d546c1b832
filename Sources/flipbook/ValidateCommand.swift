import ArgumentParser
import FlipbookScenes

/// `flipbook validate`: checks scene files without drawing anything.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scene files; print each problem as FILE: /json/pointer: message.")

    @Argument(help: "Scene files (JSON).")
    var scenes: [String]

    func run() throws {
        var refused = false
        for path in scenes {
            do {
                let scene = try SceneFile.load(path: path)
                print("\(path): ok (\(scene.width)x\(scene.height), \(scene.layers.count) top-level layers, \(scene.durationSeconds) s)")
            } catch {
                refused = true
                for line in error.lines { printError(line) }
            }
        }
        if refused { throw ExitCode.failure }
    }
}
