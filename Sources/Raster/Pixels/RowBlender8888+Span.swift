extension RowBlender8888 {
    /// Source-over of one canonical premultiplied colour × per-pixel wide `coverage` (`WideCoverage`) ×
    /// `scale` (opacity × 255) onto `count` canonical 8888 pixels (anti-aliased edges), rounded once
    /// (`ChannelMath.blend`). An opaque colour at full scale goes eight pixels per step (`OpaqueSpanLanes`:
    /// eight full coverages are two vector stores, eight zeros are skipped, anything else is blended on
    /// 16-bit lanes with the same result as `ChannelMath.blend`), the last eight as one more octet; an opaque
    /// colour faded by opacity takes the same lanes eight pixels at a time with each pixel's weight worked out
    /// alone (`ChannelMath.weight`); the pixels left over, and spans shorter than eight, pixel by pixel
    /// (`ChannelMath.blendOpaque`), and every pixel of a translucent colour by `ChannelMath.blend` (zero coverage
    /// skipped).
    @inlinable @inline(__always)
    static func blendSpan(_ row: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32, coverage: UnsafePointer<UInt16>,
                          scale: UInt32) {
        let alpha = source &>> 24
        let storesFull = alpha == 255 && scale == ChannelMath.fullScale
        var index = 0
        if storesFull && count >= 8 {
            let lanes = OpaqueSpanLanes(source: source)
            let bytes = UnsafeMutableRawPointer(row), values = UnsafeRawPointer(coverage)
            // The last eight pixels, from the destination as it is now, stored after the loop: the pixels it
            // shares with the loop's last octet get the same values twice (each depends only on its own
            // coverage and destination), and no pixel is left to the scalar loop.
            let lastOffset = count &- 8
            let last = lanes.blended(values.loadUnaligned(fromByteOffset: lastOffset &* 2, as: SIMD8<UInt16>.self),
                                     onto: bytes + lastOffset &* 4)
            while index < lastOffset {
                lanes.blend(values.loadUnaligned(fromByteOffset: index &* 2, as: SIMD8<UInt16>.self),
                            onto: bytes + index &* 4)
                index &+= 8
            }
            bytes.storeBytes(of: last.low, toByteOffset: lastOffset &* 4, as: SIMD8<UInt16>.self)
            bytes.storeBytes(of: last.high, toByteOffset: lastOffset &* 4 &+ 16, as: SIMD8<UInt16>.self)
            return
        }
        if alpha == 255 {
            // Faded: below full scale every weight is at most 65535, which the lanes take.
            let lanes = OpaqueSpanLanes(source: source)
            let bytes = UnsafeMutableRawPointer(row)
            while index &+ 8 <= count {
                var weights = SIMD8<UInt16>()
                for lane in 0 ..< 8 {
                    weights[lane] = UInt16(truncatingIfNeeded: ChannelMath.weight(coverage: UInt32(coverage[index &+ lane]), scale: scale))
                }
                lanes.blend(weights: weights, onto: bytes + index &* 4)
                index &+= 8
            }
        }
        while index < count {
            let value = coverage[index]
            if value != 0 {
                if alpha == 255 {
                    row[index] = ChannelMath.blendOpaque(source, weight: ChannelMath.weight(coverage: UInt32(value), scale: scale),
                                                         over: row[index])
                } else {
                    let weight = ChannelMath.weight(coverage: UInt32(value), scale: scale)
                    row[index] = ChannelMath.blend(source, alpha: alpha, weight: weight, over: row[index])
                }
            }
            index &+= 1
        }
    }
}

/// The blend of one opaque canonical 8888 colour (no mask) onto eight pixels, on 16-bit lanes (four pixels per
/// `QuadLanes` register, as loaded): with eight wide coverages at full scale, or with the eight weights of a colour
/// faded by opacity.
///
/// With a = 255 and scale 65025 the single-rounding blend `⌊(255·W·s + d·(255·2¹⁶ − 255·W) + 255·2¹⁵) /
/// (255·2¹⁶)⌋` is exactly `d + ⌊(W·(s − d) + 2¹⁵) / 2¹⁶⌋` (the factor 255 cancels), and the weight
/// `⌈c·2¹⁶/32640⌉` is exactly `2c + ⌊(2c + 255)·257 / 2¹⁶⌋` (= 2c + ⌈2c/255⌉). Both fit 16-bit lanes
/// below full coverage: read as a signed lane, W is `W − 2¹⁶·[W ≥ 2¹⁵]`, so `W·(s − d)` is the signed product
/// `(s − d)·W_signed` plus `2¹⁶·(s − d)` where W ≥ 2¹⁵; the signed product's high half is its floor over 2¹⁶,
/// and the rounding adds one when its low half reaches 2¹⁵. Full coverage takes 65535, which gives `s`
/// exactly. No step approximates: every byte equals `ChannelMath.blend` (`SpanLaneBlendTests` checks every
/// coverage × every difference s − d).
@usableFromInline
struct OpaqueSpanLanes {
    /// The colour in all four pixels of a quad.
    @usableFromInline let quad: SIMD8<UInt16>
    /// Its even bytes (blue, red) and odd bytes (green, alpha) in 16-bit lanes.
    @usableFromInline let even: SIMD8<UInt16>, odd: SIMD8<UInt16>

    /// `source`: an opaque canonical premultiplied ARGB word (alpha 255).
    @inlinable @inline(__always)
    init(source: UInt32) {
        quad = unsafeBitCast(SIMD4<UInt32>(repeating: source), to: SIMD8<UInt16>.self)
        even = quad & 0x00FF
        odd = quad &>> 8
    }

    /// Blends the eight pixels at `pixels` with the wide coverages `coverage` (0 ... 32640): eight full
    /// coverages are two stores, eight zeros nothing.
    @inlinable @inline(__always)
    func blend(_ coverage: SIMD8<UInt16>, onto pixels: UnsafeMutableRawPointer) {
        let full = SIMD8<UInt16>(repeating: WideCoverage.full)
        if QuadLanes.equal(coverage, full) {
            pixels.storeBytes(of: quad, as: SIMD8<UInt16>.self)
            pixels.storeBytes(of: quad, toByteOffset: 16, as: SIMD8<UInt16>.self)
            return
        }
        if QuadLanes.equal(coverage, SIMD8<UInt16>()) { return }
        let result = mixed(coverage, low: pixels.loadUnaligned(as: SIMD8<UInt16>.self),
                           high: pixels.loadUnaligned(fromByteOffset: 16, as: SIMD8<UInt16>.self))
        pixels.storeBytes(of: result.low, as: SIMD8<UInt16>.self)
        pixels.storeBytes(of: result.high, toByteOffset: 16, as: SIMD8<UInt16>.self)
    }

    /// Blends the eight pixels at `pixels` with eight Q16 weights below 2¹⁶ (a faded colour's; 0 leaves a pixel
    /// as it is).
    @inlinable @inline(__always)
    func blend(weights: SIMD8<UInt16>, onto pixels: UnsafeMutableRawPointer) {
        let low = pixels.loadUnaligned(as: SIMD8<UInt16>.self)
        let high = pixels.loadUnaligned(fromByteOffset: 16, as: SIMD8<UInt16>.self)
        pixels.storeBytes(of: blend(low, weights: Self.pairs(weights, from: 0)), as: SIMD8<UInt16>.self)
        pixels.storeBytes(of: blend(high, weights: Self.pairs(weights, from: 4)), toByteOffset: 16, as: SIMD8<UInt16>.self)
    }

    /// The blend of the eight pixels at `pixels` with `coverage` (0 ... 32640), not stored: pixels 0–3 in
    /// `low`, 4–7 in `high`, as `QuadLanes`.
    @inlinable @inline(__always)
    func blended(_ coverage: SIMD8<UInt16>, onto pixels: UnsafeMutableRawPointer) -> (low: SIMD8<UInt16>, high: SIMD8<UInt16>) {
        if QuadLanes.equal(coverage, SIMD8<UInt16>(repeating: WideCoverage.full)) { return (quad, quad) }
        let low = pixels.loadUnaligned(as: SIMD8<UInt16>.self)
        let high = pixels.loadUnaligned(fromByteOffset: 16, as: SIMD8<UInt16>.self)
        return mixed(coverage, low: low, high: high)
    }

    /// Pixels 0–3 (`low`) and 4–7 (`high`) blended with their coverages; a quad of four full coverages is
    /// the colour, a quad of four zeros the destination (the edges of a span are mostly one or the other).
    @inlinable @inline(__always)
    func mixed(_ coverage: SIMD8<UInt16>, low: SIMD8<UInt16>, high: SIMD8<UInt16>) -> (low: SIMD8<UInt16>, high: SIMD8<UInt16>) {
        let quads = unsafeBitCast(coverage, to: SIMD2<UInt64>.self)
        @inline(__always) func quadResult(_ pixels: SIMD8<UInt16>, _ values: UInt64, from start: Int) -> SIMD8<UInt16> {
            if values == Self.fullQuad { return quad }
            if values == 0 { return pixels }
            // Weights of the paired coverages, not pairs of the eight weights: LLVM turned the signed reading of
            // paired weights into a 32-bit unpack, shift and pack per quad.
            return blend(pixels, weights: Self.weights(Self.pairs(coverage, from: start)))
        }
        return (quadResult(low, quads[0], from: 0), quadResult(high, quads[1], from: 4))
    }

    /// Four full coverages as one 64-bit word.
    @inlinable static var fullQuad: UInt64 { 0x7F80_7F80_7F80_7F80 }

    /// Four pixels as loaded; `weights` holds each pixel's weight in both of its lanes.
    @inlinable @inline(__always)
    func blend(_ pixels: SIMD8<UInt16>, weights: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let upper = unsafeBitCast(unsafeBitCast(weights, to: SIMD8<Int16>.self) &>> 15, to: SIMD8<UInt16>.self)
        return Self.blendBytes(pixels & 0x00FF, even, weights, upper: upper)
            | Self.blendBytes(pixels &>> 8, odd, weights, upper: upper) &<< 8
    }

    /// The Q16 weights `⌈c·2¹⁶/32640⌉` of eight coverages (0 ... 32640), except 65535 for full coverage
    /// (65536 does not fit a lane; `blendBytes` at 65535 gives exactly `s`, like 65536, because
    /// |s − d|/2¹⁶ < ½).
    @inlinable @inline(__always)
    static func weights(_ coverage: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let doubled = coverage &<< 1
        let isFull = (coverage &+ 128) &>> 15  // 1 at 32640, 0 below
        return doubled &+ highProduct(doubled &+ 255, SIMD8<UInt16>(repeating: 257)) &- isFull
    }

    /// `d + ⌊(W·(s − d) + 2¹⁵) / 2¹⁶⌋` per lane, for bytes `d`, `s` and weights `W` < 2¹⁶; `upper` is all ones
    /// in the lanes whose weight is at least 2¹⁵ (its sign bit), zero elsewhere.
    @inlinable @inline(__always)
    static func blendBytes(_ destination: SIMD8<UInt16>, _ source: SIMD8<UInt16>, _ weight: SIMD8<UInt16>,
                           upper: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let difference = source &- destination
        let high = signedHighProduct(unsafeBitCast(difference, to: SIMD8<Int16>.self), unsafeBitCast(weight, to: SIMD8<Int16>.self))
        let low = difference &* weight
        return destination &+ unsafeBitCast(high, to: SIMD8<UInt16>.self) &+ (low &>> 15) &+ (difference & upper)
    }

    /// The high 16 bits of each lane's 32-bit product (one `pmulhuw` on SSE2, `umull` + narrow on NEON).
    @inlinable @inline(__always)
    static func highProduct(_ first: SIMD8<UInt16>, _ second: SIMD8<UInt16>) -> SIMD8<UInt16> {
        var result = SIMD8<UInt16>()
        for lane in 0 ..< 8 { result[lane] = UInt16(truncatingIfNeeded: (UInt32(first[lane]) &* UInt32(second[lane])) &>> 16) }
        return result
    }

    /// The high 16 bits of each lane's signed 32-bit product, the product's floor over 2¹⁶ (one `pmulhw` on
    /// SSE2, `smull` + narrow on NEON).
    @inlinable @inline(__always)
    static func signedHighProduct(_ first: SIMD8<Int16>, _ second: SIMD8<Int16>) -> SIMD8<Int16> {
        var result = SIMD8<Int16>()
        for lane in 0 ..< 8 { result[lane] = Int16(truncatingIfNeeded: (Int32(first[lane]) &* Int32(second[lane])) &>> 16) }
        return result
    }

    /// Lanes `start ..< start + 4` of `values`, each twice (one pixel's two lanes in a quad).
    @inlinable @inline(__always)
    static func pairs(_ values: SIMD8<UInt16>, from start: Int) -> SIMD8<UInt16> {
        var result = SIMD8<UInt16>()
        for lane in 0 ..< 8 { result[lane] = values[start &+ lane &>> 1] }
        return result
    }
}
