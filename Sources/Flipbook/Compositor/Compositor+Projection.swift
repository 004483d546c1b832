import FixedPoint
import Raster

/// Layers with a 3-D transform (perspective, rotation about x or y): the layer and its subtree are drawn
/// flat, in the layer's own coordinates, into an offscreen buffer, which is then drawn onto the target as
/// an image through the projective part of the world transform (bilinear, per-pixel perspective divide).
extension Compositor {
    /// Draws the 3-D layer at `index` (subtree up to `end`) faded by `opacity`.
    ///
    /// Sublayers are drawn flat in the layer's plane (their world transforms are brought back into the
    /// layer's coordinates through the inverse of its affine part, which is exact for flat sublayers).
    /// The projected image is not clipped by an enclosing `masksToBounds` clip, and an edge-on layer
    /// (singular transform) shows nothing.
    @_noAllocation
    mutating func drawProjected(_ entries: UnsafeBufferPointer<PresentationLayer>, _ index: Int, end: Int,
                                opacity: UInt8, _ context: DrawContext) throws(CompositorError) {
        let entry = entries[index]
        guard case .some(let matrix) = entry.transform3D else { return }
        let originX = Int64(entry.bounds.minX.raw) &>> 16, originY = Int64(entry.bounds.minY.raw) &>> 16
        let width = min(Int(((Int64(entry.bounds.maxX.raw) &+ 0xFFFF) &>> 16) &- originX), canvas.width)
        let height = min(Int(((Int64(entry.bounds.maxY.raw) &+ 0xFFFF) &>> 16) &- originY), canvas.height)
        guard width > 0, height > 0 else { return }
        let affine = entry.transform
        let inverse = _unsafePerformance { Result { () throws(FixedPointError) in try affine.inverted() } }
        guard case .success(let flatten) = inverse else { return }
        let shift = Affine(a: .one, b: .zero, c: .zero, d: .one, tx: Fixed(raw: Int32(truncatingIfNeeded: 0 &- (originX &<< 16))),
                           ty: Fixed(raw: Int32(truncatingIfNeeded: 0 &- (originY &<< 16))))
        let local = IntRect(x: 0, y: 0, width: width, height: height)
        let buffer = try groups.acquire(region: local)
        defer { groups.release() }
        var inner = DrawContext(target: buffer, clip: nil, resources: context.resources, drawCount: context.drawCount,
                                drawingMask: context.drawingMask)
        inner.frame = Compositor.concatenate(shift, flatten)
        try drawLayer(entries, index, end: end, opacity: 255, inner)
        // Buffer pixel (u, v) is layer point (u + originX, v + originY): fold that shift into the last row.
        let first: [3 of Int64] = [matrix.m11.raw, matrix.m12.raw, matrix.m14.raw]
        let second: [3 of Int64] = [matrix.m21.raw, matrix.m22.raw, matrix.m24.raw]
        let third: [3 of Int64] = [
            matrix.m41.raw &+ originX &* matrix.m11.raw &+ originY &* matrix.m21.raw,
            matrix.m42.raw &+ originX &* matrix.m12.raw &+ originY &* matrix.m22.raw,
            matrix.m44.raw &+ originX &* matrix.m14.raw &+ originY &* matrix.m24.raw,
        ]
        let target = context.target
        try Compositor.check(_unsafePerformance { Result { () throws(RasterError) in
            let image = try Surface(baseAddress: buffer.baseAddress, width: width, height: height,
                                    strideBytes: buffer.strideBytes, layout: buffer.layout)
            let mapping: ImageTransform
            do throws(RasterError) { mapping = try ImageTransform(rows: first, second, third) } catch { return }  // edge-on: nothing
            try target.drawImage(image, transform: mapping, opacity: opacity)
        } })
    }
}
