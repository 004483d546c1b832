/// Eight canonical premultiplied ARGB source pixels, taken apart into 16-bit lanes (one
/// per pixel) for the high, middle and low 5-6-5 fields, with 255 − alpha.
@usableFromInline
struct SourceOctet {
    @usableFromInline let first: SIMD4<UInt32>, second: SIMD4<UInt32>
    @usableFromInline let high: SIMD8<UInt16>, middle: SIMD8<UInt16>, low: SIMD8<UInt16>, inverseAlpha: SIMD8<UInt16>
    @usableFromInline let transparent: Bool

    /// The pixels `first` (0–3) and `second` (4–7).
    @inlinable @inline(__always)
    init(first: SIMD4<UInt32>, second: SIMD4<UInt32>, redHigh: Bool) {
        self.first = first
        self.second = second
        let greenBlue = Self.lowHalves(first, second), alphaRed = Self.lowHalves(first &>> 16, second &>> 16)
        let red = alphaRed & 0xFF, blue = greenBlue & 0xFF
        high = redHigh ? red : blue
        middle = greenBlue &>> 8
        low = redHigh ? blue : red
        inverseAlpha = 255 &- (alphaRed &>> 8)
        transparent = QuadLanes.equal(greenBlue | alphaRed, SIMD8<UInt16>())
    }

    /// Whether these are the pixels `first`, `second`.
    @inlinable @inline(__always)
    func holds(_ first: SIMD4<UInt32>, _ second: SIMD4<UInt32>) -> Bool {
        QuadLanes.equal(unsafeBitCast(first, to: SIMD8<UInt16>.self), unsafeBitCast(self.first, to: SIMD8<UInt16>.self))
            && QuadLanes.equal(unsafeBitCast(second, to: SIMD8<UInt16>.self), unsafeBitCast(self.second, to: SIMD8<UInt16>.self))
    }

    /// Source-over onto eight 5-6-5 pixels: widened, blended in 8 bits, narrowed, all rounded as `over`.
    @inlinable @inline(__always)
    func over(_ pixels: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let blendedHigh = ChannelMath.divideBy255Lanes(ChannelMath.widen5(pixels &>> 11) &* inverseAlpha) &+ high
        let blendedMiddle = ChannelMath.divideBy255Lanes(ChannelMath.widen6((pixels &>> 5) & 0x3F) &* inverseAlpha) &+ middle
        let blendedLow = ChannelMath.divideBy255Lanes(ChannelMath.widen5(pixels & 0x1F) &* inverseAlpha) &+ low
        return ChannelMath.divideBy255Lanes(blendedHigh &* 31) &<< 11 | ChannelMath.divideBy255Lanes(blendedMiddle &* 63) &<< 5
            | ChannelMath.divideBy255Lanes(blendedLow &* 31)
    }

    /// The low 16 bits of the eight words `first`, `second` (one `packssdw` after sign extension on SSE2).
    @inlinable @inline(__always)
    static func lowHalves(_ first: SIMD4<UInt32>, _ second: SIMD4<UInt32>) -> SIMD8<UInt16> {
        var halves = SIMD8<UInt16>()
        for lane in 0 ..< 4 {
            halves[lane] = UInt16(truncatingIfNeeded: first[lane])
            halves[lane &+ 4] = UInt16(truncatingIfNeeded: second[lane])
        }
        return halves
    }
}
