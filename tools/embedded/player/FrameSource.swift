import Flipbook
import Motion
import Raster

/// What the player shows: the seam where a scene or the engine's frame function plugs in.
///
/// The player is generic over its source (no existential), so `render` is specialised and, like every
/// frame entry, must not allocate.
protocol FrameSource: ~Copyable {
    /// Draws the frame for media time `time` (µs since the scene start) into `surface`; false on failure.
    mutating func render(at time: MediaTime, into surface: Surface) -> Bool
}

/// Why the player could not start.
enum PlayerError: Error {
    /// The engine refused the scene (the error names the layer, field and value).
    case engine(EngineError)
    /// The compositor could not be set up for the canvas.
    case compositor(CompositorError)
}
