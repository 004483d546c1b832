import ImageCodecs
import Raster

/// A `Display` that keeps its frame in memory, driven by a ``VirtualClock``: frame `n` is presented at exactly
/// `n / fps` seconds. Frames can be captured as ``PixelImage`` or written as binary PPM, showing the chosen pixel
/// format's quantisation (an RGB565 display gives 565 colours).
///
/// Single-buffered: the back buffer always holds the frame just presented, as the `Display` contract asks.
/// `present` allocates nothing.
public struct SimulatorDisplay: Display, ~Copyable {
    /// The pixel formats the simulator offers, by the names the command line uses.
    public static let formats: [(name: String, layout: PixelLayout)] = [("xrgb8888", .xrgb8888), ("rgb565", .rgb565)]

    private let storage: SurfaceStorage
    /// The frame clock.
    public let clock: VirtualClock
    /// Frames shown so far (presented, or held through `hold(throughMicros:)`); the next present shows frame
    /// `presentedFrames`.
    public private(set) var presentedFrames: Int64 = 0
    /// Rectangles in the damage of the last present (0 when nothing changed).
    public private(set) var lastDamageRectangles = 0

    /// A `width × height` display in `layout` at `clock`'s rate.
    public init(width: Int, height: Int, layout: PixelLayout, clock: VirtualClock) throws(SimulatorError) {
        do {
            storage = try SurfaceStorage(width: width, height: height, layout: layout)
        } catch {
            throw .surface(error)
        }
        self.clock = clock
    }

    /// The layout named `name` (`xrgb8888` or `rgb565`).
    public static func layout(named name: String) throws(SimulatorError) -> PixelLayout {
        guard let entry = formats.first(where: { $0.name == name }) else { throw .unknownFormat(name) }
        return entry.layout
    }

    /// The surface frames are drawn into.
    public var backBuffer: Surface { storage.surface }

    /// The clock's frame interval in microseconds.
    public var refreshIntervalMicros: Int64 { clock.intervalMicros }

    /// The media time the next presented frame will have, in microseconds.
    public var nextFrameMicros: Int64 { clock.micros(ofFrame: presentedFrames) }

    /// Presents the back buffer as the next frame and returns that frame's media time in microseconds.
    @_noAllocation
    public mutating func present(damage: borrowing DamageList) throws(SimulatorError) -> Int64 {
        let shownAt = VirtualClock.frameMicros(presentedFrames, startMicros: clock.startMicros, rate: clock.rate)
        presentedFrames += 1
        lastDamageRectangles = damage.count
        return shownAt
    }

    /// The media time of the frame on screen (the last one shown), or the clock's start before any.
    public var shownFrameMicros: Int64 { clock.micros(ofFrame: max(presentedFrames - 1, 0)) }

    /// Keeps the current picture on screen through every frame up to the first at or after `micros` (what a
    /// run loop's wait does on virtual time when nothing changes); returns how many frames that held.
    @discardableResult
    public mutating func hold(throughMicros micros: Int64) -> Int64 {
        var held: Int64 = 0
        while presentedFrames == 0 || shownFrameMicros < micros {
            presentedFrames += 1
            held += 1
        }
        return held
    }

    /// The current frame as an opaque RGBA picture.
    public func capture() -> PixelImage {
        PixelImage(surface: storage.surface)
    }

    /// Writes the current frame as binary PPM (P6).
    public func writeFrame(to path: String) throws(SimulatorError) {
        do {
            try FileSystem.write(capture().ppmBytes, to: path)
        } catch {
            throw .file(error)
        }
    }
}

extension VirtualClock {
    /// `start + round(index × 10⁶ / rate)`: the one frame-time formula. It lives beside `present` because a
    /// `@_noAllocation` function can only call bodies it can see, and a debug (non-whole-module) build does not
    /// see other files' bodies.
    @inlinable @inline(__always)
    static func frameMicros(_ index: Int64, startMicros: Int64, rate: Int64) -> Int64 {
        startMicros + (index * 1_000_000 + rate / 2) / rate
    }
}
