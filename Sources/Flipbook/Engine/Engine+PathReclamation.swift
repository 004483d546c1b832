/// Reusing paths the caller released (`releasePath`) once nothing refers to them, as a `CGPath` is freed
/// when its last owner lets go: a shape whose path is replaced every frame (seed 001's wave) runs forever
/// in the fixed-size path store.
extension Engine {
    /// Gives up the caller's handle to a path: the path stays valid while a layer, an animation, a pending
    /// edit or the presented frame refers to it, and its slot is reused by a later `addPath` after that.
    /// The handle must not be used again (until it is reused, `setValue` and `releasePath` refuse it).
    ///
    /// - Throws: `unknownResource(.path)` for a handle that does not exist or was already released.
    public func releasePath(_ id: PathID) throws(EngineError) {
        guard presentation.resources.release(id) else { throw .unknownResource(.path, index: Int(id.index)) }
    }

    /// Frees every released path nothing refers to (setup time, when the path store is full): the model
    /// and presentation of every layer (shape paths and shadow paths), the presented frame, every live animation's values, keyframes,
    /// scratch path and saved transition state, the edits waiting for `advance`, and a block's captures.
    func reclaimReleasedPaths() {
        var referenced = [Bool](repeating: false, count: EngineResources.capacity)
        func mark(_ packed: Int32) {
            if let id = PathID(packed: packed) { referenced[Int(id.index)] = true }
        }
        let slot = SlotTarget(LayerProperty.path).slot, shadowSlot = SlotTarget(LayerProperty.shadowPath).slot
        for node in nodes where node.isLive {
            for state in [node.model, node.presentation] {
                mark(state.slots[slot])
                mark(state.slots[shadowSlot])
            }
        }
        for index in 0 ..< presentation.count {
            mark(presentation[index].shape.path?.packed ?? 0)
            mark(presentation[index].shadowPath?.packed ?? 0)
        }
        for index in 0 ..< animations.capacity where animations.records[index].isLive {
            markPaths(of: animations.records[index], slot: slot, mark: mark)
        }
        for position in 0 ..< transactions.count {
            let edit = transactions.ring[(transactions.head + position) % transactions.ring.count]
            if edit.target.slot == slot || edit.target.slot == shadowSlot { mark(edit.value[0]) }
        }
        for change in blockCapture?.changes ?? [] {
            if case let .path(id?) = change.value { referenced[Int(id.index)] = true }
        }
        presentation.resources.reclaim(unless: referenced)
    }

    /// Marks the paths one animation record refers to.
    private func markPaths(of record: AnimationRecord, slot: Int, mark: (Int32) -> Void) {
        if record.scratchPath >= 0 { mark(record.scratchPath &+ 1) }
        if case .transition = record.kind {
            if record.transition.stateOffset >= 0 { mark(keyframeData.slots[Int(record.transition.stateOffset) + slot]) }
            return
        }
        guard record.property.valueKind == .path else { return }
        mark(record.from[0])
        mark(record.to[0])
        mark(record.by[0])
        if record.keyframes.holdsValues {
            for key in 0 ..< Int(record.keyframes.count) { mark(keyframeData.slots[record.keyframes.valuesOffset + key * 4]) }
        }
    }
}
