import FixedPoint

/// Replicator layers (`CAReplicatorLayer`) at setup: the limits, and the room their instances take in the
/// snapshot, checked whenever a change would add instances.
extension Engine {
    /// The most instances a replicator draws (`instanceCount`).
    public static let maximumInstanceCount = 64
    /// Snapshot entries for instances after the first, all replicators together (every sublayer of an instance,
    /// masks included): the snapshot and the compositor hold this many beyond two per layer.
    public static let replicaEntryCapacity = 64

    /// The most copies of one layer counted (2³²): replicators nested 32 deep with 64 instances each would
    /// overflow the product, and any count near this is refused alike.
    public static let replicaCopyLimit = 1 << 32

    /// How many times a layer is drawn under a replicator of `instances` (1 … 64) instances when the replicator
    /// is drawn `copies` times, held at `replicaCopyLimit`.
    public static func replicaCopies(_ copies: Int, times instances: Int) -> Int {
        Swift.min(copies * instances, replicaCopyLimit)
    }

    /// The snapshot entries instances would add with `instanceCount` of `layer` set to `count` (nil: as it is).
    func replicaEntries(setting count: Int32? = nil, of layer: Int32 = -1) -> Int {
        let rootIndex = Int32(root.index)
        return copies(of: rootIndex, multiplier: 1, setting: count, of: layer) - subtreeSize(rootIndex)
    }

    /// Throws when instances would not fit the snapshot's room for them.
    ///
    /// - Throws: `poolFull(.replicaEntries)`.
    func checkReplicaEntries(setting count: Int32? = nil, of layer: Int32 = -1) throws(EngineError) {
        guard replicaEntries(setting: count, of: layer) <= Engine.replicaEntryCapacity else {
            throw .poolFull(.replicaEntries, capacity: Engine.replicaEntryCapacity)
        }
    }

    /// How many times `node`'s subtree (with its masks) is drawn in all, each of its nodes drawn `multiplier`
    /// times over by the replicators above it.
    private func copies(of node: Int32, multiplier: Int, setting count: Int32?, of layer: Int32) -> Int {
        var total = multiplier
        let mask = nodes[Int(node)].mask
        if mask >= 0 { total += copies(of: mask, multiplier: multiplier, setting: count, of: layer) }
        var instances = 1
        if nodes[Int(node)].kind == .replicator {
            instances = Int(node == layer ? count ?? 1 : nodes[Int(node)].model.slots[LayerSlot.instanceCount] >> 16)
        }
        var child = nodes[Int(node)].firstChild
        while child >= 0 {
            total += copies(of: child, multiplier: Engine.replicaCopies(multiplier, times: instances), setting: count, of: layer)
            child = nodes[Int(child)].nextSibling
        }
        return total
    }

    /// The layers of `node`'s subtree, masks included.
    private func subtreeSize(_ node: Int32) -> Int {
        var total = 1
        let mask = nodes[Int(node)].mask
        if mask >= 0 { total += subtreeSize(mask) }
        var child = nodes[Int(node)].firstChild
        while child >= 0 {
            total += subtreeSize(child)
            child = nodes[Int(child)].nextSibling
        }
        return total
    }
}
