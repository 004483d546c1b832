import FixedPoint

/// A quarter circle as a table, built once at setup: `cos` and `sin` of k · (π/2) / 64 for k = 0 … 64,
/// Q16.16. Rounded corners take every 64/n-th entry for n segments per quarter, so drawing a corner is
/// table reads and multiplications, never trigonometry.
struct ArcTable: ~Copyable {
    /// Segments per quarter circle at full resolution (a stored constant: static lets are lazily
    /// initialised globals, which the frame path's performance checks refuse).
    let resolution = 64
    /// cos at entry 2k, sin at entry 2k + 1.
    let values: UnsafeMutablePointer<Int64>

    init() {
        values = .allocate(capacity: 2 * (64 + 1))
        // (π/2) / 64 in Q16.16, computed from π in Q32 to keep the step exact to the last bit.
        let quarterTurnQ32: Int64 = 6_746_518_852  // π/2 · 2^32, rounded
        for k in 0...resolution {
            let angle = Fixed(raw: Int32((quarterTurnQ32 * Int64(k) / Int64(resolution) + (1 << 15)) >> 16))
            values[2 * k] = k == resolution ? 0 : Int64(angle.cosine.raw)
            values[2 * k + 1] = k == 0 ? 0 : Int64(angle.sine.raw)
        }
    }

    deinit { values.deallocate() }

    /// cos of entry `k` (0 … 64), Q16.16.
    @_noAllocation
    @inline(__always) func cosine(_ k: Int) -> Int64 { values[2 &* k] }
    /// sin of entry `k` (0 … 64), Q16.16.
    @_noAllocation
    @inline(__always) func sine(_ k: Int) -> Int64 { values[2 &* k &+ 1] }

    /// Segments per quarter (a power of two, 1 … 64) that keep a corner of `radiusPixels` (device pixels,
    /// rounded up) within about 1/16 pixel of the true circle: the chord error r·(1 − cos(π/4n)) ≤ 1/16
    /// holds when n² ≥ 5r.
    @inline(__always)
    @_noAllocation
    func segments(forRadiusPixels radiusPixels: Int64) -> Int {
        var n = 1
        while n < resolution && Int64(n &* n) < 5 &* radiusPixels { n &<<= 1 }
        return n
    }
}
