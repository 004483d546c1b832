import ArgumentParser
import FlipbookLinux

/// `flipbook info`: lists the displays found, with driver, connectors, modes, formats and why one cannot be used.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "List the displays found: driver, connectors, modes, pixel formats, and why one cannot be used.",
        discussion: "Exit status: 0 when at least one display can be used, 3 when none can "
            + "(play then uses the simulator).")

    @Flag(help: .hidden)
    var vtMode = false

    func run() throws {
        if vtMode {
            do throws(DisplayError) {
                print(try ConsoleGuard.isInGraphicsMode(kernel: LinuxKernel()) ? "graphics" : "text")
                return
            } catch {
                printError("flipbook: \(error.message)")
                throw ExitCode(error.exitStatus)
            }
        }
        let entries = DisplayInventory(kernel: LinuxKernel()).survey()
        if entries.isEmpty {
            print("no display devices (looked for /dev/dri/card0-7 and /dev/fb0-3)")
        }
        for entry in entries {
            print("\(entry.path): " + (entry.problem.map { "cannot be used: \($0.message)" } ?? "usable"))
            for line in entry.details { print("  \(line)") }
        }
        if !entries.contains(where: { $0.problem == nil }) {
            print("no usable display: `flipbook play` will draw with the simulator (--display sim)")
            throw ExitCode(3)
        }
    }
}
