/// Row loops for 16-bit 5-6-5 layouts. Fields are named by position (`high` = bits 11–15, `middle` = 5–10,
/// `low` = 0–4); `redHigh` says whether red or blue is the high field. Sources are canonical ARGB.
@usableFromInline
enum RowBlender565 {
    /// Stores `value` into `count` pixels (aligned vector stores, `RowFill`).
    @inlinable @inline(__always)
    static func fill(_ row: UnsafeMutablePointer<UInt16>, count: Int, value: UInt16) {
        RowFill.fill(row, count: count, value: value)
    }

    /// Source-over of one canonical premultiplied ARGB word onto `count` pixels of each of `rows` rows
    /// `strideHalves` apart.
    @inlinable
    static func blendUniform(_ first: UnsafeMutablePointer<UInt16>, count: Int, rows: Int = 1, strideHalves: Int = 0,
                             source: UInt32, redHigh: Bool) {
        let inverseAlpha = 255 &- (source &>> 24)
        if source == 0 { return }
        let (high, middle, low) = fields(source, redHigh: redHigh)
        if inverseAlpha == 0 {
            for line in 0..<rows { fill(first + line &* strideHalves, count: count, value: pack(high, middle, low)) }
            return
        }
        // Eight pixels at a time on 16-bit lanes; the same arithmetic as `over`.
        let inverseLanes = SIMD8<UInt16>(repeating: UInt16(inverseAlpha))
        let highLanes = SIMD8<UInt16>(repeating: UInt16(high)), middleLanes = SIMD8<UInt16>(repeating: UInt16(middle))
        let lowLanes = SIMD8<UInt16>(repeating: UInt16(low))
        for line in 0..<rows {
            let row = first + line &* strideHalves
            let bytes = UnsafeMutableRawPointer(row)
            var index = 0
            while index &+ 8 <= count {
                let pixels = bytes.loadUnaligned(fromByteOffset: index &* 2, as: SIMD8<UInt16>.self)
                let blendedHigh = ChannelMath.divideBy255(ChannelMath.widen5(pixels &>> 11) &* inverseLanes) &+ highLanes
                let blendedMiddle = ChannelMath.divideBy255(ChannelMath.widen6((pixels &>> 5) & 0x3F) &* inverseLanes) &+ middleLanes
                let blendedLow = ChannelMath.divideBy255(ChannelMath.widen5(pixels & 0x1F) &* inverseLanes) &+ lowLanes
                let packed = ChannelMath.divideBy255(blendedHigh &* 31) &<< 11 | ChannelMath.divideBy255(blendedMiddle &* 63) &<< 5
                    | ChannelMath.divideBy255(blendedLow &* 31)
                bytes.storeBytes(of: packed, toByteOffset: index &* 2, as: SIMD8<UInt16>.self)
                index &+= 8
            }
            while index < count {
                row[index] = over(high, middle, low, inverseAlpha: inverseAlpha, row[index])
                index &+= 1
            }
        }
    }

    /// Source-over of `source` weighted by `coverage` (Q16 weights) onto `count` pixels: the destination
    /// widened to 8 bits, blended with one rounding (`ChannelMath.blend`), narrowed rounding to nearest; a
    /// pixel equal to the previous one in weight, source and destination reuses its result (`BlendMemo`).
    @inlinable @inline(__always)
    static func blend<S: PixelSource, C: CoverageSource>(_ row: UnsafeMutablePointer<UInt16>, count: Int,
                                                          source: S, coverage: C, redHigh: Bool) {
        var previous = BlendMemo()
        for index in 0..<count {
            let weight = coverage.weight(index), pixel = source.pixel(index)
            if weight == 0 || pixel == 0 { continue }
            let destination = UInt32(row[index])
            if !previous.holds(weight: weight, source: pixel, destination: destination) {
                let blended = ChannelMath.blend(pixel, alpha: pixel &>> 24, weight: weight,
                                                over: widened(row[index], redHigh: redHigh))
                let (high, middle, low) = fields(blended, redHigh: redHigh)
                previous = BlendMemo(weight: weight, source: pixel, destination: destination, result: UInt32(pack(high, middle, low)))
            }
            row[index] = UInt16(truncatingIfNeeded: previous.result)
        }
    }

    /// A 5-6-5 pixel widened to an opaque canonical ARGB word (each field rounded to nearest).
    @inlinable @inline(__always)
    static func widened(_ pixel: UInt16, redHigh: Bool) -> UInt32 {
        let value = UInt32(pixel)
        let high = ChannelMath.widen5(value &>> 11), middle = ChannelMath.widen6((value &>> 5) & 0x3F)
        let low = ChannelMath.widen5(value & 0x1F)
        return 0xFF00_0000 | (redHigh ? high &<< 16 | low : low &<< 16 | high) | middle &<< 8
    }

    /// Source-over of `source` (no coverage) onto `count` pixels: images and groups at full opacity.
    @inlinable @inline(__always)
    static func blend<S: PixelSource>(_ row: UnsafeMutablePointer<UInt16>, count: Int, source: S, redHigh: Bool) {
        for index in 0..<count {
            let pixel = source.pixel(index)
            if pixel == 0 { continue }
            let (high, middle, low) = fields(pixel, redHigh: redHigh)
            row[index] = over(high, middle, low, inverseAlpha: 255 &- (pixel &>> 24), row[index])
        }
    }

    /// The 8-bit values destined for the high, middle and low fields.
    @inlinable @inline(__always)
    static func fields(_ argb: UInt32, redHigh: Bool) -> (UInt32, UInt32, UInt32) {
        let red = (argb &>> 16) & 0xFF, green = (argb &>> 8) & 0xFF, blue = argb & 0xFF
        return redHigh ? (red, green, blue) : (blue, green, red)
    }

    /// Narrows three 8-bit values into a 5-6-5 pixel, rounding to nearest.
    @inlinable @inline(__always)
    static func pack(_ high: UInt32, _ middle: UInt32, _ low: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: ChannelMath.divideBy255(high &* 31) &<< 11
            | ChannelMath.divideBy255(middle &* 63) &<< 5 | ChannelMath.divideBy255(low &* 31))
    }

    /// `source + destination × inverseAlpha / 255` per field, in 8-bit precision, repacked.
    @inlinable @inline(__always)
    static func over(_ high: UInt32, _ middle: UInt32, _ low: UInt32, inverseAlpha: UInt32, _ pixel: UInt16) -> UInt16 {
        let value = UInt32(pixel)
        let destinationHigh = ChannelMath.widen5(value &>> 11)
        let destinationMiddle = ChannelMath.widen6((value &>> 5) & 0x3F)
        let destinationLow = ChannelMath.widen5(value & 0x1F)
        return pack(high &+ ChannelMath.multiply(destinationHigh, inverseAlpha),
                    middle &+ ChannelMath.multiply(destinationMiddle, inverseAlpha),
                    low &+ ChannelMath.multiply(destinationLow, inverseAlpha))
    }
}

extension RowBlender565 {
    /// Source-over of a row of canonical premultiplied ARGB words faded by `opacity` onto a 5-6-5 row (groups,
    /// offscreen results). At full opacity: eight pixels per step, one 16-bit lane per pixel and channel,
    /// the same arithmetic as `over`; the source channels are taken apart (`SourceOctet`) only when the
    /// eight source pixels differ from the previous eight; fully transparent ones leave the destination as
    /// it is (narrowing a widened 5- or 6-bit value gives it back, so this is what the blend would store).
    /// Below full opacity: `blend(_:count:source:coverage:redHigh:)` with the opacity's weight, rounded once.
    @inlinable
    static func composite(_ row: UnsafeMutablePointer<UInt16>, count: Int, source: UnsafePointer<UInt32>, opacity: UInt32,
                          redHigh: Bool) {
        guard opacity == 255 else {
            blend(row, count: count, source: RowSource(pixels: source),
                  coverage: UniformCoverage(weight: ChannelMath.weight(byte: opacity)), redHigh: redHigh)
            return
        }
        let bytes = UnsafeMutableRawPointer(row), sourceBytes = UnsafeRawPointer(source)
        var octet = SourceOctet(first: SIMD4<UInt32>(), second: SIMD4<UInt32>(), redHigh: redHigh)
        var index = 0
        while index &+ 8 <= count {
            let first = sourceBytes.loadUnaligned(fromByteOffset: index &* 4, as: SIMD4<UInt32>.self)
            let second = sourceBytes.loadUnaligned(fromByteOffset: index &* 4 &+ 16, as: SIMD4<UInt32>.self)
            if !octet.holds(first, second) { octet = SourceOctet(first: first, second: second, redHigh: redHigh) }
            if !octet.transparent {
                let pixels = bytes.loadUnaligned(fromByteOffset: index &* 2, as: SIMD8<UInt16>.self)
                bytes.storeBytes(of: octet.over(pixels), toByteOffset: index &* 2, as: SIMD8<UInt16>.self)
            }
            index &+= 8
        }
        blend(row + index, count: count &- index, source: RowSource(pixels: source + index), redHigh: redHigh)
    }
}
