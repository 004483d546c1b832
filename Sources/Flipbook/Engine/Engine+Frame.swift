import FixedPoint
import Motion

// Every function on the frame path carries `@_noAllocation` itself: in a debug (non-whole-module) build
// the performance checker sees only the bodies of functions in the same file (and `@inlinable` ones of
// other modules), so each file's functions are checked on their own and trusted across files. The frame
// is three passes over the layer pool: `Engine+CommitPass` (committed edits into the model),
// `Engine+EvaluatePass` (animations into presentation state, and the drawing order) with
// `Engine+FrameEvaluation`, `Engine+FrameKeyframes` and `Engine+FrameLifecycle` (events, retirement), and
// the snapshot pass in this file (presentation state into the presentation tree); `SlotMath` reads and
// writes values as raw slots.

/// The frame: commit, evaluate, snapshot.
extension Engine {
    /// Advances to media time `time` (µs since the scene start): applies committed model edits, evaluates
    /// every animation of the presented tree, fills `presentation`, and queues did-start / did-stop /
    /// completion events for `deliverCallbacks()`. Allocation-free.
    @_noAllocation
    public func advance(to time: MediaTime) {
        commitPass(at: time)
        currentTime = time
        frameNumber &+= 1
        changedBetweenFrames = false
        evaluatePass(at: time)
        snapshotPass(at: time)
    }

    /// The snapshot pass: appends the root's subtree in drawing order (sublayers by presentation
    /// zPosition), then each drawn layer's mask subtree, to `presentation`; stamps changed layers and
    /// lays out changed text. Reads the presentation state and drawing order of the evaluate pass.
    @_noAllocation
    func snapshotPass(at time: MediaTime) {
        tree.header.pointee.count = 0
        tree.header.pointee.drawCount = 0
        nextInstanceKey = 0
        let rootIndex = Int32(root.index)
        visit(rootIndex, parentWorld: displayTransform, parentEntry: -1, isMask: false)
        tree.header.pointee.drawCount = tree.header.pointee.count
        var entry = 0
        while entry < tree.header.pointee.drawCount {
            let owner = tree.storage[entry].id.index
            let mask = nodes[Int(owner)].mask
            let hasRoom = tree.header.pointee.count < tree.storage.count
            if mask >= 0 && hasRoom {
                tree.storage[entry].maskIndex = Int32(tree.header.pointee.count)
                // An instance's mask is a replica too: the mask layer's own entry tracks its changes.
                visitingReplica = tree.storage[entry].instanceKey >= 0
                visit(mask, parentWorld: tree.storage[entry].transform, parentWorld3D: tree.storage[entry].transform3D,
                      parentEntry: Int32(entry), isMask: true)
                visitingReplica = false
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

    /// Appends `layerIndex` (already evaluated) and its subtree, sublayers in drawing order.
    @_noAllocation
    func visit(_ layerIndex: Int32, parentWorld: Affine, parentWorld3D: Transform3D? = nil, parentEntry: Int32,
               isMask: Bool, isFlipped: Bool = false) {
        guard tree.header.pointee.count < tree.storage.count &- 1 else { return }
        let unflipped = SlotMath.localTransform(nodes[layerIndex].presentation).concatenating(parentWorld)
        var world = unflipped
        if isFlipped { world = flipGeometry.pointee.affine.concatenating(unflipped) }
        if !visitingReplica { track(layerIndex, world: world) }
        let transition = nodes[layerIndex].transitionRecord
        if transition >= 0 {
            if animations.records[Int(transition)].transition.flip != 0 {
                visitFlip(layerIndex, record: transition, parentWorld: parentWorld, parentWorld3D: parentWorld3D,
                          parentEntry: parentEntry, isMask: isMask)
                return
            }
        }
        let cube = cubeTurn(transition, layer: layerIndex)
        if transition >= 0 {
            // The outgoing snapshot is the whole subtree, as the incoming one: the old state of the layer
            // itself over its sublayers.
            let saved = nodes[layerIndex].presentation
            let offset = Int(animations.records[Int(transition)].transition.stateOffset)
            for slot in 0 ..< saved.slots.count { nodes[layerIndex].presentation.slots[slot] = keyframeData.slots[offset &+ slot] }
            var oldWorld = SlotMath.localTransform(nodes[layerIndex].presentation).concatenating(parentWorld)
            var oldWorld3D = SlotMath.world3D(nodes[layerIndex].presentation, parentWorld: parentWorld, parentWorld3D: parentWorld3D)
            if case .some(let turn) = cube {
                let face = FlipGeometry(cubeFace: nodes[layerIndex].presentation, angle: turn.outgoing, aboutVertical: turn.aboutVertical)
                oldWorld3D = face.applied(to: oldWorld3D ?? Transform3D(oldWorld))
                oldWorld = face.affine.concatenating(oldWorld)
            }
            nodes[layerIndex].outgoingImageRecord = transition
            let outgoing = appendEntry(layerIndex, world: oldWorld, parentEntry: parentEntry, isMask: isMask)
            let oldState = nodes[layerIndex].presentation
            nodes[layerIndex].outgoingImageRecord = -1
            nodes[layerIndex].presentation = saved
            tree.storage[outgoing].transform3D = oldWorld3D
            cullIfShowingBack(outgoing, of: layerIndex)
            if case .some = cube { hideIfShowingBack(outgoing) }
            tagTransition(outgoing, record: transition, incoming: false, progress: nodes[layerIndex].transitionProgress)
            let skipped = skippedSublayer
            skippedSublayer = animations.records[Int(transition)].transition.incomingOnly
            visitSublayers(of: layerIndex, world: SlotMath.sublayerWorld(oldState, world: oldWorld),
                           world3D: SlotMath.sublayerWorld3D(oldState, world: oldWorld, world3D: oldWorld3D),
                           entry: outgoing, isMask: isMask)
            skippedSublayer = skipped
        }
        var incomingFace: FlipGeometry? = nil
        if case .some(let turn) = cube {
            incomingFace = FlipGeometry(cubeFace: nodes[layerIndex].presentation, angle: turn.incoming,
                                        aboutVertical: turn.aboutVertical)
        }
        let flatWorld = world
        if case .some(let face) = incomingFace { world = face.affine.concatenating(world) }
        let index = appendEntry(layerIndex, world: world, parentEntry: parentEntry, isMask: isMask)
        var world3D = SlotMath.world3D(nodes[layerIndex].presentation, parentWorld: parentWorld, parentWorld3D: parentWorld3D)
        if isFlipped { world3D = flipGeometry.pointee.applied(to: world3D ?? Transform3D(unflipped)) }
        if case .some(let face) = incomingFace { world3D = face.applied(to: world3D ?? Transform3D(flatWorld)) }
        tree.storage[index].transform3D = world3D
        cullIfShowingBack(index, of: layerIndex)
        if case .some = incomingFace { hideIfShowingBack(index) }
        if transition >= 0 {
            tagTransition(index, record: transition, incoming: true, progress: nodes[layerIndex].transitionProgress)
        }
        let state = nodes[layerIndex].presentation
        let sublayerWorld = SlotMath.sublayerWorld(state, world: world)
        let sublayerWorld3D = SlotMath.sublayerWorld3D(state, world: world, world3D: world3D)
        let skipped = skippedSublayer
        if transition >= 0 { skippedSublayer = animations.records[Int(transition)].transition.outgoingOnly }
        if case .replicator = nodes[layerIndex].kind {
            visitInstances(of: layerIndex, world: sublayerWorld, world3D: sublayerWorld3D, entry: index, isMask: isMask)
        } else {
            visitSublayers(of: layerIndex, world: sublayerWorld, world3D: sublayerWorld3D, entry: index, isMask: isMask)
        }
        skippedSublayer = skipped
    }

    /// Notes what changed on `layerIndex` since it was last presented (its presentation state or its world
    /// `world`): stamps it with this frame, lays its text out again, marks a custom layer for drawing.
    @_noAllocation
    func track(_ layerIndex: Int32, world: Affine) {
        let hasMoved = !SlotMath.same(world, nodes[layerIndex].previousWorld)
        if !SlotMath.same(nodes[layerIndex].presentation, nodes[layerIndex].previousPresentation) || hasMoved {
            nodes[layerIndex].settingsChanged = true
        }
        if nodes[layerIndex].settingsChanged {
            if case .custom = nodes[layerIndex].kind {
                let custom = LayerSlot.custom ..< LayerSlot.custom &+ 4
                for slot in custom where nodes[layerIndex].presentation.slots[slot] != nodes[layerIndex].previousPresentation.slots[slot] {
                    nodes[layerIndex].needsDisplay = true
                }
            }
            if case .text = nodes[layerIndex].kind { layOutText(layerIndex) }
            nodes[layerIndex].changeStamp = frameNumber
            nodes[layerIndex].previousPresentation = nodes[layerIndex].presentation
            nodes[layerIndex].previousWorld = world
            nodes[layerIndex].settingsChanged = false
        }
        nodes[layerIndex].hasBeenPresented = true
    }

    /// Appends the sublayers of `layerIndex` (in the drawing order of the evaluate pass) under its entry
    /// `entry`, and closes the entry's subtree.
    @_noAllocation
    func visitSublayers(of layerIndex: Int32, world: Affine, world3D: Transform3D?, entry: Int, isMask: Bool) {
        let start = Int(nodes[layerIndex].drawOrderStart)
        for position in start ..< start &+ Int(nodes[layerIndex].drawOrderCount) {
            let child = drawOrder[position]
            if child == skippedSublayer { continue }
            if nodes[child].isReplaced { continue }
            visit(child, parentWorld: world, parentWorld3D: world3D, parentEntry: Int32(entry), isMask: isMask)
        }
        tree.storage[entry].subtreeEnd = Int32(tree.header.pointee.count)
    }

    /// Appends the entry of `layerIndex` from its presentation state; returns its index.
    @_noAllocation
    func appendEntry(_ layerIndex: Int32, world: Affine, parentEntry: Int32, isMask: Bool) -> Int {
        let state = nodes[layerIndex].presentation
        var entry = entryTemplate
        entry.id = nodes[layerIndex].handle
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
        // The template holds a path, so setting its index needs no optional to be made (as for `shape.path`).
        if state.slots[LayerSlot.shadowPath] > 0 {
            entry.shadowPath?.index = UInt16(truncatingIfNeeded: state.slots[LayerSlot.shadowPath] &- 1)
        } else {
            entry.shadowPath = nil
        }
        entry.masksToBounds = state.flag(LayerSlot.masksToBounds)
        entry.kind = nodes[layerIndex].kind
        if state.slots[LayerSlot.path] > 0 {
            entry.shape.path?.index = UInt16(truncatingIfNeeded: state.slots[LayerSlot.path] &- 1)
        } else {
            entry.shape.path = nil
        }
        entry.shape.fillColor = SlotMath.color(state, LayerSlot.fillColor)
        entry.shape.fillRule = nodes[layerIndex].fillRule
        entry.shape.strokeColor = SlotMath.color(state, LayerSlot.strokeColor)
        entry.shape.lineWidth = state.fixed(LayerSlot.lineWidth)
        entry.shape.lineCap = nodes[layerIndex].lineCap
        entry.shape.lineJoin = nodes[layerIndex].lineJoin
        entry.shape.miterLimit = state.fixed(LayerSlot.miterLimit)
        entry.shape.strokeStart = state.fixed(LayerSlot.strokeStart)
        entry.shape.strokeEnd = state.fixed(LayerSlot.strokeEnd)
        entry.text.storage = nodes[layerIndex].text
        entry.text.foregroundColor = SlotMath.color(state, LayerSlot.foregroundColor)
        entry.gradient.storage = nodes[layerIndex].gradient
        entry.gradient.startPoint = Point(x: state.fixed(LayerSlot.startPoint), y: state.fixed(LayerSlot.startPoint + 1))
        entry.gradient.endPoint = Point(x: state.fixed(LayerSlot.endPoint), y: state.fixed(LayerSlot.endPoint + 1))
        entry.gradient.colors = state.slots[LayerSlot.colors] &- 1
        entry.gradient.locations = state.slots[LayerSlot.locations] &- 1
        entry.image.image = nodes[layerIndex].image
        entry.image.gravity = nodes[layerIndex].gravity
        let held = nodes[layerIndex].outgoingImageRecord
        if held >= 0 {
            entry.image.image = animations.records[Int(held)].transition.outgoingImage
            entry.image.gravity = animations.records[Int(held)].transition.outgoingGravity
        }
        entry.image.contentsRect = Rect(x: state.fixed(LayerSlot.contentsRect), y: state.fixed(LayerSlot.contentsRect + 1),
                                        width: state.fixed(LayerSlot.contentsRect + 2),
                                        height: state.fixed(LayerSlot.contentsRect + 3))
        entry.custom.surface = nodes[layerIndex].surface
        entry.custom.contentsGeneration = nodes[layerIndex].contentsGeneration
        entry.changeStamp = nodes[layerIndex].changeStamp
        if visitingReplica {
            entry.instanceKey = nextInstanceKey
            nextInstanceKey &+= 1
            // A delayed instance of an animated layer shows another moment than the layer's own stamp says.
            let isShifted = replicaIsShifted, isAnimated = nodes[layerIndex].firstAnimation >= 0
            if isShifted && isAnimated { entry.changeStamp = frameNumber }
        }
        let index = tree.header.pointee.count
        (tree.storage.baseAddress! + index).initialize(to: entry)
        tree.header.pointee.count = index &+ 1
        return index
    }

    /// Hides entry `index` (and so its subtree) when the layer is not double-sided and its world transform
    /// shows its back (`LayerFacing`).
    @_noAllocation
    func cullIfShowingBack(_ index: Int, of layerIndex: Int32) {
        guard !nodes[layerIndex].presentation.flag(LayerSlot.doubleSided) else { return }
        hideIfShowingBack(index)
    }

    /// Hides entry `index` (and so its subtree) when its world transform shows its back (a cube's face turned
    /// away from the eye).
    @_noAllocation
    func hideIfShowingBack(_ index: Int) {
        let entry = tree.storage[index]
        if LayerFacing.showsBack(bounds: entry.bounds, world: entry.transform, world3D: entry.transform3D) {
            tree.storage[index].isHidden = true
        }
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
