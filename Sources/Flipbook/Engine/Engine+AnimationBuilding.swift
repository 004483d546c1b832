import FixedPoint
import Motion

/// Validating an animation description and copying it into pool records (setup time).
extension Engine {
    /// The one rule of every `path` animation: interpolation moves points, so it needs paths of the same
    /// commands; a discrete keyframe animation only switches, between any paths.
    public static let pathStructureRule =
        "a path interpolates only between paths of the same commands (a discrete keyframe animation switches between any paths)"

    /// How deeply groups may nest: a top-level group is depth 1, a group inside it depth 2, and so on (as
    /// deep as a scene file may nest them, `SceneLimits.maximumDepth`).
    public static let maximumGroupDepth = 32

    /// Builds the record(s) of `animation` for the layer at `layerIndex`; every record made is added to
    /// `built` so a failure can free them. `depth` counts the groups enclosing `animation`;
    /// `groupDuration` is the enclosing group's duration, which a child without one takes (§1.2 step 8).
    func buildRecord(
        _ animation: Animation, layer layerIndex: Int32, depth: Int = 0, groupDuration: MediaTime? = nil,
        built: inout [Int32]
    ) throws(EngineError) -> Int32 {
        let name = layerName(layerIndex)
        var record: AnimationRecord
        switch animation {
        case let .basic(basic):
            record = try makeRecord(timing: basic.timing, defaultDuration: groupDuration)
            try fillValues(&record, basic, layer: layerIndex)
        case let .spring(spring):
            guard spring.timing.timingFunction == .linear else {
                throw .invalidAnimation(field: "timingFunction", reason: SpringAnimation.timingFunctionRefusal)
            }
            let (curve, settling) = try springCurve(spring)
            record = try makeRecord(timing: spring.timing, defaultDuration: settling)
            try fillValues(&record, spring.basic, layer: layerIndex)
            record.kind = .spring
            record.springCurve = curve
        case let .keyframe(keyframe):
            record = try makeRecord(timing: keyframe.timing, defaultDuration: groupDuration)
            try checkProperty(keyframe.keyPath, layer: layerIndex)
            record.kind = .keyframe
            record.property = keyframe.keyPath
            record.isAdditive = keyframe.isAdditive
            record.isCumulative = keyframe.isCumulative
            if keyframe.keyPath.valueKind == .stops {
                record.scratchStops = try keyframeScratchStops(keyframe, layer: layerIndex)
            }
            do throws(EngineError) {
                try storeKeyframes(keyframe, into: &record, layer: name)
            } catch {
                presentation.resources.releaseScratchStops(record.scratchStops)
                throw error
            }
        case let .group(group):
            guard depth < Engine.maximumGroupDepth else {
                throw .invalidAnimation(field: "animations",
                                        reason: "groups nest at most \(Engine.maximumGroupDepth) deep")
            }
            record = try makeRecord(timing: group.timing, defaultDuration: groupDuration)
            record.kind = .group
            record.easesChildren = record.curve != .linear
        case let .transition(transition):
            record = try makeRecord(timing: transition.timing, defaultDuration: nil)
            record.kind = .transition
            record.transition = try transitionSettings(transition, layer: layerIndex)
        }
        record.layer = layerIndex
        guard let index = animations.allocate(record) else {
            keyframeData.release(offset: record.keyframes.offset, count: record.keyframes.slotCount)
            presentation.resources.releaseScratchPath(record.scratchPath)
            presentation.resources.releaseScratchStops(record.scratchStops)
            throw .poolFull(.animations, capacity: animations.capacity)
        }
        built.append(index)
        if case let .group(group) = animation {
            var previous: Int32 = -1
            for child in group.animations {
                if case .transition = child {
                    throw .invalidAnimation(field: "animations", reason: "a group holds no transitions (a transition changes the layer's content, keyed \"transition\")")
                }
                let childIndex = try buildRecord(child, layer: layerIndex, depth: depth + 1,
                                                 groupDuration: animations.records[Int(index)].timing.duration,
                                                 built: &built)
                animations.records[Int(childIndex)].group = index
                if previous >= 0 {
                    animations.records[Int(previous)].next = childIndex
                } else {
                    animations.records[Int(index)].firstChild = childIndex
                }
                previous = childIndex
            }
        }
        return index
    }

    /// Validated media timing; a duration of 0 becomes `defaultDuration` or the transaction's duration.
    func makeRecord(timing: AnimationTiming, defaultDuration: MediaTime?) throws(EngineError) -> AnimationRecord {
        guard timing.duration.isFinite, timing.duration >= 0 else {
            throw .invalidValue(layer: nil, field: "duration", value: timing.duration,
                                reason: timing.duration.isFinite ? .negative : .notFinite)
        }
        let curve = try curve(for: timing.timingFunction)
        let repeatCount = timing.repeatCount.isInfinite && timing.repeatCount > 0
            ? Double(Float.greatestFiniteMagnitude) : timing.repeatCount
        do {
            let fallback = defaultDuration ?? currentTransaction.duration
            let duration = timing.duration > 0
                ? try MediaTime(seconds: timing.duration, field: .duration) : fallback
            let mediaTiming = try MediaTiming(
                beginTime: try MediaTime(seconds: timing.beginTime, field: .beginTime),
                duration: Swift.max(duration, 1), speed: timing.speed,
                timeOffset: try MediaTime(seconds: timing.timeOffset, field: .timeOffset),
                repeatCount: repeatCount,
                repeatDuration: try MediaTime(seconds: timing.repeatDuration, field: .repeatDuration),
                autoreverses: timing.autoreverses, fillMode: timing.fillMode)
            var record = AnimationRecord(timing: mediaTiming, curve: curve)
            record.endTime = mediaTiming.endTime
            record.isRemovedOnCompletion = timing.isRemovedOnCompletion
            return record
        } catch {
            throw .invalidAnimation(field: String(describingField: error), reason: error.message)
        }
    }

    /// Checks that `property` is animatable and exists on the layer's kind.
    func checkProperty(_ property: LayerProperty, layer layerIndex: Int32) throws(EngineError) {
        guard property.isAnimatable else {
            throw .invalidAnimation(field: property.keyPath, reason: "not animatable")
        }
        if let owner = property.ownerKind, owner != nodes[Int(layerIndex)].kind {
            throw .wrongLayerKind(layer: layerName(layerIndex), field: property.keyPath, kind: nodes[Int(layerIndex)].kind)
        }
    }

    /// Converts from / to / by (at most two of them, SEMANTICS §1.4).
    private func fillValues(_ record: inout AnimationRecord, _ basic: BasicAnimation, layer layerIndex: Int32) throws(EngineError) {
        try checkProperty(basic.keyPath, layer: layerIndex)
        let name = layerName(layerIndex)
        record.property = basic.keyPath
        record.isAdditive = basic.isAdditive
        record.isCumulative = basic.isCumulative
        if let from = basic.fromValue {
            record.from = try from.slotValues(for: basic.keyPath, layer: name)
            record.givenValues |= AnimationRecord.hasFrom
        }
        if let to = basic.toValue {
            record.to = try to.slotValues(for: basic.keyPath, layer: name)
            record.givenValues |= AnimationRecord.hasTo
        }
        if let by = basic.byValue {
            record.by = try by.slotValues(for: basic.keyPath, layer: name)
            record.givenValues |= AnimationRecord.hasBy
        }
        if record.givenValues == AnimationRecord.hasFrom | AnimationRecord.hasTo | AnimationRecord.hasBy {
            throw .invalidAnimation(field: "byValue", reason: "at most two of fromValue, toValue, byValue may be set")
        }
        if basic.byValue != nil && basic.keyPath.valueKind == .path {
            throw .invalidAnimation(field: "byValue", reason: "a path has no relative change (give fromValue or toValue)")
        }
        if basic.keyPath.valueKind == .stops {
            guard basic.byValue == nil, !basic.isAdditive, !basic.isCumulative else {
                throw .invalidAnimation(field: basic.byValue != nil ? "byValue" : "additive",
                                        reason: Engine.stopsRelativeRefusal)
            }
            for value in [basic.fromValue, basic.toValue] {
                if let value { try checkStops(value, for: basic.keyPath, layer: layerIndex) }
            }
            record.scratchStops = try makeScratchStops(layer: layerIndex)
        }
        if case let .path(from?) = basic.fromValue, case let .path(to?) = basic.toValue,
           !presentation.resources.haveSameStructure(from, to) {
            throw .invalidAnimation(field: "toValue", reason: Engine.pathStructureRule)
        }
        if case let .path(model?) = basic.toValue ?? basic.fromValue {
            record.scratchPath = Int32(try presentation.resources.makeScratchPath(like: model).index)
        }
    }

    private func transitionSettings(_ transition: TransitionAnimation, layer layerIndex: Int32) throws(EngineError) -> TransitionSettings {
        let start = transition.startProgress, end = transition.endProgress
        guard start.isFinite, start >= 0, start <= 1 else {
            throw .invalidValue(layer: layerName(layerIndex), field: "startProgress", value: start,
                                reason: start.isFinite ? .outOfRange(min: 0, max: 1) : .notFinite)
        }
        guard end.isFinite, end >= start, end <= 1 else {
            throw .invalidValue(layer: layerName(layerIndex), field: "endProgress", value: end,
                                reason: end.isFinite ? .outOfRange(min: start, max: 1) : .notFinite)
        }
        if let image = transition.image {
            try checkTransitionImage(image, layer: layerIndex)
        }
        var state = nodes[Int(layerIndex)].model
        for change in transition.changes {
            guard change.property.valueKind != .path || nodes[Int(layerIndex)].kind == .shape else {
                throw .wrongLayerKind(layer: layerName(layerIndex), field: change.property.keyPath,
                                      kind: nodes[Int(layerIndex)].kind)
            }
            try checkProperty(change.property, layer: layerIndex)
            try checkStops(change.value, for: change.property, layer: layerIndex)
            let slotValues = try change.value.slotValues(for: change.property, layer: layerName(layerIndex))
            SlotMath.write(slotValues, of: change.property, into: &state)
        }
        guard let offset = keyframeData.allocate(LayerState.slotCount) else {
            throw .poolFull(.keyframes, capacity: keyframeData.capacity)
        }
        // The saved state is the old content; the model takes the new content now.
        for slot in 0 ..< LayerState.slotCount {
            keyframeData.slots[Int(offset) + slot] = nodes[Int(layerIndex)].model.slots[slot]
        }
        nodes[Int(layerIndex)].model = state
        var settings = TransitionSettings(
            type: transition.type, subtype: transition.subtype,
            startProgress: Progress(raw: Int32((start * 32768).rounded())),
            endProgress: Progress(raw: Int32((end * 32768).rounded())), stateOffset: offset)
        if case .oglFlip = transition.type { settings.flip = transition.subtype.flipKind }
        // The outgoing side keeps the picture shown now; the layer takes the new one (if any) at once.
        settings.outgoingImage = nodes[Int(layerIndex)].image
        settings.outgoingGravity = nodes[Int(layerIndex)].gravity
        if let image = transition.image {
            nodes[Int(layerIndex)].image = image.image
            nodes[Int(layerIndex)].gravity = image.gravity ?? nodes[Int(layerIndex)].gravity
            nodes[Int(layerIndex)].settingsChanged = true
        }
        return settings
    }
}

extension String {
    /// The CA name of the field a Motion error is about.
    init(describingField error: MotionError) {
        switch error {
        case let .notFinite(field, _), let .negative(field, _), let .notPositive(field, _),
             let .outOfRange(field, _, _, _), let .notNonDecreasing(field, _, _, _),
             let .badEndpoint(field, _, _, _), let .wrongCount(field, _, _),
             let .mismatchedStructure(field, _, _, _), let .storeFull(field, _, _):
            self = "\(field.name)"
        }
    }
}
