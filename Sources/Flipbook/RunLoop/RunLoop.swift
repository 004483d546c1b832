import Motion
import Raster

/// DESIGN.md's frame, written once for every player: `run(on:waiter:span:)` waits for the next frame time and,
/// in the same wait, for the waiter's other event sources; then it commits, advances, renders the damage,
/// presents, and delivers the display link's callback and the engine's completions. A scene with nothing moving
/// draws nothing and sleeps until an event or the next animation's begin time (`Engine.nextChangeTime()`).
///
/// Players without a display of their own (`SceneRenderer`, the Embedded proof, benchmarks) call the frame's
/// parts directly on a virtual clock: `drawFrame(at:into:)` then `finishFrame(shownAt:)`.
public struct RunLoop: ~Copyable {
    /// The model and its animations.
    public let engine: Engine
    /// Draws the presentation snapshot into the display's back buffer. Read-only outside the loop (a public
    /// setter would replace a compositor in place, and Swift 6.3's optimizer crashes inlining the old one's
    /// destruction into that setter); `invalidateDrawing()` is the one change players make to it.
    public internal(set) var compositor: Compositor
    /// The canvas rectangles the last `drawFrame` redrew: what the display presents.
    public private(set) var damage = DamageList()
    /// The per-frame callback clock, stepped with each frame's display time; while it is set and not paused
    /// the loop wakes at every frame slot, drawn or not (as a `CADisplayLink` keeps its run loop awake).
    public var displayLink: DisplayLink?
    /// Media time of the last frame drawn.
    public private(set) var frameTime: MediaTime = 0
    /// Frames `run` presented (a frame whose drawing changed nothing is not presented).
    public internal(set) var presentedFrames = 0
    /// Display time of `run`'s first frame.
    public internal(set) var firstShown: Int64 = 0
    /// Display time of `run`'s last frame slot (presented, or slept through with nothing changed).
    public internal(set) var lastShown: Int64 = 0

    /// `engine` and its snapshot, unretained for the frame path (reading a class reference from a stored
    /// property retains and releases it, which `@_noAllocation` counts as a possible deallocation); `engine`
    /// keeps both alive.
    private let frameEngine: Unmanaged<Engine>
    private let frameSnapshot: Unmanaged<PresentationTree>

    /// A loop over `engine`, drawing with `compositor` (setup: both are built by the caller).
    public init(engine: Engine, compositor: consuming Compositor) {
        self.engine = engine
        self.compositor = compositor
        frameEngine = Unmanaged.passUnretained(engine)
        frameSnapshot = Unmanaged.passUnretained(engine.presentation)
    }

    /// The frame's work before presenting: committed edits and animations advance to media time `time`
    /// (`advanceModel`), custom-drawn layers that need display run their draw callbacks, and the compositor
    /// redraws what changed into `surface` (`renderDamage`), which holds the frame this loop drew last, as a
    /// display's back buffer does (`invalidateDrawing()` when it does not). `damage` then holds the
    /// redrawn rectangles. Returns whether anything changed. Allocation-free but for the draw callbacks.
    public mutating func drawFrame(at time: MediaTime, into surface: Surface) throws(CompositorError) -> Bool {
        advanceModel(to: time)
        engine.displayIfNeeded()
        try renderDamage(into: surface)
        return !damage.isEmpty
    }

    /// Commits edits, evaluates animations and fills the presentation snapshot for `time`.
    @_noAllocation
    public mutating func advanceModel(to time: MediaTime) {
        frameEngine._withUnsafeGuaranteedRef { $0.advance(to: time) }
        frameTime = time
    }

    /// Composites the snapshot's damage into `surface` and records it in `damage`.
    @_noAllocation
    public mutating func renderDamage(into surface: Surface) throws(CompositorError) {
        let failure: CompositorError? = frameSnapshot._withUnsafeGuaranteedRef { snapshot in
            do throws(CompositorError) {
                try compositor.render(snapshot, into: surface, damage: &damage)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Makes the next frame redraw the whole canvas (after the display's pixels were changed elsewhere).
    public mutating func invalidateDrawing() { compositor.invalidate() }

    /// Brings the model to media time `time` without drawing (commit, advance, callbacks): for scripted edits
    /// that must happen at an exact time between frames. The next `drawFrame` draws whatever changed.
    public mutating func settle(at time: MediaTime) {
        advanceModel(to: time)
        engine.deliverCallbacks()
    }

    /// The frame's work after presenting: the display link's callback for a frame shown at display time
    /// `shown`, then the engine's completions and delegate calls (which may edit the model for the next frame).
    public mutating func finishFrame(shownAt shown: Int64) {
        if displayLink != nil { _ = try? displayLink!.step(presentedAt: shown) }
        engine.deliverCallbacks()
    }
}

/// What `RunLoop.run` plays: scene times and when to stop.
public struct RunLoopSpan: Sendable {
    /// Media time of the first frame.
    public var start: MediaTime = 0
    /// The last media time to show (nil: endless); `run` returns `.sceneEnded` when the next frame is later.
    public var end: MediaTime?
    /// Stop when the next frame would be shown more than this many µs after `limitOrigin` (nil: no limit).
    public var limit: Int64?
    /// Display time `limit` counts from (nil: this run's first frame), for a limit spanning several runs.
    public var limitOrigin: Int64?

    /// A span from every field (defaults: from 0, endless, no limit).
    public init(start: MediaTime = 0, end: MediaTime? = nil, limit: Int64? = nil, limitOrigin: Int64? = nil) {
        self.start = start
        self.end = end
        self.limit = limit
        self.limitOrigin = limitOrigin
    }
}

/// Why `RunLoop.run` returned.
public enum RunLoopEnd: Equatable, Sendable {
    /// The next frame would be past the span's end.
    case sceneEnded
    /// The span's limit ran out.
    case timeLimit
    /// The waiter said stop (a termination signal, or nothing left to wait for).
    case stopped
}

/// A frame `RunLoop.run` could not draw or present.
public enum RunLoopFailure<DisplayFailure: Error>: Error {
    /// The compositor refused the frame.
    case compositor(CompositorError)
    /// The display failed to present.
    case display(DisplayFailure)
}
