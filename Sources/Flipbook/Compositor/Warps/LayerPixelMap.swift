import FixedPoint

/// A layer's affine map onto the canvas and back, point by point in raw Q16.16 (64-bit, so a warp's far
/// points cannot wrap): the frame of a warp transition.
struct LayerPixelMap {
    /// Layer points → canvas pixels.
    let world: Affine
    /// Canvas pixels → layer points.
    let inverse: Affine

    /// The map of `world`, or nil when it is singular (an edge-on layer shows nothing).
    @_noAllocation
    init?(world: Affine) {
        do throws(FixedPointError) { inverse = try world.inverted() } catch { return nil }
        self.world = world
    }

    /// Layer point at the centre of canvas pixel (`x`, `y`).
    @inline(__always)
    @_noAllocation
    func layerPoint(pixelX x: Int, pixelY y: Int) -> (x: Int64, y: Int64) {
        LayerPixelMap.apply(inverse, (Int64(x) &<< 16) | 0x8000, (Int64(y) &<< 16) | 0x8000)
    }

    /// Canvas position of layer point (`x`, `y`).
    @inline(__always)
    @_noAllocation
    func canvasPoint(_ x: Int64, _ y: Int64) -> (x: Int64, y: Int64) {
        LayerPixelMap.apply(world, x, y)
    }

    /// `m · (x, y)`, rounded to nearest, with the point held within ±2^30 (±16,384 points, beyond any
    /// canvas) so the products with Q16.16 entries stay in 64 bits.
    @inline(__always)
    @_noAllocation
    static func apply(_ m: Affine, _ x: Int64, _ y: Int64) -> (x: Int64, y: Int64) {
        let limit: Int64 = 1 &<< 30
        let px = min(max(x, 0 &- limit), limit), py = min(max(y, 0 &- limit), limit)
        let rx = (Int64(m.a.raw) &* px &+ Int64(m.c.raw) &* py &+ 0x8000) &>> 16
        let ry = (Int64(m.b.raw) &* px &+ Int64(m.d.raw) &* py &+ 0x8000) &>> 16
        return (rx &+ Int64(m.tx.raw), ry &+ Int64(m.ty.raw))
    }
}
