import FixedPoint
import Motion

/// An interruptible, scrubbable animation of property changes (`UIViewPropertyAnimator`), with the
/// state machine of SEMANTICS §5: inactive → active (start, pause, or setting `fractionComplete`) →
/// inactive when it completes; `stopAnimation(false)` → stopped → `finishAnimation(at:)`.
///
/// The changes made in the animation blocks move the model to their end values at start; the animator
/// then drives one basic animation per change (fill both, never removed by time) by re-timing them at
/// each state change. The engine checks running animators for completion in `deliverCallbacks()`.
public final class PropertyAnimator {
    /// The state (`UIViewAnimating.state`).
    public internal(set) var state = AnimatorState.inactive
    /// Whether the animation is running (not paused). The engine holds a running animator (it checks it for
    /// completion after each frame, as CA's system retains a running animator) and lets go of it when it
    /// pauses or ends, so a paused animator is held only by its owner and never keeps its engine alive.
    public internal(set) var isRunning = false {
        didSet {
            guard isRunning != oldValue else { return }
            if isRunning { engine.holdRunning(self) } else { engine.releaseRunning(self) }
        }
    }
    /// The duration in seconds (times the duration factor of `continueAnimation`).
    public let duration: Double
    /// Whether it stays active, paused at the end, instead of completing (no completion runs).
    public var pausesOnCompletion = false
    /// Whether scrubbing `fractionComplete` while paused moves values linearly (true) or along the curve.
    public var scrubsLinearly = true
    /// Whether the animator can be paused, scrubbed, reversed and stopped once started.
    public var isInterruptible = true

    /// The engine (held strongly; the engine holds an animator only while it runs).
    let engine: Engine
    var curve: TimingCurve
    var durationMicros: MediaTime
    /// Rate relative to the original duration (1 / duration factor), Q16.16 in a Double for `MediaTiming`.
    var rate = 1.0
    /// Fraction at `anchorTime` and the media time it was taken.
    var anchorFraction = 0.0
    var anchorTime: MediaTime = 0
    var reversed = false
    var blocks: [(delay: Double, changes: () throws(EngineError) -> Void)] = []
    var completions: [(AnimatorPosition) -> Void] = []
    /// The animations driven: layer, key, and the fraction at which each starts (delay factor).
    var driven: [(layer: LayerID, key: String, property: LayerProperty, from: PropertyValue, to: PropertyValue, delay: Double)] = []

    /// Creates an inactive animator (`init(duration:curve:animations:)`).
    ///
    /// - Throws: `invalidValue` for a duration that is not positive and finite; `invalidAnimation` for a
    ///   bad curve.
    public convenience init(duration: Double, curve: TimingFunction = .easeInEaseOut, engine: Engine,
                            animations: (() throws(EngineError) -> Void)? = nil) throws(EngineError) {
        try self.init(duration: duration, easing: try engine.curve(for: curve), engine: engine, animations: animations)
    }

    /// Creates an inactive animator that eases as UIKit's spring of `dampingRatio` (0 < ratio ≤ 1; 1 settles
    /// without overshoot) finishing in `duration` (`init(duration:dampingRatio:animations:)`): the spring is
    /// its timing curve, so it pauses, scrubs, reverses and continues as any other.
    ///
    /// - Throws: `invalidValue` for a duration that is not positive and finite or a ratio outside (0, 1].
    public convenience init(duration: Double, dampingRatio: Double, engine: Engine,
                            animations: (() throws(EngineError) -> Void)? = nil) throws(EngineError) {
        try self.init(duration: duration, easing: try engine.springTimingCurve(dampingRatio: dampingRatio),
                      engine: engine, animations: animations)
    }

    private init(duration: Double, easing: TimingCurve, engine: Engine,
                 animations: (() throws(EngineError) -> Void)?) throws(EngineError) {
        durationMicros = try Engine.blockTime(duration, field: "duration", allowZero: false)
        self.duration = duration
        self.engine = engine
        self.curve = easing
        if let animations { blocks.append((0, animations)) }
        engine.animatorCreated()
    }

    deinit {
        engine.animatorCount -= 1
    }

    /// Whether the animations play toward their start values.
    public var isReversed: Bool { reversed }

    /// Sets `isReversed` (legal while inactive or active; re-times running animations).
    ///
    /// - Throws: `invalidAnimatorState` while stopped or when not interruptible and running.
    public func setReversed(_ value: Bool) throws(EngineError) {
        guard state != .stopped else { throw .invalidAnimatorState(operation: "isReversed", state: state) }
        anchor()
        reversed = value
        retime()
    }

    /// The fraction of the animation done, 0 … 1 (`fractionComplete`).
    public var fractionComplete: Double {
        guard isRunning else { return anchorFraction }
        let elapsed = Double(engine.currentTime - anchorTime) / Double(durationMicros) * rate
        return Swift.min(Swift.max(anchorFraction + (reversed ? -elapsed : elapsed), 0), 1)
    }

    /// Scrubs to `fraction` (pausing a running animator; starting an inactive one paused).
    ///
    /// - Throws: `invalidValue` outside 0 … 1; `invalidAnimatorState` while stopped.
    public func setFractionComplete(_ fraction: Double) throws(EngineError) {
        guard fraction.isFinite, fraction >= 0, fraction <= 1 else {
            throw .invalidValue(layer: nil, field: "fractionComplete", value: fraction, reason: .outOfRange(min: 0, max: 1))
        }
        guard state != .stopped else { throw .invalidAnimatorState(operation: "fractionComplete", state: state) }
        if state == .inactive { try activate() }
        isRunning = false
        anchorFraction = fraction
        anchorTime = engine.currentTime
        retime(scrubbing: true)
    }

    /// Adds property changes; when already running they animate over the remaining time, starting after
    /// `delayFactor` of it.
    ///
    /// - Throws: `invalidValue` for a delay factor outside 0 … 1; `invalidAnimatorState` while stopped.
    public func addAnimations(_ changes: @escaping () throws(EngineError) -> Void, delayFactor: Double = 0) throws(EngineError) {
        guard delayFactor.isFinite, delayFactor >= 0, delayFactor < 1 else {
            throw .invalidValue(layer: nil, field: "delayFactor", value: delayFactor, reason: .outOfRange(min: 0, max: 1))
        }
        guard state != .stopped else { throw .invalidAnimatorState(operation: "addAnimations", state: state) }
        if state == .inactive {
            blocks.append((delayFactor, changes))
            return
        }
        anchor()
        let start = anchorFraction + (1 - anchorFraction) * delayFactor
        try drive(changes, delay: start)
        retime()
    }

    /// Adds a completion, called with the final position once the animator finishes.
    public func addCompletion(_ completion: @escaping (AnimatorPosition) -> Void) {
        completions.append(completion)
    }

    /// Starts (or resumes) the animation now.
    ///
    /// - Throws: `invalidAnimatorState` while stopped.
    public func startAnimation() throws(EngineError) {
        try startAnimation(afterDelay: 0)
    }

    /// Starts after `delay` seconds (only from inactive; resuming ignores the delay).
    ///
    /// - Throws: `invalidValue` for a negative delay; `invalidAnimatorState` while stopped.
    public func startAnimation(afterDelay delay: Double) throws(EngineError) {
        guard state != .stopped else { throw .invalidAnimatorState(operation: "startAnimation", state: state) }
        let delayMicros = try Engine.blockTime(delay, field: "delay", allowZero: true)
        if state == .inactive { try activate() }
        isRunning = true
        anchorTime = engine.currentTime + (anchorFraction == 0 ? delayMicros : 0)
        retime()
    }

    /// Pauses (activating an inactive animator at fraction 0).
    ///
    /// - Throws: `invalidAnimatorState` while stopped, or when running and not interruptible.
    public func pauseAnimation() throws(EngineError) {
        guard state != .stopped, isInterruptible || !isRunning else {
            throw .invalidAnimatorState(operation: "pauseAnimation", state: state)
        }
        if state == .inactive { try activate() }
        anchor()
        isRunning = false
        retime()
    }

    /// Continues with a new curve and `durationFactor` × the original duration for the remaining part.
    ///
    /// - Throws: `invalidValue` for a factor that is not positive; `invalidAnimatorState` unless active.
    public func continueAnimation(withTimingParameters curve: TimingFunction?, durationFactor: Double) throws(EngineError) {
        guard state == .active else { throw .invalidAnimatorState(operation: "continueAnimation", state: state) }
        guard durationFactor.isFinite, durationFactor > 0, durationFactor <= 1024 else {
            throw .invalidValue(layer: nil, field: "durationFactor", value: durationFactor, reason: .outOfRange(min: 0, max: 1024))
        }
        anchor()
        if let curve { self.curve = try engine.curve(for: curve) }
        rate = 1 / durationFactor
        isRunning = true
        retime()
    }

    /// Stops. Without finishing: the animator goes to `stopped`, values stay where they are, and only
    /// `finishAnimation(at:)` is legal; with `withoutFinishing` true it goes straight to inactive and no
    /// completion runs.
    ///
    /// - Throws: `invalidAnimatorState` unless active.
    public func stopAnimation(_ withoutFinishing: Bool) throws(EngineError) {
        guard state == .active else { throw .invalidAnimatorState(operation: "stopAnimation", state: state) }
        anchor()
        settle(at: .current)
        isRunning = false
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { reset() }
    }

    /// Finishes a stopped animator at `position` and runs the completions.
    ///
    /// - Throws: `invalidAnimatorState` unless stopped.
    public func finishAnimation(at position: AnimatorPosition) throws(EngineError) {
        guard state == .stopped else { throw .invalidAnimatorState(operation: "finishAnimation", state: state) }
        settle(at: position)
        complete(at: position)
    }
}
