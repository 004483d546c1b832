import Motion

/// A per-frame callback clock (`CADisplayLink`), driven by whatever gives frame times: a display's
/// present timestamps, or a virtual clock in the simulator and tests. It depends on no backend: call
/// `step(presentedAt:)` with each presented frame's time.
///
/// `timestamp` is the time the last frame was shown, `targetTimestamp` the time the next one will be
/// shown (sample animations there), `duration` the display's frame interval. With
/// `preferredFramesPerSecond` below the display rate, frames are skipped so callbacks come at about
/// that rate.
public struct DisplayLink {
    /// The display's frame interval (µs), > 0.
    public private(set) var duration: MediaTime
    /// When the last frame was shown (µs).
    public private(set) var timestamp: MediaTime = 0
    /// When the next frame will be shown (µs): the time to sample animations at.
    public private(set) var targetTimestamp: MediaTime = 0
    /// The callback rate asked for; 0 = the display's rate.
    public private(set) var preferredFramesPerSecond = 0
    /// Whether callbacks are suspended.
    public var isPaused = false
    /// Frames shown so far (callbacks or not).
    public private(set) var frameCount = 0

    private var lastFired: MediaTime?
    private let callback: (_ link: DisplayLink) -> Void

    /// Creates a link for a display with frame interval `duration` µs (the `Display` protocol's
    /// `refreshIntervalMicros`; 16 667 for 60 Hz). The callback is stored once, here.
    ///
    /// - Throws: `EngineError.invalidValue` for a non-positive interval.
    public init(frameInterval duration: MediaTime, callback: @escaping (_ link: DisplayLink) -> Void) throws(EngineError) {
        guard duration > 0 else {
            throw .invalidValue(layer: nil, field: "frameInterval", value: Double(duration), reason: .notPositive)
        }
        self.duration = duration
        self.callback = callback
        targetTimestamp = duration
    }

    /// Asks for callbacks at `fps` per second (0 = every frame).
    ///
    /// - Throws: `EngineError.invalidValue` for a negative rate or one above 1000.
    public mutating func setPreferredFramesPerSecond(_ fps: Int) throws(EngineError) {
        guard fps >= 0, fps <= 1000 else {
            throw .invalidValue(layer: nil, field: "preferredFramesPerSecond", value: Double(fps),
                                reason: .outOfRange(min: 0, max: 1000))
        }
        preferredFramesPerSecond = fps
    }

    /// Records that a frame was shown at `time` (µs, non-decreasing) and calls the callback when one is
    /// due. Returns whether it was called.
    ///
    /// - Throws: `EngineError.invalidValue` when `time` goes backwards.
    @discardableResult
    public mutating func step(presentedAt time: MediaTime) throws(EngineError) -> Bool {
        guard time >= timestamp else {
            throw .invalidValue(layer: nil, field: "timestamp", value: Double(time), reason: .negative)
        }
        timestamp = time
        targetTimestamp = time &+ duration
        frameCount += 1
        guard !isPaused else { return false }
        if preferredFramesPerSecond > 0, let lastFired {
            let interval = Int64.microsPerSecond / Int64(preferredFramesPerSecond)
            // Fire at the first frame within half a frame interval of the wanted time.
            guard time - lastFired >= interval - duration / 2 else { return false }
        }
        lastFired = time
        callback(self)
        return true
    }
}
