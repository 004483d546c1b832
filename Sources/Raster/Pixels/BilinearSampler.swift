/// Bilinear sampling of a premultiplied ARGB8888 image with 8-bit weights, rounding to nearest per
/// channel. Texel addressing outside the image either clamps to the edge texels (when the caller multiplies
/// by the exact coverage of the image's outline) or reads transparent texels (which anti-aliases the edges
/// over one texel, the fallback when that outline cannot be computed).
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

    /// The sample at `s`, `t` (Q24 image coordinates already shifted by half a texel, so texel centres are
    /// integers).
    @inline(__always)
    func sample(s unroundedS: Int64, t unroundedT: Int64) -> UInt32 {
        // Round to the nearest 1/256 texel, so the 8-bit weights are rounded rather than truncated.
        let s = unroundedS &+ (1 &<< 15), t = unroundedT &+ (1 &<< 15)
        let x = Int(truncatingIfNeeded: s &>> 24), y = Int(truncatingIfNeeded: t &>> 24)
        let fx = UInt32(truncatingIfNeeded: (s &>> 16) & 255), fy = UInt32(truncatingIfNeeded: (t &>> 16) & 255)
        let p00: UInt32, p10: UInt32, p01: UInt32, p11: UInt32
        if UInt(bitPattern: x) < UInt(width &- 1) && UInt(bitPattern: y) < UInt(height &- 1) {
            let base = pixels + (y &* strideWords &+ x)
            p00 = base[0]; p10 = base[1]; p01 = base[strideWords]; p11 = base[strideWords &+ 1]
        } else {
            p00 = texel(x, y); p10 = texel(x &+ 1, y); p01 = texel(x, y &+ 1); p11 = texel(x &+ 1, y &+ 1)
        }
        return Self.lerp(Self.lerp(p00, p10, fx), Self.lerp(p01, p11, fx), fy)
    }

    /// `a × (256 − f) / 256 + b × f / 256` per byte, rounded to nearest.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 &- f
        let rb = (((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f &+ 0x0080_0080) &>> 8) & 0x00FF_00FF
        let ag = (((a &>> 8) & 0x00FF_00FF) &* g &+ ((b &>> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ag
    }
}

/// Samples along a destination row under an affine map: image coordinates step linearly (Q24).
struct AffineRowSampler: PixelSource {
    let image: BilinearImage
    let s: Int64, t: Int64, ds: Int64, dt: Int64

    @inline(__always)
    func pixel(_ index: Int) -> UInt32 {
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
struct PerspectiveRowSampler: PixelSource {
    let image: BilinearImage
    /// Homogeneous numerators and denominator at index 0 (pixel centre, doubled coordinates) and their steps.
    let x: Int64, y: Int64, w: Int64, dx: Int64, dy: Int64, dw: Int64

    @inline(__always)
    func pixel(_ index: Int) -> UInt32 {
        let i = Int64(index)
        let w = self.w &+ dw &* i
        guard w > 0 else { return 0 }
        return image.sample(s: Surface.q24(self.x &+ dx &* i, over: w) &- (1 &<< 23),
                            t: Surface.q24(self.y &+ dy &* i, over: w) &- (1 &<< 23))
    }

    @inline(__always)
    func advanced(by count: Int) -> PerspectiveRowSampler {
        let c = Int64(count)
        return PerspectiveRowSampler(image: image, x: x &+ dx &* c, y: y &+ dy &* c, w: w &+ dw &* c, dx: dx, dy: dy, dw: dw)
    }
}
