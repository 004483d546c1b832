import FixedPoint
import Motion

/// Changes captured inside `animateKeyframes` and `transition(with:…)` blocks instead of being queued.
struct BlockCapture {
    /// Capture every layer's changes (keyframes), or only `layer`'s (a transition).
    var layer: LayerID?
    /// The current keyframe's window, fractions of the block's duration.
    var start = 0.0
    var end = 1.0
    var changes: [CapturedChange] = []
    /// An image layer's new picture set in a `transition(with:…)` block (`UIImageView.image = …`).
    var image: TransitionImage?
}

/// One captured property change and the keyframe window it belongs to.
struct CapturedChange {
    var layer: LayerID
    var property: LayerProperty
    var value: PropertyValue
    var start: Double
    var end: Double
}

extension Engine {
    /// Animates the keyframes added in `animations` (`UIView.animateKeyframes`): each property gets one
    /// keyframe animation through the values set by `addKeyframe(withRelativeStartTime:…)` calls,
    /// holding between them; the model takes the last values.
    ///
    /// - Throws: `invalidValue` for a bad duration or delay; what the changes throw.
    public func animateKeyframes(
        withDuration duration: Double, delay: Double = 0, options: ViewAnimationOptions = [],
        animations: () throws(EngineError) -> Void, completion: ((_ finished: Bool) -> Void)? = nil
    ) throws(EngineError) {
        _ = try Engine.blockTime(duration, field: "duration", allowZero: false)
        let delayMicros = try Engine.blockTime(delay, field: "delay", allowZero: true)
        let changes = try capture(layer: nil, animations).changes
        guard animationsEnabled else {
            // Each property takes, at once, the value its keyframe track ends on: the change with the latest
            // relative start, the last given among equal starts (as `addKeyframeTrack` orders them).
            let final = changes.enumerated().filter { index, change in
                !changes.enumerated().contains { other, later in
                    later.layer == change.layer && later.property == change.property
                        && (later.start > change.start || (later.start == change.start && other > index))
                }
            }
            return try applyWithoutAnimating(completion: completion) { () throws(EngineError) in
                for (_, change) in final { try setValue(change.value, for: change.property, of: change.layer) }
            }
        }
        var timing = AnimationTiming(duration: duration, timingFunction: options.contains(.curveEaseInOut) ? .easeInEaseOut : .linear)
        timing.repeatCount = options.contains(.repeat) ? .infinity : 0
        timing.autoreverses = options.contains(.autoreverse)
        timing.fillMode = delay > 0 ? .backwards : .removed
        try inTransaction { () throws(EngineError) in
            if let completion { try setCompletion(completion) }
            var done: [(LayerID, LayerProperty)] = []
            for change in changes where !done.contains(where: { $0 == (change.layer, change.property) }) {
                done.append((change.layer, change.property))
                let track = changes.filter { $0.layer == change.layer && $0.property == change.property }
                try addKeyframeTrack(track, timing: timing, delay: delayMicros, mode: options.calculationMode)
            }
        }
    }

    /// Adds a keyframe inside `animateKeyframes`: the changes made in `animations` are reached at
    /// `start + duration` (fractions of the outer duration), moving from `start`.
    ///
    /// - Throws: `invalidValue` when the window is not inside 0 … 1 or outside a keyframes block.
    public func addKeyframe(
        withRelativeStartTime start: Double, relativeDuration duration: Double, animations: () throws(EngineError) -> Void
    ) throws(EngineError) {
        guard blockCapture != nil, blockCapture?.layer == nil else {
            throw .invalidValue(layer: nil, field: "addKeyframe", value: start, reason: .outOfRange(min: 0, max: 1))
        }
        guard start >= 0, duration >= 0, start + duration <= 1 else {
            throw .invalidValue(layer: nil, field: "relativeStartTime", value: start, reason: .outOfRange(min: 0, max: 1))
        }
        blockCapture?.start = start
        blockCapture?.end = start + duration
        try animations()
        blockCapture?.start = 0
        blockCapture?.end = 1
    }

    /// Changes `layer`'s content in `animations` with a transition (`UIView.transition(with:…)`):
    /// cross-dissolve by default, a flip with the flip options, a curl with the curl options.
    ///
    /// - Throws: `invalidValue` for a bad duration; what the changes throw.
    public func transition(
        with layer: LayerID, duration: Double, options: ViewAnimationOptions = [.transitionCrossDissolve],
        animations: () throws(EngineError) -> Void, completion: ((_ finished: Bool) -> Void)? = nil
    ) throws(EngineError) {
        let layerIndex = try slot(of: layer)
        _ = try Engine.blockTime(duration, field: "duration", allowZero: false)
        guard animationsEnabled else { return try applyWithoutAnimating(completion: completion, animations) }
        let (captured, image) = try capture(layer: layer, animations)
        let changes = captured.map { PropertyChange($0.property, $0.value) }
        try inTransaction { () throws(EngineError) in
            if let completion { try setCompletion(completion) }
            let transition = TransitionAnimation(
                type: options.transitionType, subtype: .fromBottom, changes: changes, image: image,
                timing: AnimationTiming(duration: duration, timingFunction: options.timingFunction))
            try addAnimation(.transition(transition), forKey: "transition", to: layer)
            if let record = findAnimation(key: "transition", on: layerIndex) {
                self.animations.records[Int(record)].transition.flip = options.flip
            }
        }
    }

    /// Runs `animations` with changes captured (for `layer` only, or every layer when nil).
    /// A transition's block also captures its layer's new picture.
    func capture(layer: LayerID?, _ animations: () throws(EngineError) -> Void) throws(EngineError)
        -> (changes: [CapturedChange], image: TransitionImage?) {
        blockCapture = BlockCapture(layer: layer)
        defer { blockCapture = nil }
        try animations()
        return (blockCapture?.changes ?? [], blockCapture?.image)
    }

    /// One property's keyframe animation: from the model value, holding between keyframe windows.
    private func addKeyframeTrack(
        _ track: [CapturedChange], timing: AnimationTiming, delay: MediaTime, mode: CalculationMode
    ) throws(EngineError) {
        guard let first = track.first else { return }
        let layerIndex = try slot(of: first.layer)
        var values = [try modelValue(of: first.property, of: first.layer)]
        var times = [0.0]
        for change in track.sorted(by: { $0.start < $1.start }) {
            let start = Swift.max(change.start, times[times.count - 1])
            if start > times[times.count - 1] {
                values.append(values[values.count - 1])
                times.append(start)
            }
            values.append(change.value)
            times.append(Swift.max(change.end, start))
        }
        if times[times.count - 1] < 1 {
            values.append(values[values.count - 1])
            times.append(1)
        }
        var animation = KeyframeAnimation(keyPath: first.property, values: values, keyTimes: times,
                                          calculationMode: mode, timing: timing)
        if mode == .discrete {
            animation.values.removeLast()
        }
        if delay > 0 { animation.timing.beginTime = (localTime(ofLayer: layerIndex, at: currentTime) + delay).seconds }
        try addAnimation(.keyframe(animation), forKey: first.property.keyPath, to: first.layer)
        let slotValues = try values[values.count - 1].slotValues(for: first.property, layer: layerName(layerIndex))
        SlotMath.write(slotValues, of: first.property, into: &nodes[Int(layerIndex)].model)
    }
}
