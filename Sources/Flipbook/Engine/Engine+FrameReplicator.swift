import FixedPoint
import Motion

/// Replicator layers on the frame path (`CAReplicatorLayer`): the sublayers appended once per instance, instance
/// k under the instance transform k times, its animations `instanceDelay` × k later, its colours multiplied by
/// `instanceColor` plus k × the offsets.
extension Engine {
    /// Appends the sublayers of the replicator `layerIndex` (entry `entry`) once per instance, in instance order,
    /// and closes the entry's subtree. The first instance is the sublayers as evaluated; a later one with a
    /// delay re-evaluates them at its earlier time first (without events: the layers' own animations run once),
    /// and they are evaluated at the replicator's time again afterwards.
    @_noAllocation
    func visitInstances(of layerIndex: Int32, world: Affine, world3D: Transform3D?, entry: Int, isMask: Bool) {
        let state = nodes[layerIndex].presentation
        let count = Int(state.slots[LayerSlot.instanceCount] &>> 16)
        let step = SlotMath.anchoredTransform(state, rotation: LayerSlot.instanceRotation, scale: LayerSlot.instanceScale,
                                              translation: LayerSlot.instanceTranslation)
        let step3D = SlotMath.instanceStep3D(state)
        let delay = (Int64(state.slots[LayerSlot.instanceDelay]) &* 1_000_000) &>> 16
        let outerReplica = visitingReplica, outerShift = replicaIsShifted
        var power = Affine.identity
        var power3D: Transform3D? = nil
        var instance = 0
        while instance < Swift.max(count, 1) {
            if instance > 0 {
                power = step.concatenating(power)
                power3D = SlotMath.nextPower(power3D, step: step3D)
                // Turned about x or y, the 2-D placement is the turn's orthographic part (as a layer's own).
                if case .some(let turned) = power3D { power = SlotMath.orthographic(turned, or: power) }
                visitingReplica = true
                if delay != 0 {
                    replicaIsShifted = true
                    evaluateReplica(of: layerIndex, localTime: nodes[layerIndex].localTime &- delay &* Int64(instance))
                }
            }
            let first = tree.header.pointee.count
            let instanceWorld3D = SlotMath.instanceWorld3D(power, power3D, world: world, world3D: world3D)
            let start = Int(nodes[layerIndex].drawOrderStart)
            for position in start ..< start &+ Int(nodes[layerIndex].drawOrderCount) {
                visit(drawOrder[position], parentWorld: power.concatenating(world), parentWorld3D: instanceWorld3D,
                      parentEntry: Int32(entry), isMask: isMask)
            }
            tint(entries: first ..< tree.header.pointee.count, under: entry, state: state, instance: instance)
            instance &+= 1
        }
        visitingReplica = outerReplica
        replicaIsShifted = outerShift
        if delay != 0 && count > 1 { evaluateReplica(of: layerIndex, localTime: nodes[layerIndex].localTime) }
        tree.storage[entry].subtreeEnd = Int32(tree.header.pointee.count)
    }

    /// Sets the presentation of every layer under `layerIndex` (drawn sublayers, depth first) to its model plus
    /// its animations at the time its parent shows at `localTime`: the evaluate pass's application, with copies
    /// of the timing cursors and no events or retirement.
    @_noAllocation
    func evaluateReplica(of layerIndex: Int32, localTime: MediaTime) {
        let records = animations.records
        let start = Int(nodes[layerIndex].drawOrderStart)
        for position in start ..< start &+ Int(nodes[layerIndex].drawOrderCount) {
            let child = drawOrder[position]
            let time = nodes[child].timing.localTime(parentTime: localTime)
            resetPresentation(child)
            var record = nodes[child].firstAnimation
            while record >= 0 {
                var cursor = records[record].cursor
                _ = present(record, at: time, layer: child, cursor: &cursor)
                record = records[record].next
            }
            evaluateReplica(of: child, localTime: time)
        }
    }

    /// Multiplies the colours of the entries `range` (one instance of the replicator at entry `parent`) by the
    /// instance's colour — `instanceColor` plus `instance` × the offsets, each channel held in 0 … 1 as Core
    /// Animation holds it — and the opacity of the instance's top sublayers by its alpha.
    @_noAllocation
    func tint(entries range: Range<Int>, under parent: Int, state: LayerState, instance: Int) {
        var channels = InlineArray<4, Int64>(repeating: 255)
        var isWhite = true
        for channel in 0 ..< 4 {
            let base = Int64(state.slots[LayerSlot.instanceColor &+ channel])
            let offset = Int64(state.slots[LayerSlot.instanceOffsets &+ channel]) &* 255 &* Int64(instance)
            let raw = Swift.min(Swift.max(base &+ offset, 0), 255 &<< 16)
            channels[channel] = (raw &+ 0x8000) &>> 16
            if channels[channel] != 255 { isWhite = false }
        }
        guard !isWhite else { return }
        for index in range {
            var entry = tree.storage[index]
            entry.backgroundColor = SlotMath.tinted(entry.backgroundColor, channels)
            entry.borderColor = SlotMath.tinted(entry.borderColor, channels)
            entry.shadowColor = SlotMath.tinted(entry.shadowColor, channels)
            entry.shape.fillColor = SlotMath.tinted(entry.shape.fillColor, channels)
            entry.shape.strokeColor = SlotMath.tinted(entry.shape.strokeColor, channels)
            entry.text.foregroundColor = SlotMath.tinted(entry.text.foregroundColor, channels)
            entry.contentTint = SlotMath.tinted(entry.contentTint ?? Color.white, channels)
            if Int(entry.parentIndex) == parent {
                entry.opacity = Fixed(raw: Int32(truncatingIfNeeded: (Int64(entry.opacity.raw) &* channels[3] &+ 127) / 255))
            }
            tree.storage[index] = entry
        }
    }
}
