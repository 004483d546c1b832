import Motion

/// The evaluate pass: every presented layer's presentation state (model + animations at its local time),
/// and each layer's sublayers in drawing order.
extension Engine {
    /// Evaluates the root's subtree, depth first in drawing order, then the masks of its layers (in the same
    /// order) with their subtrees. Writes each evaluated layer's sublayers, sorted by presentation
    /// zPosition, to its run of `drawOrder`, which the snapshot pass walks.
    @_noAllocation
    func evaluatePass(at time: MediaTime) {
        let rootIndex = Int32(root.index)
        evaluateLayer(rootIndex, localTime: nodes[rootIndex].timing.localTime(parentTime: time))
        var top = 0
        evaluateSublayers(of: rootIndex, top: &top)
        evaluateMasks(inSubtreeOf: rootIndex, top: &top)
    }

    /// Evaluates the sublayers of `layerIndex` (already evaluated) and their subtrees; each layer's run of
    /// `drawOrder` starts at `top`, which advances past it. A layer is in at most one run (it has one
    /// parent, and a mask is in no tree), so the runs fit the pool's capacity.
    @_noAllocation
    func evaluateSublayers(of layerIndex: Int32, top: inout Int) {
        let start = top
        let count = sortedChildren(of: layerIndex, into: start)
        nodes[layerIndex].drawOrderStart = Int32(start)
        nodes[layerIndex].drawOrderCount = Int32(count)
        top = start &+ count
        for position in start ..< start &+ count {
            evaluateSublayers(of: drawOrder[position], top: &top)
        }
    }

    /// Evaluates the mask of `layerIndex` (at the layer's local time) with its subtree, then those of the
    /// layer's sublayers in drawing order.
    @_noAllocation
    func evaluateMasks(inSubtreeOf layerIndex: Int32, top: inout Int) {
        let mask = nodes[layerIndex].mask
        if mask >= 0 {
            evaluateLayer(mask, localTime: nodes[mask].timing.localTime(parentTime: nodes[layerIndex].localTime))
            evaluateSublayers(of: mask, top: &top)
        }
        let start = Int(nodes[layerIndex].drawOrderStart)
        for position in start ..< start &+ Int(nodes[layerIndex].drawOrderCount) {
            evaluateMasks(inSubtreeOf: drawOrder[position], top: &top)
        }
    }

    /// Evaluates the sublayers of `layerIndex` and writes them to `drawOrder[base...]` sorted by
    /// presentation zPosition (stable, so ties keep sublayer order). Returns the count.
    @_noAllocation
    func sortedChildren(of layerIndex: Int32, into base: Int) -> Int {
        var count = 0
        var child = nodes[layerIndex].firstChild
        let parentTime = nodes[layerIndex].localTime
        while child >= 0 {
            evaluateLayer(child, localTime: nodes[child].timing.localTime(parentTime: parentTime))
            let z = nodes[child].presentation.slots[LayerSlot.zPosition]
            var position = base &+ count
            while position > base {
                if nodes[drawOrder[position &- 1]].presentation.slots[LayerSlot.zPosition] <= z { break }
                drawOrder[position] = drawOrder[position &- 1]
                position &-= 1
            }
            drawOrder[position] = child
            count &+= 1
            child = nodes[child].nextSibling
        }
        return count
    }
}
