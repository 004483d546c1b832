import FixedPoint
import Raster

/// Layers with a 3-D transform, in Core Animation's flattening model: a layer and its subtree are drawn
/// flat, in the layer's own coordinates, into an offscreen buffer (its plane, with its mask applied there),
/// which is then drawn onto the target as an image through the plane's projective map (bilinear, per-pixel
/// perspective divide), through the enclosing clip. A 3-D sublayer with perspective of its own is drawn
/// the same way into its superlayer's plane, which is projected afterwards with everything in it.
extension Compositor {
    /// The map of the 3-D layer at `index`, outside any plane, onto the canvas (`PlaneMap.screen`), or nil
    /// when it leaves `PlaneMap`'s range (the layer then shows nothing).
    @_noAllocation
    func screenMap(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int) -> PlaneMap? {
        let parent = Int(entries[index].parentIndex)
        let hasParent = parent >= 0 && parent < index
        return PlaneMap.screen(of: entries[index], parentOffsetX: hasParent ? plan.offsetX[parent] : 0,
                               parentOffsetY: hasParent ? plan.offsetY[parent] : 0)
    }

    /// The map of the layer at `index`, inside the plane of a 3-D ancestor (`context.frame`), into that
    /// plane's buffer: its map into its superlayer's plane (moved by its transition shift), then the
    /// superlayer's flat placement in the buffer. Nil when the layer is to be drawn flat: it has no 3-D
    /// matrix, or its map into the superlayer has no perspective (its 2-D world transform then already
    /// flattens it exactly, level by level), or the map leaves `PlaneMap`'s range.
    @_noAllocation
    func nestedMap(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int,
                   _ context: DrawContext) -> PlaneMap? {
        let entry = entries[index]
        let parent = Int(entry.parentIndex)
        guard case .some(let frame) = context.frame, case .some(let matrix) = entry.transform3D,
              parent >= 0, parent < index, case .some(let parentMatrix) = entries[parent].transform3D,
              let relative = PlaneMap.relative(child: matrix, parent: parentMatrix),
              !relative.isAffine(width: Int64(entry.bounds.width.raw) &>> 16,
                                 height: Int64(entry.bounds.height.raw) &>> 16) else { return nil }
        let shift = TransitionPlacement.layerShift(of: entry)
        guard let moved = relative.translatedBefore(x: shift.x, y: shift.y) else { return nil }
        let parentWorld = Compositor.worldAffine(entries[parent], offsetX: plan.offsetX[parent],
                                                 offsetY: plan.offsetY[parent])
        return moved.followed(by: Compositor.concatenate(frame, parentWorld))
    }

    /// Draws the 3-D layer at `index` (subtree up to `end`) through `map`, faded by `opacity`.
    ///
    /// The plane buffer covers the layer's bounds (at most the canvas size): sublayers are brought into
    /// it through the inverse of the layer's affine part and its device offset, which is exact for flat
    /// sublayers. An edge-on layer (singular map or affine part) shows nothing.
    @_noAllocation
    mutating func drawProjected(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int, end: Int,
                                opacity: UInt8, map: PlaneMap, _ context: DrawContext) throws(CompositorError) {
        let entry = entries[index]
        let originX = Int64(entry.bounds.minX.raw) &>> 16, originY = Int64(entry.bounds.minY.raw) &>> 16
        let width = min(Int(((Int64(entry.bounds.maxX.raw) &+ 0xFFFF) &>> 16) &- originX), canvas.width)
        let height = min(Int(((Int64(entry.bounds.maxY.raw) &+ 0xFFFF) &>> 16) &- originY), canvas.height)
        guard width > 0, height > 0 else { return }
        let affine = entry.transform
        let flatten: Affine
        do throws(FixedPointError) { flatten = try affine.inverted() } catch { return }
        // Device → plane buffer: undo the device offset, then the affine part, then the bounds origin.
        var frame = Compositor.concatenate(Compositor.translation(x: 0 &- (originX &<< 16), y: 0 &- (originY &<< 16)),
                                           flatten)
        let offsetX = plan.offsetX[index], offsetY = plan.offsetY[index]
        if offsetX != 0 || offsetY != 0 {
            frame = Compositor.concatenate(frame, Compositor.translation(x: 0 &- offsetX, y: 0 &- offsetY))
        }
        let local = IntRect(x: 0, y: 0, width: width, height: height)
        let buffer = try groups.acquire(region: local)
        defer { groups.release() }
        var inner = DrawContext(target: buffer, clip: nil, resources: context.resources, drawCount: context.drawCount,
                                drawingMask: context.drawingMask)
        inner.frame = frame
        if entries[index].maskIndex >= 0 {
            try drawGroup(entries, index, end: end, region: local, opacity: 255, inner)  // the mask, in the plane
        } else {
            try drawLayer(entries, index, end: end, opacity: 255, inner)
        }
        // Buffer pixel (u, v) is layer point (u + originX, v + originY).
        let placed = map.translatedBefore(pixelsX: originX, pixelsY: originY)
        let mapping: ImageTransform
        do throws(RasterError) {
            mapping = try ImageTransform(rows: placed.m[0], placed.m[1], placed.m[2])
        } catch {
            return  // edge-on: nothing
        }
        try drawPlane(buffer, width: width, height: height, mapping: mapping, opacity: opacity, context)
    }

    /// Draws the `width × height` top-left part of `buffer` through `mapping` onto the context's target,
    /// through its clip (staged in a group buffer then, as image drawing takes no mask).
    @_noAllocation
    private mutating func drawPlane(_ buffer: Surface, width: Int, height: Int, mapping: ImageTransform,
                                    opacity: UInt8, _ context: DrawContext) throws(CompositorError) {
        let target = context.target
        guard let clip = context.clip else {
            try Compositor.check(_unsafePerformance { Result { () throws(RasterError) in
                try target.drawImage(buffer.part(IntRect(x: 0, y: 0, width: width, height: height)),
                                     transform: mapping, opacity: opacity)
            } })
            return
        }
        let region = target.clip
        let staging = try groups.acquire(region: region)
        defer { groups.release() }
        try Compositor.check(_unsafePerformance { Result { () throws(RasterError) in
            try staging.drawImage(buffer.part(IntRect(x: 0, y: 0, width: width, height: height)),
                                  transform: mapping, opacity: 255)
        } })
        OffscreenCompositing.composite(staging, over: target, region: region, opacity: opacity, mask: clip)
    }

    /// The translation by (`x`, `y`) (raw Q16.16 canvas pixels).
    @_noAllocation
    @inline(__always)
    static func translation(x: Int64, y: Int64) -> Affine {
        Affine(a: .one, b: .zero, c: .zero, d: .one, tx: Fixed(raw: Int32(truncatingIfNeeded: x)),
               ty: Fixed(raw: Int32(truncatingIfNeeded: y)))
    }
}
