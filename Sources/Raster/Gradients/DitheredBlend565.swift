/// Source-over of wide samples onto 5-6-5 pixels with 8 × 8 ordered dithering (gradients): each channel is
/// blended with one rounding as `ImageBlend` does, but kept in Q24 and narrowed as
/// `⌊v · max / 255 + (2b + 1) / 128⌋` (`max` 31 or 63, `b` the Bayer index 0 … 63 of the pixel's position on
/// the surface) instead of to nearest. Over any 8 × 8 block the mean of the narrowed values is within half a
/// 64th of a 5- or 6-bit step of the exact mean, so a smooth ramp shows no bands; the pattern is a function
/// of the pixel position only (deterministic, frame to frame).
enum DitheredBlend565 {
    /// The 8 × 8 Bayer (ordered dither) index of pixel (x, y): the bits of x ⊕ y and y interleaved, reversed.
    @inline(__always)
    static func bayerIndex(x: Int, y: Int) -> Int64 {
        let v = Int64((x ^ y) & 7), w = Int64(y & 7)
        return (v & 1) &<< 5 | (w & 1) &<< 4 | (v & 2) &<< 2 | (w & 2) &<< 1 | (v & 4) &>> 1 | (w & 4) &>> 2
    }

    /// `⌊v · maximum / 255 + (2b + 1) / 128⌋` for `v` the Q24 blended channel (clamped to 0 … 255).
    @inline(__always)
    static func narrow(_ value: Int64, maximum: Int64, bayer: Int64) -> UInt32 {
        let v = Swift.min(Swift.max(value, 0), 255 &<< 24)
        let numerator = v &* maximum &* 128 &+ (2 &* bayer &+ 1) &* (255 &<< 24)
        return UInt32(truncatingIfNeeded: Swift.min(numerator / (255 &<< 31), maximum))
    }

    /// Blends `count` samples × factors onto 5-6-5 pixels starting at surface pixel (`x`, `y`).
    @inline(__always)
    static func row<S: ImageSampleSource, C: ImageCoverageSource>(_ row: UnsafeMutablePointer<UInt16>, x: Int, y: Int,
                                                                   count: Int, samples: S, coverage: C, redHigh: Bool) {
        for index in 0..<count {
            let sample = samples.sample(index)
            if sample.lanes[3] == 0 { continue }
            let value = UInt32(row[index])
            let low = ChannelMath.widen5(value & 0x1F), middle = ChannelMath.widen6((value &>> 5) & 0x3F)
            let high = ChannelMath.widen5(value &>> 11)
            let (red, blue) = redHigh ? (high, low) : (low, high)
            let factor = coverage.factor(index), ratio = ImageBlend.alphaOver255(sample)
            let bayer = bayerIndex(x: x &+ index, y: y)
            let r = narrow(ImageBlend.blendedQ24(red, colour: sample.red, alphaOver255: ratio, factor: factor), maximum: 31, bayer: bayer)
            let g = narrow(ImageBlend.blendedQ24(middle, colour: sample.green, alphaOver255: ratio, factor: factor), maximum: 63, bayer: bayer)
            let b = narrow(ImageBlend.blendedQ24(blue, colour: sample.blue, alphaOver255: ratio, factor: factor), maximum: 31, bayer: bayer)
            let (highField, lowField) = redHigh ? (r, b) : (b, r)
            row[index] = UInt16(truncatingIfNeeded: highField &<< 11 | g &<< 5 | lowField)
        }
    }
}
