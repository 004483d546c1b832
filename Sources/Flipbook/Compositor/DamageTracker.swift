import FixedPoint
import Raster

/// Finds what changed between the previous snapshot and this one, as canvas rectangles.
///
/// Each drawn layer is remembered under a key (its pool slot; the outgoing side of a transition gets a
/// second key; an entry of a replicator's later instance its `instanceKey` after those, with the slot it
/// showed, so a key that passes to another layer is dirty) with its change stamp, generation, transition progress and the canvas pixels it touched.
/// A layer is dirty when any of these differ, when it was not drawn last frame, when an ancestor is dirty
/// (group opacity, clips and offsets reach the whole subtree) or when its mask changed. A dirty layer
/// damages the pixels it touched before and the pixels it touches now (one rectangle when they overlap,
/// two otherwise); a layer drawn last frame but not now (removed, hidden) damages its old pixels. A
/// static scene therefore damages nothing. The first frame, and any frame after `invalidate()`, damages
/// the whole canvas.
///
/// Drawing order changes are covered by the engine's stamps, which advance when a layer's place in the
/// tree changes. All storage is allocated at setup; `collect` never allocates.
struct DamageTracker: ~Copyable {
    let layerCapacity: Int
    let keyCapacity: Int
    let treeCapacity: Int
    let stamps: UnsafeMutablePointer<UInt32>
    /// The layer slot each key last showed.
    let owners: UnsafeMutablePointer<Int32>
    let generations: UnsafeMutablePointer<UInt16>
    let progresses: UnsafeMutablePointer<Int32>
    let touched: UnsafeMutablePointer<IntRect>
    /// The pass in which each key was last drawn (0 = never).
    let seenInPass: UnsafeMutablePointer<UInt32>
    /// Keys drawn in the previous pass, and the list being filled for this pass.
    var previousKeys: UnsafeMutablePointer<Int32>
    var currentKeys: UnsafeMutablePointer<Int32>
    var previousKeyCount = 0
    /// Per-entry dirtiness of the snapshot being compared.
    let entryDirty: UnsafeMutablePointer<Bool>
    var pass: UInt32 = 0
    var needsFullDamage = true

    init(layerCapacity: Int, treeCapacity: Int) {
        self.layerCapacity = layerCapacity
        keyCapacity = 2 * layerCapacity + Engine.replicaEntryCapacity
        self.treeCapacity = treeCapacity
        stamps = .allocate(capacity: keyCapacity)
        stamps.initialize(repeating: 0, count: keyCapacity)
        owners = .allocate(capacity: keyCapacity)
        owners.initialize(repeating: -1, count: keyCapacity)
        generations = .allocate(capacity: keyCapacity)
        generations.initialize(repeating: 0, count: keyCapacity)
        progresses = .allocate(capacity: keyCapacity)
        progresses.initialize(repeating: 0, count: keyCapacity)
        touched = .allocate(capacity: keyCapacity)
        touched.initialize(repeating: .empty, count: keyCapacity)
        seenInPass = .allocate(capacity: keyCapacity)
        seenInPass.initialize(repeating: 0, count: keyCapacity)
        previousKeys = .allocate(capacity: treeCapacity)
        currentKeys = .allocate(capacity: treeCapacity)
        entryDirty = .allocate(capacity: treeCapacity)
        entryDirty.initialize(repeating: false, count: treeCapacity)
    }

    deinit {
        stamps.deallocate()
        owners.deallocate()
        generations.deallocate()
        progresses.deallocate()
        touched.deallocate()
        seenInPass.deallocate()
        previousKeys.deallocate()
        currentKeys.deallocate()
        entryDirty.deallocate()
    }

    /// Makes the next `collect` damage the whole canvas (first frame, new background, new target).
    @_noAllocation
    mutating func invalidate() { needsFullDamage = true }

    /// Compares the snapshot `entries` (the drawn tree first, `drawCount` entries, then masks; with its `plan`) against the previous call's snapshot, adds the changed canvas
    /// rectangles to `damage`, and remembers this snapshot for the next call.
    ///
    /// - Throws: `.layerSlotOutOfRange` for an entry whose layer slot exceeds the configured capacity.
    @_noAllocation
    mutating func collect(_ entries: UnsafeBufferPointer<PresentationLayer>, drawCount: Int,
                          plan: borrowing FramePlan, canvas: IntRect,
                          into damage: inout DamageList) throws(CompositorError) {
        pass = pass == UInt32.max ? 1 : pass &+ 1
        var keyCount = 0
        if needsFullDamage { damage.add(canvas) }
        try compare(entries, range: drawCount..<entries.count, plan: plan, canvas: canvas,
                    keyCount: &keyCount, damage: &damage, isMaskPass: true)
        try compare(entries, range: 0..<drawCount, plan: plan, canvas: canvas,
                    keyCount: &keyCount, damage: &damage, isMaskPass: false)
        for position in 0..<previousKeyCount {
            let key = Int(previousKeys[position])
            if seenInPass[key] != pass { damage.add(touched[key].intersection(canvas)) }
        }
        swap(&previousKeys, &currentKeys)
        previousKeyCount = keyCount
        needsFullDamage = false
    }

    /// Compares the entries of `range`: the masks after the drawn tree (every entry, hidden ones too, since
    /// hiding part of a mask changes it), or the drawn tree (skipping hidden subtrees).
    private mutating func compare(_ entries: UnsafeBufferPointer<PresentationLayer>, range: Range<Int>,
                                  plan: borrowing FramePlan, canvas: IntRect, keyCount: inout Int,
                                  damage: inout DamageList, isMaskPass: Bool) throws(CompositorError) {
        var dirtyUntil = range.lowerBound
        var outgoingUntil = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let entry = entries[index]
            let end = Int(entry.subtreeEnd)
            if entry.isHidden && !isMaskPass {
                // Not drawn, so not remembered: if it was drawn last frame, the sweep damages its pixels.
                index = max(end, index &+ 1)
                continue
            }
            if TransitionPlacement.isSide(entry, .outgoing) { outgoingUntil = max(outgoingUntil, end) }
            let key = try self.key(of: entry, insideOutgoing: index < outgoingUntil)
            let now = plan.ownBounds[index].intersection(canvas)
            var dirty = index < dirtyUntil || changed(key, entry, touching: now)
            let mask = Int(entry.maskIndex)
            if !dirty, mask >= 0, mask < entries.count {
                for maskEntry in mask..<max(Int(entries[mask].subtreeEnd), mask &+ 1) where entryDirty[maskEntry] {
                    dirty = true
                    break
                }
            }
            entryDirty[index] = dirty
            if dirty {
                dirtyUntil = max(dirtyUntil, end)
            }
            if dirty && !isMaskPass {
                // Masks draw nothing themselves: a dirty mask damages its owner's subtree instead.
                let before = seenInPass[key] == pass &- 1 ? touched[key].intersection(canvas) : .empty
                if before.intersection(now).isEmpty {
                    damage.add(before)
                    damage.add(now)
                } else {
                    damage.add(before.union(now))
                }
            }
            remember(key, entry, touching: now)
            currentKeys[keyCount] = Int32(key)
            keyCount &+= 1
            index &+= 1
        }
    }

    /// The record key of an entry: its slot, doubled, plus one inside a transition's outgoing side (whose
    /// subtree holds the same layers as the incoming side); a replica's number after all of those.
    @inline(__always)
    private func key(of entry: PresentationLayer, insideOutgoing: Bool) throws(CompositorError) -> Int {
        let slot = Int(entry.id.index)
        guard slot < layerCapacity else { throw .layerSlotOutOfRange(slot: slot, capacity: layerCapacity) }
        if entry.instanceKey >= 0 {
            let key = 2 &* layerCapacity &+ Int(entry.instanceKey)
            guard key < keyCapacity else {
                throw .layerSlotOutOfRange(slot: Int(entry.instanceKey), capacity: keyCapacity &- 2 &* layerCapacity)
            }
            return key
        }
        return slot &* 2 &+ (insideOutgoing ? 1 : 0)
    }

    @inline(__always)
    private func changed(_ key: Int, _ entry: PresentationLayer, touching bounds: IntRect) -> Bool {
        seenInPass[key] != pass &- 1 || stamps[key] != entry.changeStamp || generations[key] != entry.id.generation
            || owners[key] != Int32(entry.id.index)
            || progresses[key] != (entry.transition?.progress.raw ?? -1) || touched[key] != bounds
    }

    @inline(__always)
    private mutating func remember(_ key: Int, _ entry: PresentationLayer, touching bounds: IntRect) {
        seenInPass[key] = pass
        stamps[key] = entry.changeStamp
        owners[key] = Int32(entry.id.index)
        generations[key] = entry.id.generation
        progresses[key] = entry.transition?.progress.raw ?? -1
        touched[key] = bounds
    }
}
