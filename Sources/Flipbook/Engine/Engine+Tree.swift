/// Tree operations: `addSublayer`, `insertSublayer`, `removeFromSuperlayer`, `mask`.
extension Engine {
    /// Appends `layer` to `superlayer`'s sublayers (moving it if it already has a superlayer).
    ///
    /// - Throws: `staleLayer`; `sublayerCycle` when `layer` is `superlayer` or one of its ancestors;
    ///   `invalidMask(.maskIsInTheTree)` when `layer` is some layer's mask.
    public func addSublayer(_ layer: LayerID, to superlayer: LayerID) throws(EngineError) {
        let (child, parent) = try checkedPlacement(layer, under: superlayer)
        try move(child, under: parent) { -1 }
    }

    /// Inserts `layer` into `superlayer`'s sublayers at `index` (0 … count).
    ///
    /// - Throws: as `addSublayer`, plus `sublayerIndexOutOfRange`.
    public func insertSublayer(_ layer: LayerID, into superlayer: LayerID, at index: Int) throws(EngineError) {
        let (child, parent) = try checkedPlacement(layer, under: superlayer)
        let count = sublayerCount(parent) - (nodes[Int(child)].parent == parent ? 1 : 0)
        guard index >= 0, index <= count else {
            throw .sublayerIndexOutOfRange(layer: layerName(parent), index: index, count: count)
        }
        try move(child, under: parent) {
            var next = nodes[Int(parent)].firstChild
            for _ in 0 ..< index { next = nodes[Int(next)].nextSibling }
            return next
        }
    }

    /// Inserts `layer` next to `sibling` (above = after it in sublayer order, below = before it).
    ///
    /// - Throws: as `addSublayer`; `invalidValue` when `sibling` has no superlayer.
    public func insertSublayer(_ layer: LayerID, above sibling: LayerID) throws(EngineError) {
        try insert(layer, nextTo: sibling, above: true)
    }

    /// Inserts `layer` just below `sibling` in its superlayer's sublayer order.
    ///
    /// - Throws: as `insertSublayer(_:above:)`.
    public func insertSublayer(_ layer: LayerID, below sibling: LayerID) throws(EngineError) {
        try insert(layer, nextTo: sibling, above: false)
    }

    /// Detaches `layer` from its superlayer (it stays alive, undrawn, until added again or destroyed).
    ///
    /// - Throws: `staleLayer`.
    public func removeFromSuperlayer(_ layer: LayerID) throws(EngineError) {
        detachFromParent(try slot(of: layer))
    }

    /// Sets (or clears, with nil) the layer whose alpha masks `layer`'s content and sublayers. The mask
    /// is positioned in `layer`'s coordinates and is not drawn itself.
    ///
    /// - Throws: `staleLayer`; `invalidMask` when the mask is the layer, masks another layer, is in a
    ///   tree, or has a mask itself.
    public func setMask(_ mask: LayerID?, of layer: LayerID) throws(EngineError) {
        let owner = try slot(of: layer)
        guard let mask else {
            clearMask(of: owner)
            return
        }
        let maskIndex = try slot(of: mask)
        if maskIndex == owner {
            throw .invalidMask(layer: layerName(owner), mask: layerName(maskIndex), reason: .maskIsTheLayer)
        }
        let currentOwner = nodes[Int(maskIndex)].maskOwner
        if currentOwner >= 0 && currentOwner != owner {
            throw .invalidMask(layer: layerName(owner), mask: layerName(maskIndex),
                               reason: .alreadyMasksAnotherLayer(layerName(currentOwner)))
        }
        if nodes[Int(maskIndex)].parent >= 0 || isAncestor(maskIndex, of: owner) || maskIndex == Int32(root.index) {
            throw .invalidMask(layer: layerName(owner), mask: layerName(maskIndex), reason: .maskIsInTheTree)
        }
        if nodes[Int(maskIndex)].mask >= 0 || nodes[Int(owner)].maskOwner >= 0 {
            throw .invalidMask(layer: layerName(owner), mask: layerName(maskIndex), reason: .nestedMask)
        }
        let previous = nodes[Int(owner)].mask
        clearMask(of: owner)
        attachMask(maskIndex, to: owner)
        do throws(EngineError) {
            try checkReplicaEntries()
        } catch {
            clearMask(of: owner)
            if previous >= 0 { attachMask(previous, to: owner) }
            throw error
        }
    }

    private func attachMask(_ mask: Int32, to owner: Int32) {
        nodes[Int(owner)].mask = mask
        nodes[Int(mask)].maskOwner = owner
        structureChanged = true
    }

    /// The layer's mask, or nil.
    ///
    /// - Throws: `staleLayer`.
    public func mask(of layer: LayerID) throws(EngineError) -> LayerID? {
        let mask = nodes[Int(try slot(of: layer))].mask
        return mask >= 0 ? handle(mask) : nil
    }

    /// The layer's superlayer, or nil when detached (or the root).
    ///
    /// - Throws: `staleLayer`.
    public func superlayer(of layer: LayerID) throws(EngineError) -> LayerID? {
        let parent = nodes[Int(try slot(of: layer))].parent
        return parent >= 0 ? handle(parent) : nil
    }

    /// The layer's sublayers in order (an array: setup and inspection only).
    ///
    /// - Throws: `staleLayer`.
    public func sublayers(of layer: LayerID) throws(EngineError) -> [LayerID] {
        var result: [LayerID] = []
        var child = nodes[Int(try slot(of: layer))].firstChild
        while child >= 0 {
            result.append(handle(child))
            child = nodes[Int(child)].nextSibling
        }
        return result
    }

    // MARK: - Internals

    func sublayerCount(_ parent: Int32) -> Int {
        var count = 0
        var child = nodes[Int(parent)].firstChild
        while child >= 0 {
            count += 1
            child = nodes[Int(child)].nextSibling
        }
        return count
    }

    /// Whether `candidate` is `layer` or one of its ancestors.
    func isAncestor(_ candidate: Int32, of layer: Int32) -> Bool {
        var cursor = layer
        while cursor >= 0 {
            if cursor == candidate { return true }
            let owner = nodes[Int(cursor)].maskOwner
            cursor = owner >= 0 ? owner : nodes[Int(cursor)].parent
        }
        return false
    }

    private func checkedPlacement(_ layer: LayerID, under superlayer: LayerID) throws(EngineError) -> (Int32, Int32) {
        let child = try slot(of: layer)
        let parent = try slot(of: superlayer)
        if isAncestor(child, of: parent) {
            throw .sublayerCycle(layer: layerName(child), superlayer: layerName(parent))
        }
        if nodes[Int(child)].maskOwner >= 0 {
            throw .invalidMask(layer: layerName(nodes[Int(child)].maskOwner), mask: layerName(child),
                               reason: .maskIsInTheTree)
        }
        return (child, parent)
    }

    private func insert(_ layer: LayerID, nextTo sibling: LayerID, above: Bool) throws(EngineError) {
        let siblingIndex = try slot(of: sibling)
        let parent = nodes[Int(siblingIndex)].parent
        guard parent >= 0 else {
            throw .invalidValue(layer: layerName(siblingIndex), field: "superlayer", value: -1, reason: .negative)
        }
        let (child, _) = try checkedPlacement(layer, under: handle(parent))
        if child == siblingIndex { return }
        try move(child, under: parent) { above ? nodes[Int(siblingIndex)].nextSibling : siblingIndex }
    }

    /// Detaches `child` and links it under `parent` before the sublayer `next` names once it is detached (−1:
    /// at the end); put back where it was when the replicators above would then draw more instances than the
    /// snapshot holds.
    ///
    /// - Throws: `poolFull(.replicaEntries)`.
    private func move(_ child: Int32, under parent: Int32, before next: () -> Int32) throws(EngineError) {
        let oldParent = nodes[Int(child)].parent, oldNext = nodes[Int(child)].nextSibling
        detachFromParent(child)
        link(child, under: parent, before: next())
        do throws(EngineError) {
            try checkReplicaEntries()
        } catch {
            detachFromParent(child)
            if oldParent >= 0 { link(child, under: oldParent, before: oldNext) }
            throw error
        }
    }

    private func clearMask(of owner: Int32) {
        let old = nodes[Int(owner)].mask
        guard old >= 0 else { return }
        nodes[Int(old)].maskOwner = -1
        nodes[Int(owner)].mask = -1
        structureChanged = true
    }

    /// Links a detached `child` under `parent` before `next` (−1 = at the end).
    func link(_ child: Int32, under parent: Int32, before next: Int32) {
        let previous = next >= 0 ? nodes[Int(next)].previousSibling : nodes[Int(parent)].lastChild
        nodes[Int(child)].parent = parent
        nodes[Int(child)].previousSibling = previous
        nodes[Int(child)].nextSibling = next
        if previous >= 0 { nodes[Int(previous)].nextSibling = child } else { nodes[Int(parent)].firstChild = child }
        if next >= 0 { nodes[Int(next)].previousSibling = child } else { nodes[Int(parent)].lastChild = child }
        structureChanged = true
    }

    /// Unlinks `child` from its superlayer, if any.
    func detachFromParent(_ child: Int32) {
        let parent = nodes[Int(child)].parent
        guard parent >= 0 else { return }
        let previous = nodes[Int(child)].previousSibling
        let next = nodes[Int(child)].nextSibling
        if previous >= 0 { nodes[Int(previous)].nextSibling = next } else { nodes[Int(parent)].firstChild = next }
        if next >= 0 { nodes[Int(next)].previousSibling = previous } else { nodes[Int(parent)].lastChild = previous }
        nodes[Int(child)].parent = -1
        nodes[Int(child)].previousSibling = -1
        nodes[Int(child)].nextSibling = -1
        nodes[Int(child)].isReplaced = false
        structureChanged = true
    }
}
