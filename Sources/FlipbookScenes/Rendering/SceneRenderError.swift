import Flipbook
#if !hasFeature(Embedded)
import FlipbookSim
#endif

/// Why a validated scene could not be set up or drawn: the engine or compositor refused something (named by
/// the JSON pointer of the layer or animation that caused it), or the display failed.
public enum SceneRenderError: Error, CustomStringConvertible {
    /// The engine refused a layer, value or animation at `pointer`.
    case engine(pointer: String, EngineError)
    /// The compositor could not be set up or could not draw a frame.
    case compositor(CompositorError)
    #if !hasFeature(Embedded)
    /// The simulator display failed (full Swift only: the simulator is not part of the Embedded build).
    case simulator(SimulatorError)
    #endif
    /// Something the scene asks for that this build cannot draw yet, at `pointer`.
    case unsupported(pointer: String, String)

    /// One line naming the place and the problem.
    public var description: String {
        switch self {
        case .engine(let pointer, let error):
            "\(pointer.isEmpty ? "/" : pointer): the engine refused it: \(EngineErrorText.describe(error))"
        case .compositor(let error): "the compositor failed: \(error)"
        #if !hasFeature(Embedded)
        case .simulator(let error): "the display failed: \(error)"
        #endif
        case .unsupported(let pointer, let what): "\(pointer): not supported yet: \(what)"
        }
    }
}
