import FixedPoint
import Motion

/// How a property animator drives its animations: re-timing them at every state change.
extension PropertyAnimator {
    /// inactive → active: runs the stored blocks (moving the model to their end values).
    func activate() throws(EngineError) {
        state = .active
        anchorFraction = 0
        anchorTime = engine.currentTime
        let pending = blocks
        blocks = []
        for block in pending { try drive(block.changes, delay: block.delay) }
    }

    /// Captures the changes of `changes` and attaches one basic animation per change, starting at
    /// fraction `delay`.
    func drive(_ changes: () throws(EngineError) -> Void, delay: Double) throws(EngineError) {
        for change in try engine.capture(layer: nil, changes).changes {
            let from = try engine.modelValue(of: change.property, of: change.layer)
            let key = "animator.\(ObjectIdentifier(self).hashValue).\(driven.count)"
            try engine.addAnimation(.basic(BasicAnimation(
                keyPath: change.property, from: from, to: change.value,
                timing: AnimationTiming(duration: duration, fillMode: .both, isRemovedOnCompletion: false))),
                forKey: key, to: change.layer)
            try engine.setModelDirectly(change.value, for: change.property, of: change.layer)
            driven.append((change.layer, key, change.property, from, change.value, delay))
        }
    }

    /// Fixes `anchorFraction` at the current fraction and time.
    func anchor() {
        anchorFraction = fractionComplete
        anchorTime = engine.currentTime
    }

    /// Gives every driven animation the timing that shows this animator's fraction: frozen when
    /// paused, moving forward or backward at `rate` when running.
    func retime(scrubbing: Bool = false) {
        let curve = scrubbing && scrubsLinearly ? TimingCurve.linear : self.curve
        engine.changedBetweenFrames = true
        var index = 0
        while index < driven.count {  // by index: a for-in copies each element (its key and values) in debug builds
            defer { index += 1 }
            guard let layerIndex = try? engine.slot(of: driven[index].layer),
                  let record = engine.findAnimation(key: driven[index].key, on: layerIndex) else { continue }
            let delay = driven[index].delay
            let own = Swift.max(MediaTime((1 - delay) * Double(durationMicros)), 1)
            let reached = MediaTime((anchorFraction - delay) * Double(durationMicros))
            guard let timing = timing(own: own, reached: reached) else { continue }
            engine.animations.records[Int(record)].timing = timing
            engine.animations.records[Int(record)].curve = curve
            engine.animations.records[Int(record)].timeShift = engine.localTime(ofLayer: layerIndex, at: anchorTime)
        }
    }

    /// Timing of an animation of duration `own` (µs) that has played `reached` µs at the anchor.
    private func timing(own: MediaTime, reached: MediaTime) -> MediaTiming? {
        do {
            if !isRunning {
                if reached >= own { return try MediaTiming(beginTime: -own, duration: own, fillMode: .both) }
                return try MediaTiming(duration: own, speed: 0, timeOffset: Swift.max(reached, 0), fillMode: .both)
            }
            let begin = MediaTime((Double(reached) / rate).rounded())
            return try MediaTiming(beginTime: reversed ? begin : -begin, duration: own,
                                   speed: reversed ? -rate : rate, fillMode: .both)
        } catch {
            return nil
        }
    }

    /// Moves the model to the start, end or current values and removes the driven animations.
    func settle(at position: AnimatorPosition) {
        var index = 0
        while index < driven.count {  // by index: a for-in over the tuples instantiates their metadata in debug builds
            let item = driven[index]
            var value = item.to
            switch position {
            case .start: value = item.from
            case .end: value = item.to
            case .current: value = (try? engine.presentationValue(of: item.property, of: item.layer)) ?? item.to
            }
            try? engine.setModelDirectly(value, for: item.property, of: item.layer)
            // Finishing a stopped animator settles again: its animations are already gone, and asking to remove
            // them would throw (caught) for each.
            if let layerIndex = try? engine.slot(of: item.layer), engine.findAnimation(key: item.key, on: layerIndex) != nil {
                try? engine.removeAnimation(forKey: item.key, from: item.layer)
            }
            index += 1
        }
    }

    /// active/stopped → inactive, running the completions.
    func complete(at position: AnimatorPosition) {
        state = .inactive
        reset()
        let pending = completions
        completions = []
        var index = 0
        while index < pending.count {  // by index, as in `settle`
            pending[index](position)
            index += 1
        }
    }

    /// Back to a fresh inactive animator (no longer running, so the engine lets go of it).
    func reset() {
        driven = []
        isRunning = false
        anchorFraction = 0
        reversed = false
        rate = 1
    }

    /// Called after each frame: completes (or, with `pausesOnCompletion`, pauses) a finished animator.
    func tick() {
        guard state == .active, isRunning, engine.currentTime >= anchorTime else { return }
        let fraction = fractionComplete
        guard reversed ? fraction <= 0 : fraction >= 1 else { return }
        if pausesOnCompletion {
            anchor()
            isRunning = false
            retime()
            return
        }
        let position: AnimatorPosition = reversed ? .start : .end
        settle(at: position)
        complete(at: position)
    }
}

extension Engine {
    /// Writes a model value at once, without a transaction or implicit animation (property animators
    /// and blocks that animate the change themselves).
    func setModelDirectly(_ value: PropertyValue, for property: LayerProperty, of layer: LayerID) throws(EngineError) {
        let layerIndex = try slot(of: layer)
        let slotValues = try value.slotValues(for: property, layer: layerName(layerIndex))
        SlotMath.write(slotValues, of: property, into: &nodes[Int(layerIndex)].model)
    }
}
