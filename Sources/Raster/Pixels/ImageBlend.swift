/// Source-over of wide image samples (`WideTexel`, Q24 per channel) with **one rounding**: each stored
/// channel is `round(d + f × (s − d × a / 255))`, `d` the destination's 8-bit value, `s` and `a` the exact
/// bilinear colour channel and alpha, `f` coverage × opacity (Q24). 5-6-5 destinations are widened to 8
/// bits first and the rounded 8-bit result narrowed to nearest (`round(v × 31 / 255)`, `round(v × 63 / 255)`),
/// as the format defines.
///
/// Error before the rounding, per channel, in 8-bit steps, for the given Q24 inputs (checked by
/// `ImageBlendTests` against a `Double` model): `a / 255` is taken as `a × 65,793 / 2^24` (≤ 255 × 2^-24 of a
/// step after the product with `d`), `d × a / 255` is rounded to Q24 (2^-25) and the product with `f` floored
/// to Q24 (2^-24): below 2^-15 in all. The whole sample (factor 2^24, most pixels) takes all four channels
/// at once, one 32-bit SIMD lane each, with `a / 255` rounded to Q24 (`wholeSampleOver`: below 2^-16). The
/// factor's own rounding to Q24 (opacity and area, ≤ 1.5 × 2^-24, times |s − d·a/255| ≤ 255) adds below
/// 2^-15 more, and the sample's (`BilinearImage`) below 0.006.
enum ImageBlend {
    /// `2^24 / 255` rounded down: `d × reciprocal255` is `d / 255` in Q24 to within `d × 2^-24 / 255`.
    static let reciprocal255: UInt64 = 65_793

    /// `alpha × reciprocal255` (below 2^49): the sample's alpha / 255 in Q48, shared by its channels.
    @inline(__always)
    static func alphaOver255(_ sample: WideTexel) -> UInt64 { UInt64(sample.lanes[3]) &* reciprocal255 }

    /// One channel before its rounding: `d + f × (s − d × a / 255)` in Q24 for the 8-bit `destination`, the
    /// Q24 sample `colour` (≤ alpha ≤ 255 × 2^24), `alphaOver255` of its sample and the Q24 `factor`
    /// (0 ... 2^24).
    @inline(__always)
    static func blendedQ24(_ destination: UInt32, colour: Int64, alphaOver255: UInt64, factor: Int64) -> Int64 {
        let destinationTimesAlpha = Int64(bitPattern: (UInt64(destination) &* alphaOver255 &+ (1 &<< 23)) &>> 24)
        return Int64(destination) &<< 24 &+ ((factor &* (colour &- destinationTimesAlpha)) &>> 24)
    }

    /// One channel rounded once to 0 ... 255 (`blendedQ24` stays within 2^-15 of [0, 255], so no clamp).
    @inline(__always)
    static func channel(_ destination: UInt32, colour: Int64, alphaOver255: UInt64, factor: Int64) -> UInt32 {
        let blended = blendedQ24(destination, colour: colour, alphaOver255: alphaOver255, factor: factor)
        return UInt32(truncatingIfNeeded: (blended &+ (1 &<< 23)) &>> 24)
    }

    /// The whole sample (factor 2^24) over four 8-bit destination channels at once (one per 32-bit lane,
    /// in the sample's order), with `ratio` = the sample's `a / 255` in Q24 (≤ 2^24): `round(d + s − d·a/255)`
    /// per lane as `(d·(2^24 − ratio) + s + 2^23) >> 24`. Every lane stays below 2^32 (`s ≤ a`: at most
    /// 255 × 2^24 + 2^24), so nothing wraps; `ratio` is rounded to Q24 (≤ 255 × 2^-25 of a step after the
    /// product with `d`).
    @inline(__always)
    static func wholeSampleOver(_ destination: SIMD4<UInt32>, sample: WideTexel) -> SIMD4<UInt32> {
        let kept = destination &* SIMD4<UInt32>(repeating: UInt32(truncatingIfNeeded: (1 &<< 24) &- ratioQ24(sample)))
        return (kept &+ sample.lanes &+ (1 &<< 23)) &>> 24
    }

    /// `alphaOver255` rounded to Q24 (`a / 255`, at most 2^24), for `wholeSampleOver`.
    @inline(__always)
    static func ratioQ24(_ sample: WideTexel) -> UInt64 { (alphaOver255(sample) &+ (1 &<< 23)) &>> 24 }

    /// A canonical `0xAARRGGBB` destination word blended with `sample` by `factor`; the top byte is blended
    /// as alpha when `blendsAlpha`, else kept (the X byte of a layout without alpha).
    @inline(__always)
    static func over8888(_ destination: UInt32, sample: WideTexel, factor: Int64, blendsAlpha: Bool) -> UInt32 {
        let top: UInt32, colours: UInt32
        if factor == 1 &<< 24 {
            let blended = wholeSampleOver(BilinearImage.channels(destination), sample: sample)
            let word = unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: blended), to: UInt32.self)
            top = word & 0xFF00_0000
            colours = word & 0x00FF_FFFF
        } else {
            let ratio = alphaOver255(sample)
            top = channel(destination &>> 24, colour: sample.alpha, alphaOver255: ratio, factor: factor) &<< 24
            colours = channel((destination &>> 16) & 0xFF, colour: sample.red, alphaOver255: ratio, factor: factor) &<< 16
                | channel((destination &>> 8) & 0xFF, colour: sample.green, alphaOver255: ratio, factor: factor) &<< 8
                | channel(destination & 0xFF, colour: sample.blue, alphaOver255: ratio, factor: factor)
        }
        let keptTop = blendsAlpha ? 0 : UInt32(0xFF00_0000)  // a select, not a branch
        return (top & ~keptTop) | (destination & keptTop) | colours
    }

    /// A 5-6-5 destination pixel (`redHigh`: red in bits 11–15) blended with `sample` by `factor`: fields
    /// widened to 8 bits, blended with one rounding, narrowed to nearest — `ChannelMath.widen5`/`widen6` and
    /// `narrow` (`divideBy255(v × max)`), with each lane's own constants, on the sample's lanes.
    @inline(__always)
    static func over565(_ destination: UInt16, sample: WideTexel, factor: Int64, redHigh: Bool) -> UInt16 {
        let value = UInt32(destination)
        let fields = SIMD4<UInt32>(value & 0x1F, (value &>> 5) & 0x3F, value &>> 11, 0)  // low, middle, high
        let widened = (fields &* SIMD4<UInt32>(527, 259, 527, 0) &+ SIMD4<UInt32>(23, 33, 23, 0)) &>> 6
        let destinationLanes = redHigh ? widened : SIMD4<UInt32>(widened[2], widened[1], widened[0], 0)  // b, g, r
        var blended: SIMD4<UInt32>
        if factor == 1 &<< 24 {
            blended = wholeSampleOver(destinationLanes, sample: sample)
        } else {
            let ratio = alphaOver255(sample)
            blended = SIMD4<UInt32>(channel(destinationLanes[0], colour: sample.blue, alphaOver255: ratio, factor: factor),
                                    channel(destinationLanes[1], colour: sample.green, alphaOver255: ratio, factor: factor),
                                    channel(destinationLanes[2], colour: sample.red, alphaOver255: ratio, factor: factor), 0)
        }
        if !redHigh { blended = SIMD4<UInt32>(blended[2], blended[1], blended[0], 0) }  // low, middle, high again
        let scaled = blended &* SIMD4<UInt32>(31, 63, 31, 0) &+ 128
        let narrowed = (scaled &+ (scaled &>> 8)) &>> 8
        return UInt16(truncatingIfNeeded: narrowed[2] &<< 11 | narrowed[1] &<< 5 | narrowed[0])
    }

    /// Blends `count` samples × factors onto canonical 8888 pixels (alpha blended when `blendsAlpha`, else
    /// the X byte kept); transparent samples leave a pixel as it is (what the formula gives them).
    @inline(__always)
    static func row8888<S: ImageSampleSource, C: ImageCoverageSource>(_ row: UnsafeMutablePointer<UInt32>, count: Int,
                                                                       samples: S, coverage: C, blendsAlpha: Bool) {
        for index in 0..<count {
            let sample = samples.sample(index)
            if sample.lanes[3] == 0 { continue }
            row[index] = over8888(row[index], sample: sample, factor: coverage.factor(index), blendsAlpha: blendsAlpha)
        }
    }

    /// Blends `count` samples × factors onto 5-6-5 pixels.
    @inline(__always)
    static func row565<S: ImageSampleSource, C: ImageCoverageSource>(_ row: UnsafeMutablePointer<UInt16>, count: Int,
                                                                      samples: S, coverage: C, redHigh: Bool) {
        for index in 0..<count {
            let sample = samples.sample(index)
            if sample.lanes[3] == 0 { continue }
            row[index] = over565(row[index], sample: sample, factor: coverage.factor(index), redHigh: redHigh)
        }
    }

    /// Blends `count` samples × factors onto pixels of any other layout (decoded to 8-bit ARGB and encoded
    /// back through the layout's fields, both rounded to nearest).
    @inline(__always)
    static func rowGeneric<S: ImageSampleSource, C: ImageCoverageSource>(_ row: UnsafeMutableRawPointer, count: Int,
                                                                          layout: PixelLayout, samples: S, coverage: C) {
        let bytes = layout.bytesPerPixel
        for index in 0..<count {
            let sample = samples.sample(index)
            if sample.lanes[3] == 0 { continue }
            let address = row + index &* bytes
            let destination = layout.decodeToPackedARGB(RowBlenderGeneric.load(address, bytes: bytes))
            let blended = over8888(destination, sample: sample, factor: coverage.factor(index), blendsAlpha: true)
            RowBlenderGeneric.store(layout.encode(packedARGB: blended), at: address, bytes: bytes)
        }
    }
}
