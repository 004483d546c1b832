import FixedPoint

/// An affine transform widened for drawing: points (Q16.16, e.g. a layer's) → canvas subpixels in the
/// rasterizer's grid (`Rasterizer.addLine` coordinates, `Rasterizer.subpixelBits` fraction bits).
///
/// The linear part and the translation are raw Q16.16 in `Int64`, so products of coordinates and
/// coefficients never overflow for any `Fixed` input and the result is rounded once, at the end.
/// A device offset (a transition sliding a subtree) is folded into the translation.
public struct SubpixelMapping {
    /// The linear part, raw Q16.16.
    public var a: Int64, b: Int64, c: Int64, d: Int64
    /// Translation in canvas pixels, Q16.16.
    public var tx: Int64, ty: Int64

    /// The world transform `affine` moved by (`offsetX`, `offsetY`) canvas pixels (Q16.16 raw).
    @inlinable
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    public init(_ affine: Affine, offsetX: Int64 = 0, offsetY: Int64 = 0) {
        a = Int64(affine.a.raw)
        b = Int64(affine.b.raw)
        c = Int64(affine.c.raw)
        d = Int64(affine.d.raw)
        tx = Int64(affine.tx.raw) &+ offsetX
        ty = Int64(affine.ty.raw) &+ offsetY
    }

    /// Fraction bits of the rasterizer's subpixel grid (`Rasterizer.addLine` coordinates).
    #if !DEBUG
    @_noAllocation
    #endif
    @inlinable
    public static func subpixelBits() -> Int64 { Int64(Rasterizer.subpixelBits) }

    /// The canvas position of layer point (`x`, `y`) (raw Q16.16), in rasterizer subpixels, rounded to
    /// nearest (the Q32 sum of products shifted down once).
    #if !DEBUG
    @_noAllocation
    #endif
    @inlinable
    public func subpixel(x: Int64, y: Int64) -> (x: Int64, y: Int64) {
        let shift = 32 &- SubpixelMapping.subpixelBits()
        let half: Int64 = 1 &<< (shift &- 1)
        let sx = (a &* x &+ c &* y &+ (tx &<< 16) &+ half) &>> shift
        let sy = (b &* x &+ d &* y &+ (ty &<< 16) &+ half) &>> shift
        return (sx, sy)
    }

    /// An upper bound of how much the transform stretches a length, Q16.16 (at least the true factor,
    /// at most √2 times it): the larger column's |x| + |y|.
    #if !DEBUG
    @_noAllocation
    #endif
    @inlinable
    public func stretchBound() -> Int64 {
        let column1 = (a < 0 ? 0 &- a : a) &+ (b < 0 ? 0 &- b : b)
        let column2 = (c < 0 ? 0 &- c : c) &+ (d < 0 ? 0 &- d : d)
        return column1 > column2 ? column1 : column2
    }

    /// The whole pixels that the layer-space rectangle (raw Q16.16 edges) can touch on the canvas: the
    /// bounding box of its four transformed corners, widened to pixel boundaries.
    @inlinable
    #if !DEBUG
    @_noAllocation
    #endif
    public func pixelBounds(minX: Int64, minY: Int64, maxX: Int64, maxY: Int64) -> IntRect {
        let p0 = subpixel(x: minX, y: minY), p1 = subpixel(x: maxX, y: minY)
        let p2 = subpixel(x: maxX, y: maxY), p3 = subpixel(x: minX, y: maxY)
        let left = min(min(p0.x, p1.x), min(p2.x, p3.x)), right = max(max(p0.x, p1.x), max(p2.x, p3.x))
        let top = min(min(p0.y, p1.y), min(p2.y, p3.y)), bottom = max(max(p0.y, p1.y), max(p2.y, p3.y))
        let bits = SubpixelMapping.subpixelBits(), fraction: Int64 = (1 &<< bits) &- 1
        let minX = Int(truncatingIfNeeded: left &>> bits), minY = Int(truncatingIfNeeded: top &>> bits)
        let maxX = Int(truncatingIfNeeded: (right &+ fraction) &>> bits)
        let maxY = Int(truncatingIfNeeded: (bottom &+ fraction) &>> bits)
        return IntRect(x: minX, y: minY, width: maxX &- minX, height: maxY &- minY)
    }
}
