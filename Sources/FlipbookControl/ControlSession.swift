import Flipbook
import FlipbookLinux
import FlipbookScenes

/// What the control channels of one `flipbook play` share: the applier of the scene now playing (replaced when
/// a looping player rebuilds its engine), the stop a `quit` asks for, and whether it asked to retain the frame.
/// Lines are handled between frames, from the waiter's event handlers.
public final class ControlSession {
    /// The current scene's applier (nil before the scene is loaded).
    public private(set) var applier: ControlApplier?
    /// The current scene's engine.
    public private(set) var engine: Engine?
    /// Set by `quit`; give it to the waiter.
    public let stop = StopRequest()
    /// Whether `quit` asked to leave the last frame on the screen.
    public private(set) var retainsLastFrame = false
    /// Print refused psplash lines and dropped clients to standard error.
    public let verbose: Bool
    /// Commands applied and refused so far.
    public private(set) var applied = 0, refused = 0

    private let notReady = Array(#"{"error": "the scene is not loaded yet"}"#.utf8) + [UInt8(ascii: "\n")]

    /// A session; `verbose` reports problems of channels that have no reply (psplash, dropped clients).
    public init(verbose: Bool = false) {
        self.verbose = verbose
    }

    /// Routes commands to `scene` from now on (setup: builds the applier).
    public func attach(_ scene: LoadedScene) {
        applier = ControlApplier(scene: scene)
        engine = scene.engine
    }

    /// Handles one command line (JSON, or psplash's when `psplash`); `reply` gets the reply line's bytes.
    @discardableResult
    public func handle(_ line: UnsafeBufferPointer<UInt8>, psplash: Bool = false,
                       reply: (UnsafeBufferPointer<UInt8>) -> Void) -> ControlApplier.Outcome {
        guard let applier else {
            notReady.withUnsafeBufferPointer(reply)
            return .refused
        }
        let outcome = applier.handle(line, psplash: psplash)
        switch outcome {
        case .applied: applied += 1
        case .refused: refused += 1
        case .quit(let retain):
            applied += 1
            retainsLastFrame = retain
            stop.request()
        }
        reply(applier.reply.bytes)
        return outcome
    }

    /// Answers a line dropped for its length.
    public func refuseOverlongLine(reply: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let applier else {
            notReady.withUnsafeBufferPointer(reply)
            return
        }
        refused += 1
        applier.refuseOverlongLine()
        reply(applier.reply.bytes)
    }

    /// Writes `text` to standard error when verbose.
    func report(_ text: String) {
        if verbose { printToStandardError("flipbook: " + text) }
    }
}

func printToStandardError(_ text: String) {
    var line = Array(text.utf8)
    line.append(UInt8(ascii: "\n"))
    line.withUnsafeBufferPointer { _ = UnixSocket.write(2, $0) }
}
