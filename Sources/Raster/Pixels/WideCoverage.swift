/// Coverage as the rasterizers hand it to a `CoverageSink`: the exact area of a pixel inside a shape in
/// 1/32640 of the pixel (Q8.7 in `UInt16`: the 8-bit coverage scale 0 … 255 with seven more fraction bits;
/// `full` = 255 × 128 = 32640).
///
/// Rasterizers truncate the exact area to this unit (error < 1/32640 px, always below), so the 8-bit
/// coverage `round(255 × area)` is recovered exactly by `byte(_:)`: ⌊(⌊255·128·A⌋ + 64) / 128⌋ =
/// ⌊255·A + ½⌋. Values below `visible` (less than half an 8-bit step) are never emitted: with a blend
/// rounded once they cannot change a pixel (`ChannelMath.blend`, |Δ| ≤ 63/32640 × 255 < ½).
public enum WideCoverage {
    /// A fully covered pixel: 32640 = 255 × 2⁷.
    @inlinable public static var full: UInt16 { 32_640 }
    /// Fraction bits below the 8-bit scale.
    @inlinable public static var fractionBits: Int64 { 7 }
    /// The smallest value a rasterizer emits (half an 8-bit step).
    @inlinable public static var visible: Int32 { 64 }

    /// `count` rounded up to whole octets (eight values): what a span stored for `OctetSpanBlender` takes, its
    /// `count` values then zeros. `count` ≥ 0.
    @inlinable @inline(__always)
    public static func octetPadded(_ count: Int) -> Int { (count &+ 7) & ~7 }

    /// The wide value of an 8-bit coverage (0 … 255): exact, `byte × 128`.
    @inlinable @inline(__always)
    public static func from(byte: UInt8) -> UInt16 { UInt16(byte) &<< 7 }

    /// The 8-bit coverage of a wide value, rounded to nearest (ties up): `(coverage + 64) >> 7`.
    @inlinable @inline(__always)
    public static func byte(_ coverage: UInt16) -> UInt8 { UInt8(truncatingIfNeeded: (UInt32(coverage) &+ 64) &>> 7) }

    /// `area / whole` (0 ≤ area ≤ whole, whole ≤ 2⁴⁰) in this unit, truncated.
    @inlinable @inline(__always)
    static func of(area: Int64, whole: Int64) -> Int32 {
        Int32(truncatingIfNeeded: (area &* 32_640) / whole)
    }

    /// `area / 2^bits` (0 ≤ area ≤ 2^bits, 7 ≤ bits ≤ 40) in this unit, truncated (a shift, no division).
    @inlinable @inline(__always)
    static func of(area: Int64, bits: Int64) -> Int32 {
        Int32(truncatingIfNeeded: (area &* 255) &>> (bits &- fractionBits))
    }
}
