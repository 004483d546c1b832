import ArgumentParser

/// The `flipbook` command line: render scenes to PPM frames, play them on a display, list displays, render the
/// demo gallery, and validate scene files.
@main
struct FlipbookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "A Core Animation–style animation runtime for Linux framebuffers.",
        discussion: """
            Scenes are JSON files (see docs/scenes.md). Frames are written as binary PPM (P6).

            Exit status:
              0   success
              1   the scene was refused (one line per problem on standard error), or rendering,
                  writing or the display failed (one line naming the reason)
              64  the command line was wrong (unknown option, missing argument, bad value)
            """,
        subcommands: [
            RenderCommand.self, PlayCommand.self, SendCommand.self, InfoCommand.self, DemoCommand.self, ValidateCommand.self,
        ])

    /// Parses `flipbook play …` as `PlayCommand` alone, so the time to a splash's first frame does not include
    /// the parse of the whole command tree (every subcommand's arguments reflected) and the completion-script
    /// check. Anything else — other subcommands, `--help`, a command line `play` refuses — goes through the
    /// whole tree, so its output and exit status are the usual ones.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.first == "play",
              let play = try? PlayCommand.parseAsRoot(Array(arguments.dropFirst())) as? PlayCommand else {
            main(nil)
            return
        }
        do {
            try play.run()
        } catch {
            exit(withError: error)
        }
    }
}
