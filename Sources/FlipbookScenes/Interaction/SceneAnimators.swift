import FixedPoint
import Flipbook

/// The scene's property animators (`animators`), each made when first started or scrubbed (and made again
/// once a finished one went inactive), driven by interactions: started, scrubbed by a pan, and let go at the
/// finger's velocity, reversed, sent to the nearer end, or left paused where the finger left it.
final class SceneAnimators {
    /// One animator's description, resolved: its changes as engine values.
    struct Resolved {
        let key: String
        let duration: Double
        /// The duration in µs (for the release's duration factor).
        let durationMicros: Int64
        let curve: TimingFunction
        let dampingRatio: Double?
        let changes: [(layer: LayerID, property: LayerProperty, value: PropertyValue)]
        let scrubsLinearly: Bool
        let pausesOnCompletion: Bool
    }

    let engine: Engine
    let resolved: [Resolved]
    /// The live animators, by the index of their description.
    var live: [PropertyAnimator?]
    /// Per animator: the fraction when the current pan began.
    var panStart: [Fixed]

    init(scene: LoadedScene, loader: SceneLoader) throws(SceneRenderError) {
        engine = scene.engine
        var resolved: [Resolved] = []
        for animator in scene.scene.animators {
            var changes: [(layer: LayerID, property: LayerProperty, value: PropertyValue)] = []
            for (index, change) in animator.changes.enumerated() {
                let pointer = animator.pointer + "/changes/\(index)"
                let layer: LayerID
                do { layer = try scene.layers.layer(change.layer) } catch { throw .engine(pointer: pointer, error) }
                changes.append((layer, try loader.property(change.keyPath, pointer: pointer),
                                try loader.value(change.value, pointer: pointer)))
            }
            resolved.append(Resolved(key: animator.key, duration: animator.duration,
                                     durationMicros: Int64((animator.duration * 1_000_000).rounded()),
                                     curve: SceneLoader.timingFunction(animator.timingFunction),
                                     dampingRatio: animator.dampingRatio, changes: changes,
                                     scrubsLinearly: animator.scrubsLinearly, pausesOnCompletion: animator.pausesOnCompletion))
        }
        self.resolved = resolved
        live = Array(repeating: nil, count: resolved.count)
        panStart = Array(repeating: .zero, count: resolved.count)
    }

    /// The index of the animator named `key` (resolved once, when the interactions are loaded).
    func index(of key: String) -> Int? {
        resolved.firstIndex { $0.key == key }
    }

    /// Starts (or resumes) animator `index` toward its end.
    func start(_ index: Int) throws(SceneInteractionError) {
        let animator = try animator(index)
        do {
            if animator.isReversed { try animator.setReversed(false) }
            try animator.startAnimation()
        } catch {
            throw Self.refusal(error)
        }
    }

    /// Moves animator `index` as a pan says: `moved` is the translation in fractions of the scrub distance since
    /// the pan began, `speed` the finger's velocity in fractions per second.
    ///
    /// The fractions are fixed-point and nothing here allocates; the animator's own API takes `Double`.
    func scrub(_ index: Int, phase: ScrubPhase, moved: Fixed, speed: Fixed, release: ScrubRelease) throws(SceneInteractionError) {
        let animator = try animator(index)
        do {
            switch phase {
            case .began:
                try animator.pauseAnimation()  // activates an inactive animator at fraction 0
                panStart[index] = (try? Fixed(exactly: animator.fractionComplete)) ?? .zero  // 0 … 1: always held
            case .changed:
                try animator.setFractionComplete(Self.clampedFraction(panStart[index].addingWithSaturation(moved)).doubleValue)
            case .ended, .cancelled:
                let fraction = Self.clampedFraction(panStart[index].addingWithSaturation(moved))
                try animator.setFractionComplete(fraction.doubleValue)
                // A cancelled pan goes to the nearer end, but a knob that stays where it is let go stays.
                let cancelled = phase == .cancelled && release != .stay
                try letGo(animator, at: fraction, speed: cancelled ? .zero : speed, release: cancelled ? .nearest : release,
                          durationMicros: resolved[index].durationMicros)
            }
        } catch {
            throw Self.refusal(error)
        }
    }

    /// A scrubbed fraction kept within the animator's 0 … 1 (the finger may go beyond either end).
    static func clampedFraction(_ fraction: Fixed) -> Fixed {
        Swift.min(Swift.max(fraction, .zero), Fixed(1))
    }

    /// Lets a scrubbed animator at `fraction` run on: `continue` in the finger's direction (forward when it stood
    /// still) at its speed, never slower than the animator's own pace; `reverse` back to the start and `nearest`
    /// to the closer end at the animator's pace; `stay` leaves it paused where the finger left it.
    private func letGo(_ animator: PropertyAnimator, at fraction: Fixed, speed: Fixed, release: ScrubRelease,
                       durationMicros: Int64) throws(EngineError) {
        let forward: Bool
        switch release {
        case .continue: forward = speed >= .zero
        case .reverse: forward = false
        case .nearest: forward = fraction >= Fixed(raw: 1 << 15)
        case .stay: return
        }
        try animator.setReversed(!forward)
        let factor = release == .continue ? Self.durationFactor(speed: speed, durationMicros: durationMicros) : Fixed(1)
        try animator.continueAnimation(withTimingParameters: release == .continue ? .linear : nil,
                                       durationFactor: factor.doubleValue)
    }

    /// The duration factor that lets an animator of `durationMicros` go on at `speed` (fractions per second):
    /// 1 ÷ (speed × duration), never above 1 (the animator's own pace) nor below 1/1024 (the animator's limit).
    static func durationFactor(speed: Fixed, durationMicros: Int64) -> Fixed {
        // The fractions the finger covers in one animator duration, Q16.16 (µs × fractions/s ÷ 10⁶).
        let (product, overflow) = Int64(speed.raw.magnitude).multipliedReportingOverflow(by: durationMicros)
        let pace = overflow ? Int64.max : product / 1_000_000
        guard pace > 1 << 16 else { return Fixed(1) }
        return Fixed(raw: Int32(Swift.max((Int64(1) << 32) / pace, 1 << 6)))
    }

    /// The engine's refusal as the interaction's error.
    static func refusal(_ error: EngineError) -> SceneInteractionError {
        SceneInteractionError(message: EngineErrorText.describe(error))
    }

    /// The live animator `index` (made anew when there is none or it went inactive).
    private func animator(_ index: Int) throws(SceneInteractionError) -> PropertyAnimator {
        if let animator = live[index], animator.state != .inactive { return animator }
        let description = resolved[index]
        let engine = engine
        let animator: PropertyAnimator
        do {
            let animations = { () throws(EngineError) in
                for change in description.changes { try engine.setValue(change.value, for: change.property, of: change.layer) }
            }
            if let ratio = description.dampingRatio {
                animator = try PropertyAnimator(duration: description.duration, dampingRatio: ratio, engine: engine,
                                                animations: animations)
            } else {
                animator = try PropertyAnimator(duration: description.duration, curve: description.curve, engine: engine,
                                                animations: animations)
            }
        } catch {
            throw Self.refusal(error)
        }
        animator.scrubsLinearly = description.scrubsLinearly
        animator.pausesOnCompletion = description.pausesOnCompletion
        live[index] = animator
        return animator
    }
}
