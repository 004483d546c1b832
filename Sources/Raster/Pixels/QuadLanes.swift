/// Four 8888 pixels held as eight 16-bit lanes exactly as loaded, with no widening (one SSE2 / NEON
/// register): the even bytes are `lane & 0xFF`, the odd bytes `lane >> 8`. Each half is multiplied on its
/// own lanes and divided by 255 exactly (`ChannelMath.divideBy255Lanes`), then repacked with a shift and an
/// or. Adding a premultiplied source to a destination scaled by 255 − sa never carries between bytes
/// (every blended channel is at most 255).
@usableFromInline
enum QuadLanes {
    /// `round(byte × factor / 255)` for every byte; `factor` holds one value (0 ... 255) per 16-bit lane,
    /// the same in both lanes of a pixel.
    @inlinable @inline(__always)
    static func scaleBytes(_ pixels: SIMD8<UInt16>, by factor: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let even = ChannelMath.divideBy255Lanes((pixels & 0x00FF) &* factor)
        let odd = ChannelMath.divideBy255Lanes((pixels &>> 8) &* factor)
        return even | odd &<< 8
    }

    /// 255 − alpha of each canonical ARGB pixel (alpha in the top byte), in both of its lanes.
    @inlinable @inline(__always)
    static func inverseAlpha(_ pixels: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let inverse = ~unsafeBitCast(pixels, to: SIMD4<UInt32>.self) &>> 24
        return unsafeBitCast(inverse | inverse &<< 16, to: SIMD8<UInt16>.self)
    }

    /// Whether all sixteen bytes agree (one compare and a mask test; `==` on SIMD types is not lowered
    /// that tightly by this compiler).
    @inlinable @inline(__always)
    static func equal(_ first: SIMD8<UInt16>, _ second: SIMD8<UInt16>) -> Bool {
        let difference = unsafeBitCast(first ^ second, to: SIMD2<UInt64>.self)
        return difference[0] | difference[1] == 0
    }
}
