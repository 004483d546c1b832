/// Compositing one surface onto another: opacity groups, masked layers and offscreen results.
extension Surface {
    /// Composites `source` (premultiplied ARGB8888 or A8) with its pixel (0, 0) at destination (`x`, `y`),
    /// source-over, weighted by `opacity` and multiplied by `mask` (an A8 surface the size of `source`) when
    /// given, within this surface's clip; each stored value rounded once (`ChannelMath.blend`). Throws `.layoutMismatch` / `.sizeMismatch` for a wrong source or mask.
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    public func composite(_ source: Surface, x: Int, y: Int, opacity: UInt8 = 255, mask: Surface? = nil) throws(RasterError) {
        guard source.layout.fastPath == .packed8888(canonical: true) && source.layout.hasAlpha else {
            throw .layoutMismatch(expected: .argb8888Premultiplied, actual: source.layout)
        }
        if let mask {
            guard mask.layout.fastPath == .alpha8 else { throw .layoutMismatch(expected: .a8, actual: mask.layout) }
            guard mask.width == source.width, mask.height == source.height else {
                throw .sizeMismatch(width: mask.width, height: mask.height,
                                    expectedWidth: source.width, expectedHeight: source.height)
            }
        }
        let area = IntRect(x: x, y: y, width: source.width, height: source.height).intersection(clip)
        if area.isEmpty || opacity == 0 { return }
        for row in area.y..<area.maxY {
            let sourceRow = UnsafePointer(source.rowAddress(row &- y).assumingMemoryBound(to: UInt32.self)) + (area.x &- x)
            let pixels = RowSource(pixels: sourceRow)
            if let mask {
                let maskRow = UnsafePointer(mask.rowAddress(row &- y).assumingMemoryBound(to: UInt8.self)) + (area.x &- x)
                blend(y: row, x: area.x, count: area.width, source: pixels,
                      coverage: MaskedCoverage(UniformWideCoverage(WideCoverage.full), opacity: UInt32(opacity), mask: maskRow))
            } else if layout.fastPath == .packed8888(canonical: true) {
                RowBlender8888.composite(rowAddress(row).assumingMemoryBound(to: UInt32.self) + area.x, count: area.width,
                                         source: sourceRow, opacity: UInt32(opacity))
            } else if case .packed565(let redHigh) = layout.fastPath {
                RowBlender565.composite(rowAddress(row).assumingMemoryBound(to: UInt16.self) + area.x, count: area.width,
                                        source: sourceRow, opacity: UInt32(opacity), redHigh: redHigh)
            } else if opacity == 255 {
                blend(y: row, x: area.x, count: area.width, source: pixels)
            } else {
                blend(y: row, x: area.x, count: area.width, source: pixels, coverage: UniformCoverage(value: UInt32(opacity)))
            }
        }
    }

    /// Composites an offscreen buffer back where it was taken from (`slot.destinationBounds`).
    #if !DEBUG
    @_noAllocation
    #endif
    public func composite(_ slot: OffscreenSlot, opacity: UInt8 = 255, mask: Surface? = nil) throws(RasterError) {
        try composite(slot.surface, x: slot.originX, y: slot.originY, opacity: opacity, mask: mask)
    }
}
