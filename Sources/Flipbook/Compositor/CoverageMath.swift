import Raster

/// Arithmetic on A8 coverage buffers (canvas coordinates).
enum CoverageMath {
    /// Multiplies every pixel of `region` in `target` by the pixel of `factor` at the same place
    /// (`a × b / 255`, rounded to nearest): nesting a mask inside a clip.
    @inline(__always)
    @_noAllocation
    static func multiply(_ target: Surface, by factor: Surface, region: IntRect) {
        let area = region.intersection(target.bounds).intersection(factor.bounds)
        if area.isEmpty { return }
        for y in area.y..<area.maxY {
            let row = target.rowAddress(y).assumingMemoryBound(to: UInt8.self)
            let other = factor.rowAddress(y).assumingMemoryBound(to: UInt8.self)
            for x in area.x..<area.maxX {
                row[x] = UInt8(truncatingIfNeeded: ChannelMath.multiply(UInt32(row[x]), UInt32(other[x])))
            }
        }
    }
}
