/// Source-over rounded once: every stored 8-bit value is `round(d + f·(s − d·a/255))`, where `f` is the
/// draw's coverage × opacity × mask (a real number in 0 … 1), `s` a premultiplied source channel, `a` the
/// source alpha and `d` the destination channel. There is no intermediate rounding: the colour is not faded
/// first, coverage is not rounded to 8 bits, the product is not rounded before the blend.
///
/// `f` travels as a Q16 weight `W` (65536 = 1), from the wide coverage (Q8.7, `WideCoverage`) and an 8-bit
/// scale (opacity × mask, 0 … 65025) with one rounding up. Given `W`, the blend is exact: per channel
/// `⌊(255·W·s + d·(255·2¹⁶ − W·a) + 255·2¹⁵) / (255·2¹⁶)⌋`, two products in 32 bits per channel, two
/// channels at a time in 64-bit words (no carry crosses a half: for s ≤ a every numerator is at most
/// 255²·2¹⁶ + 255·2¹⁵ < 2³²). The only errors before the final rounding are `W`'s (< 1/65536 of f) and the
/// coverage's truncation to 1/32640 px: |error| < 255/32640 + 255/65536 < 0.012/255 of full scale
/// (`BlendTests` checks the bound against exact rationals). At `W` = 65536 (full coverage, no opacity) the
/// formula is `s + round(d·(255 − a)/255)`, which the vector solid loops compute.
extension ChannelMath {
    /// The Q16 weight of a fully covered, unfaded pixel.
    @inlinable static var fullWeight: UInt32 { 65_536 }

    /// The scale (opacity × mask product) of no opacity and no mask: 255 × 255.
    @inlinable static var fullScale: UInt32 { 65_025 }

    /// ⌊2⁶³ / (32640 · 65025)⌋: `weight` multiplies by it and shifts by 47.
    @inlinable static var weightReciprocal: UInt64 { 4_345_694_735 }

    /// The blend weight `coverage/32640 × scale/65025` in Q16 (0 … 65536), rounded up (so that half-covered
    /// A8 pixels store the same byte as round(255 × area)); `coverage` ≤ 32640, `scale` ≤ 65025. The reciprocal
    /// is rounded down by less than 1 part in 2³², so exact results (e.g. 65536 for full × full) are kept.
    @inlinable @inline(__always)
    static func weight(coverage: UInt32, scale: UInt32) -> UInt32 {
        let product = UInt64(coverage &* scale)
        return UInt32(truncatingIfNeeded: (product &* weightReciprocal &+ ((1 &<< 47) &- 1)) &>> 47)
    }

    /// The Q16 weight of an 8-bit coverage or opacity (0 … 255) alone: `weight(coverage: byte × 128, scale: 65025)`.
    @inlinable @inline(__always)
    static func weight(byte: UInt32) -> UInt32 {
        weight(coverage: byte &<< 7, scale: fullScale)
    }

    /// Source-over of the premultiplied 8888 word `source` (alpha `alpha`, every byte ≤ alpha) weighted by
    /// `weight` (Q16) onto `destination`, all four bytes, each rounded once (see above). Byte order does not
    /// matter; the alpha byte blends like the others.
    @inlinable @inline(__always)
    static func blend(_ source: UInt32, alpha: UInt32, weight: UInt32, over destination: UInt32) -> UInt32 {
        let sourceFactor = UInt64(weight &* 255)
        let destinationFactor = UInt64(16_711_680 &- weight &* alpha)  // 255·2¹⁶ − W·a
        let even = blendPair(spreadPair(source), spreadPair(destination), sourceFactor, destinationFactor)
        let odd = blendPair(spreadPair(source &>> 8), spreadPair(destination &>> 8), sourceFactor, destinationFactor)
        return even | odd &<< 8
    }

    /// `blend` for an opaque `source` (alpha 255): with a = 255 the factor 255 cancels and every byte is
    /// `⌊(d·(2¹⁶ − W) + s·W + 2¹⁵) / 2¹⁶⌋`, the same value as `blend`, with one product per two channels
    /// and no division (each 32-bit half stays below 255·2¹⁶ + 2¹⁵). `weight` 0 … 65536.
    @inlinable @inline(__always)
    static func blendOpaque(_ source: UInt32, weight: UInt32, over destination: UInt32) -> UInt32 {
        let sourceFactor = UInt64(weight), destinationFactor = UInt64(65_536 &- weight)
        @inline(__always) func pair(_ shift: UInt32) -> UInt32 {
            let sum = spreadPair(source &>> shift) &* sourceFactor &+ spreadPair(destination &>> shift) &* destinationFactor
                &+ 0x0000_8000_0000_8000
            return UInt32(truncatingIfNeeded: (sum &>> 16) & 0xFF | (sum &>> 32) & 0x00FF_0000) &<< shift
        }
        return pair(0) | pair(8)
    }

    /// `blend` for one channel (A8 masks): alpha `alpha` weighted by `weight` onto `destination`.
    @inlinable @inline(__always)
    static func blendAlpha(_ alpha: UInt32, weight: UInt32, over destination: UInt32) -> UInt32 {
        let numerator = weight &* 255 &* alpha &+ destination &* (16_711_680 &- weight &* alpha) &+ 8_355_840
        return floorDivideBy255(numerator &>> 16)
    }

    /// ⌊v / 255⌋ for 0 ≤ v ≤ 65534 without a division (tested over that range).
    @inlinable @inline(__always)
    static func floorDivideBy255(_ value: UInt32) -> UInt32 {
        (value &+ 1 &+ (value &>> 8)) &>> 8
    }

    /// Bytes 0 and 2 of `word` in the low byte of each 32-bit half.
    @inlinable @inline(__always)
    static func spreadPair(_ word: UInt32) -> UInt64 {
        let bytes = UInt64(word & 0x00FF_00FF)
        return (bytes | bytes &<< 16) & 0x0000_00FF_0000_00FF
    }

    /// The blend of two channels held as `spreadPair` halves, back in bytes 0 and 2 of a word.
    @inlinable @inline(__always)
    static func blendPair(_ source: UInt64, _ destination: UInt64, _ sourceFactor: UInt64,
                          _ destinationFactor: UInt64) -> UInt32 {
        let numerator = source &* sourceFactor &+ destination &* destinationFactor &+ 0x007F_8000_007F_8000
        let scaled = (numerator &>> 16) & 0x0000_FFFF_0000_FFFF
        let quotient = scaled &+ 0x0000_0001_0000_0001 &+ ((scaled &>> 8) & 0x0000_00FF_0000_00FF)  // ⌊v/255⌋ · 256 + …
        return UInt32(truncatingIfNeeded: (quotient &>> 8) & 0xFF) | UInt32(truncatingIfNeeded: (quotient &>> 24) & 0x00FF_0000)
    }
}
