import FixedPoint
import Motion

/// Implicit animations (Core Animation's default actions), built when a property is set.
extension Engine {
    /// Builds (not yet attached) the basic or spring animation that moves `property` from its
    /// presentation value at apply time to `value`, with the transaction level's settings.
    func makeImplicitAnimation(
        _ property: LayerProperty, to value: SlotValues, layer layerIndex: Int32, level: TransactionLevel
    ) throws(EngineError) -> Int32 {
        guard animations.hasRoom(for: 1) else { throw .poolFull(.animations, capacity: animations.capacity) }
        let style = level.style
        let duration = level.duration
        var springCurve: SpringCurve?
        if let spring = style.spring {
            let (curve, _) = try self.springCurve(SpringAnimation(
                BasicAnimation(keyPath: property), mass: 1, stiffness: spring.stiffness, damping: spring.damping,
                initialVelocity: spring.velocity))
            springCurve = curve
        }
        let timing: MediaTiming
        do {
            timing = try MediaTiming(
                beginTime: style.delay, duration: duration, repeatCount: style.repeatCount,
                autoreverses: style.autoreverses, fillMode: style.delay > 0 ? .backwards : .removed)
        } catch {
            throw .invalidAnimation(field: String(describingField: error), reason: error.message)
        }
        var record = AnimationRecord(timing: timing, curve: springCurve == nil ? level.curve : .linear)
        record.kind = springCurve == nil ? .basic : .spring
        record.springCurve = springCurve
        record.property = property
        record.layer = layerIndex
        record.to = value
        record.givenValues = AnimationRecord.hasTo
        record.endTime = timing.endTime
        record.keyIdentity = SlotTarget(property).keyIdentity
        guard let index = animations.allocate(record) else {
            throw .poolFull(.animations, capacity: animations.capacity)
        }
        animationKeyTable[Int(index)] = property.keyPath
        if level.completionGroup >= 0 {
            animations.records[Int(index)].completionGroup = level.completionGroup
            completionGroups.groups[Int(level.completionGroup)].pending += 1
        }
        return index
    }

    /// Frees an implicit animation that was never attached.
    func discardAction(_ record: Int32) {
        let group = animations.records[Int(record)].completionGroup
        if group >= 0 { completionGroups.groups[Int(group)].pending -= 1 }
        retire(record)
    }
}
