import FixedPoint
import Motion

// Every function on the frame path carries `@_noAllocation` itself: in a debug (non-whole-module) build
// the performance checker sees only the bodies of functions in the same file (and `@inlinable` ones of
// other modules), so each file's functions are checked on their own and trusted across files. The frame
// is split by stage: this file (the walk and the snapshot), `Engine+FrameEvaluation` (animations into
// presentation state), `Engine+FrameKeyframes`, `Engine+FrameLifecycle` (events, retirement, committed
// edits) and `SlotMath` (values as raw slots).

/// The frame: apply committed edits, evaluate animations, fill the presentation snapshot.
extension Engine {
    /// Advances to media time `time` (µs since the scene start): applies committed model edits, evaluates
    /// every animation of the presented tree, fills `presentation`, and queues did-start / did-stop /
    /// completion events for `deliverCallbacks()`. Allocation-free.
    @_noAllocation
    public func advance(to time: MediaTime) {
        applyCommittedEdits(at: time)
        currentTime = time
        frameNumber &+= 1
        tree.header.pointee.count = 0
        tree.header.pointee.drawCount = 0
        let rootIndex = Int32(root.index)
        evaluateLayer(rootIndex, localTime: nodes[Int(rootIndex)].timing.localTime(parentTime: time))
        var scratchTop = 0
        visit(rootIndex, parentWorld: .identity, parentEntry: -1, isMask: false, scratchTop: &scratchTop)
        tree.header.pointee.drawCount = tree.header.pointee.count
        var entry = 0
        while entry < tree.header.pointee.drawCount {
            let owner = Int(tree.storage[entry].id.index)
            let mask = nodes[owner].mask
            let hasRoom = tree.header.pointee.count < tree.storage.count
            if mask >= 0 && hasRoom {
                tree.storage[entry].maskIndex = Int32(tree.header.pointee.count)
                let ownerTime = nodes[owner].localTime
                evaluateLayer(mask, localTime: nodes[Int(mask)].timing.localTime(parentTime: ownerTime))
                visit(mask, parentWorld: tree.storage[entry].transform, parentWorld3D: tree.storage[entry].transform3D,
                      parentEntry: Int32(entry), isMask: true, scratchTop: &scratchTop)
            }
            entry &+= 1
        }
        tree.header.pointee.timeMicros = time
        tree.header.pointee.frameNumber = frameNumber
        if structureChanged {
            tree.header.pointee.structureStamp &+= 1
            structureChanged = false
        }
    }

    /// Appends `layerIndex` (already evaluated) and its subtree, sublayers in zPosition order.
    @_noAllocation
    func visit(_ layerIndex: Int32, parentWorld: Affine, parentWorld3D: Transform3D? = nil, parentEntry: Int32,
               isMask: Bool, isFlipped: Bool = false, scratchTop: inout Int) {
        guard tree.header.pointee.count < tree.storage.count &- 1 else { return }
        let node = nodes.baseAddress! + Int(layerIndex)
        let unflipped = SlotMath.localTransform(node.pointee.presentation).concatenating(parentWorld)
        var world = unflipped
        if isFlipped { world = flipGeometry.pointee.affine.concatenating(unflipped) }
        if !SlotMath.same(node.pointee.presentation, node.pointee.previousPresentation)
            || !SlotMath.same(world, node.pointee.previousWorld) {
            node.pointee.settingsChanged = true
        }
        if node.pointee.settingsChanged {
            if case .custom = node.pointee.kind {
                let custom = LayerSlot.custom ..< LayerSlot.custom &+ 4
                for slot in custom where node.pointee.presentation.slots[slot] != node.pointee.previousPresentation.slots[slot] {
                    node.pointee.needsDisplay = true
                }
            }
            if case .text = node.pointee.kind { layOutText(node) }
            node.pointee.changeStamp = frameNumber
            node.pointee.previousPresentation = node.pointee.presentation
            node.pointee.previousWorld = world
            node.pointee.settingsChanged = false
        }
        node.pointee.hasBeenPresented = true
        let transition = node.pointee.transitionRecord
        if transition >= 0 {
            if animations.records[Int(transition)].transition.flip != 0 {
                visitFlip(layerIndex, record: transition, parentWorld: parentWorld, parentWorld3D: parentWorld3D,
                          parentEntry: parentEntry, isMask: isMask, scratchTop: &scratchTop)
                return
            }
        }
        if transition >= 0 {
            // The outgoing snapshot is the whole subtree, as the incoming one: the old state of the layer
            // itself over its sublayers.
            let saved = node.pointee.presentation
            let offset = Int(animations.records[Int(transition)].transition.stateOffset)
            for slot in 0 ..< saved.slots.count { node.pointee.presentation.slots[slot] = keyframeData.slots[offset &+ slot] }
            let oldWorld = SlotMath.localTransform(node.pointee.presentation).concatenating(parentWorld)
            let oldWorld3D = SlotMath.world3D(node.pointee.presentation, parentWorld: parentWorld, parentWorld3D: parentWorld3D)
            let outgoing = appendEntry(layerIndex, world: oldWorld, parentEntry: parentEntry, isMask: isMask)
            node.pointee.presentation = saved
            tree.storage[outgoing].transform3D = oldWorld3D
            tagTransition(outgoing, record: transition, incoming: false, progress: node.pointee.transitionProgress)
            visitSublayers(of: layerIndex, world: oldWorld, world3D: oldWorld3D, entry: outgoing, isMask: isMask,
                           scratchTop: &scratchTop)
        }
        let index = appendEntry(layerIndex, world: world, parentEntry: parentEntry, isMask: isMask)
        var world3D = SlotMath.world3D(node.pointee.presentation, parentWorld: parentWorld, parentWorld3D: parentWorld3D)
        if isFlipped { world3D = flipGeometry.pointee.applied(to: world3D ?? Transform3D(unflipped)) }
        tree.storage[index].transform3D = world3D
        if transition >= 0 {
            tagTransition(index, record: transition, incoming: true, progress: node.pointee.transitionProgress)
        }
        visitSublayers(of: layerIndex, world: world, world3D: world3D, entry: index, isMask: isMask, scratchTop: &scratchTop)
    }

    /// Appends the sublayers of `layerIndex` (in zPosition order) under its entry `entry`, and closes the
    /// entry's subtree.
    @_noAllocation
    func visitSublayers(of layerIndex: Int32, world: Affine, world3D: Transform3D?, entry: Int, isMask: Bool,
                        scratchTop: inout Int) {
        let childCount = sortedChildren(of: layerIndex, into: scratchTop)
        let base = scratchTop
        scratchTop &+= childCount
        for position in 0 ..< childCount {
            visit(orderScratch[base &+ position], parentWorld: world, parentWorld3D: world3D,
                  parentEntry: Int32(entry), isMask: isMask, scratchTop: &scratchTop)
        }
        scratchTop = base
        tree.storage[entry].subtreeEnd = Int32(tree.header.pointee.count)
    }

    /// Evaluates the sublayers of `layerIndex` and writes them to `orderScratch[base...]` sorted by
    /// presentation zPosition (stable, so ties keep sublayer order). Returns the count.
    @_noAllocation
    func sortedChildren(of layerIndex: Int32, into base: Int) -> Int {
        var count = 0
        var child = nodes[Int(layerIndex)].firstChild
        let parentTime = nodes[Int(layerIndex)].localTime
        while child >= 0 {
            evaluateLayer(child, localTime: nodes[Int(child)].timing.localTime(parentTime: parentTime))
            let z = nodes[Int(child)].presentation.slots[LayerSlot.zPosition]
            var position = base &+ count
            while position > base {
                if nodes[Int(orderScratch[position &- 1])].presentation.slots[LayerSlot.zPosition] <= z { break }
                orderScratch[position] = orderScratch[position &- 1]
                position &-= 1
            }
            orderScratch[position] = child
            count &+= 1
            child = nodes[Int(child)].nextSibling
        }
        return count
    }

    /// Appends the entry of `layerIndex` from its presentation state; returns its index.
    @_noAllocation
    func appendEntry(_ layerIndex: Int32, world: Affine, parentEntry: Int32, isMask: Bool) -> Int {
        let node = nodes.baseAddress! + Int(layerIndex)
        let state = node.pointee.presentation
        var entry = entryTemplate
        entry.id = node.pointee.handle
        entry.parentIndex = parentEntry
        entry.subtreeEnd = Int32(tree.header.pointee.count &+ 1)
        entry.isMask = isMask
        entry.transform = world
        entry.bounds = Rect(x: state.fixed(LayerSlot.boundsX), y: state.fixed(LayerSlot.boundsY),
                            width: state.fixed(LayerSlot.boundsWidth), height: state.fixed(LayerSlot.boundsHeight))
        entry.anchorPoint = Point(x: state.fixed(LayerSlot.anchorX), y: state.fixed(LayerSlot.anchorY))
        entry.position = Point(x: state.fixed(LayerSlot.positionX), y: state.fixed(LayerSlot.positionY))
        entry.zPosition = state.fixed(LayerSlot.zPosition)
        entry.opacity = state.fixed(LayerSlot.opacity)
        entry.isHidden = state.flag(LayerSlot.hidden)
        entry.backgroundColor = SlotMath.color(state, LayerSlot.backgroundColor)
        entry.cornerRadius = state.fixed(LayerSlot.cornerRadius)
        entry.borderWidth = state.fixed(LayerSlot.borderWidth)
        entry.borderColor = SlotMath.color(state, LayerSlot.borderColor)
        entry.shadowColor = SlotMath.color(state, LayerSlot.shadowColor)
        entry.shadowOpacity = state.fixed(LayerSlot.shadowOpacity)
        entry.shadowOffset = Size(width: state.fixed(LayerSlot.shadowOffsetWidth),
                                  height: state.fixed(LayerSlot.shadowOffsetHeight))
        entry.shadowRadius = state.fixed(LayerSlot.shadowRadius)
        entry.masksToBounds = state.flag(LayerSlot.masksToBounds)
        entry.kind = node.pointee.kind
        if state.slots[LayerSlot.path] > 0 {
            entry.shape.path?.index = UInt16(truncatingIfNeeded: state.slots[LayerSlot.path] &- 1)
        } else {
            entry.shape.path = nil
        }
        entry.shape.fillColor = SlotMath.color(state, LayerSlot.fillColor)
        entry.shape.fillRule = node.pointee.fillRule
        entry.shape.strokeColor = SlotMath.color(state, LayerSlot.strokeColor)
        entry.shape.lineWidth = state.fixed(LayerSlot.lineWidth)
        entry.shape.lineCap = node.pointee.lineCap
        entry.shape.lineJoin = node.pointee.lineJoin
        entry.shape.miterLimit = state.fixed(LayerSlot.miterLimit)
        entry.shape.strokeStart = state.fixed(LayerSlot.strokeStart)
        entry.shape.strokeEnd = state.fixed(LayerSlot.strokeEnd)
        entry.text.storage = node.pointee.text
        entry.text.foregroundColor = SlotMath.color(state, LayerSlot.foregroundColor)
        entry.image.image = node.pointee.image
        entry.image.gravity = node.pointee.gravity
        entry.custom.surface = node.pointee.surface
        entry.custom.contentsGeneration = node.pointee.contentsGeneration
        entry.changeStamp = node.pointee.changeStamp
        let index = tree.header.pointee.count
        (tree.storage.baseAddress! + index).initialize(to: entry)
        tree.header.pointee.count = index &+ 1
        return index
    }

    /// Marks entry `index` as one side of the transition of `record`.
    @_noAllocation
    func tagTransition(_ index: Int, record: Int32, incoming: Bool, progress: Progress) {
        var frame = transitionTemplate
        frame.type = animations.records[Int(record)].transition.type
        frame.subtype = animations.records[Int(record)].transition.subtype
        frame.progress = progress
        frame.role = incoming ? .incoming : .outgoing
        tree.storage[index].transition = frame
        if !incoming { tree.storage[index].subtreeEnd = Int32(index &+ 1) }
    }
}
