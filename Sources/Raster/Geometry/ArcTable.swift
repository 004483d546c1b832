import FixedPoint

/// A quarter circle as a table, built once at setup: cos and sin of k · (π/2) / 768 for k = 0 … 768 in
/// Q30, and for each chord count n the table allows the radius factor √(θ / sin θ) (θ = (π/2) / n) that
/// gives a chord the area of the arc it replaces. A corner of n chords reads every (768/n)-th entry, so
/// drawing one is table reads and multiplications, never trigonometry.
///
/// The chord counts are the divisors of 384 from 4 to 192 (4, 6, 8, 12, 16, 24, … 192: powers of two and
/// three times them), so every chord's middle angle is a table entry and each count is at most 1.5 times
/// the one a radius needs — with powers of two alone, up to twice.
@usableFromInline
struct ArcTable: ~Copyable {
    /// Table steps per quarter circle (a stored constant: static lets are lazily initialised globals,
    /// which the frame path's performance checks refuse).
    @usableFromInline let resolution = 768
    /// How many chord counts the table allows: the divisors of 384 from 4 to 192.
    @usableFromInline let chordCountCount = 12
    /// cos at entry 2k, sin at entry 2k + 1, Q30.
    @usableFromInline let values: UnsafeMutablePointer<Int64>
    /// The allowed chord counts, ascending.
    @usableFromInline let chordCounts: UnsafeMutablePointer<Int>
    /// The radius factor of `chordCounts[i]` chords at entry i (Q30).
    @usableFromInline let radiusFactors: UnsafeMutablePointer<Int64>

    init() {
        values = .allocate(capacity: 2 * (768 + 1))
        for k in 0...resolution {
            let u = Int64(k) << 30 / Int64(resolution)  // the angle as a fraction of the quarter turn, Q30
            values[2 * k] = Fixed.quarterTurnSineQ30(1 << 30 - u)
            values[2 * k + 1] = Fixed.quarterTurnSineQ30(u)
        }
        chordCounts = .allocate(capacity: chordCountCount)
        radiusFactors = .allocate(capacity: chordCountCount)
        var index = 0
        for n in 4...(resolution / 4) where (resolution / 2) % n == 0 {
            chordCounts[index] = n
            // √(θ / sin θ) = exp(θ²/12 + θ⁴/360 + θ⁶/5670 + …) = 1 + θ²/12 + θ⁴/160 + θ⁶/1983 + O(θ⁸),
            // below 1e-7 off for θ ≤ π/8 (n ≥ 4).
            let theta = Fixed.halfPiQ30 / Int64(n)
            let square = (theta * theta) >> 30, fourth = (square * square) >> 30, sixth = (fourth * square) >> 30
            radiusFactors[index] = 1 << 30 + square / 12 + fourth / 160 + sixth / 1983
            index += 1
        }
    }

    deinit {
        values.deallocate()
        chordCounts.deallocate()
        radiusFactors.deallocate()
    }

    /// cos of entry `k` (0 … 768), Q30.
    #if !DEBUG  // checked in whole-module (release) builds; see docs/raster-pixels.md
    @_noAllocation
    #endif
    @inlinable func cosine(_ k: Int) -> Int64 { values[2 &* k] }
    /// sin of entry `k` (0 … 768), Q30.
    #if !DEBUG
    @_noAllocation
    #endif
    @inlinable func sine(_ k: Int) -> Int64 { values[2 &* k &+ 1] }

    /// The fewest chords per quarter the table allows (an index into `chordCounts`) that keep a corner of
    /// `radiusPixels` (device pixels, rounded up) within 1/64 pixel of the true circle: with the
    /// area-preserving radius the vertices lie r·θ²/12 outside it and the chord middles r·θ²/24 inside,
    /// and r·θ²/12 ≤ 1/64 when n² ≥ 13.2 r. The largest count (192) keeps that up to 2,600 px.
    @inlinable
    #if !DEBUG
    @_noAllocation
    #endif
    func chordCountIndex(forRadiusPixels radiusPixels: Int64) -> Int {
        var index = 0
        while index < chordCountCount &- 1 && Int64(chordCounts[index] &* chordCounts[index]) < 14 &* radiusPixels {
            index &+= 1
        }
        return index
    }
}
