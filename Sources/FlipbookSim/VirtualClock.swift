/// A clock for rendering without a display: frame `n` is at exactly `start + n / fps` seconds, computed from `n`
/// (never accumulated), in integer microseconds rounded to nearest, so a long sequence does not drift.
public struct VirtualClock: Sendable {
    /// Frames per second (1 … 1000).
    public let framesPerSecond: Int
    /// Media time of frame 0, in microseconds.
    public let startMicros: Int64
    /// `framesPerSecond` as `Int64`, so frame times need no conversion.
    @usableFromInline let rate: Int64

    /// A clock at `framesPerSecond`, frame 0 at `startMicros`. Throws when the rate is outside 1 … 1000.
    public init(framesPerSecond: Int, startMicros: Int64 = 0) throws(SimulatorError) {
        guard (1...1000).contains(framesPerSecond) else { throw .invalidFrameRate(framesPerSecond) }
        self.framesPerSecond = framesPerSecond
        self.startMicros = startMicros
        self.rate = Int64(framesPerSecond)
    }

    /// The media time of frame `index`, in microseconds: `start + round(index × 10⁶ / fps)`.
    @inlinable
    public func micros(ofFrame index: Int64) -> Int64 {
        Self.frameMicros(index, startMicros: startMicros, rate: rate)
    }

    /// The nominal interval between frames in microseconds, rounded to nearest.
    public var intervalMicros: Int64 {
        (1_000_000 + rate / 2) / rate
    }

    /// How many frames cover `[fromMicros, toMicros]` inclusive of the start: `floor((to − from) × fps / 10⁶) + 1`.
    public func frameCount(fromMicros: Int64, toMicros: Int64) -> Int64 {
        guard toMicros >= fromMicros else { return 0 }
        return (toMicros - fromMicros) * rate / 1_000_000 + 1
    }
}
