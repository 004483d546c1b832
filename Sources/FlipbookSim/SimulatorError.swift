import Raster

/// What the simulator refuses.
public enum SimulatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A frame rate outside 1 … 1000 frames per second.
    case invalidFrameRate(Int)
    /// A pixel-format name the simulator does not offer (it offers `xrgb8888` and `rgb565`).
    case unknownFormat(String)
    /// The back buffer could not be set up.
    case surface(RasterError)
    /// Writing a frame failed.
    case file(FileError)

    /// One line naming the problem and the value.
    public var description: String {
        switch self {
        case .invalidFrameRate(let rate): "frame rate \(rate) is outside 1…1000 frames per second"
        case .unknownFormat(let name): "unknown pixel format \"\(name)\" (use xrgb8888 or rgb565)"
        case .surface(let error): "cannot set up the back buffer: \(error)"
        case .file(let error): error.description
        }
    }
}
