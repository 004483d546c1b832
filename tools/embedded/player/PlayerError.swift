import Flipbook
import FlipbookScenes

/// Why the player could not start.
enum PlayerError: Error {
    /// No demo of the gallery has this name.
    case unknownDemo(String)
    /// The demo's scene could not be decoded or built (one line per problem, each naming where).
    case scene([String])
    /// The compositor could not be set up for the canvas.
    case compositor(CompositorError)

    /// The lines to print, each a complete message.
    var lines: [String] {
        switch self {
        case .unknownDemo(let name):
            ["no demo named '\(name)' (demos: " + DemoGallery.all.map { $0.name }.joined(separator: ", ") + ")"]
        case .scene(let lines): lines
        case .compositor: ["the compositor cannot be set up for this canvas"]
        }
    }
}
