/// Bilinear sampling of a premultiplied ARGB8888 image with 16-bit weights and a wide result (`WideTexel`,
/// Q24 per channel, one 32-bit SIMD lane each: SSE2 / NEON). Texel addressing outside the image either
/// clamps to the edge texels (when the caller multiplies by the exact coverage of the image's outline) or
/// reads transparent texels (which anti-aliases the edges over one texel, the fallback when that outline
/// cannot be computed).
///
/// Error against the exact reconstruction at the Q24 position: the position is rounded to 1/65,536 texel
/// (at most 2 × 255 / 131,072 ≈ 0.004 of an 8-bit step, on a full-range texel edge in both axes) and the
/// horizontal interpolations are rounded to Q8 (at most 1/512 of a step); the vertical one is exact.
struct BilinearImage {
    let pixels: UnsafePointer<UInt32>
    let strideWords: Int
    let width: Int
    let height: Int
    /// True: coordinates outside the image read the nearest edge texel; false: they read 0.
    let clampsToEdge: Bool

    /// The texel at (x, y); outside the image the nearest edge texel or 0 (see `clampsToEdge`).
    @inline(__always)
    func texel(_ x: Int, _ y: Int) -> UInt32 {
        if UInt(bitPattern: x) < UInt(width) && UInt(bitPattern: y) < UInt(height) { return pixels[y &* strideWords &+ x] }
        if !clampsToEdge { return 0 }
        let column = Swift.min(Swift.max(x, 0), width &- 1), row = Swift.min(Swift.max(y, 0), height &- 1)
        return pixels[row &* strideWords &+ column]
    }

    /// The four texels from (x, y) to (x + 1, y + 1) where some lie outside the image (the path along the
    /// image's border). Always inlined: an out-of-line copy was miscompiled on 32-bit ARM (its four loads
    /// merged into an `ldm r10!` that advances the caller's `self`; docs/boards.md, "r10 write-back").
    @inline(__always)
    func texels(around x: Int, _ y: Int) -> (UInt32, UInt32, UInt32, UInt32) {
        (texel(x, y), texel(x &+ 1, y), texel(x, y &+ 1), texel(x &+ 1, y &+ 1))
    }

    /// The sample at `s`, `t` (Q24 image coordinates already shifted by half a texel, so texel centres are
    /// integers).
    @inline(__always)
    func sample(s unroundedS: Int64, t unroundedT: Int64) -> WideTexel {
        // Round to the nearest 1/65,536 texel: 16-bit weights, rounded rather than truncated.
        let s = unroundedS &+ (1 &<< 7), t = unroundedT &+ (1 &<< 7)
        let x = Int(truncatingIfNeeded: s &>> 24), y = Int(truncatingIfNeeded: t &>> 24)
        let fx = (s &>> 8) & 0xFFFF, fy = (t &>> 8) & 0xFFFF
        let p00: UInt32, p10: UInt32, p01: UInt32, p11: UInt32
        if UInt(bitPattern: x) < UInt(width &- 1) && UInt(bitPattern: y) < UInt(height &- 1) {
            let base = pixels + (y &* strideWords &+ x)
            p00 = base[0]; p10 = base[1]; p01 = base[strideWords]; p11 = base[strideWords &+ 1]
        } else {
            (p00, p10, p01, p11) = texels(around: x, y)
        }
        if (p00 | p10 | p01 | p11) == 0 { return .transparent }
        // Both rows at once, one 32-bit lane per channel: a·65,536 + (b − a)·fx, rounded to Q8. The sum
        // lies in 0 ..< 2^24 + 128, so computing it modulo 2^32 (wrapping) is exact.
        let left = SIMD8<UInt32>(lowHalf: Self.channels(p00), highHalf: Self.channels(p01))
        let right = SIMD8<UInt32>(lowHalf: Self.channels(p10), highHalf: Self.channels(p11))
        let rows = (left &<< 16 &+ (right &- left) &* SIMD8<UInt32>(repeating: UInt32(truncatingIfNeeded: fx)) &+ 128) &>> 8
        // top·(65,536 − fy) + bottom·fy, exact: below 255 × 2^24, so again exact modulo 2^32.
        let top = rows.lowHalf, bottom = rows.highHalf
        return WideTexel(lanes: top &<< 16 &+ (bottom &- top) &* SIMD4<UInt32>(repeating: UInt32(truncatingIfNeeded: fy)))
    }

    /// The four bytes of `word` (blue, green, red, alpha of a canonical ARGB word) in 32-bit lanes, in
    /// memory order. Shifts and masks, not a generic widening of `SIMD4<UInt8>`: unspecialized (debug builds)
    /// that looked up type metadata for every texel, and a parallel test run crashed inside that lookup once.
    @inline(__always)
    static func channels(_ word: UInt32) -> SIMD4<UInt32> {
        SIMD4<UInt32>(word & 0xFF, (word &>> 8) & 0xFF, (word &>> 16) & 0xFF, word &>> 24)
    }
}

/// Samples along a destination row under an affine map: image coordinates step linearly (Q24).
struct AffineRowSampler: ImageSampleSource {
    let image: BilinearImage
    let s: Int64, t: Int64, ds: Int64, dt: Int64

    @inline(__always)
    func sample(_ index: Int) -> WideTexel {
        image.sample(s: s &+ ds &* Int64(index), t: t &+ dt &* Int64(index))
    }

    /// The indices in `0 ..< count` whose samples can be non-transparent (s in [−1, width) texels and t in
    /// [−1, height)), widened by one pixel each side; the sampler stays exact outside it (transparent).
    func coveredSpan(count: Int) -> Range<Int> {
        let (sStart, sEnd) = Self.range(start: s, step: ds, low: -(1 &<< 24), high: Int64(image.width) &<< 24)
        let (tStart, tEnd) = Self.range(start: t, step: dt, low: -(1 &<< 24), high: Int64(image.height) &<< 24)
        let start = Swift.max(Swift.max(sStart, tStart) &- 1, 0), end = Swift.min(Swift.min(sEnd, tEnd) &+ 1, Int64(count))
        return start < end ? Int(start)..<Int(end) : 0..<0
    }

    /// The k with `low ≤ start + step·k < high`, as a half-open range (unbounded ends as ±2^40).
    static func range(start: Int64, step: Int64, low: Int64, high: Int64) -> (Int64, Int64) {
        let far: Int64 = 1 &<< 40
        if step == 0 { return start >= low && start < high ? (-far, far) : (0, 0) }
        func ceilDivide(_ a: Int64, _ b: Int64) -> Int64 { -ImageTransform.floorDivide(-a, b) }
        if step > 0 { return (ceilDivide(low &- start, step), ceilDivide(high &- start, step)) }
        return (ImageTransform.floorDivide(high &- start, step) &+ 1, ImageTransform.floorDivide(low &- start, step) &+ 1)
    }

    @inline(__always)
    func advanced(by count: Int) -> AffineRowSampler {
        AffineRowSampler(image: image, s: s &+ ds &* Int64(count), t: t &+ dt &* Int64(count), ds: ds, dt: dt)
    }
}

/// Samples along a destination row under a perspective map: two 128-bit divisions per pixel (Q24).
struct PerspectiveRowSampler: ImageSampleSource {
    let image: BilinearImage
    /// Homogeneous numerators and denominator at index 0 (pixel centre, doubled coordinates) and their steps.
    let x: Int64, y: Int64, w: Int64, dx: Int64, dy: Int64, dw: Int64

    @inline(__always)
    func sample(_ index: Int) -> WideTexel {
        let i = Int64(index)
        let w = self.w &+ dw &* i
        guard w > 0 else { return .transparent }
        return image.sample(s: Surface.q24(self.x &+ dx &* i, over: w) &- (1 &<< 23),
                            t: Surface.q24(self.y &+ dy &* i, over: w) &- (1 &<< 23))
    }

    @inline(__always)
    func advanced(by count: Int) -> PerspectiveRowSampler {
        let c = Int64(count)
        return PerspectiveRowSampler(image: image, x: x &+ dx &* c, y: y &+ dy &* c, w: w &+ dw &* c, dx: dx, dy: dy, dw: dw)
    }
}
