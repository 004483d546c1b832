import FixedPoint
import Motion

/// Building keyframe animations (setup time): Motion's `KeyframeTrack` validates and lays out the keys
/// (SEMANTICS §4: keyTimes, timing functions, paced and cubicPaced spacing, Kochanek–Bartels tangents);
/// the engine keeps the track's lists in its keyframe store, beside its own lists (values that cannot be
/// interpolated, path tangent angles).
extension Engine {
    /// Validates `keyframe` and stores it in the keyframe store; fills the record's range and track.
    func storeKeyframes(_ keyframe: KeyframeAnimation, into record: inout AnimationRecord, layer: LayerName) throws(EngineError) {
        let usesPath = !keyframe.path.isEmpty
        if usesPath && keyframe.keyPath != .position {
            throw .invalidAnimation(field: "path", reason: "a path animates only position, not \(keyframe.keyPath.keyPath)")
        }
        let source = usesPath ? keyframe.path : keyframe.values
        guard !source.isEmpty else { throw .invalidAnimation(field: "values", reason: "needs at least one value") }
        var points: [SlotValues] = []
        for value in source { points.append(try value.slotValues(for: keyframe.keyPath, layer: layer)) }
        if keyframe.keyPath.valueKind == .path && keyframe.calculationMode != .discrete,
           case let .path(first?) = keyframe.values[0] {
            for value in keyframe.values {
                guard case let .path(other?) = value, presentation.resources.haveSameStructure(first, other) else {
                    throw .invalidAnimation(field: "values", reason: Engine.pathStructureRule)
                }
            }
        }
        let count = points.count
        let holdsValues = keyframe.keyPath.isDiscrete
        let controls = usesPath ? try pathControls(keyframe, points: points, layer: layer) : []
        let followsPath = usesPath && count > 1 && (keyframe.rotationMode != nil || !keyframe.pathCurves.isEmpty)
        let sideSlots = (holdsValues ? count * 4 : 0) + (followsPath ? count * 2 + controls.count * 2 : 0)
        let values = holdsValues ? Engine.keyIndices(count) : points.map(SlotVector.init)
        let timing = try pathTiming(keyframe, points: points, controls: controls)
        let (track, offset, slotCount) = try storeTrack(timing, values: values, after: sideSlots)
        record.track = track
        var range = KeyframeRange(offset: offset, slotCount: slotCount, count: Int32(count), holdsValues: holdsValues,
                                  isDiscrete: keyframe.calculationMode == .discrete)
        range.valuesOffset = Int(offset)
        range.pathOffset = range.valuesOffset + (holdsValues ? count * 4 : 0)
        if holdsValues {
            for (index, point) in points.enumerated() {
                for offset in 0 ..< 4 { keyframeData.slots[range.valuesOffset + index * 4 + offset] = point[offset] }
            }
        }
        if followsPath {
            range.followsPath = true
            range.rotates = keyframe.rotationMode != nil
            range.reversesRotation = keyframe.rotationMode == .autoReverse
            range.isStraight = keyframe.pathCurves.isEmpty
            storePath(points, controls: controls, range: range)
        }
        record.keyframes = range
        if keyframe.keyPath.valueKind == .path && !range.isDiscrete && count > 1 {
            let first = PropertyValue(slotValues: points[0], property: keyframe.keyPath)
            if case let .path(model?) = first {
                record.scratchPath = Int32(try presentation.resources.makeScratchPath(like: model).index)
            }
        }
    }

    /// The most keyframe-store slots a keyframe animation of `keys` keys (values, or path points) takes: its
    /// side lists (a held value's 4 slots, or a path point's 2 and its segment's 4 control slots), its track (at most the temporary
    /// store it is built in, 128 bytes per key + 256) and 3 slots of alignment. For sizing the store.
    public static func keyframeSlotBound(keys: Int) -> Int {
        6 * keys + (128 * keys + 256) / 4 + 3
    }

    /// The keyframe-store slots a transition takes (the layer's saved state).
    public static var transitionKeyframeSlots: Int { LayerState.slotCount }

    /// Builds the track of `keyframe` over `values` in a temporary Motion store and moves its lists into
    /// the keyframe store, after `sideSlots` slots kept for the caller. Returns the relocated track and the
    /// range taken (offset, slot count).
    private func storeTrack(
        _ keyframe: KeyframeAnimation, values: [SlotVector], after sideSlots: Int
    ) throws(EngineError) -> (KeyframeTrack<SlotVector>, Int32, Int32) {
        var curves: [TimingCurve] = []
        for function in keyframe.timingFunctions { curves.append(try curve(for: function)) }
        var store = try Engine.temporaryStore(bytes: 128 * values.count + 256)
        let built: KeyframeTrack<SlotVector>
        do throws(MotionError) {
            built = try KeyframeTrack(
                values: values, keyTimes: keyframe.keyTimes, timingFunctions: curves,
                calculationMode: keyframe.calculationMode, tensionValues: keyframe.tensionValues,
                continuityValues: keyframe.continuityValues, biasValues: keyframe.biasValues, in: &store)
        } catch {
            throw Engine.keyframeError(error, keyframe)
        }
        let slotCount = sideSlots + (built.relocatedByteCount + 3) / 4 + 3   // + 3: room to align to 16 bytes
        guard let offset = keyframeData.allocate(slotCount) else {
            throw .poolFull(.keyframes, capacity: keyframeData.capacity)
        }
        let start = UInt(bitPattern: keyframeData.slots.baseAddress! + Int(offset) + sideSlots)
        let track = built.relocated(into: UnsafeMutableRawPointer(bitPattern: (start + 15) & ~UInt(15))!)
        _ = consume store   // the built track pointed into it: dropped only after the copy
        return (track, offset, Int32(slotCount))
    }

    /// A Motion store for building one track (128 bytes per value covers values, key times, curves,
    /// tangents and alignment).
    private static func temporaryStore(bytes: Int) throws(EngineError) -> MotionStore {
        do throws(MotionError) {
            return try MotionStore(capacityBytes: bytes)
        } catch {
            throw .invalidAnimation(field: "values", reason: error.message)
        }
    }

    /// Key indices 0, 1, 2 … as track values, for values the track cannot interpolate itself.
    private static func keyIndices(_ count: Int) -> [SlotVector] {
        (0 ..< count).map { index in
            var values = SlotValues(repeating: 0)
            values[0] = Int32(index) << 16
            return SlotVector(values)
        }
    }

    /// A Motion keyframe error as the engine reports it: an entry out of range or not finite names its
    /// list and index (`tensionValues[1]`); anything else names the list and says what is wrong.
    private static func keyframeError(_ error: MotionError, _ keyframe: KeyframeAnimation) -> EngineError {
        func entry(_ field: MotionField) -> (String, [Double]) {
            switch field {
            case .keyTimes: return ("keyTimes", keyframe.keyTimes)
            case .tensionValues: return ("tensionValues", keyframe.tensionValues)
            case .continuityValues: return ("continuityValues", keyframe.continuityValues)
            case .biasValues: return ("biasValues", keyframe.biasValues)
            default: return ("\(field.name)", [])
            }
        }
        switch error {
        case let .outOfRange(field, value, lower, upper):
            let (name, list) = entry(field)
            if let index = list.firstIndex(of: value) {
                return .invalidValue(layer: nil, field: "\(name)[\(index)]", value: value, reason: .outOfRange(min: lower, max: upper))
            }
        case let .notNonDecreasing(field, _, value, previous):
            return .invalidAnimation(field: "\(field.name)", reason: "must be non-decreasing (\(value) after \(previous))")
        case let .notFinite(field, value):
            let (name, list) = entry(field)
            if let index = list.firstIndex(where: { !$0.isFinite && ($0.isNaN ? value.isNaN : $0 == value) }) {
                return .invalidValue(layer: nil, field: "\(name)[\(index)]", value: value, reason: .notFinite)
            }
        default:
            break
        }
        return .invalidAnimation(field: String(describingField: error), reason: error.message)
    }
}
