import Flipbook

/// The scene's property animators (`animators`), each made when first started or scrubbed (and made again
/// once a finished one went inactive), driven by interactions: started, scrubbed by a pan, and let go at the
/// finger's velocity, reversed, or sent to the nearer end.
final class SceneAnimators {
    /// One animator's description, resolved: its changes as engine values.
    struct Resolved {
        let key: String
        let duration: Double
        let curve: TimingFunction
        let changes: [(layer: LayerID, property: LayerProperty, value: PropertyValue)]
        let scrubsLinearly: Bool
        let pausesOnCompletion: Bool
    }

    let engine: Engine
    let resolved: [Resolved]
    /// The live animators, by the index of their description.
    var live: [PropertyAnimator?]
    /// Per animator: the fraction when the current pan began.
    var panStart: [Double]

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
                                     curve: SceneLoader.timingFunction(animator.timingFunction), changes: changes,
                                     scrubsLinearly: animator.scrubsLinearly, pausesOnCompletion: animator.pausesOnCompletion))
        }
        self.resolved = resolved
        live = Array(repeating: nil, count: resolved.count)
        panStart = Array(repeating: 0, count: resolved.count)
    }

    /// Starts (or resumes) animator `key` toward its end.
    func start(_ key: String) throws(SceneInteractionError) {
        let animator = try animator(key).animator
        try call { () throws(EngineError) in
            if animator.isReversed { try animator.setReversed(false) }
            try animator.startAnimation()
        }
    }

    /// Moves animator `key` as a pan says: `moved` is the translation in fractions of the scrub distance since
    /// the pan began, `speed` the finger's velocity in fractions per second.
    func scrub(_ key: String, phase: ScrubPhase, moved: Double, speed: Double, release: ScrubRelease) throws(SceneInteractionError) {
        let (animator, index) = try animator(key)
        try call { () throws(EngineError) in
            switch phase {
            case .began:
                try animator.pauseAnimation()  // activates an inactive animator at fraction 0
                panStart[index] = animator.fractionComplete
            case .changed:
                try animator.setFractionComplete(Swift.min(Swift.max(panStart[index] + moved, 0), 1))
            case .ended, .cancelled:
                try animator.setFractionComplete(Swift.min(Swift.max(panStart[index] + moved, 0), 1))
                try letGo(animator, speed: phase == .cancelled ? 0 : speed,
                          release: phase == .cancelled ? .nearest : release, duration: resolved[index].duration)
            }
        }
    }

    /// Lets a scrubbed animator run on: `continue` in the finger's direction (forward when it stood still) at its
    /// speed, never slower than the animator's own pace; `reverse` back to the start and `nearest` to the closer
    /// end at the animator's pace.
    private func letGo(_ animator: PropertyAnimator, speed: Double, release: ScrubRelease, duration: Double) throws(EngineError) {
        let fraction = animator.fractionComplete
        let forward: Bool = switch release {
        case .continue: speed >= 0
        case .reverse: false
        case .nearest: fraction >= 0.5
        }
        try animator.setReversed(!forward)
        var factor = 1.0
        if release == .continue && speed != 0 { factor = Swift.min(1, 1 / (Swift.abs(speed) * duration)) }
        try animator.continueAnimation(withTimingParameters: release == .continue ? .linear : nil,
                                       durationFactor: Swift.max(factor, 1.0 / 1024))
    }

    /// The live animator `key` (made anew when there is none or it went inactive) and its index.
    private func animator(_ key: String) throws(SceneInteractionError) -> (animator: PropertyAnimator, index: Int) {
        var index = 0  // an index loop: `firstIndex(where:)` allocates in debug builds, and this runs per move
        while index < resolved.count && resolved[index].key != key { index += 1 }
        guard index < resolved.count else { throw SceneInteractionError(message: "no animator with the key \"\(key)\"") }
        if let animator = live[index], animator.state != .inactive { return (animator, index) }
        let description = resolved[index]
        let engine = engine
        let animator: PropertyAnimator
        do {
            animator = try PropertyAnimator(duration: description.duration, curve: description.curve, engine: engine) { () throws(EngineError) in
                for change in description.changes { try engine.setValue(change.value, for: change.property, of: change.layer) }
            }
        } catch {
            throw SceneInteractionError(message: EngineErrorText.describe(error))
        }
        animator.scrubsLinearly = description.scrubsLinearly
        animator.pausesOnCompletion = description.pausesOnCompletion
        live[index] = animator
        return (animator, index)
    }

    /// `body`, the engine's refusal as the interaction's error. Not generic: a generic closure parameter's
    /// reabstraction allocates in debug builds, and scrubbing runs per finger move.
    private func call(_ body: () throws(EngineError) -> Void) throws(SceneInteractionError) {
        do { try body() } catch { throw SceneInteractionError(message: EngineErrorText.describe(error)) }
    }
}
