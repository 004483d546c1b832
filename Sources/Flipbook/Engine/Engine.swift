import FixedPoint
import Motion

/// The Flipbook engine: a layer tree on fixed-capacity pools, the animations attached to it, the
/// transactions that edit it, and the presentation snapshot it produces each frame.
///
/// Setup (creating layers, adding animations, registering callbacks) may allocate; `advance(to:)`, the
/// frame entry, never does. Layers are addressed by `LayerID` handles; a handle to a destroyed layer is
/// refused with `EngineError.staleLayer`. The engine is single-threaded: call it from one thread.
public final class Engine {
    /// The capacities the engine was created with.
    public let configuration: EngineConfiguration
    /// The root layer: bounds = the canvas, anchor point (0, 0), at position (0, 0). Only layers in its
    /// subtree are presented.
    public private(set) var root = LayerID(index: 0, generation: 0)
    /// The root's coordinates to the canvas (display pixels): the display's rotation and fit
    /// (`setDisplayTransform(_:)`), applied after every layer's own transform; identity by default.
    public internal(set) var displayTransform: Affine = .identity
    /// The snapshot filled by each `advance(to:)`.
    public let presentation: PresentationTree
    /// The media time of the last `advance(to:)` (µs since the scene start).
    public internal(set) var currentTime: MediaTime = 0

    /// The layer pool, addressed by a layer's index.
    let nodes: Pool<LayerNode>
    var names: [String?]
    var freeLayerHead: Int32 = -1
    /// Each layer's sublayers in drawing order this frame, one run per layer
    /// (`LayerNode.drawOrderStart`, `drawOrderCount`), written by the evaluate pass.
    let drawOrder: Pool<Int32>

    /// The frame path's view of `presentation`.
    let tree: PresentationWriter
    /// `presentation.resources.pathPoints`: every path's points, for path morphs on the frame path.
    let pathPoints: UnsafeMutableBufferPointer<PathPoints>
    /// `presentation.resources` for the frame path (text layers' texts), unretained: the tree keeps it alive.
    let frameResources: Unmanaged<EngineResources>
    var animations: AnimationStore
    /// Each record's key (nil for group children and unkeyed animations); compared only at setup.
    var animationKeyTable: [String?]
    var keyframeData: KeyframeStore
    /// Memory of custom timing-curve and spring tables.
    var curveStore: MotionStore
    /// Spring tables built so far, shared between equal springs.
    var springCurves: [(SpringParameters, SpringCurve)] = []
    /// Whether the snapshot pass is appending a replicator's instance after the first (`Engine+FrameReplicator`):
    /// its entries are marked, and the layers' change tracking is left to the first instance.
    var visitingReplica = false
    /// Whether that instance shows its sublayers at another time (a non-zero `instanceDelay`).
    var replicaIsShifted = false
    /// The next replica entry's number this frame (`PresentationLayer.instanceKey`).
    var nextInstanceKey: Int32 = 0
    /// The sublayer the snapshot pass leaves out while it appends one side of a `transition(from:to:…)`: the
    /// new layer on the outgoing side, the old one on the incoming side (−1: none).
    var skippedSublayer: Int32 = -1
    /// UIKit springs as timing curves, by damping ratio (a property animator's `dampingRatio`).
    var springTimingCurves: [(dampingRatio: Double, curve: TimingCurve)] = []
    var transactions: TransactionQueue
    /// Open transaction levels, innermost last.
    var transactionLevels: [TransactionLevel] = []
    var events: EventQueue
    var completionGroups: CompletionGroups
    let callbacks = CallbackTable()
    /// A blank entry and transition tag the frame path copies and fills (it calls no initialisers of
    /// other files: see `Engine+Frame.swift`).
    let entryTemplate: PresentationLayer
    let transitionTemplate = TransitionFrame(type: .fade, subtype: .fromLeft, progress: .zero, role: .incoming)
    /// The block-API flip being visited (written by `visitFlip`, read by `visit`; a pointer, so the tree
    /// walk passes a flag rather than copying the matrix through every call).
    let flipGeometry: UnsafeMutablePointer<FlipGeometry>
    /// Property animators that are running (checked for completion after each frame).
    var runningAnimators: [PropertyAnimator] = []
    /// Property animators alive (the capacity `runningAnimators` keeps, so starting one never grows it).
    var animatorCount = 0
    /// Changes captured by an open keyframes or transition block.
    var blockCapture: BlockCapture?
    /// Whether the block API animates (`setAnimationsEnabled`).
    var animationsEnabled = true
    /// Number of frames filled so far (the presentation's `frameNumber`).
    var frameNumber: UInt32 = 0
    /// Set when the tree's structure changed since the last frame.
    var structureChanged = true
    /// Set when something changed since the last frame that `nextChangeTime` cannot see in the layers: a
    /// property animator retimed its animations (a frozen animation's new fraction), a flush committed edits.
    var changedBetweenFrames = false

    /// Creates an engine with every pool allocated.
    ///
    /// - Throws: `EngineError.invalidValue` naming a capacity or canvas dimension outside its range.
    public init(configuration: EngineConfiguration) throws(EngineError) {
        let checked = try configuration.validated()
        self.configuration = checked
        nodes = Pool(count: checked.layerCapacity, repeating: LayerNode())
        names = Array(repeating: nil, count: checked.layerCapacity)
        drawOrder = Pool(count: checked.layerCapacity, repeating: -1)
        presentation = try PresentationTree(capacity: PresentationTree.capacity(forLayers: checked.layerCapacity))
        tree = presentation.writer
        pathPoints = presentation.resources.pathPoints
        frameResources = Unmanaged.passUnretained(presentation.resources)
        entryTemplate = Engine.blankEntry()
        flipGeometry = .allocate(capacity: 1)
        flipGeometry.initialize(to: FlipGeometry(affine: .identity, matrix: nil))
        animations = AnimationStore(capacity: checked.animationCapacity)
        animationKeyTable = Array(repeating: nil, count: checked.animationCapacity)
        keyframeData = KeyframeStore(capacity: checked.keyframeSlotCapacity)
        do {
            curveStore = try MotionStore(capacityBytes: Engine.curveStoreBytes)
        } catch {
            throw .invalidValue(layer: nil, field: "curveStoreBytes", value: Double(Engine.curveStoreBytes),
                                reason: .outOfRange(min: 1, max: Double(1 << 30)))
        }
        transactions = TransactionQueue(capacity: checked.editCapacity)
        transactionLevels.reserveCapacity(TransactionQueue.maxDepth)
        events = EventQueue(capacity: checked.eventCapacity)
        completionGroups = CompletionGroups(capacity: checked.eventCapacity)
        for index in stride(from: checked.layerCapacity - 1, through: 0, by: -1) {
            nodes[index].nextSibling = freeLayerHead
            freeLayerHead = Int32(index)
        }
        root = try createLayer(kind: .plain, name: "root")
        let rootNode = Int(root.index)
        nodes[rootNode].model.slots[LayerSlot.anchorX] = 0
        nodes[rootNode].model.slots[LayerSlot.anchorY] = 0
        nodes[rootNode].model.slots[LayerSlot.boundsWidth] = Int32(checked.canvasWidth) &<< 16
        nodes[rootNode].model.slots[LayerSlot.boundsHeight] = Int32(checked.canvasHeight) &<< 16
        nodes[rootNode].presentation = nodes[rootNode].model
    }

    deinit {
        nodes.deallocate()
        drawOrder.deallocate()
        flipGeometry.deallocate()
        animations.deallocate()
        keyframeData.deallocate()
        transactions.deallocate()
        events.deallocate()
        completionGroups.deallocate()
    }

    /// Bytes for custom timing-curve tables (a 256-segment table is about 1 KB; steep curves need
    /// more) and spring tables (5,760 bytes each).
    static let curveStoreBytes = 2 << 20

    /// The entry the frame path copies before filling it in.
    static func blankEntry() -> PresentationLayer {
        PresentationLayer(
            id: LayerID(index: 0, generation: 0), parentIndex: -1, subtreeEnd: 0, maskIndex: -1, isMask: false,
            transform: .identity, transform3D: nil, bounds: .zero, anchorPoint: .zero, position: .zero,
            zPosition: .zero, opacity: .one, isHidden: false, backgroundColor: nil, cornerRadius: .zero,
            borderWidth: .zero, borderColor: nil, shadowColor: nil, shadowOpacity: .zero,
            shadowOffset: .zero, shadowRadius: .zero, masksToBounds: false, kind: .plain,
            shape: ShapeContent(path: PathID(index: 0), fillColor: nil, fillRule: .nonZero, strokeColor: nil,
                                lineWidth: .one, lineCap: .butt, lineJoin: .miter, miterLimit: .zero,
                                strokeStart: .zero, strokeEnd: .one),
            image: ImageContent(image: nil, gravity: .resize),
            custom: CustomContent(surface: nil, contentsGeneration: 0), transition: nil, changeStamp: 0,
            shadowPath: PathID(index: 0))
    }

    /// Creates a detached layer of `kind` with Core Animation's defaults.
    ///
    /// - Parameter name: unique if given; errors about the layer use it.
    /// - Throws: `EngineError.poolFull(.layers, …)` when every layer slot is in use.
    public func createLayer(kind: LayerKind = .plain, name: String? = nil) throws(EngineError) -> LayerID {
        guard freeLayerHead >= 0 else { throw .poolFull(.layers, capacity: configuration.layerCapacity) }
        let index = Int(freeLayerHead)
        freeLayerHead = nodes[index].nextSibling
        let generation = nodes[index].generation
        nodes[index] = LayerNode()
        nodes[index].generation = generation
        nodes[index].isLive = true
        nodes[index].kind = kind
        nodes[index].handle = LayerID(index: UInt16(index), generation: generation)
        names[index] = name
        return LayerID(index: UInt16(index), generation: generation)
    }

    /// Destroys a layer and its subtree (and their masks and animations); their handles become stale.
    /// Animations removed this way report `finished = false`.
    ///
    /// - Throws: `EngineError.staleLayer`; the root cannot be destroyed (`invalidValue` naming it).
    public func destroyLayer(_ layer: LayerID) throws(EngineError) {
        let index = try slot(of: layer)
        guard index != Int32(root.index) else {
            throw .invalidValue(layer: layerName(index), field: "root", value: 0, reason: .notPositive)
        }
        detachFromParent(index)
        if nodes[Int(index)].maskOwner >= 0 {
            nodes[Int(nodes[Int(index)].maskOwner)].mask = -1
        }
        release(index)
        structureChanged = true
    }

    /// The layer's name, or nil.
    ///
    /// - Throws: `EngineError.staleLayer`.
    public func name(of layer: LayerID) throws(EngineError) -> String? {
        names[Int(try slot(of: layer))]
    }

    /// The layer's kind.
    ///
    /// - Throws: `EngineError.staleLayer`.
    public func kind(of layer: LayerID) throws(EngineError) -> LayerKind {
        nodes[Int(try slot(of: layer))].kind
    }

    /// The number of live layers, the root included.
    public var layerCount: Int {
        var count = 0
        for index in 0 ..< nodes.count where nodes[index].isLive { count += 1 }
        return count
    }

    // MARK: - Internals

    /// The pool index of a live handle.
    func slot(of layer: LayerID) throws(EngineError) -> Int32 {
        let index = Int(layer.index)
        guard index < nodes.count, nodes[index].isLive, nodes[index].generation == layer.generation else {
            throw .staleLayer(layer)
        }
        return Int32(index)
    }

    /// The handle of a live slot.
    func handle(_ index: Int32) -> LayerID {
        LayerID(index: UInt16(truncatingIfNeeded: index), generation: nodes[Int(index)].generation)
    }

    /// The layer as errors name it.
    func layerName(_ index: Int32) -> LayerName {
        LayerName(id: handle(index), name: names[Int(index)])
    }

    /// Frees a slot, its subtree, its mask and its animations.
    private func release(_ index: Int32) {
        var child = nodes[Int(index)].firstChild
        while child >= 0 {
            let next = nodes[Int(child)].nextSibling
            release(child)
            child = next
        }
        let mask = nodes[Int(index)].mask
        if mask >= 0 { release(mask) }
        removeAllAnimations(layerIndex: index, finished: false)
        let generation = nodes[Int(index)].generation &+ 1
        nodes[Int(index)] = LayerNode()
        nodes[Int(index)].generation = generation
        nodes[Int(index)].nextSibling = freeLayerHead
        names[Int(index)] = nil
        freeLayerHead = index
    }
}
