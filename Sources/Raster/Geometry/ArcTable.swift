import FixedPoint

/// A quarter circle as a table, built once at setup: cos and sin of k · (π/2) / 512 for k = 0 … 512 in
/// Q30, and for each chord count n the radius factor √(θ / sin θ) (θ = (π/2) / n) that gives a chord the
/// area of the arc it replaces. A corner reads every (256/n)-th entry, so drawing one is table reads and
/// multiplications, never trigonometry.
@usableFromInline
struct ArcTable: ~Copyable {
    /// Table steps per quarter circle (a stored constant: static lets are lazily initialised globals,
    /// which the frame path's performance checks refuse).
    @usableFromInline let resolution = 512
    /// The fewest and most chords per quarter circle.
    @usableFromInline let minimumSegments = 4, maximumSegments = 256
    /// cos at entry 2k, sin at entry 2k + 1, Q30.
    @usableFromInline let values: UnsafeMutablePointer<Int64>
    /// The radius factor for n = 2^e chords at entry e (Q30; entries below `minimumSegments` unused).
    @usableFromInline let radiusFactors: UnsafeMutablePointer<Int64>

    init() {
        values = .allocate(capacity: 2 * (512 + 1))
        for k in 0...resolution {
            let u = Int64(k) << 30 / Int64(resolution)  // the angle as a fraction of the quarter turn, Q30
            values[2 * k] = Fixed.quarterTurnSineQ30(1 << 30 - u)
            values[2 * k + 1] = Fixed.quarterTurnSineQ30(u)
        }
        radiusFactors = .allocate(capacity: 9)
        radiusFactors[0] = 1 << 30
        radiusFactors[1] = 1 << 30
        for exponent in 2...8 {
            // √(θ / sin θ) = exp(θ²/12 + θ⁴/360 + θ⁶/5670 + …) = 1 + θ²/12 + θ⁴/160 + θ⁶/1983 + O(θ⁸),
            // below 1e-7 off for θ ≤ π/8 (n ≥ 4).
            let theta = Fixed.halfPiQ30 >> Int64(exponent)
            let square = (theta * theta) >> 30, fourth = (square * square) >> 30, sixth = (fourth * square) >> 30
            radiusFactors[exponent] = 1 << 30 + square / 12 + fourth / 160 + sixth / 1983
        }
    }

    deinit {
        values.deallocate()
        radiusFactors.deallocate()
    }

    /// cos of entry `k` (0 … 512), Q30.
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    @inlinable func cosine(_ k: Int) -> Int64 { values[2 &* k] }
    /// sin of entry `k` (0 … 512), Q30.
    #if !DEBUG
    @_noAllocation
    #endif
    @inlinable func sine(_ k: Int) -> Int64 { values[2 &* k &+ 1] }

    /// The radius factor for `segments` chords (a power of two, 4 … 256), Q30.
    #if !DEBUG
    @_noAllocation
    #endif
    @inlinable func radiusFactor(segments: Int) -> Int64 { radiusFactors[segments.trailingZeroBitCount] }

    /// Chords per quarter (a power of two, 4 … 256) that keep a corner of `radiusPixels` (device pixels,
    /// rounded up) within 1/64 pixel of the true circle: with the area-preserving radius the vertices lie
    /// r·θ²/12 outside it and the chord middles r·θ²/24 inside, and r·θ²/12 ≤ 1/64 when n² ≥ 13.2 r.
    @inlinable
    #if !DEBUG
    @_noAllocation
    #endif
    func segments(forRadiusPixels radiusPixels: Int64) -> Int {
        var n = minimumSegments
        while n < maximumSegments && Int64(n &* n) < 14 &* radiusPixels { n &<<= 1 }
        return n
    }
}
