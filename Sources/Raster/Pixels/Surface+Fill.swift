import FixedPoint

/// Solid rectangles: the opaque fast path (row stores at memset speed) and source-over with alpha.
extension Surface {
    /// Fills `rect ∩ clip` with `color` faded by `opacity`, source-over. An opaque colour at full opacity is
    /// stored directly; anything else is blended, each stored value rounded once (`ChannelMath.blend`).
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    @inlinable
    public func fill(_ rect: IntRect, color: PremultipliedColor, opacity: UInt8 = 255) {
        let area = rect.intersection(clip)
        if area.isEmpty || color.alpha == 0 || opacity == 0 { return }
        if opacity == 255 {
            if color.alpha == 255 {
                store(layout.encode(color), into: area)
            } else {
                blendUniform(y: area.y, x: area.x, count: area.width, rows: area.height, argb: color.packedARGB)
            }
            return
        }
        blendUniform(y: area.y, x: area.x, count: area.width, rows: area.height, argb: color.packedARGB,
                     weight: ChannelMath.weight(byte: UInt32(opacity)))
    }

    /// Stores `color` into every pixel of `rect ∩ clip` without blending (clearing offscreen buffers,
    /// backgrounds). Opaque layouts store the premultiplied channels (the colour over black).
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    @inlinable
    public func replace(_ rect: IntRect, with color: PremultipliedColor) {
        let area = rect.intersection(clip)
        if area.isEmpty { return }
        store(layout.encode(color), into: area)
    }
}
