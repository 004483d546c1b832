import FlipbookLinux

/// Why the player stopped with a failure, and the exit status `flipbook play` gives for it.
enum PlayerError: Error {
    /// The scene could not be read, decoded or built, or a frame failed (one line per problem, each complete):
    /// status 1.
    case scene([String])
    /// The display could not be opened or used: `DisplayError.exitStatus` (3 … 11).
    case display(DisplayError)

    /// The exit status.
    var exitStatus: Int32 {
        switch self {
        case .scene: 1
        case .display(let error): error.exitStatus
        }
    }

    /// The lines to print, each a complete message.
    var lines: [String] {
        switch self {
        case .scene(let lines): lines
        case .display(let error): ["flipbook-player: " + error.message]
        }
    }
}
