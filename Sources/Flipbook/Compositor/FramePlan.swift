import FixedPoint
import Raster

/// Per-entry facts the compositor derives from a snapshot before drawing: each entry's device offset
/// (transitions slide whole subtrees), the canvas pixels its own drawing can touch, and the pixels its
/// whole subtree can touch. Storage is sized at setup for the largest snapshot; filling never allocates.
struct FramePlan: ~Copyable {
    let capacity: Int
    /// Device offset of the entry and its subtree, canvas pixels in Q16.16 (x, y).
    let offsetX: UnsafeMutablePointer<Int64>
    let offsetY: UnsafeMutablePointer<Int64>
    /// Canvas pixels the entry's own drawing (shadow, background, content, border) can touch.
    let ownBounds: UnsafeMutablePointer<IntRect>
    /// Canvas pixels the entry and its subtree can touch (its mask limits nothing here: conservative).
    let subtreeBounds: UnsafeMutablePointer<IntRect>
    /// How far (canvas pixels) the silhouette shadows of the entry and its ancestors reach from what
    /// the entry's subtree draws: a sublayer's pixels cast its ancestors' shadows too.
    let shadowReach: UnsafeMutablePointer<Int>

    init(capacity: Int) {
        self.capacity = capacity
        offsetX = .allocate(capacity: capacity)
        offsetY = .allocate(capacity: capacity)
        ownBounds = .allocate(capacity: capacity)
        ownBounds.initialize(repeating: .empty, count: capacity)
        subtreeBounds = .allocate(capacity: capacity)
        subtreeBounds.initialize(repeating: .empty, count: capacity)
        shadowReach = .allocate(capacity: capacity)
        shadowReach.initialize(repeating: 0, count: capacity)
    }

    deinit {
        offsetX.deallocate()
        offsetY.deallocate()
        ownBounds.deallocate()
        subtreeBounds.deallocate()
        shadowReach.deallocate()
    }

    /// The canvas pixels a 3-D entry can touch: for a layer projected outside any plane, its bounds
    /// through its screen map (grown by 2 pixels for bilinear filtering and rounding), the canvas when a
    /// corner lies behind the eye; inside a plane, its superlayer's (a plane holds nothing beyond the
    /// projected layer's bounds).
    @_noAllocation
    private func projectedPixels(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int, parent: Int,
                                 canvas: IntRect) -> IntRect {
        let entry = entries[index]
        let hasParent = parent >= 0 && parent < index
        if hasParent, case .some = entries[parent].transform3D { return ownBounds[parent] }
        let map = PlaneMap.screen(of: entry, parentOffsetX: hasParent ? offsetX[parent] : 0,
                                  parentOffsetY: hasParent ? offsetY[parent] : 0)
        let box = Compositor.boundsBox(entry.bounds)
        guard let map, let pixels = map.pixelBounds(minX: box.0, minY: box.1, maxX: box.2, maxY: box.3, margin: 2) else {
            return canvas
        }
        return pixels.intersection(canvas)
    }

    /// Fills offsets and bounds for every entry of `entries` (shape paths read from `resources`), `canvas` standing in for entries whose
    /// extent the 2-D bounds cannot describe (3-D transforms with perspective).
    @_noAllocation
    mutating func fill(_ entries: UnsafeBufferPointer<PresentationLayer>, resources: Unmanaged<EngineResources>,
                       canvas: IntRect) {
        for index in 0..<entries.count {
            let entry = entries[index]
            var x: Int64 = 0, y: Int64 = 0, inheritedReach = 0
            let parent = Int(entry.parentIndex)
            if parent >= 0 && parent < index {
                x = offsetX[parent]
                y = offsetY[parent]
                inheritedReach = shadowReach[parent]
            }
            if let transition = entry.transition {
                let shift = TransitionPlacement.layerShift(transition, bounds: entry.bounds)
                let linear = SubpixelMapping(entry.transform)
                x &+= (linear.a &* shift.x &+ linear.c &* shift.y &+ 0x8000) &>> 16
                y &+= (linear.b &* shift.x &+ linear.d &* shift.y &+ 0x8000) &>> 16
            }
            offsetX[index] = x
            offsetY[index] = y
            var own = canvas
            if case .some = entry.transform3D {
                own = projectedPixels(entries, index, parent: parent, canvas: canvas)
            } else {
                var shapeBox: (Int64, Int64, Int64, Int64)? = nil
                switch entry.kind {
                case .shape: shapeBox = LayerExtent.shapeBox(entry.shape, resources: resources)
                case .image: shapeBox = LayerExtent.imageBox(entry, resources: resources)
                case .text: shapeBox = LayerExtent.textBox(entry, resources: resources)
                case .plain, .custom, .gradient, .replicator: break
                }
                var shadowPathBox: (Int64, Int64, Int64, Int64)? = nil
                if case .some(let id) = entry.shadowPath { shadowPathBox = LayerExtent.pathBox(id, resources: resources) }
                own = LayerExtent.ownPixels(entry, offsetX: x, offsetY: y, shapeBox: shapeBox, shadowPathBox: shadowPathBox)
            }
            // Ancestors' silhouette shadows move and blur these pixels too; so does the entry's own shadow
            // for its sublayers.
            if inheritedReach > 0 && !own.isEmpty { own = own.insetBy(0 &- inheritedReach).intersection(canvas) }
            var reach = inheritedReach
            var castsSilhouette = LayerExtent.hasShadow(entry) && !LayerExtent.castsBoundsShadow(entry, hasSublayers: true)
            if case .some = entry.shadowPath { castsSilhouette = false }  // a path's shadow blurs no pixel of the layer
            if castsSilhouette {
                reach = max(reach, LayerExtent.shadowReach(entry, world: entry.transform))
            }
            shadowReach[index] = reach
            ownBounds[index] = own
            subtreeBounds[index] = own
        }
        // Children follow their parents, so a backward sweep folds every subtree into its root.
        var index = entries.count &- 1
        while index > 0 {
            let entry = entries[index]
            let parent = Int(entry.parentIndex)
            // A mask limits its owner rather than extending it; hidden subtrees draw nothing.
            if parent >= 0 && parent < index && !entry.isHidden && (!entry.isMask || entries[parent].isMask) {
                subtreeBounds[parent] = subtreeBounds[parent].union(subtreeBounds[index])
            }
            index &-= 1
        }
    }
}
