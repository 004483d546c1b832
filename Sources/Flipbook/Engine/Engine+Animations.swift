import FixedPoint
import Motion

/// Keyed animations: add (copy into the pool), replace, remove, list.
extension Engine {
    /// Copies `animation` into the pool and attaches it to `layer` under `key`, replacing (with a
    /// did-stop(finished: false)) an animation already there under the same key. A top-level
    /// `beginTime` of 0 means the layer's current time. The model is never changed by an animation.
    ///
    /// - Parameters:
    ///   - key: unique per layer; nil adds an unkeyed animation. Transitions use `"transition"` when nil.
    ///   - delegate: callbacks, each delivered once by `deliverCallbacks()` after the frame.
    /// - Throws: `staleLayer`, `poolFull`, `wrongLayerKind`, `valueKindMismatch`, `invalidValue` and
    ///   `invalidAnimation` naming the field and what is wrong.
    public func addAnimation(
        _ animation: Animation, forKey key: String?, to layer: LayerID, delegate: AnimationDelegate? = nil
    ) throws(EngineError) {
        let layerIndex = try slot(of: layer)
        let animation = try expandingTransforms(animation)
        guard animations.hasRoom(for: Engine.recordCount(of: animation)) else {
            throw .poolFull(.animations, capacity: animations.capacity)
        }
        var built: [Int32] = []
        let record: Int32
        do {
            record = try buildRecord(animation, layer: layerIndex, built: &built)
        } catch {
            for index in built { discardUnlinked(index) }
            throw error
        }
        var resolvedKey = key
        if case .transition = animation, key == nil { resolvedKey = "transition" }
        attach(record, key: resolvedKey, to: layerIndex, delegate: delegate)
    }

    /// Removes the animation under `key` (did-stop(finished: false)).
    ///
    /// - Throws: `staleLayer`, `noAnimation` when the key is not on the layer.
    public func removeAnimation(forKey key: String, from layer: LayerID) throws(EngineError) {
        let layerIndex = try slot(of: layer)
        guard let record = findAnimation(key: key, on: layerIndex) else {
            throw .noAnimation(layer: layerName(layerIndex), key: key)
        }
        stop(record, on: layerIndex, finished: false)
    }

    /// Removes every animation of `layer` (each did-stop(finished: false)).
    ///
    /// - Throws: `staleLayer`.
    public func removeAllAnimations(from layer: LayerID) throws(EngineError) {
        removeAllAnimations(layerIndex: try slot(of: layer), finished: false)
    }

    /// The keys of the layer's keyed animations, in application order.
    ///
    /// - Throws: `staleLayer`.
    public func animationKeys(of layer: LayerID) throws(EngineError) -> [String] {
        var result: [String] = []
        var record = nodes[Int(try slot(of: layer))].firstAnimation
        while record >= 0 {
            if let key = animationKeyTable[Int(record)] { result.append(key) }
            record = animations.records[Int(record)].next
        }
        return result
    }

    /// Whether an animation with `key` is attached to `layer`.
    ///
    /// - Throws: `staleLayer`.
    public func hasAnimation(forKey key: String, on layer: LayerID) throws(EngineError) -> Bool {
        findAnimation(key: key, on: try slot(of: layer)) != nil
    }

    // MARK: - Internals

    static func recordCount(of animation: Animation) -> Int {
        guard case let .group(group) = animation else { return 1 }
        return 1 + group.animations.reduce(0) { $0 + recordCount(of: $1) }
    }

    func findAnimation(key: String, on layerIndex: Int32) -> Int32? {
        var record = nodes[Int(layerIndex)].firstAnimation
        while record >= 0 {
            if animationKeyTable[Int(record)] == key { return record }
            record = animations.records[Int(record)].next
        }
        return nil
    }

    /// Links a built top-level record at the end of the layer's list, replacing the same key.
    func attach(_ record: Int32, key: String?, to layerIndex: Int32, delegate: AnimationDelegate?) {
        if let key, let old = findAnimation(key: key, on: layerIndex) { stop(old, on: layerIndex, finished: false) }
        animationKeyTable[Int(record)] = key
        if let key, let property = try? LayerProperty(keyPath: key) {
            animations.records[Int(record)].keyIdentity = SlotTarget(property).keyIdentity
        }
        if let delegate { animations.records[Int(record)].delegate = callbacks.add(delegate) }
        let group = currentTransaction.completionGroup
        if group >= 0 {
            animations.records[Int(record)].completionGroup = group
            completionGroups.groups[Int(group)].pending += 1
        }
        animations.records[Int(record)].timeShift = animations.records[Int(record)].timing.beginTime == 0
            ? localTime(ofLayer: layerIndex, at: currentTime) : 0
        linkRecord(record, to: layerIndex)
    }





    func removeAllAnimations(layerIndex: Int32, finished: Bool) {
        while nodes[Int(layerIndex)].firstAnimation >= 0 {
            stop(nodes[Int(layerIndex)].firstAnimation, on: layerIndex, finished: finished)
        }
    }

    /// Frees (at the next `deliverCallbacks`, with their keyframe data) records built for an animation
    /// that failed validation.
    private func discardUnlinked(_ record: Int32) {
        animations.records[Int(record)].firstChild = -1
        retire(record)
    }

    /// Returns a record's keyframe-store data and scratch path.
    func releaseData(of record: Int32) {
        presentation.resources.releaseScratchPath(animations.records[Int(record)].scratchPath)
        presentation.resources.releaseScratchStops(animations.records[Int(record)].scratchStops)
        let range = animations.records[Int(record)].keyframes
        keyframeData.release(offset: range.offset, count: range.slotCount)
        let transition = animations.records[Int(record)].transition
        if transition.stateOffset >= 0 {
            keyframeData.release(offset: transition.stateOffset, count: Int32(LayerState.slotCount))
        }
    }

    /// The local time of a layer at media time `time` (through every ancestor's time space).
    func localTime(ofLayer layerIndex: Int32, at time: MediaTime) -> MediaTime {
        let parent = nodes[Int(layerIndex)].parent
        let owner = nodes[Int(layerIndex)].maskOwner
        let above = parent >= 0 ? localTime(ofLayer: parent, at: time)
            : (owner >= 0 ? localTime(ofLayer: owner, at: time) : time)
        return nodes[Int(layerIndex)].timing.localTime(parentTime: above)
    }
}
